"""Checking hand-built move objects against their declared field types.

Moves are frozen dataclasses whose fields are annotated (``steps: int``,
``path: tuple[Pt, ...]``, ``card: int | None``). A move built by hand, e.g.
``Step("x", 10**100)``, is refused before any rule looks at it, so the rules
never meet a field of the wrong type.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Step:
...     source: int
...     steps: int
>>> field_problem(Step(1, 2), (Step,), "Demo") is None
True
>>> field_problem(Step(1, "2"), (Step,), "Demo")
"the move's field 'steps' is '2'; expected int"
>>> field_problem("move", (Step,), "Demo")
"'move' is not a move of Demo"
"""

from __future__ import annotations

import dataclasses
import math
import numbers
import types
import typing
from collections.abc import Callable, Iterable
from typing import Any, Literal, TypeVar, Union

from .inputs import MAX_MOVE_CHARS, short

__all__ = ["MAX_MOVE_INT", "field_problem", "fresh_move", "fresh_moves", "notation_problem"]

#: Whole-number fields of a move lie within +-MAX_MOVE_INT (ids, steps, seats...).
MAX_MOVE_INT = 10**9

_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}
_T = TypeVar("_T")
_NEW = object.__new__


def _fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """``(name, annotation)`` of each dataclass field of ``cls`` (cached)."""
    if cls not in _FIELDS:
        try:
            hints = typing.get_type_hints(cls)
        except Exception:  # unresolvable annotations: check nothing rather than crash
            hints = {}
        _FIELDS[cls] = tuple((f.name, hints[f.name]) for f in dataclasses.fields(cls)
                             if f.name in hints)
    return _FIELDS[cls]


def _conforms(value: Any, tp: Any) -> bool:
    """True if ``value`` fits the annotation ``tp`` (the small subset moves use)."""
    if tp is Any:
        return True
    if tp is None or tp is type(None):
        return value is None
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (Union, types.UnionType):
        return any(_conforms(value, a) for a in args)
    if origin is Literal:
        return any(value == a and type(value) is type(a) for a in args)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return len(value) <= MAX_MOVE_CHARS and all(_conforms(v, args[0]) for v in value)
        return len(value) == len(args) and all(
            _conforms(v, a) for v, a in zip(value, args, strict=True))
    if tp is bool:
        return isinstance(value, bool)
    if tp is int:
        return (isinstance(value, numbers.Integral) and not isinstance(value, bool)
                and abs(int(value)) <= MAX_MOVE_INT)
    if tp is float:
        return (isinstance(value, numbers.Real) and not isinstance(value, bool)
                and math.isfinite(value) and abs(float(value)) <= MAX_MOVE_INT)
    if tp is str:
        return isinstance(value, str) and len(value) <= MAX_MOVE_CHARS
    if isinstance(tp, type):
        return isinstance(value, tp)
    return True


def _int_field(value: Any) -> bool:
    """``_conforms(value, int)`` for a plain ``int`` (the commonest field), quickly."""
    return type(value) is int and -MAX_MOVE_INT <= value <= MAX_MOVE_INT


def _optional_int_field(value: Any) -> bool:
    """``_conforms(value, int | None)`` for None or a plain ``int``, quickly."""
    return value is None or (type(value) is int and -MAX_MOVE_INT <= value <= MAX_MOVE_INT)


def _quick(tp: Any) -> Callable[[Any], bool] | None:
    """A quick test that accepts only values ``_conforms(value, tp)`` accepts (whatever it
    turns away gets the full check), or None."""
    if tp is int:
        return _int_field
    if tp == (int | None):  # also equal to Optional[int]
        return _optional_int_field
    return None


#: Each move class's checks: ``(name, annotation, quick test or None)`` per field, or
#: None for a type that is not a dataclass (nothing to check).
_CHECKS: dict[type, tuple[tuple[str, Any, Callable[[Any], bool] | None], ...] | None] = {}


