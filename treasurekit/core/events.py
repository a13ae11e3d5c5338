"""Events, outcomes and the special player ids."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["CHANCE", "TERMINAL", "Event", "Outcome"]

#: ``state.current_player`` at a chance node (dice, shuffles, draws).
CHANCE = -1
#: ``state.current_player`` once the game is over.
TERMINAL = -4


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, in words a reader understands.

    Attributes:
        text: one sentence, e.g. "Red's pirate fell into the water at square 7".
        rule: the rulebook reference for it, e.g. ``"AHOY Important pirates' rules"``.
        kind: a short machine-readable tag (``"roll"``, ``"move"``, ``"fall"``...).
    """

    text: str
    rule: str | None = None
    kind: str = "info"

    def __init__(self, text: str, rule: str | None = None, kind: str = "info") -> None:
        # the frozen dataclass's own __init__ sets each field through object.__setattr__;
        # one or two events are made a ply, so they are filled in one step (half the time)
        self.__dict__.update(text=text, rule=rule, kind=kind)

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    Attributes:
        termination: why it ended, e.g. ``"all five chests taken"``.
        scores: one score per seat, in seat order.
        winners: the winning seats (more than one only for a shared win).
        reason: how the winner was decided (e.g. the tie-break used).
    """

    termination: str
    scores: tuple[int | Fraction, ...]
    winners: tuple[int, ...]
    reason: str = ""

    def returns(self) -> tuple[float, ...]:
        """Per-seat reward for search: 1 shared among winners, 0 otherwise."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if p in self.winners else 0.0 for p in range(len(self.scores)))
