"""Every hint of Treasure Island (2018): its parameters, whether it is true, the region
its parameters' normal form and checks, the CONFESSION questions and the sampled
parameters of ``legal_moves``.

A played Starting Hint or Black Spot Hint (TI2018 §10) is ``(kind, args)`` plus the
:class:`Situation` on the board when it was played (where the miniatures stood,
their lines, the searched circles): its geometry depends on that moment only, so a
hint drawn on 3 June stays the same drawing later. ``args`` are short words, the
same as in the move notation (``hint distance red 4-7 truth``):

=============  =================================  ==================================
kind           args                               the treasure ...
=============  =================================  ==================================
decoy          ``blue red``                       is nearest to one of the two
bearings       ``red:n`` (``red:n blue:s``)       is north / south of each miniature
vast           ``red`` or ``none``                is within 8 miles of red / of none
miles          ``red`` or ``none``                is more than 6 miles from red / ...
sextant        ``red n ne e``                     is in one of the 3 sectors round red
manuscript     ``d3 d7``                          is not in districts 3 and 7
altitude       ``volcano`` / ``deep_water`` /     is beyond that dotted line
               ``ruined_temple``
confession     ``p2 near red 5 yes``              answers p2's question (ruling TI2018-18)
whichway       ``red:closer blue:further``        was approached / left by each last move
parrot         (none)                             (the districts it reveals are clues)
compass        ``red n ne``                       is in one of the 2 sectors round red
illusion       ``blue red`` or ``none``           is within 4 miles of one of the two
nose           ``red``                            is nearest red's lines and crosses
instinct       ``near`` or ``far``                is within 1 mile of a searched circle
bermuda        ``t1 t4 red`` or ``none``          is inside the triangle
close          ``red`` or ``none``                is within 6 miles of red
deduction      ``forest water``                   is in neither zone type
distance       ``red 4-7`` or ``none``            is 4 to 7 miles from red
=============  =================================  ==================================

``none`` is how Silver says "that is impossible" (ruling TI2018-22). Whether a hint is
*true* is decided with exact distances; the hint's *region* is shapely geometry that
never leaves out a point where the hint is true (circles are polygons on the safe
side, ruling TI2018-16), and a treasure on the border of a hint counts as inside it
(TI2018 §5: the treasure can be on the border of a hint).

A hint's region and drawings are in ``regions.py``, its words in ``hint_words.py``; the
other clues a pirate holds (District Hints, Compass Hints, Chest information tokens,
the circles searched in vain, the districts revealed) in ``clues.py``.

>>> from treasurekit.treasure_island_2018.map_data import load_map
>>> m = load_map()
>>> sit = Situation(positions=(("red", (6.0, 10.6)), ("blue", (15.5, 5.0))))
>>> truthful("distance", ("red", "4-7"), sit, m, (10.0, 10.6))
True
>>> truthful("distance", ("red", "5-8"), sit, m, (10.0, 10.6))
False
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

import shapely  # type: ignore[import-untyped]

from ..core.inputs import is_digits
from .geometry import (
    EPS,
    SECTOR_NAMES,
    Pt,
    distance,
    point_segment_distance,
    sector_of,
)
from .map import ALTITUDES, ZONES, IslandMap

if TYPE_CHECKING:
    pass

__all__ = [
    "BANDS",
    "NONE",
    "ONE_MINI",
    "QUESTIONS",
    "Situation",
    "args_problem",
    "candidates",
    "canonical_args",
    "question_true",
    "tower_pairs",
    "truthful",
]

#: DISTANCE bands (miles).
BANDS = {"4-7": (4.0, 7.0), "5-8": (5.0, 8.0), "7-9": (7.0, 9.0)}
#: Hint kinds whose args end with a miniature or ``none`` (the "impossible" answer).
ONE_MINI = {"vast": 8.0, "miles": 6.0, "close": 6.0}
#: CONFESSION question forms (ruling TI2018-18).
QUESTIONS = ("district", "zone", "north", "east", "near")
NONE = "none"


@dataclass(frozen=True)
class Situation:
    """The board when a hint is played (what its geometry depends on).

    Attributes:
        positions: ``(miniature, (x, y))`` for every miniature on the board.
        trails: ``(miniature, lines)``: every movement line ``(a, b)`` and position
            cross ``(p, p)`` drawn for that miniature (for RIGHT UNDER YOUR NOSE).
        last_moves: ``(miniature, from, to)`` for miniatures whose last move was a drawn
            line (not a Full Gallop), for WHICH WAY?.
        searches: ``(centre, radius)`` of every search circle drawn so far.
    """

    positions: tuple[tuple[str, Pt], ...]
    trails: tuple[tuple[str, tuple[tuple[Pt, Pt], ...]], ...] = ()
    last_moves: tuple[tuple[str, Pt, Pt], ...] = ()
    searches: tuple[tuple[Pt, float], ...] = ()

    @cached_property
    def minis(self) -> tuple[str, ...]:
        return tuple(m for m, _ in self.positions)

    def pos(self, mini: str) -> Pt:
        for m, p in self.positions:
            if m == mini:
                return p
        raise KeyError(mini)

    def last_move(self, mini: str) -> tuple[Pt, Pt] | None:
        for m, a, b in self.last_moves:
            if m == mini:
                return (a, b)
        return None

    def trail(self, mini: str) -> tuple[tuple[Pt, Pt], ...]:
        for m, lines in self.trails:
            if m == mini:
                return lines
        return ((self.pos(mini), self.pos(mini)),)


# ----- canonical args ------------------------------------------------------------------
def _sort_minis(ms: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(ms))


def _sector_key(s: str) -> int:
    return SECTOR_NAMES.index(s) if s in SECTOR_NAMES else 99


def canonical_args(kind: str, args: Sequence[str]) -> tuple[str, ...]:
    """The normal form of a hint's args (sorted where the order means nothing), so the
    move text round-trips.

    >>> canonical_args("decoy", ["red", "blue"])
    ('blue', 'red')
    >>> canonical_args("sextant", ["red", "e", "n", "ne"])
    ('red', 'n', 'ne', 'e')
    """
    a = tuple(args)
    if kind in ("decoy", "illusion") and len(a) == 2:
        return _sort_minis(a)
    if kind in ("bearings", "whichway"):
        return tuple(sorted(a))
    if kind in ("sextant", "compass") and a:
        return (a[0], *sorted(a[1:], key=_sector_key))
    if kind == "manuscript":
        return tuple(sorted(a, key=lambda d: int(d[1:]) if is_digits(d[1:]) else 99))
    if kind == "deduction":
        return tuple(sorted(a, key=lambda z: ZONES.index(z) if z in ZONES else 99))
    if kind == "bermuda" and len(a) == 3:
        towers = sorted(a[:2], key=lambda t: int(t[1:]) if is_digits(t[1:]) else 99)
        return (*towers, a[2])
    return a


# ----- argument checks -------------------------------------------------------------------
def _mini_problem(m: str, sit: Situation) -> str | None:
    if m not in sit.minis:
        on = ", ".join(sit.minis)
        return f"{m!r} is not a miniature on the board (on the board: {on}; ruling TI2018-32)"
    return None


def bearings_count(players: int) -> int:
    """DON'T LOSE YOUR BEARINGS names 1 miniature with 2 or 4 players, 2 with 3 or 5."""
    return 1 if players in (2, 4) else 2


