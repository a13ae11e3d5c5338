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

import struct
from collections import deque
from collections.abc import Collection, Iterable, Sequence

from .board import Board

__all__ = [
    "EMPTY",
    "all_enclosed_areas",
    "carry",
    "enclosed_after",
    "enclosed_areas",
    "placeable_squares",
    "placement_distances",
    "reaches_treasure",
]

#: ``owner[s]`` of a square without a counter.
EMPTY = -1
#: Seats the squares-as-bits path knows (six colours; other values are scanned).
SEATS = 8


def placeable_squares(
    board: Board, owner: Sequence[int], player: int, numbers: Collection[int] | None = None
) -> list[int]:
    """Empty squares ``player`` may take with the right number: free anchorages
    (landings) and empty squares beside one of its counters, not across a river
    (advances). TI2003 §4 Landings, Advances. In the order of ``board.land``.

    ``numbers``: only the squares showing one of these numbers (the dice still usable).
    """
    last = _LAST_GRID  # _grid(board), its first check inlined
    grid = last[1] if last[0] is board else _grid(board)
    if grid is None:
        squares = _placeable_by_scan(board, owner, player)
    else:
        try:
            mask, _ = grid.open(owner, player)
        except (struct.error, LookupError):  # not one seat or EMPTY per square: scan
            squares = _placeable_by_scan(board, owner, player)
        else:
            if numbers is not None:
                shown = grid.shown.get(numbers) if type(numbers) is tuple else None
                if shown is None:
                    shown = grid.showing(numbers)
                    if type(numbers) is tuple and len(grid.shown) < 256:
                        grid.shown[numbers] = shown
                mask &= shown
            return grid.squares(mask)
    if numbers is None:
        return squares
    nums = board.numbers
    return [s for s in squares if nums[s] in numbers]


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


class _Grid:
    """A board's squares as bits, for the questions search asks every ply (what a player
    may take, whether a treasure square is still reachable, what a placement encloses).
    Made once per board: a board is immutable, and nothing here depends on a position.

    A set of squares is an ``int`` with bit ``s`` for square ``s``, so ``owner`` becomes a
    set in C (``struct`` packs it, ``bytes.translate`` marks a seat's squares with the
    digit 1, ``int(..., 2)`` reads the digits), and "the squares beside these" is four
    shifts of the squares that have a neighbour in that direction (rivers cut them out).
    """

    def __init__(self, board: Board) -> None:
        n = len(board.neighbours)
        size = board.size
        nbrs = board.neighbours
        self.pack = struct.Struct(f"{n}b").pack
        self.n = n
        self.shift = size
        #: per seat: a translation table marking that seat's squares with the digit 1
        #: (and every other square with 0)
        self.seat_table = {seat: bytes(b"01"[i == seat] for i in range(256))
                           for seat in range(SEATS)}
        self.empty_table = bytes(b"01"[i == EMPTY % 256] for i in range(256))
        self.east = _bits(s for s in range(n) if s + 1 in nbrs[s])
        self.west = _bits(s for s in range(n) if s - 1 in nbrs[s])
        self.south = _bits(s for s in range(n) if s + size in nbrs[s])
        self.north = _bits(s for s in range(n) if s - size in nbrs[s])
        self.anchorages = _bits(board.anchorages)
        self.treasures = _bits(board.treasure_at)
        self.by_number = {k: _bits(s for s in board.land if board.numbers[s] == k)
                          for k in set(board.numbers)}
        #: each square's bit
        self.bit = tuple(1 << s for s in range(n))
        #: :meth:`showing` of the tuples of numbers asked about (the dice left)
        self.shown: dict[tuple[int, ...], int] = {}
        #: The owner tuple asked about last, or carried to (:func:`carry`), with what is
        #: known of it: ``packed`` (its squares as signed bytes, a bytearray only this
        #: grid holds), ``masks`` (seat -> its squares, for the seats asked about so
        #: far), ``empty`` (the empty squares, or None) and ``answer`` (the last
        #: :meth:`open`: player, reach, empty; or None). A tuple never changes, and the
        #: one kept cannot be freed and its id reused.
        self.owner: object = None
        self.packed = bytearray()
        self.masks: dict[int, int] = {}
        self.empty: int | None = None
        self.answer: tuple[int, int, int] | None = None

    @staticmethod
    def marked(packed: bytes | bytearray, table: bytes) -> int:
        """The squares whose byte of ``packed`` ``table`` turns into the digit 1."""
        return int(packed.translate(table)[::-1], 2)

    def beside(self, mask: int) -> int:
        """The squares next to those of ``mask`` (``board.neighbours``)."""
        shift = self.shift
        return (((mask & self.east) << 1) | ((mask & self.west) >> 1)
                | ((mask & self.south) << shift) | ((mask & self.north) >> shift))

    def open(self, owner: Sequence[int], player: int) -> tuple[int, int]:
        """(the empty squares ``player`` may take, every empty square) as sets.

        What is known of the owner tuple asked about last is kept (a throw asks twice
        about the same player on the same squares, and the next player's throw asks
        about the squares the last placement left, carried by :func:`carry`); a seat's
        squares and the empty squares are read from the packed squares once."""
        if self.owner is not owner:
            if type(owner) is not tuple:  # a list may change: never kept
                packed = self.pack(*owner)
                mine = self.marked(packed, self.seat_table[player])
                empty = self.marked(packed, self.empty_table)
                return (self.beside(mine) | self.anchorages) & empty, empty
            self.packed = bytearray(self.pack(*owner))  # struct.error: not one seat a byte
            self.owner = owner
            self.masks = {}
            self.empty = None
            self.answer = None
        else:
            answer = self.answer
            if answer is not None and answer[0] == player:
                return answer[1], answer[2]
        masks = self.masks
        known = masks.get(player)
        if known is None:
            known = masks[player] = self.marked(self.packed, self.seat_table[player])  # KeyError
        known_empty = self.empty
        if known_empty is None:
            known_empty = self.empty = self.marked(self.packed, self.empty_table)
        shift = self.shift  # self.beside(known), inlined
        beside = (((known & self.east) << 1) | ((known & self.west) >> 1)
                  | ((known & self.south) << shift) | ((known & self.north) >> shift))
        reach = (beside | self.anchorages) & known_empty
        self.answer = (player, reach, known_empty)
        return reach, known_empty

    def showing(self, numbers: Collection[int]) -> int:
        """The land squares showing one of ``numbers``."""
        by_number = self.by_number
        out = 0
        for k in numbers:
            out |= by_number.get(k, 0)
        return out

    @staticmethod
    def squares(mask: int) -> list[int]:
        """The squares of ``mask``, in index order (found from the highest down)."""
        out = []
        while mask:
            top = mask.bit_length() - 1
            out.append(top)
            mask ^= 1 << top
        out.reverse()
        return out


