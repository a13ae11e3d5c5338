"""Errors shared by every game.

Every error is a :class:`ValueError` subclass so that callers who only know
"bad input" can catch one thing, while tests and widgets can read the details.
"""

from __future__ import annotations

from dataclasses import dataclass

from .inputs import short

__all__ = [
    "BoardDataError",
    "IllegalMoveError",
    "MoveParseError",
    "OptionError",
    "PlaceError",
    "RecordError",
    "Refusal",
    "UnknownGameError",
]


@dataclass(frozen=True)
class Refusal:
    """Why a move or a click is refused, as data (``State.refusal``, ``State.why_not_at``).

    Attributes:
        reason: plain words saying what is wrong and, where possible, what is allowed.
        rule: the rulebook reference (``"TI2003 §4 Advances"``), or None.

    Its text is ``"reason [rule]"`` (``State.why_illegal``).
    """

    reason: str
    rule: str | None = None

    def __str__(self) -> str:
        return f"{self.reason} [{self.rule}]" if self.rule else self.reason


class IllegalMoveError(ValueError):
    """A move that the rules forbid in the current state.

    Attributes:
        move: the offending move (or its text).
        reason: plain words saying what is wrong and, where possible, what is allowed.
        rule: the rulebook reference, e.g. ``"AHOY How to play"``.

    The state that raised it is exactly as it was before the attempt.
    """

    def __init__(self, move: object, reason: str, rule: str | None = None) -> None:
        self.move = move
        self.reason = reason
        self.rule = rule
        where = f" [{rule}]" if rule else ""
        super().__init__(f"illegal move {_quote(move)}: {reason}{where}")

    @property
    def refusal(self) -> Refusal:
        """The reason and the rule as a :class:`Refusal`."""
        return Refusal(self.reason, self.rule)


def _quote(move: object) -> str:
    """A short quote of a move or its text (a hostile ``__str__`` cannot break it)."""
    try:
        text = move if isinstance(move, str) else str(move)
    except Exception:
        text = f"<{type(move).__name__}>"
    return short(text, 60)


class MoveParseError(IllegalMoveError):
    """Move text that is not in the game's notation at all."""


class RecordError(ValueError):
    """A game record (JSON) that is malformed or does not replay."""


class BoardDataError(ValueError):
    """A board/map/deck data file that fails validation.

    The message names the file and the key (or index) that is wrong.
    """


class UnknownGameError(ValueError, KeyError):
    """``load_game`` was given a name that is not registered (or not a name at all).

    A ``ValueError`` like every other bad-input error; also a ``KeyError`` because the
    registry is a mapping from names to games.
    """

    def __str__(self) -> str:  # KeyError quotes its message; keep it readable
        return str(self.args[0]) if self.args else "unknown game"


class OptionError(ValueError):
    """A game option that does not exist or has a value out of range."""


class PlaceError(ValueError):
    """``state.moves_at(place)`` was given something that is not a place of the game's
    board (a square, hex, point or card the board can draw); the message names it and
    says what a place of that game is."""


class SeatError(ValueError):
    """A seat number that is not a seat of this game (``view(7)`` in a 4-player game)."""


def check_seat(player: object, players: int, what: str = "player") -> int:
    """``player`` if it is a seat 0 to ``players - 1``; the one seat check of every view.

    Raises:
        SeatError: (a ValueError) ``player`` is not a whole number in range, naming it.
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise SeatError(f"{what} must be a seat 0-{players - 1}, got {player!r}")
    return player
