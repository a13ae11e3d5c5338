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

from ..core.notation import Notation, Num

__all__ = ["FACES", "SHIP", "AhoyMove", "Pass", "Roll", "Step", "parse_move", "square_text"]

#: The die face showing the pirate vessel.
SHIP = 6
#: The faces of the pirate die in order: five dot faces and the ship (AHOY §5).
FACES = (1, 2, 3, 4, 5, SHIP)


@dataclass(frozen=True)
class Roll:
    """Chance move: the die shows ``face`` (1-5 dots, or ``SHIP``)."""

    NOTATION = ("roll", Num(1, 5, digits=1, words={SHIP: "ship"})("face", example=("1", "ship")))
    face: int


@dataclass(frozen=True)
class Step:
    """Move the top pirate of ``source`` (0 = your starting square) ``steps`` squares."""

    NOTATION = ("move", Num(words={0: "start"}, example="start")("source"),
                Num()("steps", example="3"))
    source: int
    steps: int


@dataclass(frozen=True)
class Pass:
    """Give up the turn: allowed only when no pirate can move (AHOY §6)."""

    NOTATION = ("pass",)


AhoyMove = Roll | Step | Pass


def square_text(square: int) -> str:
    """A square in words: "the starting square" (0) or "square 7"."""
    return "the starting square" if square == 0 else f"square {square}"


MOVE_NOTATION = Notation("an Ahoy move", (Roll, Step, Pass))


def parse_move(text: str) -> AhoyMove:
    """Parse Ahoy move text (the forms are the move classes' ``NOTATION``).

    Raises:
        MoveParseError: the text is not one of the accepted forms (the message names the
            word that does not fit and lists the forms).
    """
    move: AhoyMove = MOVE_NOTATION.parse(text)
    return move
