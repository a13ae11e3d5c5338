"""Lines of fire (SJO §7 Shooting).

A shot needs a straight, uninterrupted line of hexes between shooter and target: one
of the six hex directions (ruling SJO-9). Land and water hexes alike carry the line
(over the river, coves and the gaps of jumps); a rock (a drawn obstacle) stops it, and
so does a wounded pirate lying on a hex in between. Unharmed pirates in between do not
stop it unless the option ``line_blockers="all"`` says so (ruling SJO-10).

>>> from treasurekit.sjorovaron.board import load_map
>>> m = load_map()
>>> line_problem(m, m.hex("n13"), m.hex("o16"), blockers={}) is None
True
>>> line_problem(m, m.hex("n13"), m.hex("p14"), blockers={})
'p14 is not on a straight line of hexes from n13'
"""

from __future__ import annotations

from collections.abc import Mapping

from .hexes import DIRECTIONS
from .island import SjoMap

__all__ = ["clear_line", "line_problem", "lines_from"]


def line_problem(
    board: SjoMap, shooter: int, target: int, blockers: Mapping[int, str]
) -> str | None:
    """Why ``shooter`` has no line of fire to ``target``, or None if it has one.

    Args:
        blockers: hex -> words for what lies there and stops a shot (e.g. "the
            wounded Hook"); rocks are taken from the map.
    """
    line = board.between(shooter, target)
    a, b = board.label(shooter), board.label(target)
    if line is None:
        return f"{b} is not on a straight line of hexes from {a}"
    for h in line:
        if board.is_rock(h):
            return f"the rock at {board.label(h)} stands between {a} and {b}"
        what = blockers.get(h)
        if what is not None:
            return f"{what} at {board.label(h)} lies between {a} and {b}"
    return None


#: Per map (by id, with the map to check it is the same one): shooter hex -> {target hex:
#: the bitmask of the hexes strictly between, or None when a rock stands between}, for
#: every map hex on a straight line from the shooter (no entry: no straight line, or the
#: line leaves the map). Immutable map data only, one shooter's lines at a time.
_ROWS: dict[int, tuple[SjoMap, dict[int, dict[int, int | None]]]] = {}


def lines_from(board: SjoMap, shooter: int) -> dict[int, int | None]:
    """Target hex -> :func:`clear_line` of every map hex on a straight line from
    ``shooter`` (cached per map); a hex missing here has no straight line."""
    entry = _ROWS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, {})
        _ROWS[id(board)] = entry
    row = entry[1].get(shooter)
    if row is None:
        row = entry[1][shooter] = _row(board, shooter)
    return row


def _row(board: SjoMap, shooter: int) -> dict[int, int | None]:
    """Along each of the six directions until the line leaves the map: the hexes passed
    so far (``board.between``), cut by the first rock."""
    row: dict[int, int | None] = {}
    if not 0 <= shooter < len(board.hexes):
        return row
    q, r = board.hexes[shooter]
    index = board.index
    for dq, dr in DIRECTIONS:
        bits = 0
        rock = False
        k = 1
        while True:
            h = index.get((q + dq * k, r + dr * k))
            if h is None:  # off the map: every line further on leaves it
                break
            row[h] = None if rock else bits
            bits |= 1 << h
            rock = rock or board.is_rock(h)
            k += 1
    return row


def clear_line(board: SjoMap, shooter: int, target: int) -> int | None:
    """The hexes strictly between ``shooter`` and ``target`` as a bitmask (bit ``h`` for
    hex ``h``) when a straight line with no rock joins them, else None: a shot has a
    line of fire exactly when this is not None and no blocker's bit is set in it (the
    same answer as :func:`line_problem` without building its words; for search)."""
    return lines_from(board, shooter).get(target)
