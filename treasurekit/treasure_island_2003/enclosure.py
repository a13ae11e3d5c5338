"""Pure board geometry: where a player may place, enclosed areas, reachable treasure.

Every function takes the board and ``owner``, a sequence giving for each square the
seat whose counter stands there or ``EMPTY``. Connections between squares are the
board's ``neighbours``: orthogonal land squares not separated by a river, so lakes,
the sea and rivers all cut the island the same way (ruling TI2003-11).

An **enclosed area** of player P (TI2003 §4 Enclosed areas) is a set of squares that
no other player can ever advance into: bounded on every side by P's counters, rivers,
lakes or the sea, holding no opposing counter and no free anchorage. Put another way:
take the squares *not* occupied by P and split them into connected pieces; a piece
made only of empty squares, none of them an anchorage, is enclosed. (A piece with an
opposing counter in it can be advanced into from that counter; a piece with a free
anchorage can be landed on.) A placement by P can only cut a piece that contained
the square P just took, so after a placement only the pieces around that square are
flood-filled.

>>> from treasurekit.treasure_island_2003.board import load_board
>>> board = load_board("small")
>>> owner = [EMPTY] * (board.size ** 2)
>>> for name in ("d3", "c4"):       # Red holds d3 and c4: the corner c3 is cut off
...     owner[board.square(name)] = 0
>>> areas = enclosed_areas(board, owner, 0, board.square("c4"))
>>> [[board.name_of(s) for s in area] for area in areas]
[['c3']]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from .board import Board

__all__ = [
    "EMPTY",
    "all_enclosed_areas",
    "enclosed_areas",
    "placeable_squares",
    "placement_distances",
    "reaches_treasure",
]

#: ``owner[s]`` of a square without a counter.
EMPTY = -1


def placeable_squares(board: Board, owner: Sequence[int], player: int) -> list[int]:
    """Empty squares ``player`` may take with the right number: free anchorages
    (landings) and empty squares beside one of its counters, not across a river
    (advances). TI2003 §4 Landings, Advances. In the order of ``board.land``."""
    tables = _tables(board)
    if tables is None:
        return _placeable_by_scan(board, owner, player)
    # Neighbourhood is symmetric: the squares beside the player's counters are found
    # from the counters (few) instead of from every land square (this dominated search).
    # The counters are found by ``index`` (a scan in C), not by a loop over every square.
    found = {s for s in tables.anchorages if owner[s] == EMPTY}
    nbrs = board.neighbours
    index = owner.index
    s = -1
    for _ in range(owner.count(player)):
        s = index(player, s + 1)
        for m in nbrs[s]:
            if owner[m] == EMPTY:
                found.add(m)
    return sorted(found, key=tables.rank.__getitem__)


def _placeable_by_scan(board: Board, owner: Sequence[int], player: int) -> list[int]:
    """:func:`placeable_squares` by scanning every land square (any neighbourhood)."""
    out = []
    nbrs = board.neighbours
    anchor = board.anchorages
    for s in board.land:
        if owner[s] != EMPTY:
            continue
        if s in anchor:
            out.append(s)
            continue
        for m in nbrs[s]:
            if owner[m] == player:
                out.append(s)
                break
    return out


class _Tables:
    """What :func:`placeable_squares` reads from a board, computed once per board (a
    board is immutable): its anchorages, and each land square's place in ``board.land``."""

    __slots__ = ("anchorages", "board", "rank")

    def __init__(self, board: Board) -> None:
        self.board = board
        self.anchorages = tuple(sorted(board.anchorages))
        rank = [len(board.land)] * len(board.neighbours)
        for i, s in enumerate(board.land):
            rank[s] = i
        self.rank = tuple(rank)


_TABLES: dict[int, tuple[Board, _Tables | None]] = {}


def _tables(board: Board) -> _Tables | None:
    """The board's tables, or None when squares beside a player's counters cannot be
    found from the counters: a neighbourhood that is not symmetric (``m`` beside ``s``
    without ``s`` beside ``m``), or an anchorage or neighbour that is not a land square
    (then :func:`_placeable_by_scan` decides)."""
    hit = _TABLES.get(id(board))
    if hit is None or hit[0] is not board:
        nbrs = board.neighbours
        land = set(board.land)
        ok = (_symmetric(board) and board.anchorages <= land
              and all(m in land for ms in nbrs for m in ms))
        hit = _TABLES[id(board)] = (board, _Tables(board) if ok else None)
    return hit[1]


