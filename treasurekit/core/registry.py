"""The game registry: ``load_game(name, **options)`` and ``replay(record)``."""

from __future__ import annotations

import difflib
from typing import Any, TypeVar

from .errors import IllegalMoveError, RecordError, UnknownGameError
from .game import Game, State
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
        UnknownGameError: ``name`` is not registered (the message lists the games).
        OptionError: an option is unknown or out of range.
    """
    try:
        cls = GAMES[name]
    except KeyError:
        near = difflib.get_close_matches(name, list(GAMES), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise UnknownGameError(
            f"no game called {name!r}{hint} (registered: {', '.join(sorted(GAMES))})"
        ) from None
    return cls(**options)


def replay(record: GameRecord | str) -> State[Any]:
    """Replay a record (or its JSON text) move by move and return the final state.

    Raises:
        RecordError: the record is malformed (or a seat record: use ``replay_seat``),
            names an unknown game or bad options, or one of its moves is illegal (the
            message gives the move's number).
    """
    if isinstance(record, SeatRecord) or (
            isinstance(record, str) and SEAT_RECORD_FORMAT in record[:200]):
        raise RecordError("this is a seat record (hidden moves are written '?'): it cannot be "
                          "played through the rules; use treasurekit.replay_seat")
    rec = GameRecord.from_json(record) if isinstance(record, str) else record
    try:
        game = load_game(rec.game, **rec.options)
    except (UnknownGameError, ValueError) as exc:
        raise RecordError(f"record cannot be loaded: {exc}") from exc
    state = game.new_initial_state(rec.seed)
    for i, text in enumerate(rec.moves, start=1):
        try:
            state.play(text)
        except IllegalMoveError as exc:
            raise RecordError(f"record move {i} ({text!r}) is illegal: {exc.reason}") from exc
    return state
