"""Shared by the Ahoy tests: the game with options, and the seats of the colours."""

from __future__ import annotations

import treasurekit
from treasurekit.ahoy import AhoyGame

#: Seats of Red, Blue and Green (the board's colours in seat order).
R, B, G = 0, 1, 2


def game(**options: object) -> AhoyGame:
    """``load_game("ahoy", **options)``, typed."""
    g = treasurekit.load_game("ahoy", **options)
    assert isinstance(g, AhoyGame)
    return g