def args_problem(
    kind: str, args: Sequence[str], sit: Situation, imap: IslandMap, players: int
) -> str | None:
    """Why ``args`` are not a well-formed choice for ``kind`` in this situation, or None.

    It checks the form only (miniatures on the board, sectors, bands, towers...), not
    whether the hint is true and not the state-dependent choices (MANUSCRIPT's districts,
    CONFESSION's questions, WHICH WAY?'s miniatures: see the state).
    """
    a = tuple(args)
    if kind in ("decoy", "illusion"):
        if kind == "illusion" and a == (NONE,):
            return None
        if len(a) != 2 or a[0] == a[1]:
            return "name two different miniatures" + (" (or 'none')" if kind == "illusion"
                                                      else "")
        return _mini_problem(a[0], sit) or _mini_problem(a[1], sit)
    if kind == "bearings":
        need = bearings_count(players)
        if len(a) != need:
            return (f"with {players} players this hint names {need} miniature"
                    f"{'s' if need > 1 else ''}, e.g. 'red:n'")
        seen = set()
        for w in a:
            m, _, d = w.partition(":")
            if d not in ("n", "s"):
                return f"{w!r}: write miniature:n (north) or miniature:s (south)"
            if m in seen:
                return f"{m} is named twice"
            seen.add(m)
            problem = _mini_problem(m, sit)
            if problem:
                return problem
        return None
    if kind in ONE_MINI or kind == "nose":
        if len(a) != 1:
            return "name one miniature" + ("" if kind == "nose" else " (or 'none')")
        if a[0] == NONE and kind != "nose":
            return None
        return _mini_problem(a[0], sit)
    if kind in ("sextant", "compass"):
        need = 3 if kind == "sextant" else 2
        if len(a) != need + 1:
            return f"name a miniature and {need} compass directions, e.g. 'red n ne'"
        secs = a[1:]
        bad = [s for s in secs if s not in SECTOR_NAMES]
        if bad:
            return f"{bad[0]!r} is not a compass direction ({', '.join(SECTOR_NAMES)})"
        if len(set(secs)) != len(secs):
            return "the directions must be different"
        return _mini_problem(a[0], sit)
    if kind == "manuscript":
        if len(a) != 2 or a[0] == a[1]:
            return "name two different districts, e.g. 'd3 d7'"
        for d in a:
            if not (d.startswith("d") and is_digits(d[1:]) and 1 <= int(d[1:]) <= len(
                    imap.districts)):
                return f"{d!r} is not a district (d1-d{len(imap.districts)})"
        return None
    if kind == "altitude":
        if len(a) != 1 or a[0] not in ALTITUDES:
            return f"choose one of {', '.join(ALTITUDES)}"
        return None
    if kind == "confession":
        if len(a) < 3 or a[-1] not in ("yes", "no"):
            return "write the pirate whose question is answered and yes or no"
        return question_problem(a[1:-1], sit, imap)
    if kind == "whichway":
        # TI2018 Black Spot Hints: Silver designates 2 miniatures; fewer only when fewer
        # than 2 may be named (ruling TI2018-20)
        eligible = [m for m in sit.minis if sit.last_move(m) is not None]
        need = min(2, len(eligible))
        if a == (NONE,):
            if need:
                return (f"{need} miniature{'s' if need > 1 else ''} can be named "
                        f"({', '.join(eligible)}): 'none' is allowed only when no miniature "
                        "has a movement line as its last move (ruling TI2018-20)")
            return None
        seen = set()
        for w in a:
            m, _, d = w.partition(":")
            if d not in ("closer", "further"):
                return f"{w!r}: write miniature:closer or miniature:further"
            if m in seen:
                return f"{m} is named twice"
            seen.add(m)
            problem = _mini_problem(m, sit)
            if problem:
                return problem
            if sit.last_move(m) is None:
                return (f"{m} has no movement line as its last move (a Full Gallop or no "
                        "move yet): it cannot be named (ruling TI2018-20)")
        if len(a) != need:
            return (f"name {need} miniature{'s' if need > 1 else ''} as miniature:closer or "
                    f"miniature:further: {len(eligible)} can be named ({', '.join(eligible)}) "
                    "and Silver designates 2 whenever 2 can be (ruling TI2018-20)")
        return None
    if kind == "parrot":
        return None if not a else "PARROT takes no parameters"
    if kind == "instinct":
        return None if a in (("near",), ("far",)) else "say 'near' or 'far'"
    if kind == "bermuda":
        if a == (NONE,):
            return None
        if len(a) != 3:
            return "name two black towers and a miniature, e.g. 't1 t4 red' (or 'none')"
        ids = {t.id for t in imap.towers}
        for t in a[:2]:
            if t not in ids:
                return f"{t!r} is not a black tower (t1-t{len(imap.towers)})"
        if a[0] == a[1]:
            return "name two different towers"
        return _mini_problem(a[2], sit)
    if kind == "deduction":
        if len(a) != 2 or a[0] == a[1] or any(z not in ZONES for z in a):
            return f"name two different zone types of {', '.join(ZONES)}"
        return None
    if kind == "distance":
        if a == (NONE,):
            return None
        if len(a) != 2 or a[1] not in BANDS:
            return f"name a miniature and a band ({', '.join(BANDS)}), or 'none'"
        return _mini_problem(a[0], sit)
    return f"{kind!r} is not a hint"


