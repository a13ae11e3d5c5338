"""Untrusted input: short quotes, bounded ASCII numbers and bounded JSON.

Move text, records, data files and seeds come from users and shared files. Every
game parses their numbers with the helpers here, so a number is ASCII digits of
bounded length everywhere (no ``²``, no fullwidth digits, no 5,000-digit integers),
and every error message quotes at most a short prefix of the input.

>>> short("x" * 100, 10)
"'xxxxxxxxxx…' (100 characters)"
>>> parse_int("42"), parse_int("²"), parse_int("1" * 40)
(42, None, None)
>>> parse_decimal("-2.5"), parse_decimal("1e9"), parse_decimal("nan")
(-2.5, None, None)
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = [
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_MOVE_CHARS",
    "MAX_NUMBER",
    "MAX_SEED",
    "BoundedJSONError",
    "bounded_json",
    "is_digits",
    "parse_decimal",
    "parse_int",
    "seed_problem",
    "short",
]

#: Longest run of digits accepted in a number (move text, records, data).
MAX_DIGITS = 9
#: Longest move text accepted by ``State.play``/``why_illegal`` (characters).
MAX_MOVE_CHARS = 200
#: Deepest nesting of arrays/objects accepted in a record or data file.
MAX_DEPTH = 32
#: Largest magnitude of a decimal number in a record or data file.
MAX_NUMBER = 1e12
#: Seeds are whole numbers from 0 to ``MAX_SEED`` (2**63 - 1).
MAX_SEED = 2**63 - 1

_DECIMAL = re.compile(r"[-+]?(?:[0-9]{1,9}(?:\.[0-9]{0,9})?|\.[0-9]{1,9})")  # MAX_DIGITS


def short(value: object, limit: int = 40) -> str:
    """``repr`` of ``value`` cut to ``limit`` characters, for error messages.

    Long text is quoted as its prefix, an ellipsis and its length, so a 1 MB move
    text gives a message of a few dozen characters.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)".replace("'…", "…'", 1)
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else f"{text[:limit]}… ({type(value).__name__})"


def parse_int(word: str, max_digits: int = MAX_DIGITS) -> int | None:
    """A whole number written in ASCII digits (at most ``max_digits``), else None.

    Unicode digits (``²``, ``٣``), signs, spaces, underscores and longer numbers
    are refused: they are not in any game's notation.
    """
    if (
        isinstance(word, str)
        and 0 < len(word) <= max_digits
        and word.isascii()
        and word.isdigit()
    ):
        return int(word)
    return None


def is_digits(word: str, max_digits: int = MAX_DIGITS) -> bool:
    """True if ``word`` is a number :func:`parse_int` accepts (then ``int(word)`` is safe)."""
    return parse_int(word, max_digits) is not None


def parse_decimal(word: str) -> float | None:
    """A decimal number such as ``-12.5`` (ASCII, at most ``MAX_DIGITS`` digits each
    side of the point, no exponent, nan or inf), else None."""
    if isinstance(word, str) and _DECIMAL.fullmatch(word):
        return float(word)
    return None


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` is not a valid seed (a whole number from 0 to ``MAX_SEED``), or None."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        return f"the seed must be a whole number, not {short(seed)}"
    if not 0 <= seed <= MAX_SEED:
        shown = str(seed) if seed.bit_length() < 100 else f"a {seed.bit_length()}-bit number"
        return f"the seed must be a whole number from 0 to 2**63 - 1, not {shown}"
    return None


class BoundedJSONError(ValueError):
    """JSON text that is too large, too deep, or holds a number out of bounds."""


def _number_hook(text: str) -> float:
    if len(text) > 3 * MAX_DIGITS:
        raise BoundedJSONError(f"the number {short(text, 20)} is too long")
    value = float(text)
    if not abs(value) <= MAX_NUMBER:  # also refuses inf (nan cannot be written in JSON)
        raise BoundedJSONError(f"the number {short(text, 20)} is out of range "
                               f"(at most {MAX_NUMBER:g} either way)")
    return value


def _int_hook(text: str) -> int:
    if len(text.lstrip("-")) > 20:  # 2**64 has 20 digits
        raise BoundedJSONError(f"the whole number {short(text, 20)} has too many digits")
    return int(text)


def _constant_hook(text: str) -> Any:
    raise BoundedJSONError(f"{text} is not a number JSON allows")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members as a dict, refusing a key written twice (``json.loads`` would
    keep the last one silently, so a record could read as two different things)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise BoundedJSONError(f"the key {short(key)} appears twice in one object")
        out[key] = value
    return out


def _depth(data: Any, limit: int) -> bool:
    """True if ``data`` nests arrays/objects no deeper than ``limit`` (iterative)."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((c, depth + 1) for c in children)
    return True


def bounded_json(text: str | bytes, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` for untrusted text, in bounded time and memory.

    Refuses text longer than ``max_chars``, bytes that are not UTF-8, nesting deeper
    than ``max_depth``, NaN/Infinity, numbers of more than a few dozen digits and an
    object that names a key twice. The one JSON reader of records, seat records and data
    files.

    Raises:
        BoundedJSONError: what is wrong, in plain words (callers add the file or
            record name and re-raise their own error kind).
    """
    if len(text) > max_chars:
        raise BoundedJSONError(f"it is {len(text):,} long; at most {max_chars:,} is accepted")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise BoundedJSONError(
                f"it is not UTF-8 text (byte {exc.start}: {exc.reason})") from None
    try:
        data = json.loads(
            text, parse_float=_number_hook, parse_int=_int_hook, parse_constant=_constant_hook,
            object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise BoundedJSONError(
            f"it is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except RecursionError:
        raise BoundedJSONError(f"it nests deeper than {max_depth} levels") from None
    except BoundedJSONError:
        raise
    except ValueError as exc:  # e.g. the int() digit limit
        raise BoundedJSONError(f"it is not valid JSON ({short(str(exc), 80)})") from None
    if not _depth(data, max_depth):
        raise BoundedJSONError(f"it nests deeper than {max_depth} levels")
    return data
