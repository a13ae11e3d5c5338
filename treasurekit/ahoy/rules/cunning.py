"""AHOY §9 Variation for cunning pirates: a pirate that falls into the water leaves the
game instead of going back to its starting square.

The cunning game also ends when no pirate is left that could reach a chest (ruling
AHOY-6); :func:`treasurekit.ahoy.flow.game_over` decides it with the basic end.
"""

from __future__ import annotations

from ..position import with_count
from . import CUNNING

__all__ = ["FATE", "leave_the_game"]

#: What happens to a fallen pirate, in words, and the rule.
FATE = ("is out of the game", CUNNING)


def leave_the_game(out: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``out`` (pirates out of the game per seat) with ``seat``'s fallen pirate added."""
    return with_count(out, seat, 1)