# ----- CONFESSION questions ---------------------------------------------------------------
def question_problem(q: Sequence[str], sit: Situation, imap: IslandMap) -> str | None:
    """Why ``q`` is not a question of the menu (ruling TI2018-18), or None."""
    forms = ("'district 3', 'zone forest', 'north red', 'east red' or 'near red 5'")
    if not q or q[0] not in QUESTIONS:
        return f"a question is {forms}"
    if q[0] == "district":
        if len(q) != 2 or not is_digits(q[1]) or not 1 <= int(q[1]) <= len(imap.districts):
            return f"ask 'district N' with N from 1 to {len(imap.districts)}"
        return None
    if q[0] == "zone":
        if len(q) != 2 or q[1] not in ZONES:
            return f"ask 'zone Z' with Z one of {', '.join(ZONES)}"
        return None
    if q[0] in ("north", "east"):
        if len(q) != 2:
            return f"ask '{q[0]} <miniature>'"
        return _mini_problem(q[1], sit)
    if len(q) != 3 or not is_digits(q[2]) or not 1 <= int(q[2]) <= 30:
        return "ask 'near <miniature> <miles>' with 1 to 30 whole miles"
    return _mini_problem(q[1], sit)


def question_true(q: Sequence[str], sit: Situation, imap: IslandMap, t: Pt, yes: bool) -> bool:
    """Is answering ``yes``/no to question ``q`` true for treasure ``t``? On a border both
    answers are true (the treasure can be on the border of a hint)."""
    if q[0] == "district":
        touching = imap.districts_touching(t)
        return int(q[1]) in touching if yes else touching != (int(q[1]),)
    if q[0] == "zone":
        inside = bool(shapely.intersects_xy(imap.zones[q[1]], t[0], t[1]))
        return inside if yes else not bool(shapely.contains_xy(imap.zones[q[1]], t[0], t[1]))
    p = sit.pos(q[1])
    if q[0] == "north":
        return t[1] >= p[1] - EPS if yes else t[1] <= p[1] + EPS
    if q[0] == "east":
        return t[0] >= p[0] - EPS if yes else t[0] <= p[0] + EPS
    r = float(q[2])
    d = distance(t, p)
    return d <= r + EPS if yes else d >= r - EPS


