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
from typing import Any, Literal, Union

from .inputs import MAX_MOVE_CHARS, short

__all__ = ["MAX_MOVE_INT", "field_problem"]

#: Whole-number fields of a move lie within +-MAX_MOVE_INT (ids, steps, seats...).
MAX_MOVE_INT = 10**9

_FIELDS: dict[type, tuple[tuple[str, Any], ...]] = {}


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


def _name(tp: Any) -> str:
    return tp.__name__ if isinstance(tp, type) else str(tp).replace("typing.", "")


def field_problem(move: Any, move_types: tuple[type, ...], title: str) -> str | None:
    """Why ``move`` is not a well-formed move of the game, or None.

    Args:
        move: the move object.
        move_types: the game's move classes (empty: any type is let through).
        title: the game's title, for the message.
    """
    if move_types and type(move) not in move_types:
        return f"{short(move)} is not a move of {title}"
    if not dataclasses.is_dataclass(move) or isinstance(move, type):
        return None
    for name, tp in _fields(type(move)):
        value = getattr(move, name)
        if not _conforms(value, tp):
            return f"the move's field {name!r} is {short(value)}; expected {_name(tp)}"
    return None