_SYMMETRIC: dict[int, tuple[Board, bool]] = {}


def _symmetric(board: Board) -> bool:
    """Whether ``m`` beside ``s`` always means ``s`` beside ``m`` (computed once per board)."""
    hit = _SYMMETRIC.get(id(board))
    if hit is None or hit[0] is not board:
        nbrs = board.neighbours
        flag = all(s in nbrs[m] for s in range(len(nbrs)) for m in nbrs[s])
        hit = _SYMMETRIC[id(board)] = (board, flag)
    return hit[1]


def _piece(
    board: Board, owner: Sequence[int], player: int, start: int, seen: set[int]
) -> list[int] | None:
    """Flood the piece of non-``player`` squares around ``start``; return its squares if
    it is enclosed, else None (stopping at the first opposing counter or free anchorage).

    ``seen`` holds the squares of earlier floods. An earlier flood that found an area
    covered its whole piece, so reaching one of its squares means reaching a piece an
    earlier flood gave up on: this piece is that one and is not enclosed either.
    """
    nbrs = board.neighbours
    anchor = board.anchorages
    local = {start}
    stack = [start]
    while stack:
        s = stack.pop()
        if owner[s] != EMPTY or s in anchor:
            seen.update(local)
            return None
        for m in nbrs[s]:
            if m not in local and owner[m] != player:
                if m in seen:
                    seen.update(local)
                    return None
                local.add(m)
                stack.append(m)
    seen.update(local)
    return sorted(local)


def enclosed_areas(board: Board, owner: Sequence[int], player: int, square: int) -> list[list[int]]:
    """The areas ``player`` encloses by having just taken ``square`` (TI2003 §4 Enclosed
    areas): each a sorted list of empty squares, in the order of their first square."""
    seen: set[int] = set()
    found = []
    for start in board.neighbours[square]:
        if owner[start] == player or start in seen:
            continue
        area = _piece(board, owner, player, start, seen)
        if area is not None:
            found.append(area)
    return sorted(found)


def all_enclosed_areas(board: Board, owner: Sequence[int], player: int) -> list[list[int]]:
    """Every area enclosed by ``player`` anywhere on the board (for hand-set positions
    and analysis; play only ever needs :func:`enclosed_areas`)."""
    seen: set[int] = set()
    found = []
    for s in board.land:
        if owner[s] == player or s in seen:
            continue
        area = _piece(board, owner, player, s, seen)
        if area is not None:
            found.append(area)
    return sorted(found)


def _entries(board: Board, owner: Sequence[int], player: int) -> list[int]:
    return placeable_squares(board, owner, player)


def placement_distances(board: Board, owner: Sequence[int], player: int) -> dict[int, int]:
    """For every empty square ``player`` can still reach: the fewest placements needed to
    take it (1 for a square it may take now), moving through empty squares only."""
    dist = {s: 1 for s in _entries(board, owner, player)}
    todo = deque(dist)
    nbrs = board.neighbours
    while todo:
        s = todo.popleft()
        for m in nbrs[s]:
            if owner[m] == EMPTY and m not in dist:
                dist[m] = dist[s] + 1
                todo.append(m)
    return dist


def reaches_treasure(
    board: Board, owner: Sequence[int], player: int, targets: Iterable[int] | None = None,
    entries: Sequence[int] | None = None,
) -> bool:
    """Can ``player`` still reach an unopened treasure square (TI2003 §9 Using both dice)?

    A square is reachable if a chain of empty squares joins it to a free anchorage or
    to one of the player's counters. ``targets`` defaults to the board's treasure
    squares that are still empty (unopened). ``entries``: the squares the player may
    take now, ``placeable_squares(board, owner, player)``, when the caller has them.
    """
    goal = {s for s in (board.treasure_at if targets is None else targets) if owner[s] == EMPTY}
    if not goal:
        return False
    start = _entries(board, owner, player) if entries is None else entries
    seen = set(start)
    todo = list(start)
    nbrs = board.neighbours
    while todo:
        s = todo.pop()
        if s in goal:
            return True
        for m in nbrs[s]:
            if owner[m] == EMPTY and m not in seen:
                seen.add(m)
                todo.append(m)
    return False