# ----- truth -----------------------------------------------------------------------------
def _within(t: Pt, p: Pt, r: float) -> bool:
    return distance(t, p) <= r + EPS


def _beyond(t: Pt, p: Pt, r: float) -> bool:
    return distance(t, p) >= r - EPS


def nose_distances(sit: Situation, t: Pt) -> dict[str, float]:
    """Each miniature's distance from ``t`` to its nearest line or cross."""
    return {
        m: min(point_segment_distance(t, a, b) for a, b in sit.trail(m)) for m in sit.minis
    }


def search_gap(sit: Situation, t: Pt) -> float:
    """How far ``t`` lies outside the nearest search circle (inf with no search yet)."""
    return min((distance(t, c) - r for c, r in sit.searches), default=math.inf)


def _in_triangle(t: Pt, a: Pt, b: Pt, c: Pt) -> bool:
    def cross(o: Pt, p: Pt, q: Pt) -> float:
        return (p[0] - o[0]) * (q[1] - o[1]) - (p[1] - o[1]) * (q[0] - o[0])

    d1, d2, d3 = cross(a, b, t), cross(b, c, t), cross(c, a, t)
    scale = max(1.0, abs(cross(a, b, c)))
    eps = 1e-9 * scale
    has_neg = d1 < -eps or d2 < -eps or d3 < -eps
    has_pos = d1 > eps or d2 > eps or d3 > eps
    if has_neg and has_pos:
        return False
    if abs(cross(a, b, c)) <= eps:  # a degenerate triangle: a segment
        return min(point_segment_distance(t, a, b), point_segment_distance(t, b, c),
                   point_segment_distance(t, a, c)) <= EPS
    return True


