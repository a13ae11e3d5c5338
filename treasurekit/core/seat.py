"""Seat records: what one seat saw of a game, safe to hand to that seat mid-game.

A full :class:`~treasurekit.core.records.GameRecord` holds the seed and every chance
outcome and hidden decision: it is the omniscient record, for replays after the game.
A :class:`SeatRecord` (``state.to_record(seat=p)``) holds only what seat ``p`` may
know:

* no seed (the seed fixes every future draw, so it is a secret while a game is on);
* the moves in text notation with every hidden part written ``?`` for ``p``
  (``deal p2 ?``, ``hint distance red 4-7 ?``); each game decides which moves are
  hidden from which seat in one small hook, ``State._seat_move_text``;
* what ``p`` saw at every ply: its view (``state.view(p)``, stored as the fields that
  changed since the ply before) and the event texts of that ply.

A redacted move cannot be played again, so a seat record is not replayed through the
rules: :func:`treasurekit.replay_seat` (in ``core.registry``) rebuilds the views ``p``
saw, ply by ply, as the game's own view objects
(``replay_seat(r).views[k] == state_after_k_moves.view(p)``).

>>> import treasurekit
>>> s = treasurekit.load_game("sjorovaron", players=2).new_initial_state(seed=1)
>>> while s.is_chance_node() or s.phase != "start":
...     _ = s.resolve_chance() if s.is_chance_node() else s.play(s.legal_moves()[0])
>>> rec = s.to_record(seat=0)
>>> [m for m in rec.moves if m.startswith("deal p1")][:2]
['deal p1 ?', 'deal p1 ?']
>>> treasurekit.replay_seat(rec.to_json()).views[-1] == s.view(0)
True
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .errors import RecordError
from .inputs import MAX_MOVE_CHARS, BoundedJSONError, bounded_json, short
from .records import MAX_RECORD_MOVES

__all__ = [
    "HIDDEN",
    "MAX_EVENT_CHARS",
    "MAX_SEAT_RECORD_CHARS",
    "SEAT_RECORD_FORMAT",
    "SeatRecord",
    "field_decoders",
    "from_jsonable",
    "to_jsonable",
]

SEAT_RECORD_FORMAT = "treasurekit-seat-record/1"
#: How a hidden part of a move is written in a seat record.
HIDDEN = "?"
#: Longest seat record text accepted (characters). A seat record also holds the seat's
#: view changes and event texts at every ply (about 3 KB a ply in Skeleton Island), so
#: it may be longer than a full record (``MAX_RECORD_CHARS``); every other bound is the same.
MAX_SEAT_RECORD_CHARS = 16_000_000
#: Longest event text accepted in a seat record (characters).
MAX_EVENT_CHARS = 2_000
#: Seat numbers in a seat record are below this.
MAX_SEATS = 64
#: Longest Fraction text ``"n/d"`` accepted in a seat record's view.
_FRACTION = re.compile(r"-?[0-9]{1,80}/[0-9]{1,80}")


def to_jsonable(value: Any) -> Any:
    """A view (frozen dataclasses, tuples, frozensets, numbers, strings, Fractions) as
    plain JSON data.

    Dataclasses become objects of their fields, tuples lists, frozensets sorted lists, a
    ``Fraction`` the string ``"n/d"``. :func:`from_jsonable` turns the result back, given the type.

    Raises:
        TypeError: a value of another kind (a view must be plain data).
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, frozenset):
        return [to_jsonable(v) for v in sorted(value)]
    raise TypeError(f"cannot store {type(value).__name__} {value!r} in a seat record")


