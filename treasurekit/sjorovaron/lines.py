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

from .island import SjoMap

__all__ = ["clear_line", "line_problem"]


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


#: Per map (by id, with the map to check it is the same one): ``(a, b)`` -> the bitmask
#: of the hexes strictly between, or None when no rock-free straight line joins them.
#: Immutable map data only (the map's hexes and rocks), filled as lines are asked for.
_CLEAR: dict[int, tuple[SjoMap, dict[tuple[int, int], int | None]]] = {}


def clear_line(board: SjoMap, shooter: int, target: int) -> int | None:
    """The hexes strictly between ``shooter`` and ``target`` as a bitmask (bit ``h`` for
    hex ``h``) when a straight line with no rock joins them, else None: a shot has a
    line of fire exactly when this is not None and no blocker's bit is set in it (the
    same answer as :func:`line_problem` without building its words; for search)."""
    entry = _CLEAR.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, {})
        _CLEAR[id(board)] = entry
    table = entry[1]
    key = (shooter, target)
    try:
        return table[key]
    except KeyError:
        pass
    line = board.between(shooter, target)
    bits: int | None = None
    if line is not None and not any(board.is_rock(h) for h in line):
        bits = 0
        for h in line:
            bits |= 1 << h
    table[key] = bits
    return bits
