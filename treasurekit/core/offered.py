"""Is a move one the state offered? Legality checked once (issue 25 point 4).

A move the rules generated at this ply (``legal_moves()``, ``moves_at()``, a chance
outcome) is legal by construction; ``State.play`` finds it among the moves offered
and plays it without the checker. Only a move not found there is checked
(``State._problem``), which explains a refusal or accepts a legal move built elsewhere.

Found means *equal and of the same shape*: the same move class, and field values of
the same types (a hand-built ``Step(1, True)`` equals ``Step(1, 1)``, and ``1.0 == 1``,
but only the checker may accept or refuse those). Anything unusual is "not found",
never "legal": the full check then decides, as before.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Step:
...     source: int
...     steps: int
>>> offered = [Step(1, 2), Step(1, 3)]
>>> find_offered(offered, Step(1, 3))
True
>>> find_offered(offered, Step(1, 4)), find_offered(offered, Step(1, 3.0))
(False, False)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from operator import is_
from typing import Any

__all__ = ["find_offered", "same_shape", "unchanged_copy"]

#: Field value types whose equal values behave alike everywhere (text, records, rules).
_PLAIN = frozenset({int, str, bool, type(None)})


def _same_value_shape(a: Any, b: Any) -> bool:
    """For two *equal* field values: the same types all the way down (tuples walked),
    and floats of the same sign (``-0.0 == 0.0`` but is written differently)."""
    kind = type(a)
    if kind is not type(b):
        return False
    if kind in _PLAIN:
        return True
    if kind is float:
        return math.copysign(1.0, a) == math.copysign(1.0, b)
    if kind is tuple:
        return len(a) == len(b) and all(map(_same_value_shape, a, b))
    return False  # any other type: let the full check decide


def same_shape(known: Any, move: Any) -> bool:
    """True if ``move``, already known to equal ``known`` (a move the rules made), is of
    the same class with the same fields holding values of the same types.

    Returns False (never raises) for anything else: objects without a ``__dict__``,
    extra or missing attributes, values of other types."""
    both = _fields(known, move)
    if both is None:
        return False
    mine, theirs = both
    for name, value in mine.items():
        if name not in theirs or not _same_value_shape(value, theirs[name]):
            return False
    return True


def unchanged_copy(known: Any, move: Any) -> bool:
    """True if ``move`` is a copy of ``known`` whose fields are still ``known``'s very
    objects (same class, same field names, each value the identical object): a copy
    nobody changed, so equal and of the same shape. False for anything else (then
    :func:`find_offered` decides).

    >>> from dataclasses import dataclass
    >>> from treasurekit.core.moves import fresh_move
    >>> @dataclass(frozen=True)
    ... class Step:
    ...     steps: int
    >>> known = Step(1)
    >>> copy = fresh_move(known)
    >>> unchanged_copy(known, copy)
    True
    >>> object.__setattr__(copy, "steps", True)  # equal (True == 1), not the same
    >>> unchanged_copy(known, copy), copy == known
    (False, True)
    """
    both = _fields(known, move)
    if both is None:
        return False
    mine, theirs = both
    return mine.keys() == theirs.keys() and all(map(is_, mine.values(), theirs.values()))


def _fields(known: Any, move: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The field dicts of two objects of the same class with as many attributes, or None."""
    if type(known) is not type(move):
        return None
    try:
        mine, theirs = known.__dict__, move.__dict__
    except AttributeError:
        return None
    return (mine, theirs) if len(mine) == len(theirs) else None


def find_offered(offered: Sequence[Any], move: Any) -> bool:
    """True if ``move`` is one of ``offered`` (equal, and of the same shape: see
    :func:`same_shape`); False if not, or if comparing it fails in any way.

    Args:
        offered: the moves the rules offer now (never changed here).
        move: a move object from anywhere.
    """
    try:
        known = offered[offered.index(move)]
    except Exception:  # not there, or an object whose comparison fails: check it fully
        return False
    return same_shape(known, move)