def _checks(kind: type) -> tuple[tuple[str, Any, Callable[[Any], bool] | None], ...] | None:
    if kind not in _CHECKS:
        _CHECKS[kind] = (tuple((name, tp, _quick(tp)) for name, tp in _fields(kind))
                         if dataclasses.is_dataclass(kind) else None)
    return _CHECKS[kind]


def _name(tp: Any) -> str:
    return tp.__name__ if isinstance(tp, type) else str(tp).replace("typing.", "")


def field_problem(move: Any, move_types: tuple[type, ...], title: str) -> str | None:
    """Why ``move`` is not a well-formed move of the game, or None.

    Args:
        move: the move object.
        move_types: the game's move classes (empty: any type is let through).
        title: the game's title, for the message.
    """
    kind = type(move)
    if move_types and kind not in move_types:
        return f"{short(move)} is not a move of {title}"
    # ``type(move)`` is a dataclass exactly when ``move`` is a dataclass instance (a
    # dataclass itself, as a class, has type ``type``: nothing to check)
    checks = _CHECKS[kind] if kind in _CHECKS else _checks(kind)
    if checks is None:
        return None
    for name, tp, quick in checks:
        value = getattr(move, name)
        if (quick is None or not quick(value)) and not _conforms(value, tp):
            return f"the move's field {name!r} is {short(value)}; expected {_name(tp)}"
    return None


def fresh_move(move: _T) -> _T:
    """A new move object equal to ``move`` (same type, same field values), so that what
    the engine hands out or takes in is never an object it keeps: a caller who changes a
    move with ``object.__setattr__`` changes only its own copy, never a legality cache,
    a chance table or a state's history (issue 23 point 7). The fields themselves are
    immutable (numbers, strings, tuples, frozensets). Strings and other objects without
    a ``__dict__`` are returned as they are.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Step:
    ...     steps: int
    >>> a = Step(3)
    >>> b = fresh_move(a)
    >>> b == a and b is not a
    True
    """
    try:
        state = move.__dict__
    except AttributeError:
        return move
    fresh: _T = _NEW(move.__class__)
    fresh.__dict__.update(state)
    return fresh


def fresh_moves(moves: Iterable[_T]) -> list[_T]:
    """``[fresh_move(m) for m in moves]``, in one loop (a list of legal moves is copied at
    every ply: this is about a fifth cheaper than a call per move).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Step:
    ...     steps: int
    >>> a = [Step(1), "pass"]
    >>> b = fresh_moves(a)
    >>> b == a, b[0] is a[0], b[1] is a[1]
    (True, False, True)
    """
    new = _NEW
    out: list[_T] = []
    keep = out.append
    for move in moves:
        try:
            state = move.__dict__
        except AttributeError:
            keep(move)
            continue
        fresh = new(move.__class__)
        fresh.__dict__.update(state)
        keep(fresh)
    return out


#: At most this many move texts are kept read back per game (:func:`notation_problem`).
PARSED_TEXTS = 4096


def notation_problem(move: Any, parse: Callable[[str], Any], parsed: dict[str, Any],
                     title: str) -> str | None:
    """None if ``move`` is one the notation can write and read back
    (``parse(str(move)) == move``), else why not: a hand-built move with a field the
    game does not know (``Horse("red", ())``, ``Search("huge", ...)``) is refused here.

    ``parse`` is a pure function of the text (and the game's immutable rules), so each
    text is read once per game: ``parsed`` (the game's own dict) keeps the moves read
    back, at most :data:`PARSED_TEXTS` of them.
    """
    text = "?"
    try:
        text = str(move)
        back = parsed.get(text, parsed)
        if back is parsed:
            back = parse(text)
            if len(text) <= MAX_MOVE_CHARS:
                if len(parsed) >= PARSED_TEXTS:
                    parsed.clear()
                parsed[text] = back
        if back == move:
            return None
    except (LookupError, TypeError, AttributeError, ValueError, ArithmeticError):
        pass
    return (f"{short(move, 60)} is not a move of {title}: written out as "
            f"{short(text)}, the notation does not read it back as the same move")
