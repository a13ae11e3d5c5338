"""The game registry: ``load_game(name, **options)``, ``replay(record)`` and
``replay_seat(record)`` (docs/architecture.md §1 and §9).

Games are registered lazily: ``treasurekit/__init__.py`` declares each game's name and
module path, and the module is imported (its ``@register`` decorator then adds the Game
class) only when ``GAMES[name]``, ``load_game(name)`` or a replay needs it. Listing the
names (``list(GAMES)``, ``name in GAMES``, ``len(GAMES)``) imports nothing. Core names no
game package: the declarations live one layer up.
"""

from __future__ import annotations

import difflib
import importlib
import typing
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import RecordError, UnknownGameError
from .game import Game, State
from .inputs import short
from .records import GameRecord
from .seat import SEAT_RECORD_FORMAT, SeatRecord, field_decoders

__all__ = ["GAMES", "Registry", "SeatReplay", "load_game", "register", "replay", "replay_seat"]


class Registry(Mapping[str, type[Game[Any]]]):
    """A read-only mapping name -> Game class whose games are imported on first use.

    ``declare(name, module)`` announces a game without importing it; ``GAMES[name]``
    imports ``module`` once (its ``@register`` adds the class) and returns the class.
    Iteration follows declaration order; ``in``, ``len`` and iteration import nothing.

    Raises:
        KeyError: ``GAMES[name]`` for a name that is neither declared nor registered.
        LookupError: the declared module was imported but registered no game ``name``.
    """

    def __init__(self) -> None:
        self._modules: dict[str, str] = {}
        self._classes: dict[str, type[Game[Any]]] = {}

    def declare(self, name: str, module: str) -> None:
        """Announce game ``name``, to be imported from ``module`` when first needed."""
        self._modules.setdefault(name, module)

    def add(self, cls: type[Game[Any]]) -> None:
        """Register an imported Game class under ``cls.name`` (what ``@register`` does)."""
        self._modules.setdefault(cls.name, cls.__module__)
        self._classes[cls.name] = cls

    def module(self, name: str) -> str:
        """The module that defines game ``name``, without importing it.

        Raises:
            KeyError: ``name`` is neither declared nor registered.
        """
        return self._modules[name]

    def loaded(self) -> tuple[str, ...]:
        """The names whose game package has been imported so far, in declaration order."""
        return tuple(name for name in self._modules if name in self._classes)

    def __getitem__(self, name: str) -> type[Game[Any]]:
        cls = self._classes.get(name)
        if cls is None:
            module = self._modules[name]  # KeyError: neither declared nor registered
            importlib.import_module(module)
            cls = self._classes.get(name)
            if cls is None:
                raise LookupError(f"module {module} registered no game called {name!r}")
        return cls

    def __contains__(self, name: object) -> bool:
        return name in self._modules

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __repr__(self) -> str:
        return f"Registry({list(self._modules)}, loaded={list(self.loaded())})"


#: name -> Game class. ``treasurekit`` declares the five games; each game package's
#: ``@register`` adds its class when the package is first imported.
GAMES = Registry()

G = TypeVar("G", bound=type[Game[Any]])


def register(cls: G) -> G:
    """Class decorator adding a Game subclass to :data:`GAMES` under ``cls.name``."""
    GAMES.add(cls)
    return cls


def load_game(name: str, /, **options: Any) -> Game[Any]:
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


def replay(record: GameRecord | str | bytes, /, **data: Any) -> State[Any]:
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


@dataclass(frozen=True)
class SeatReplay:
    """A seat record played back: ``views[k]`` is what the seat saw after ``k`` moves
    (the game's view object), ``moves[k]`` and ``events[k]`` the move ``k + 1`` and
    what the seat read about it."""

    record: SeatRecord
    views: tuple[Any, ...]

    @property
    def moves(self) -> tuple[str, ...]:
        return self.record.moves

    @property
    def events(self) -> tuple[tuple[str, ...], ...]:
        return self.record.events


def replay_seat(record: SeatRecord | str | bytes) -> SeatReplay:
    """Play a seat record back ply by ply: the views its seat saw, as view objects.

    The JSON text is read as :func:`replay` reads a full record (the one bounded reader:
    size, nesting, numbers, NaN, Infinity and duplicate keys refused; see
    :meth:`SeatRecord.from_json`), and every failure is a :class:`RecordError`.

    Raises:
        RecordError: the record is malformed, names an unknown game or bad options, or a
            stored view does not fit the game's view type (the message gives the ply).
    """
    if isinstance(record, (str, bytes)):
        rec = SeatRecord.from_json(record)
    elif isinstance(record, SeatRecord):
        rec = record
    else:
        raise RecordError(f"expected a SeatRecord or its JSON text, not {short(record)}")
    try:
        game = load_game(rec.game, **rec.options)
        view_type = type(game.new_initial_state(0).view(rec.seat)) \
            if isinstance(rec.seat, int) and 0 <= rec.seat < game.num_players else None
    except (LookupError, ValueError, TypeError, AttributeError, RecursionError) as exc:
        raise RecordError(f"seat record cannot be loaded: {short(str(exc), 300)}") from exc
    if view_type is None:
        raise RecordError(f"seat record key 'seat' is {short(rec.seat)}; the game has seats "
                          f"0-{game.num_players - 1}")
    fields = field_decoders(typing.cast(Any, view_type))
    current: dict[str, Any] = {}
    views = []
    for ply, delta in enumerate(rec.views):
        try:
            unknown = set(delta) - set(fields)
            if unknown:
                raise RecordError(f"no field(s) {short(sorted(unknown), 80)}")
            current.update({k: fields[k](v) for k, v in delta.items()})
            views.append(view_type(**current))
        except (RecordError, ValueError, TypeError, AttributeError, ArithmeticError,
                RecursionError) as exc:
            raise RecordError(f"seat record view after move {ply} does not fit "
                              f"{view_type.__name__}: {short(str(exc), 300)}") from exc
    return SeatReplay(rec, tuple(views))