def carry(board: Board, old: Sequence[int], new: Sequence[int], squares: Iterable[int],
          seat: int) -> None:
    """Tell the board's bit sets that the tuple ``new`` is the tuple ``old`` with
    ``squares`` (and nothing else) taken by ``seat``, so that the next question about
    ``new`` reuses what is known of ``old`` (its packed squares changed at those squares;
    the seats' squares and the empty squares, when the squares taken were empty)
    instead of packing ``new`` again. Nothing happens unless ``old`` is the owner tuple
    asked about last."""
    last = _LAST_GRID  # _grid(board), its first check inlined
    grid = last[1] if last[0] is board else _grid(board)
    if grid is None:
        return
    if grid.owner is not old or type(new) is not tuple or not -128 <= seat < 128:
        return  # (a seat outside a signed byte: packing raises, and the scan decides)
    packed = grid.packed  # changed in place: the grid holds the only reference
    bit = grid.bit
    byte = seat & 0xFF
    taken = 0
    try:
        for s in squares:
            packed[s] = byte
            taken |= bit[s]
    except BaseException:
        grid.owner = None  # part changed: forget it
        raise
    grid.owner = new
    grid.answer = None
    empty = grid.empty
    if empty is not None and seat != EMPTY and empty & taken == taken:
        grid.empty = empty ^ taken  # the squares were empty: only ``seat``'s change
        masks = grid.masks
        if seat in masks:
            masks[seat] |= taken
    else:
        grid.masks = {}
        grid.empty = None


def _bits(squares: Iterable[int]) -> int:
    out = 0
    for s in squares:
        out |= 1 << s
    return out


_GRIDS: dict[int, tuple[Board, _Grid | None]] = {}
_LAST_GRID: tuple[Board | None, _Grid | None] = (None, None)


