"""Ahoy Treasures! moves and their text notation.

========================  ==========================================================
text                      meaning
========================  ==========================================================
``roll 1`` .. ``roll 5``  chance: the pirate die shows that many dots
``roll ship``             chance: the die shows the pirate vessel (choose 1 to 5)
``move start 3``          move the top pirate of your starting pile 3 squares
``move 7 2``              move the top pirate on path square 7 two squares
``pass``                  no legal move (every pirate blocked or overshooting)
========================  ==========================================================

>>> parse_move("move 7 2")
Step(source=7, steps=2)
>>> str(parse_move("roll ship"))
'roll ship'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import MoveParseError
from ..core.inputs import parse_int, short

__all__ = ["FACES", "SHIP", "AhoyMove", "Pass", "Roll", "Step", "parse_move", "square_text"]

#: The die face showing the pirate vessel.
SHIP = 6
#: The faces of the pirate die in order: five dot faces and the ship (AHOY §5).
FACES = (1, 2, 3, 4, 5, SHIP)


@dataclass(frozen=True)
class Roll:
    """Chance move: the die shows ``face`` (1-5 dots, or ``SHIP``)."""

    face: int

    def __str__(self) -> str:
        return "roll ship" if self.face == SHIP else f"roll {self.face}"


@dataclass(frozen=True)
class Step:
    """Move the top pirate of ``source`` (0 = your starting square) ``steps`` squares."""

    source: int
    steps: int

    def __str__(self) -> str:
        src = "start" if self.source == 0 else str(self.source)
        return f"move {src} {self.steps}"


@dataclass(frozen=True)
class Pass:
    """Give up the turn: allowed only when no pirate can move (AHOY §6)."""

    def __str__(self) -> str:
        return "pass"


AhoyMove = Roll | Step | Pass


def square_text(square: int) -> str:
    """A square in words: "the starting square" (0) or "square 7"."""
    return "the starting square" if square == 0 else f"square {square}"

_FORMS = "'roll 1'..'roll 5', 'roll ship', 'move start 3', 'move 7 2' or 'pass'"


def parse_move(text: str) -> AhoyMove:
    """Parse Ahoy move text.

    Raises:
        MoveParseError: the text is not one of the accepted forms (listed in the message).
    """
    words = text.strip().lower().split()
    bad = MoveParseError(text, f"{short(text)} is not an Ahoy move; write {_FORMS}")
    if words == ["pass"]:
        return Pass()
    if len(words) == 2 and words[0] == "roll":
        if words[1] == "ship":
            return Roll(SHIP)
        if words[1] in {"1", "2", "3", "4", "5"}:
            return Roll(int(words[1]))
        raise bad
    if len(words) == 3 and words[0] == "move":
        source = 0 if words[1] == "start" else parse_int(words[1])
        steps = parse_int(words[2])
        if source is None or steps is None:
            raise bad
        return Step(source, steps)
    raise bad