def from_jsonable(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from :func:`to_jsonable` data.

    >>> from_jsonable(tuple[int, str | None], [3, None])
    (3, None)

    Raises:
        RecordError: the data does not fit the type (the message names both).
    """
    return _decoder(tp)(data)


def _fail(message: str) -> Any:
    raise RecordError(message)


@functools.cache
def _decoder(tp: Any) -> Callable[[Any], Any]:
    """A function rebuilding values of type ``tp`` (built once per type)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return lambda data: data
    if tp is None or tp is type(None):
        return lambda data: None if data is None else _fail(f"expected null, got {short(data)}")
    if origin in (typing.Union, types.UnionType):
        options = [_decoder(a) for a in args if a is not type(None)]
        nullable = type(None) in args

        def union(data: Any) -> Any:
            if data is None and nullable:
                return None
            problems = []
            for option in options:
                try:
                    return option(data)
                except RecordError as exc:
                    problems.append(str(exc))
            return _fail(f"{short(data)} fits none of {tp}: {short('; '.join(problems), 300)}")

        return union
    if origin in (tuple, frozenset):
        if origin is frozenset or (len(args) == 2 and args[1] is Ellipsis):
            item = _decoder(args[0])
            kind = frozenset if origin is frozenset else tuple

            def homogeneous(data: Any) -> Any:
                if not isinstance(data, list):
                    return _fail(f"expected a list for {tp}, got {short(data)}")
                return kind(item(x) for x in data)

            return homogeneous
        items = [_decoder(a) for a in args]

        def fixed(data: Any) -> Any:
            if not isinstance(data, list) or len(data) != len(items):
                return _fail(f"expected {len(items)} items for {tp}, got {short(data)}")
            return tuple(f(x) for f, x in zip(items, data, strict=True))

        return fixed
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        fields = field_decoders(tp)
        cls = tp

        def record(data: Any) -> Any:
            if not isinstance(data, dict):
                return _fail(f"expected an object for {cls.__name__}, got {short(data)}")
            if set(data) - set(fields):
                return _fail(f"{cls.__name__} has no field(s) "
                             f"{short(sorted(set(data) - set(fields)), 80)}")
            return cls(**{k: fields[k](v) for k, v in data.items()})

        return record
    if tp is Fraction:
        return lambda data: (Fraction(data) if isinstance(data, str) and _FRACTION.fullmatch(data)
                             and data.split("/")[1].strip("0")
                             else _fail(f"expected a fraction 'n/d', got {short(data)}"))
    if tp is float:
        return lambda data: (float(data) if isinstance(data, (int, float))
                             and not isinstance(data, bool)
                             else _fail(f"expected a number, got {short(data)}"))
    if tp in (int, str, bool):

        def plain(data: Any) -> Any:
            if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
                return _fail(f"expected {tp.__name__}, got {short(data)}")
            return data

        return plain
    raise RecordError(f"cannot rebuild a value of type {tp!r}")


@functools.cache
def field_decoders(cls: type) -> dict[str, Callable[[Any], Any]]:
    """Field name -> a function rebuilding that field of dataclass ``cls`` from JSON data."""
    hints = typing.get_type_hints(cls)
    return {f.name: _decoder(hints[f.name]) for f in dataclasses.fields(cls)}


@dataclass(frozen=True)
class SeatRecord:
    """What seat ``seat`` saw of a game: options, redacted moves, its views and events.

    Attributes:
        game: the game id; ``options``: its options (public at the table).
        seat: the seat the record was made for.
        moves: every move in text notation, hidden parts written ``?`` (one per ply).
        views: ``len(moves) + 1`` entries: the seat's view before the first move as JSON
            data (:func:`to_jsonable`), then after each move only the fields that changed.
        events: per ply, the event texts the seat saw (with rule references).

    No seed, ever: use ``state.to_record()`` (the omniscient record) after the game.
    """

    game: str
    options: dict[str, Any]
    seat: int
    moves: tuple[str, ...]
    views: tuple[dict[str, Any], ...]
    events: tuple[tuple[str, ...], ...]

    def to_json(self, indent: int | None = None) -> str:
        """Serialise to JSON text (stable key order)."""
        payload = {
            "format": SEAT_RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "seat": self.seat,
            "moves": list(self.moves),
            "views": list(self.views),
            "events": [list(e) for e in self.events],
        }
        return json.dumps(payload, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> SeatRecord:
        """Parse JSON text (untrusted: read by the same bounded reader as
        :meth:`GameRecord.from_json <treasurekit.core.records.GameRecord.from_json>`).

        Raises:
            RecordError: the text is not JSON, longer than ``MAX_SEAT_RECORD_CHARS``,
                nested deeper than ``MAX_DEPTH``, holds NaN, Infinity, an out-of-range
                number or a key written twice; or it is not a seat record, or a key is
                missing or malformed (more than ``MAX_RECORD_MOVES`` moves, a move longer
                than ``MAX_MOVE_CHARS``, an event text longer than ``MAX_EVENT_CHARS``);
                the message names the key and quotes at most a short prefix.
        """
        if not isinstance(text, (str, bytes)):
            raise RecordError(f"a seat record is JSON text, not {short(text)}")
        try:
            data = bounded_json(text, MAX_SEAT_RECORD_CHARS)
        except BoundedJSONError as exc:
            raise RecordError(f"seat record refused: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SEAT_RECORD_FORMAT:
            raise RecordError(f"not a seat record: key 'format' must be {SEAT_RECORD_FORMAT!r}"
                              " (a full record replays with treasurekit.replay)")
        unknown = set(data) - {"format", "game", "options", "seat", "moves", "views",
                               "events"}
        if unknown:
            raise RecordError(f"seat record has unknown key(s) {short(sorted(unknown), 80)}")
        game, options, seat = data.get("game"), data.get("options"), data.get("seat")
        moves, views, events = data.get("moves"), data.get("views"), data.get("events")
        if not isinstance(game, str) or not game or len(game) > 100:
            raise RecordError(f"seat record key 'game' must be a game name, not {short(game)}")
        if not isinstance(options, dict):
            raise RecordError("seat record key 'options' must be an object")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < MAX_SEATS:
            raise RecordError(f"seat record key 'seat' must be a seat number (0, 1, ...), "
                              f"not {short(seat)}")
        if not isinstance(moves, list) or len(moves) > MAX_RECORD_MOVES:
            raise RecordError(f"seat record key 'moves' must be a list of at most "
                              f"{MAX_RECORD_MOVES:,} move texts")
        for i, m in enumerate(moves):
            if not isinstance(m, str) or len(m) > MAX_MOVE_CHARS:
                raise RecordError(f"seat record move {i + 1} is {short(m)}; expected move "
                                  f"text of at most {MAX_MOVE_CHARS} characters")
        if (not isinstance(views, list) or len(views) != len(moves) + 1
                or not all(isinstance(v, dict) for v in views)):
            raise RecordError("seat record key 'views' must hold one object per move, "
                              "plus the first view")
        if (not isinstance(events, list) or len(events) != len(moves)
                or not all(isinstance(e, list) and all(isinstance(t, str)
                                                       and len(t) <= MAX_EVENT_CHARS
                                                       for t in e)
                           for e in events)):
            raise RecordError("seat record key 'events' must hold a list of texts per move "
                              f"(each at most {MAX_EVENT_CHARS:,} characters)")
        return cls(game, dict(options), seat, tuple(moves), tuple(views),
                   tuple(tuple(e) for e in events))


def view_delta(before: Any, after: Any) -> dict[str, Any]:
    """The fields of view ``after`` that differ from view ``before`` (all of them if
    ``before`` is None), as :func:`to_jsonable` data."""
    if not dataclasses.is_dataclass(after):
        raise TypeError(f"a view must be a dataclass, got {type(after).__name__}")
    names = [f.name for f in dataclasses.fields(after)]
    if before is None:
        return {k: to_jsonable(getattr(after, k)) for k in names}
    return {k: to_jsonable(getattr(after, k)) for k in names
            if getattr(before, k) != getattr(after, k)}
