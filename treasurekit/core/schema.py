"""Data files read by schema: decoded JSON checked against a typed shape (pydantic v2).

A game describes the JSON of its data file as ``TypedDict`` classes whose leaves are the
strict types below (no ``"3"`` for 3, no ``true`` for 1, no ``1.5`` for a whole number);
:func:`read_as` checks a decoded document against that shape and turns the first
problem into a :class:`~treasurekit.core.errors.BoardDataError` naming the file and the
key path, e.g. ``maps/standard.json: hexes[12].terrain: Input should be 'land' or
'water'; got 'lava'``. Checks between entries (a name given twice, a card naming a
missing square, reachability) stay as the game's code, after the schema pass, and
raise through :func:`fail`.

Keys a schema does not list are ignored, as the hand-written validators did (a file
may carry a ``description``); a schema that refused unknown keys before says so with
``@closed``.
"""

from __future__ import annotations

import typing
from typing import Annotated, Any, TypeVar

from pydantic import (
    AfterValidator,
    ConfigDict,
    Field,
    StrictFloat,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
    with_config,
)

from .errors import BoardDataError
from .inputs import short
from .text import count

__all__ = [
    "XY", "Count", "Float", "Int", "NonEmpty", "Slug", "Str", "Text", "closed", "fail",
    "key_path", "read_as",
]

T = TypeVar("T")

#: Leaf types of every schema: JSON values taken as they are, never converted.
Int = StrictInt
#: A finite number; a JSON whole number is accepted and becomes a float.
Float = Annotated[StrictFloat, Field(allow_inf_nan=False)]
Str = StrictStr
#: A whole number >= 0.
Count = Annotated[StrictInt, Field(ge=0)]
#: A non-empty string.
NonEmpty = Annotated[StrictStr, Field(min_length=1)]
#: A lower-case name such as ``"rum-bottle"`` (ASCII letters, digits and dashes).
Slug = Annotated[StrictStr, Field(pattern=r"^[a-z0-9-]+$")]


def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("expected some text, not a blank string")
    return text


#: A string with some text in it (not blank).
Text = Annotated[StrictStr, AfterValidator(_not_blank)]
#: A drawing position ``[x, y]`` (board units), read as a tuple of two floats.
XY = tuple[Float, Float]


#: Class decorator of a schema ``TypedDict`` whose object refuses keys it does not list.
closed = with_config(ConfigDict(extra="forbid"))

#: schema -> its pydantic adapter, built on first use.
_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def key_path(loc: tuple[int | str, ...]) -> str:
    """``("hexes", 12, "terrain")`` -> ``"hexes[12].terrain"`` (``"the file"`` for ``()``);
    a wrong key of an object reads ``"bonus.4 (key)"``."""
    text = ""
    for part in loc:
        if part == "[key]":
            text += " (key)"
        else:
            text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "the file"


def _message(label: str, exc: ValidationError) -> str:
    errors = exc.errors(include_url=False)
    first = errors[0]
    where = key_path(tuple(first["loc"]))
    if len(where) > 80:  # a key of the file's own can be long
        where = where[:80] + "…"
    if first["type"] == "missing":
        text = f"{label}: {where}: is missing"
    else:
        got = first.get("input")
        shown = f"a list of {count(len(got), 'item')}" if isinstance(got, list) else (
            "an object" if isinstance(got, dict) else short(got))
        text = f"{label}: {where}: {first['msg']}; got {shown}"
    if len(errors) > 1:
        text += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    return text


def read_as(schema: type[T], data: Any, label: str) -> T:
    """``data`` (decoded JSON) checked against ``schema``, a ``TypedDict`` or other type.

    Args:
        schema: the file's shape (pydantic validates it; adapters are built once).
        data: the decoded document.
        label: the file's name for messages (``"ahoy/data/board.json"``).

    Returns:
        The validated value (a dict for a ``TypedDict``; ``XY`` leaves become tuples).

    Raises:
        BoardDataError: ``"<label>: <key path>: <what is wrong>; got <value>"`` for the
            first problem, with a count of the others.
    """
    try:
        adapter = _ADAPTERS.get(schema) or _ADAPTERS.setdefault(schema, TypeAdapter(schema))
        return typing.cast(T, adapter.validate_python(data))
    except ValidationError as exc:
        raise BoardDataError(_message(label, exc)) from None


def fail(label: str, key: str, problem: str) -> BoardDataError:
    """The error of a check after the schema pass: ``"<label>: key '<key>' <problem>"``."""
    return BoardDataError(f"{label}: key {short(key, 80)} {problem}")