def _grid(board: Board) -> _Grid | None:
    """The board's :class:`_Grid`, or None when its neighbourhood is not the grid's:
    every neighbour an orthogonal land square in the same row or column, ``m`` beside
    ``s`` always meaning ``s`` beside ``m``, anchorages on land, and ``board.land`` in
    index order (then :func:`_placeable_by_scan` and the flood fills decide)."""
    global _LAST_GRID
    last = _LAST_GRID
    if last[0] is board:  # the board asked about last (one game's board, ply after ply)
        return last[1]
    hit = _GRIDS.get(id(board))
    if hit is None or hit[0] is not board:
        nbrs = board.neighbours
        size = board.size
        land = set(board.land)
        n = len(nbrs)
        ok = (
            n == size * size
            and _symmetric(board)
            and list(board.land) == sorted(land)
            and board.anchorages <= land
            and all(
                m in land
                and (abs(m - s) == size or (abs(m - s) == 1 and m // size == s // size))
                for s in range(n) for m in nbrs[s]
            )
        )
        hit = _GRIDS[id(board)] = (board, _Grid(board) if ok else None)
    _LAST_GRID = hit
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
    if owner[start] != EMPTY or start in anchor:
        seen.add(start)
        return None
    local = {start}
    stack = [start]
    # a square is tested as it is reached (not as it is taken from the stack): the
    # piece is the same either way, and a counter or anchorage beside any square of
    # it ends the flood at once
    while stack:
        for m in nbrs[stack.pop()]:
            if m in local:
                continue
            o = owner[m]
            if o == player:
                continue
            if o != EMPTY or m in anchor or m in seen:
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
    anchor = board.anchorages
    for start in board.neighbours[square]:
        o = owner[start]
        if o == player or start in seen:
            continue
        if o != EMPTY or start in anchor:  # a counter or a free anchorage: not enclosed
            continue  # (as _piece decides at once; its square stops later floods too)
        area = _piece(board, owner, player, start, seen)
        if area is not None:
            found.append(area)
    return sorted(found)


def enclosed_after(board: Board, before: Sequence[int], player: int, square: int
                   ) -> list[list[int]] | None:
    """:func:`enclosed_areas` of the owner tuple ``before`` with ``square`` taken by
    ``player``, from the board's bit sets when ``before`` is the tuple they know (asked
    about last or carried to), else None (then :func:`enclosed_areas` decides).

    Each piece is flooded a ring at a time over the empty squares that are not
    anchorages, and given up on as soon as a ring touches a square that is neither
    ``player``'s nor such a square (an opposing counter, a free anchorage), or one an
    earlier flood reached: the areas are those :func:`enclosed_areas` finds (which
    squares a flood that gives up has reached changes nothing found)."""
    last = _LAST_GRID  # _grid(board), its first check inlined
    grid = last[1] if last[0] is board else _grid(board)
    if grid is None or grid.owner is not before:
        return None
    masks = grid.masks
    mine = masks.get(player)
    if mine is None:
        table = grid.seat_table.get(player)
        if table is None:
            return None
        mine = masks[player] = grid.marked(grid.packed, table)
    empty = grid.empty
    if empty is None:
        empty = grid.empty = grid.marked(grid.packed, grid.empty_table)
    bit = grid.bit
    taken = bit[square]
    mine |= taken
    # the squares a flood may pass through and no earlier flood reached: empty, not an
    # anchorage (a start that is not one is a counter or a free anchorage, not enclosed)
    free = empty & ~(taken | grid.anchorages)
    east, west, south, north = grid.east, grid.west, grid.south, grid.north
    shift = grid.shift
    found = []
    for start in board.neighbours[square]:  # (not ``square``: not its own neighbour)
        piece = bit[start]
        if not piece & free:
            continue
        allowed = mine | free
        while True:
            ring = (((piece & east) << 1) | ((piece & west) >> 1)
                    | ((piece & south) << shift) | ((piece & north) >> shift))
            if ring | allowed != allowed:  # a counter, a free anchorage or an earlier flood
                break
            wider = piece | (ring & free)
            if wider == piece:  # nothing more to reach: enclosed
                found.append(grid.squares(piece))
                break
            piece = wider
        free ^= piece  # (a piece is all free squares)
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
    board: Board, owner: Sequence[int], player: int, targets: Iterable[int] | None = None
) -> bool:
    """Can ``player`` still reach an unopened treasure square (TI2003 §9 Using both dice)?

    A square is reachable if a chain of empty squares joins it to a free anchorage or
    to one of the player's counters. ``targets`` defaults to the board's treasure
    squares that are still empty (unopened).
    """
    last = _LAST_GRID  # _grid(board), its first check inlined
    grid = None if targets is not None else last[1] if last[0] is board else _grid(board)
    if grid is not None:
        try:
            reach, empty = grid.open(owner, player)
        except (struct.error, LookupError):
            pass
        else:
            # flood the empty squares from those the player may take, a ring at a time
            targets_left = grid.treasures & empty
            if not targets_left:
                return False
            while not reach & targets_left:
                wider = reach | (grid.beside(reach) & empty)
                if wider == reach:
                    return False
                reach = wider
            return True
    goal = {s for s in (board.treasure_at if targets is None else targets) if owner[s] == EMPTY}
    if not goal:
        return False
    start = _entries(board, owner, player)
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