# The tests below depend only on the map and one point: the treasure, the same point for
# a whole game, tested again for every hint Silver may play (a few entries suffice).
@lru_cache(maxsize=64)
def _touching(imap: IslandMap, t: Pt) -> frozenset[int]:
    """The districts whose closed polygon contains ``t`` (:meth:`IslandMap.districts_touching`)."""
    return frozenset(imap.districts_touching(t))


@lru_cache(maxsize=64)
def _within_altitude(imap: IslandMap, statement: str, t: Pt) -> bool:
    """``t`` lies inside the ALTITUDE region ``statement`` (its outline included)."""
    return bool(shapely.contains_xy(imap.altitude_regions[statement], t[0], t[1]))


@lru_cache(maxsize=64)
def _in_zone(imap: IslandMap, zone: str, t: Pt) -> bool:
    """``t`` touches the closed area of zone type ``zone``."""
    return bool(shapely.intersects_xy(imap.zones[zone], t[0], t[1]))


@lru_cache(maxsize=8)
def _nose_distances(sit: Situation, t: Pt) -> dict[str, float]:
    """:func:`nose_distances`, kept for the candidates of one hint (read only)."""
    return nose_distances(sit, t)


def truthful(kind: str, args: Sequence[str], sit: Situation, imap: IslandMap, t: Pt) -> bool:
    """Is the hint ``kind`` with ``args`` true when the treasure is at ``t``? (Exact
    distances; on a border a hint counts as true.) Assumes :func:`args_problem` is None."""
    a = tuple(args)
    minis = sit.minis
    if kind == "decoy":
        best = min(distance(t, sit.pos(m)) for m in minis)
        return min(distance(t, sit.pos(m)) for m in a) <= best + EPS
    if kind == "bearings":
        for w in a:
            m, _, d = w.partition(":")
            y = sit.pos(m)[1]
            if (d == "n" and t[1] < y - EPS) or (d == "s" and t[1] > y + EPS):
                return False
        return True
    if kind in ("vast", "close"):
        r = ONE_MINI[kind]
        if a == (NONE,):
            return all(_beyond(t, sit.pos(m), r) for m in minis)
        return _within(t, sit.pos(a[0]), r)
    if kind == "miles":
        if a == (NONE,):
            return all(_within(t, sit.pos(m), 6.0) for m in minis)
        return _beyond(t, sit.pos(a[0]), 6.0)
    if kind in ("sextant", "compass"):
        chosen = {SECTOR_NAMES.index(s) for s in a[1:]}
        return bool(chosen & set(sector_of(sit.pos(a[0]), t)))
    if kind == "manuscript":
        if type(t) is tuple:
            return not _touching(imap, t) <= {int(d[1:]) for d in a}
        return not set(imap.districts_touching(t)) <= {int(d[1:]) for d in a}
    if kind == "altitude":
        if type(t) is tuple:
            return not _within_altitude(imap, a[0], t)
        return not bool(shapely.contains_xy(imap.altitude_regions[a[0]], t[0], t[1]))
    if kind == "confession":
        return question_true(a[1:-1], sit, imap, t, a[-1] == "yes")
    if kind == "whichway":
        if a == (NONE,):
            return True
        for w in a:
            m, _, d = w.partition(":")
            move = sit.last_move(m)
            assert move is not None
            before, after = distance(t, move[0]), distance(t, move[1])
            if d == "closer" and after > before + EPS:
                return False
            if d == "further" and after < before - EPS:
                return False
        return True
    if kind == "parrot":
        return True
    if kind == "illusion":
        if a == (NONE,):
            return all(_beyond(t, sit.pos(m), 4.0) for m in minis)
        return any(_within(t, sit.pos(m), 4.0) for m in a)
    if kind == "nose":
        near_lines = _nose_distances(sit, t) if type(t) is tuple else nose_distances(sit, t)
        return near_lines[a[0]] <= min(near_lines.values()) + EPS
    if kind == "instinct":
        gap = search_gap(sit, t)
        near = gap <= 1.0 + EPS  # exactly one mile counts as within (TI2018 §10 INSTINCT)
        return near if a[0] == "near" else not near
    if kind == "bermuda":
        if a == (NONE,):
            return not any(
                _in_triangle(t, imap.tower(x).xy, imap.tower(y).xy, sit.pos(m))
                for x, y in tower_pairs(imap) for m in minis)
        return _in_triangle(t, imap.tower(a[0]).xy, imap.tower(a[1]).xy, sit.pos(a[2]))
    if kind == "deduction":
        if type(t) is tuple:
            return not any(_in_zone(imap, z, t) for z in a)
        return not any(shapely.intersects_xy(imap.zones[z], t[0], t[1]) for z in a)
    if kind == "distance":
        if a == (NONE,):
            return all(
                distance(t, sit.pos(m)) <= 4.0 + EPS or distance(t, sit.pos(m)) >= 9.0 - EPS
                for m in minis)
        lo, hi = BANDS[a[1]]
        gap = distance(t, sit.pos(a[0]))
        return lo - EPS <= gap <= hi + EPS
    raise ValueError(f"unknown hint kind {kind!r}")


