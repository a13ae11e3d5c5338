"""The one loader of game data files (boards, maps, decks), bundled or the caller's own.

A data option of a game (``board=``, ``map=``, ``cards=``...) is one of:

* the name of bundled data (``"standard"``, ``"large"``...): read from the package;
* a :class:`pathlib.Path` (any ``os.PathLike``): a file the caller chose, read with a
  size limit (``MAX_DATA_BYTES``);
* an already-loaded data object (e.g. an ``AhoyBoard``).

A plain string is never a file name. Records are JSON, so the options they carry
can only name bundled data: replaying a shared record never opens a file.

Every problem, including a parser tripping over a wrong type deep inside, is
raised as :class:`~treasurekit.core.errors.BoardDataError` naming the file. Each
game's parser checks the decoded JSON's shape with :func:`treasurekit.core.schema.read_as`
(naming the key path), then its cross checks.
"""

from __future__ import annotations

import os
import typing
from collections.abc import Callable, Mapping
from importlib import resources
from typing import Any, TypeVar

from .errors import BoardDataError
from .inputs import BoundedJSONError, bounded_json, short

__all__ = ["MAX_DATA_BYTES", "data_loader", "data_option", "load_data", "read_limited"]

T = TypeVar("T")

#: Largest data file accepted (bytes); the bundled files are under 10 kB.
MAX_DATA_BYTES = 1_000_000

#: Bundled data, parsed once: (package, file, parser) -> the (frozen) data object.
_BUNDLED: dict[tuple[str, str, Any], Any] = {}


def read_limited(path: os.PathLike[str], kind: str = "data",
                 limit: int = MAX_DATA_BYTES) -> bytes:
    """The bytes of ``path``, refusing more than ``limit`` (``/dev/zero`` stops at once).

    Raises:
        BoardDataError: the file cannot be read or is larger than ``limit``.
    """
    label = os.fspath(path)
    try:
        with open(path, "rb") as fh:
            raw = fh.read(limit + 1)
    except OSError as exc:
        raise BoardDataError(
            f"cannot read {kind} file {short(label, 80)}: {exc.strerror}") from exc
    if len(raw) > limit:
        raise BoardDataError(
            f"{short(label, 80)}: the file is larger than {limit:,} bytes; refused")
    return raw


def _names(bundled: Mapping[str, str]) -> str:
    return ", ".join(repr(n) for n in bundled)


def data_option(kind: str, bundled: Mapping[str, str], loaded: type | None = None,
                allow_none: bool = False) -> Callable[[Any], str | None]:
    """An :class:`~treasurekit.core.game.Option` validator for a data option.

    Accepts a bundled name, an ``os.PathLike`` (a file the caller passes explicitly),
    an instance of ``loaded``, or (with ``allow_none``) None. Any other string is
    refused without touching the file system.
    """

    def check(value: Any) -> str | None:
        if isinstance(value, str):
            if value in bundled:
                return None
            return (f"no bundled {kind} is called so (bundled: {_names(bundled)}); "
                    f"a {kind} file of your own must be passed as pathlib.Path(...) "
                    "through the Python API, never as text or through a record")
        if isinstance(value, os.PathLike) or (loaded is not None and isinstance(value, loaded)):
            return None
        if allow_none and value is None:
            return None
        return f"expected one of {_names(bundled)} or a pathlib.Path of a {kind} JSON file"

    return check


def load_data(source: Any, *, package: str, bundled: Mapping[str, str], kind: str,
              parse: Callable[[Any, str], T]) -> T:
    """Read, decode and validate one data file with ``parse(data, label)``.

    Args:
        source: None (the first bundled name), a bundled name, or an ``os.PathLike``.
        package: the game package holding the bundled files.
        bundled: bundled name -> file inside ``package`` (e.g. ``"data/board.json"``).
        kind: what the file is, for messages ("Ahoy board").
        parse: the game's validator of decoded JSON; ``label`` names the file.

    Raises:
        BoardDataError: naming the file (and, from ``parse``, the key): unreadable,
            too large, not UTF-8, not JSON, nested too deep, or invalid.
    """
    if source is None:
        source = next(iter(bundled))
    if isinstance(source, str):
        if source not in bundled:
            raise BoardDataError(f"{short(source)} is not a bundled {kind} "
                                 f"({_names(bundled)}); pass a file as pathlib.Path(...)")
        rel = bundled[source]
        key = (package, rel, parse)
        if key in _BUNDLED:
            return typing.cast(T, _BUNDLED[key])
        raw: bytes = resources.files(package).joinpath(rel).read_bytes()
        label = f"{package.rsplit('.', 1)[-1]}/{rel}"
    elif isinstance(source, os.PathLike):
        label = short(os.fspath(source), 120).strip("'")
        raw = read_limited(source, kind)
    else:
        raise BoardDataError(f"{short(source)} is not a {kind}: expected "
                             f"{_names(bundled)} or a pathlib.Path")
    try:
        data = bounded_json(raw, MAX_DATA_BYTES)
    except BoundedJSONError as exc:
        raise BoardDataError(f"{label}: {exc}") from None
    try:
        result = parse(data, label)
    except BoardDataError:
        raise
    except Exception as exc:  # a wrong type met deep in a validator: still a data error
        raise BoardDataError(
            f"{label}: malformed {kind} data ({type(exc).__name__}: {short(str(exc), 80)})"
        ) from exc
    if isinstance(source, str):
        _BUNDLED[(package, bundled[source], parse)] = result
    return result


def data_loader(loaded: type[T], *, package: str, bundled: Mapping[str, str], kind: str,
                parse: Callable[[Any, str], T], example_key: str) -> Callable[..., T]:
    """A game's ``load_<data>(source=None)``: the one shape of every data loader.

    The function returned takes None (the first bundled name), a bundled name, a
    ``pathlib.Path`` of a JSON file (read with a size limit), or a ``loaded`` instance
    (returned as is), and reads a file with :func:`load_data`. Its docstring names the
    bundled data and ``example_key``, a key path its errors may name.

    >>> from treasurekit.ahoy.board import load_board
    >>> load_board().island_square, load_board(load_board()) is load_board()
    (21, True)
    """

    def load(source: Any = None) -> T:
        if isinstance(source, loaded):
            return source
        return load_data(source, package=package, bundled=bundled, kind=kind, parse=parse)

    load.__doc__ = (
        f"Load {kind} data: None or {' or '.join(map(repr, bundled))} for bundled data "
        f"(the first is the default), a ``pathlib.Path`` of a JSON file (read with a size "
        f"limit), or a ``{loaded.__name__}`` (returned as is).\n\n"
        "A plain string is never a file name (see :mod:`treasurekit.core.data`).\n\n"
        "Raises:\n    BoardDataError: the file is missing, too large, not JSON, or a key is "
        f"wrong; the message names the file, the key (e.g. ``{example_key}``) and what is "
        "expected.\n")
    return load
