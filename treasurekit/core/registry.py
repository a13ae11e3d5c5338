"""The game registry: ``load_game(name, **options)`` and ``replay(record)``."""

from __future__ import annotations

import difflib
from typing import Any, TypeVar

from .errors import RecordError, UnknownGameError
from .game import Game, State
from .inputs import short
from .records import GameRecord
from .seat import SEAT_RECORD_FORMAT, SeatRecord

__all__ = ["GAMES", "load_game", "register", "replay"]

#: name -> Game class, filled by each game package's ``register``.
GAMES: dict[str, type[Game[Any]]] = {}

G = TypeVar("G", bound=type[Game[Any]])


def register(cls: G) -> G:
    """Class decorator adding a Game subclass to :data:`GAMES` under ``cls.name``."""
    GAMES[cls.name] = cls
    return cls


def load_game(name: str, **options: Any) -> Game[Any]:
    """The game called ``name`` with its options (defaults follow the rulebook).

    Raises:
        UnknownGameError: ``name`` is not a registered name, or not a string at all
            (a ``ValueError``; the message lists the games).
        OptionError: an option is unknown or out of range.
    """
    known = ", ".join(sorted(GAMES))
    if not isinstance(name, str):
        raise UnknownGameError(f"a game name is a string such as 'ahoy', not {short(name)} "
                               f"(registered: {known})")
    cls = GAMES.get(name)
    if cls is None:
        near = difflib.get_close_matches(name[:100], list(GAMES), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise UnknownGameError(f"no game called {short(name)}{hint} (registered: {known})")
    return cls(**options)


def replay(record: GameRecord | str | bytes, **data: Any) -> State[Any]:
    """Replay a record (or its JSON text) move by move and return the final state.

    A record's options name bundled data only (``board="standard"``...), so replaying
    never opens a file. To replay a game played on data of your own, pass that data
    explicitly: ``replay(record, board=pathlib.Path("my_board.json"))``; keyword
    arguments replace the record's options.

    Raises:
        RecordError: the record is malformed (or a seat record: use ``replay_seat``),
            names an unknown game, bad options or a file, has a bad seed, or one of its
            moves is illegal (the message gives the move's number).
    """
    if isinstance(record, SeatRecord) or (
            isinstance(record, (str, bytes)) and SEAT_RECORD_FORMAT in str(record[:200])):
        raise RecordError("this is a seat record (hidden moves are written '?'): it cannot be "
                          "played through the rules; use treasurekit.replay_seat")
    rec = GameRecord.from_json(record) if isinstance(record, (str, bytes)) else record
    if not isinstance(rec, GameRecord):
        raise RecordError(f"expected a GameRecord or its JSON text, not {short(rec)}")
    try:
        game = load_game(rec.game, **{**rec.options, **data})
        state = game.new_initial_state(rec.seed)
    except (ValueError, TypeError) as exc:  # TypeError: an option name that is not a str
        raise RecordError(f"record cannot be loaded: {exc}") from exc
    for i, text in enumerate(rec.moves, start=1):
        try:
            state.play(text)
        except ValueError as exc:
            reason = getattr(exc, "reason", str(exc))
            raise RecordError(f"record move {i} ({short(text)}) is illegal: {reason}") from exc
    return state