def tower_pairs(imap: IslandMap) -> list[tuple[str, str]]:
    return [(x.id, y.id) for x, y in itertools.combinations(imap.towers, 2)]


# ----- candidate parameters (the legal_moves sample) ---------------------------------------
def candidates(
    kind: str,
    sit: Situation,
    imap: IslandMap,
    players: int,
    *,
    districts: Sequence[int] = (),
    questions: Sequence[tuple[int, tuple[str, ...]]] = (),
) -> list[tuple[str, ...]]:
    """The parameter choices ``legal_moves()`` offers for ``kind`` (ruling TI2018-33):
    every choice for most hints; for SEXTANT and COMPASS only neighbouring sectors
    (any sectors are legal when typed). ``districts``: the District Hints Silver may show
    (MANUSCRIPT); ``questions``: ``(seat, question)`` asked (CONFESSION)."""
    minis = sit.minis
    if kind in ("decoy", "illusion"):
        out = [tuple(p) for p in itertools.combinations(sorted(minis), 2)]
        return out + ([(NONE,)] if kind == "illusion" else [])
    if kind == "bearings":
        k = bearings_count(players)
        return [
            tuple(sorted(f"{m}:{d}" for m, d in zip(ms, ds, strict=True)))
            for ms in itertools.combinations(minis, k)
            for ds in itertools.product("ns", repeat=k)
        ]
    if kind in ONE_MINI:
        return [*((m,) for m in minis), (NONE,)]
    if kind == "nose":
        return [(m,) for m in minis]
    if kind in ("sextant", "compass"):
        k = 3 if kind == "sextant" else 2
        out = []
        for m in minis:
            for start in range(8):
                secs = sorted({(start + i) % 8 for i in range(k)})
                out.append((m, *(SECTOR_NAMES[s] for s in secs)))
        return out
    if kind == "manuscript":
        return [(f"d{x}", f"d{y}") for x, y in itertools.combinations(sorted(districts), 2)]
    if kind == "altitude":
        return [(s,) for s in ALTITUDES]
    if kind == "confession":
        return [(f"p{seat}", *q, ans) for seat, q in questions for ans in ("yes", "no")]
    if kind == "whichway":
        eligible = [m for m in minis if sit.last_move(m) is not None]
        if not eligible:
            return [(NONE,)]
        k = min(2, len(eligible))
        return [
            tuple(sorted(f"{m}:{d}" for m, d in zip(ms, ds, strict=True)))
            for ms in itertools.combinations(eligible, k)
            for ds in itertools.product(("closer", "further"), repeat=k)
        ]
    if kind == "parrot":
        return [()]
    if kind == "instinct":
        return [("near",), ("far",)]
    if kind == "bermuda":
        return [(x, y, m) for x, y in tower_pairs(imap) for m in minis] + [(NONE,)]
    if kind == "deduction":
        return [tuple(p) for p in itertools.combinations(ZONES, 2)]
    if kind == "distance":
        return [(m, b) for m in minis for b in BANDS] + [(NONE,)]
    raise ValueError(f"unknown hint kind {kind!r}")
