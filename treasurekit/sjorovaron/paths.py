"""Walking over land (SJO §5): every end hex reachable with exactly the rolled number of
steps, each with one path, and the check of a path a player writes out.

A walk takes exactly ``steps`` steps between neighbouring land hexes of one height (a
slope joins both heights), enters each hex at most once in the turn (the starting
hex included, ruling SJO-5), never enters a hex held by an unharmed opponent, and may
not end on a hex in ``no_end`` (a wounded pirate about to stand up, SJO §7).

:class:`Walker` enumerates self-avoiding walks depth first with bitmask pruning: a
branch is cut as soon as every hex it could still end on (within walking distance of
the remaining steps) has already been found. In open land a roll of 6 is answered
after a few hundred nodes instead of the ~12,000 walks a full enumeration visits.

>>> from treasurekit.sjorovaron.board import load_map
>>> m = load_map()
>>> w = walker(m)
>>> ends = w.walks(m.hex("q14"), 2, blocked=0, no_end=0)
>>> len(ends), [m.label(h) for h in ends[m.hex("q16")]]
(15, ['q15', 'q16'])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

from ..core.draft import builder
from .island import SjoMap
from .moves import Walk

__all__ = ["MAX_STEPS", "Walker", "mask", "walker"]

#: ``Walk(path)`` without the frozen ``__init__`` (core's ``builder``): the same value.
_build_walk = builder(Walk)

#: The die's largest face: the longest walk.
MAX_STEPS = 6


def mask(hexes: Iterable[int]) -> int:
    """A bitmask with bit ``h`` set for every hex ``h``."""
    out = 0
    for h in hexes:
        out |= 1 << h
    return out


class Walker:
    """Walking tables of one map: steps, and per hex the hexes within 0..6 steps."""

    def __init__(self, board: SjoMap) -> None:
        self.board = board
        n = len(board.hexes)
        self.steps: tuple[tuple[int, ...], ...] = board.steps
        self.bits: tuple[int, ...] = tuple(1 << h for h in range(n))
        #: The land hexes as a bitmask.
        self.land: int = mask(h for h in range(n) if board.is_land(h))
        #: ``around[h]``: the hexes one step from ``h``, as a bitmask.
        self.around: tuple[int, ...] = tuple(mask(s) for s in self.steps)
        balls: list[tuple[int, ...]] = []
        for h in range(n):
            if not board.is_land(h):
                balls.append((0,) * (MAX_STEPS + 1))
                continue
            dist = {h: 0}
            queue = deque([h])
            while queue:
                x = queue.popleft()
                if dist[x] == MAX_STEPS:
                    continue
                for y in self.steps[x]:
                    if y not in dist:
                        dist[y] = dist[x] + 1
                        queue.append(y)
            rows = [0] * (MAX_STEPS + 1)
            for y, d in dist.items():
                for r in range(d, MAX_STEPS + 1):
                    rows[r] |= 1 << y
            balls.append(tuple(rows))
        #: ``ball[h][r]``: land hexes within ``r`` walking steps of ``h`` (no blockers).
        self.ball: tuple[tuple[int, ...], ...] = tuple(balls)
        self._open: dict[tuple[int, int, bool], dict[int, tuple[tuple[int, ...], int]]] = {}
        self._open_paths: dict[tuple[int, int, bool], dict[int, tuple[int, ...]]] = {}
        self._open_ends: dict[tuple[int, int, bool], int] = {}
        #: Every hex some kept walk of the empty island enters (its end included).
        self._open_union: dict[tuple[int, int, bool], int] = {}
        #: The four above in one entry per key: (walks with masks, paths, ends, union).
        self._kept: dict[tuple[int, int, bool], tuple[
            dict[int, tuple[tuple[int, ...], int]], dict[int, tuple[int, ...]], int, int]] = {}
        self._moves: dict[tuple[int, ...], Walk] = {}
        self._paths: dict[tuple[str, ...], tuple[int, ...]] = {}
        self._open_moves: dict[int, tuple[dict[int, tuple[int, ...]], list[Walk]]] = {}
        self._open_ids: set[int] = set()
        #: The walks of the empty island (no return to the start) are kept for every land
        #: hex, a roll at a time: ``_layers`` rolls are built (see :meth:`open_walks`).
        self._layers = 0
        self._land: tuple[int, ...] = tuple(h for h in range(n) if board.is_land(h))

    def candidates(self, start: int, steps: int, blocked: int) -> int:
        """Hexes within ``steps`` steps of ``start`` around blockers (any path length)."""
        around = self.around
        seen = self.bits[start]
        frontier = [start]
        for _ in range(steps):
            grow = 0
            for x in frontier:
                grow |= around[x]
            grow &= ~(seen | blocked)
            if not grow:
                break
            seen |= grow
            frontier = []
            while grow:  # the hexes of ``grow``, one bit at a time
                low = grow & -grow
                frontier.append(low.bit_length() - 1)
                grow ^= low
        return seen

    def walks(
        self,
        start: int,
        steps: int,
        blocked: int,
        no_end: int,
        prefer: Sequence[int] = (),
        revisit_start: bool = False,
    ) -> dict[int, tuple[int, ...]]:
        """End hex -> one path (the hexes entered, start excluded) of exactly ``steps``.

        Args:
            blocked: bitmask of hexes that may not be entered (unharmed opponents).
            no_end: bitmask of hexes a walk may pass but not end on.
            prefer: hexes worth passing (a wounded pirate's map pieces, a lying chest):
                for every end hex, a path through the first of them that can be
                passed is chosen when one exists.
            revisit_start: allow the walk to come back to its starting hex.

        The walks of an empty island are computed once per (start, steps) and kept;
        with blockers, only the end hexes whose kept path is blocked are searched again.
        """
        if steps <= 0:
            return {}
        key = (start, steps, revisit_start)
        kept = self._kept.get(key)
        if kept is None:
            self.open_walks(start, steps, revisit_start)
            kept = self._kept[key]
        table, paths, ends, union = kept
        if not prefer and not (blocked | no_end) & union:
            # no kept walk enters a blocked hex nor ends where it may not: they all stand
            # (every hex of ``union`` is within reach: no need to cut the masks first)
            return paths
        reach = self.ball[start][steps]
        blocked &= reach
        no_end &= reach
        if prefer:
            prefer = [p for p in prefer if reach >> p & 1 and not blocked >> p & 1]
            if not prefer and not (blocked | no_end) & union:
                return paths
        found: dict[int, tuple[int, ...]] = {}
        cand = -1
        # a walk found around blockers is a walk of the empty island too: only the empty
        # island's end hexes can be found, and keeping the others out of the candidates
        # lets the search stop as soon as those are done (the same walks, found sooner)
        if prefer:
            cand = self._candidates(start, steps, blocked, no_end, revisit_start) & ends
            for target in prefer:
                self._search(start, steps, blocked, cand, found, target, revisit_start)
        missing = False
        for end, (path, pmask) in table.items():
            if pmask & blocked:  # (a blocked end hex is in its own path's mask)
                if not (missing or (blocked | no_end) >> end & 1 or end in found):
                    missing = True
                continue
            if no_end >> end & 1 or end in found:
                continue
            found[end] = path
        if missing:
            if cand < 0:
                cand = self._candidates(start, steps, blocked, no_end, revisit_start) & ends
            self._search(start, steps, blocked, cand, found, -1, revisit_start)
        return found

    def _candidates(
        self, start: int, steps: int, blocked: int, no_end: int, revisit_start: bool
    ) -> int:
        cand = self.candidates(start, steps, blocked) & ~no_end
        return cand if revisit_start else cand & ~self.bits[start]

    def open_walks(
        self, start: int, steps: int, revisit_start: bool = False
    ) -> dict[int, tuple[tuple[int, ...], int]]:
        """End hex -> (path, bitmask of the path) on the empty island (cached)."""
        key = (start, steps, revisit_start)
        hit = self._open.get(key)
        if hit is None and not revisit_start and self._layers < steps <= MAX_STEPS:
            self._fill(steps)
            hit = self._open.get(key)
        if hit is None:
            if (not revisit_start and 2 <= steps <= MAX_STEPS
                    and all((n, steps - 1, False) in self._open for n in self.steps[start])):
                # the neighbours' walks are kept already (building them for this one
                # would cost more than the search: most are never asked for)
                hit = dict(sorted(self._compose(start, steps).items()))
            else:
                found: dict[int, tuple[int, ...]] = {}
                cand = self._candidates(start, steps, 0, 0, revisit_start)
                self._search(start, steps, 0, cand, found, -1, revisit_start)
                hit = {end: (path, mask(path)) for end, path in sorted(found.items())}
            self._open[key] = hit
            paths = {end: path for end, (path, _) in hit.items()}
            self._open_paths[key] = paths
            self._open_ends[key] = mask(paths)
            union = 0
            for _, pmask in hit.values():
                union |= pmask
            self._open_union[key] = union
            self._kept[key] = (hit, paths, self._open_ends[key], union)
            self._open_ids.add(id(paths))
        return hit

    def _fill(self, steps: int) -> None:
        """Keep the walks of the empty island from every land hex for each roll up to
        ``steps``, a roll at a time: all but the first roll are built from the walks one
        step shorter (:meth:`_compose`), which costs far less than searching the ones a
        game asks for as it asks (a search per start; a whole map takes well under a
        tenth of a second)."""
        for s in range(self._layers + 1, steps + 1):
            self._layers = s
            for h in self._land:
                self.open_walks(h, s)

    def _compose(self, start: int, steps: int) -> dict[int, tuple[tuple[int, ...], int]]:
        """The walks of the empty island from ``start`` (never entering it again), built
        from the neighbours' walks one step shorter: the first walk to an end hex, in
        the neighbours' order, is the first step to the first neighbour that has a walk
        there avoiding ``start``, followed by that neighbour's first such walk. That is
        its kept walk when the kept walk avoids ``start``; otherwise it is searched for
        around ``start``. The same walks as one search from ``start`` (tested), without
        searching the whole neighbourhood again; used when the neighbours' walks are
        kept already."""
        bits = self.bits
        sbit = bits[start]
        found: dict[int, tuple[tuple[int, ...], int]] = {}
        for n in self.steps[start]:
            nbit = bits[n]
            passing = 0  # ends whose kept walk from n goes through start
            for end, (path, pmask) in self.open_walks(n, steps - 1).items():
                if end == start or end in found:
                    continue
                if pmask & sbit:
                    passing |= bits[end]
                else:
                    found[end] = ((n, *path), pmask | nbit)
            if passing:
                around: dict[int, tuple[int, ...]] = {}
                self._search(n, steps - 1, sbit, passing, around, -1, False)
                for end, path in around.items():
                    found[end] = ((n, *path), mask(path) | nbit)
        return found

    def walk_moves(self, walks: dict[int, tuple[int, ...]]) -> list[Walk]:
        """The :class:`~.moves.Walk` moves of a result of :meth:`walks` (cached for the
        walks of the empty island)."""
        key = id(walks)
        hit = self._open_moves.get(key)
        if hit is not None and hit[0] is walks:
            return hit[1]
        get, made = self._moves.get, self.walk_move
        moves = [get(p) or made(p) for p in walks.values()]
        if key in self._open_ids:
            self._open_moves[key] = (walks, moves)
        return moves

    def path_of(self, labels: tuple[str, ...]) -> tuple[int, ...]:
        """The hex indices of a walk's hex names (cached: map data only).

        Raises:
            ValueError: a name is not a hex of this map.
        """
        path = self._paths.get(labels)
        if path is None:
            hex_of = self.board.hex
            path = tuple(hex_of(x) for x in labels)
            self._paths[labels] = path
        return path

    def walk_move(self, path: tuple[int, ...]) -> Walk:
        """The :class:`~.moves.Walk` for a path of hex indices (cached)."""
        move = self._moves.get(path)
        if move is None:
            labels = tuple(map(self.board.labels.__getitem__, path))
            move = _build_walk(labels)
            self._moves[path] = move
            # the path of a walk handed out is read back without parsing its names
            self._paths.setdefault(labels, path)
        return move

    def _search(
        self,
        start: int,
        steps: int,
        blocked: int,
        cand: int,
        found: dict[int, tuple[int, ...]],
        through: int,
        revisit_start: bool,
    ) -> None:
        ball = self.ball
        nbrs = self.steps
        bits = self.bits
        around = self.around
        done = 0
        for h in found:
            done |= bits[h]
        path: list[int] = []
        visited0 = 0 if revisit_start else bits[start]
        through_bit = bits[through] if through >= 0 else 0

        def dfs(h: int, r: int, visited: int, passed: bool) -> None:
            nonlocal done
            if r == 1:  # the last step, inlined: most nodes are leaves
                # the ends one step away still to find (most leaves have none)
                m = around[h] & cand & ~(visited | blocked | done)
                if not m:
                    return
                if not passed:  # only the hex to pass through can end this walk
                    if m & through_bit:
                        found[through] = (*path, through)
                        done |= through_bit
                    return
                for n in nbrs[h]:  # in the neighbours' order: the order walks are found
                    b = bits[n]
                    if m & b:
                        found[n] = (*path, n)
                        done |= b
                return
            if not passed:
                if not ball[h][r] & through_bit:
                    return
            elif not ball[h][r] & cand & ~done:
                return
            free = ~(visited | blocked)
            if r == 2 and passed:  # the last two steps, inlined: no call per leaf
                for n in nbrs[h]:
                    b = bits[n]
                    if not free & b:
                        continue
                    m = around[n] & cand & ~(visited | b | blocked | done)
                    if not m:
                        continue
                    for x in nbrs[n]:
                        bx = bits[x]
                        if m & bx:
                            found[x] = (*path, n, x)
                            done |= bx
                return
            for n in nbrs[h]:
                b = bits[n]
                if not free & b:
                    continue
                path.append(n)
                dfs(n, r - 1, visited | b, passed or b == through_bit)
                path.pop()

        dfs(start, steps, visited0, through < 0)


_WALKERS: dict[int, tuple[SjoMap, Walker]] = {}


def walker(board: SjoMap) -> Walker:
    """The (cached) :class:`Walker` of a map."""
    entry = _WALKERS.get(id(board))
    if entry is None or entry[0] is not board:
        entry = (board, Walker(board))
        _WALKERS[id(board)] = entry
    return entry[1]
