"""Every hint of Treasure Island (2018): its parameters, whether it is true, the region
where the treasure can be if it is, and what Silver draws on the board.

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

Other clues a pirate holds (:class:`Clue`): District Hints, Compass Hints, Chest
information tokens, the circles searched in vain and the districts revealed by
MANUSCRIPT or PARROT. :func:`clues_for` lists them all from a pirate's view.

>>> from treasurekit.treasure_island_2018.map import load_map
>>> m = load_map()
>>> sit = Situation(positions=(("red", (6.0, 10.6)), ("blue", (15.5, 5.0))))
>>> truthful("distance", ("red", "4-7"), sit, m, (10.0, 10.6))
True
>>> truthful("distance", ("red", "5-8"), sit, m, (10.0, 10.6))
False
>>> region("vast", ("blue",), sit, m).covers(shapely.Point(15.5, 13.0))
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import shapely  # type: ignore[import-untyped]
from shapely.geometry import LineString, MultiPoint, Point, Polygon  # type: ignore[import-untyped]

from ..core.inputs import is_digits
from .geometry import (
    EPS,
    SECTOR_NAMES,
    Pt,
    ccw,
    disc_core,
    disc_cover,
    distance,
    halfplane,
    point_segment_distance,
    polygonal,
    sector_of,
    sector_polygon,
    union,
)
from .map import ALTITUDES, ZONE_NAMES, ZONES, IslandMap

if TYPE_CHECKING:
    from .view import TIView

__all__ = [
    "BANDS",
    "QUESTIONS",
    "Clue",
    "Drawing",
    "Situation",
    "args_problem",
    "candidates",
    "canonical_args",
    "clues_for",
    "describe",
    "drawings",
    "question_region",
    "question_true",
    "region",
    "truthful",
]

#: DISTANCE bands (miles).
BANDS = {"4-7": (4.0, 7.0), "5-8": (5.0, 8.0), "7-9": (7.0, 9.0)}
#: Hint kinds whose args end with a miniature or ``none`` (the "impossible" answer).
_ONE_MINI = {"vast": 8.0, "miles": 6.0, "close": 6.0}
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

    @property
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


@dataclass(frozen=True)
class Drawing:
    """Something drawn on the board for a hint or clue.

    Attributes:
        label: words for a legend, e.g. "8-mile circle around red".
        geometry: shapely geometry in miles (a LineString/MultiLineString for lines and
            circles, a Polygon for shaded areas, a Point for markers).
        style: ``"line"`` (a line drawn by Silver), ``"circle"``, ``"area"`` (a shaded
            region) or ``"marker"`` (a miniature or tower pointed at).
    """

    label: str
    geometry: Any
    style: str


@dataclass(frozen=True)
class Clue:
    """One thing a pirate knows about the treasure's location.

    Attributes:
        label: what it says, in words.
        source: ``"hint"`` (a played Starting/Black Spot Hint), ``"district"`` (a District
            Hint held or shown), ``"compass"``, ``"chest"`` (a Chest information token),
            ``"search"`` (a circle searched in vain) or ``"revealed"`` (a district shown to
            everyone by PARROT, always true).
        status: ``"certain"`` (true for sure), ``"unverified"`` (a hint whose Information
            token may be a Bluff) or ``"bluff"`` (known to be under a Bluff token: it says
            nothing).
        region: shapely geometry: where the treasure can be if the clue is true.
        hint: the played hint's number (1, 2, ...) for hints, else None.
        drawings: what to draw for it.
    """

    label: str
    source: str
    status: str
    region: Any = field(compare=False)
    hint: int | None = None
    drawings: tuple[Drawing, ...] = field(default=(), compare=False)


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
    if kind in _ONE_MINI or kind == "nose":
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


def question_region(q: Sequence[str], sit: Situation, imap: IslandMap, yes: bool) -> Any:
    """Where the treasure is if the answer to ``q`` is ``yes`` (or no)."""
    board = imap.board
    if q[0] == "district":
        poly = imap.district(int(q[1])).polygon
        return poly if yes else board.difference(poly)
    if q[0] == "zone":
        z = imap.zones[q[1]]
        return z if yes else board.difference(z)
    p = sit.pos(q[1])
    if q[0] in ("north", "east"):
        normal = (0.0, 1.0) if q[0] == "north" else (1.0, 0.0)
        if not yes:
            normal = (-normal[0], -normal[1])
        return board.intersection(halfplane(p, normal))
    r = float(q[2])
    return board.intersection(disc_cover(p, r)) if yes else board.difference(disc_core(p, r))


def question_text(q: Sequence[str], imap: IslandMap) -> str:
    """A question in words: "Is the treasure within 5 miles of red?"."""
    if q[0] == "district":
        d = imap.district(int(q[1]))
        return f"Is the treasure in district {d.id} ({d.name})?"
    if q[0] == "zone":
        return f"Is the treasure in the zone '{ZONE_NAMES[q[1]]}'?"
    if q[0] == "north":
        return f"Is the treasure north of {q[1]}?"
    if q[0] == "east":
        return f"Is the treasure east of {q[1]}?"
    return f"Is the treasure within {q[2]} miles of {q[1]}?"


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
        r = _ONE_MINI[kind]
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
        return not set(imap.districts_touching(t)) <= {int(d[1:]) for d in a}
    if kind == "altitude":
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
        near_lines = nose_distances(sit, t)
        return near_lines[a[0]] <= min(near_lines.values()) + EPS
    if kind == "instinct":
        gap = search_gap(sit, t)
        near = gap <= 1.0 + EPS  # exactly one mile counts as within (TI2018 §10 INSTINCT)
        return near if a[0] == "near" else not near
    if kind == "bermuda":
        if a == (NONE,):
            return not any(
                _in_triangle(t, imap.tower(x).xy, imap.tower(y).xy, sit.pos(m))
                for x, y in _tower_pairs(imap) for m in minis)
        return _in_triangle(t, imap.tower(a[0]).xy, imap.tower(a[1]).xy, sit.pos(a[2]))
    if kind == "deduction":
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


def _tower_pairs(imap: IslandMap) -> list[tuple[str, str]]:
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
    if kind in _ONE_MINI:
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
        return [(x, y, m) for x, y in _tower_pairs(imap) for m in minis] + [(NONE,)]
    if kind == "deduction":
        return [tuple(p) for p in itertools.combinations(ZONES, 2)]
    if kind == "distance":
        return [(m, b) for m in minis for b in BANDS] + [(NONE,)]
    raise ValueError(f"unknown hint kind {kind!r}")


# ----- regions ------------------------------------------------------------------------------
def region(kind: str, args: Sequence[str], sit: Situation, imap: IslandMap) -> Any:
    """Where the treasure can be if the hint is true: shapely geometry within the board
    that covers every point where :func:`truthful` holds (ruling TI2018-16)."""
    return _region(kind, tuple(args), sit, imap)


@lru_cache(maxsize=512)
def _region(kind: str, a: tuple[str, ...], sit: Situation, imap: IslandMap) -> Any:
    return ccw(_raw_region(kind, a, sit, imap))


def _raw_region(kind: str, a: tuple[str, ...], sit: Situation, imap: IslandMap) -> Any:
    board = imap.board
    minis = sit.minis

    def minus(geoms: list[Any]) -> Any:
        return board.difference(union(geoms)) if geoms else board

    if kind == "decoy":
        return union([_voronoi_cell(m, sit, board) for m in a])
    if kind == "bearings":
        out = board
        for w in a:
            m, _, d = w.partition(":")
            out = out.intersection(halfplane(sit.pos(m), (0.0, 1.0 if d == "n" else -1.0)))
        return out
    if kind in ("vast", "close"):
        r = _ONE_MINI[kind]
        if a == (NONE,):
            return minus([disc_core(sit.pos(m), r) for m in minis])
        return board.intersection(disc_cover(sit.pos(a[0]), r))
    if kind == "miles":
        if a == (NONE,):
            out = board
            for m in minis:
                out = out.intersection(disc_cover(sit.pos(m), 6.0))
            return out
        return minus([disc_core(sit.pos(a[0]), 6.0)])
    if kind in ("sextant", "compass"):
        p = sit.pos(a[0])
        wedges = [sector_polygon(p, SECTOR_NAMES.index(s)) for s in a[1:]]
        return board.intersection(union(wedges))
    if kind == "manuscript":
        return minus([imap.district(int(d[1:])).polygon for d in a])
    if kind == "altitude":
        return minus([imap.altitude_regions[a[0]]])
    if kind == "confession":
        return question_region(a[1:-1], sit, imap, a[-1] == "yes")
    if kind == "whichway":
        out = board
        if a == (NONE,):
            return out
        for w in a:
            m, _, d = w.partition(":")
            move = sit.last_move(m)
            assert move is not None
            (x0, y0), (x1, y1) = move
            if (x0, y0) == (x1, y1):
                continue
            mid = ((x0 + x1) / 2, (y0 + y1) / 2)
            normal = (x1 - x0, y1 - y0) if d == "closer" else (x0 - x1, y0 - y1)
            out = out.intersection(halfplane(mid, normal))
        return out
    if kind == "parrot":
        return board
    if kind == "illusion":
        if a == (NONE,):
            return minus([disc_core(sit.pos(m), 4.0) for m in minis])
        return board.intersection(union([disc_cover(sit.pos(m), 4.0) for m in a]))
    if kind == "nose":
        return _nose_region(a[0], sit, board)
    if kind == "instinct":
        halos_cover = [disc_cover(c, r + 1.0) for c, r in sit.searches]
        if a[0] == "near":
            return board.intersection(union(halos_cover)) if halos_cover \
                else Polygon()
        return minus([disc_core(c, r + 1.0) for c, r in sit.searches])
    if kind == "bermuda":
        if a == (NONE,):
            tris = [_triangle(imap.tower(x).xy, imap.tower(y).xy, sit.pos(m))
                    for x, y in _tower_pairs(imap) for m in minis]
            return minus([t for t in tris if t.area > 0])
        return board.intersection(_triangle(imap.tower(a[0]).xy, imap.tower(a[1]).xy,
                                             sit.pos(a[2])))
    if kind == "deduction":
        return minus([imap.zones[z] for z in a])
    if kind == "distance":
        if a == (NONE,):
            out = board
            for m in minis:
                p = sit.pos(m)
                out = out.intersection(
                    union([disc_cover(p, 4.0), board.difference(disc_core(p, 9.0))]))
            return out
        lo, hi = BANDS[a[1]]
        p = sit.pos(a[0])
        return board.intersection(disc_cover(p, hi)).difference(disc_core(p, lo))
    raise ValueError(f"unknown hint kind {kind!r}")


def _triangle(a: Pt, b: Pt, c: Pt) -> Polygon:
    return Polygon([a, b, c])


def _voronoi_cell(m: str, sit: Situation, board: Polygon) -> Any:
    """Where ``m`` is the nearest miniature (closed: ties belong to every tied one)."""
    p = sit.pos(m)
    out = board
    for o, q in sit.positions:
        if o == m or q == p:
            continue
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        out = ccw(out.intersection(halfplane(mid, (p[0] - q[0], p[1] - q[1]))))
    return out


#: Spacing (miles) of the points standing for the drawn lines in RIGHT UNDER YOUR NOSE,
#: and the margin its region is widened by (ruling TI2018-21).
NOSE_SPACING = 0.05
NOSE_MARGIN = 0.1


def _nose_region(m: str, sit: Situation, board: Polygon) -> Any:
    """Where ``m``'s lines and crosses are the nearest: the Voronoi cells of points every
    0.05 mile along each miniature's lines, widened by 0.1 mile (ruling TI2018-21)."""
    pts: list[Pt] = []
    owner: list[str] = []
    for mini in sit.minis:
        for a, b in sit.trail(mini):
            n = max(1, math.ceil(distance(a, b) / NOSE_SPACING))
            for k in range(n + 1):
                f = k / n
                q = (round(a[0] + f * (b[0] - a[0]), 6), round(a[1] + f * (b[1] - a[1]), 6))
                pts.append(q)
                owner.append(mini)
    if len(set(owner)) < 2:
        return board
    # identical points owned by several miniatures belong to all of them
    unique: dict[Pt, set[str]] = {}
    for q, o in zip(pts, owner, strict=True):
        unique.setdefault(q, set()).add(o)
    keys = list(unique)
    if len(keys) < 3:
        return board
    cells = shapely.voronoi_polygons(MultiPoint(keys), extend_to=board, ordered=True)
    mine = [c for c, k in zip(cells.geoms, keys, strict=True) if m in unique[k]]
    if not mine:
        return Polygon()
    # Points along parallel lines are co-circular, and GEOS then returns some Voronoi
    # cells as self-touching slivers or collections with a stray line: a coverage union
    # of those fails, so it is used only when every cell is a valid polygon; otherwise
    # the robust union repairs them (the 0.1-mile margin covers any sliver lost).
    if all(c.geom_type == "Polygon" and c.is_valid for c in mine):
        try:  # cells of one diagram share their edges exactly: a coverage union is safe
            merged = shapely.coverage_union_all(mine)
        except shapely.errors.GEOSException:
            merged = union(mine)
    else:
        merged = union(mine)
    return board.intersection(polygonal(merged).buffer(NOSE_MARGIN, quad_segs=4))


# ----- drawings ------------------------------------------------------------------------------
def _circle(p: Pt, r: float) -> Any:
    return disc_core(p, r).exterior


def _hline(imap: IslandMap, y: float) -> LineString:
    x0, _, x1, _ = imap.bounds
    return LineString([(x0, y), (x1, y)])


def drawings(kind: str, args: Sequence[str], sit: Situation, imap: IslandMap) -> tuple[
        Drawing, ...]:
    """What Silver draws on the board for the hint (TI2018 §5: drawing the information),
    plus markers for the miniatures or towers it names."""
    a = tuple(args)
    board = imap.board
    out: list[Drawing] = []

    def marker(m: str) -> None:
        out.append(Drawing(m, Point(sit.pos(m)), "marker"))

    if kind == "decoy":
        for m in a:
            marker(m)
    elif kind == "bearings":
        for w in a:
            m, _, d = w.partition(":")
            word = "north" if d == "n" else "south"
            out.append(Drawing(f"east-west line through {m}: the treasure is {word}",
                               _hline(imap, sit.pos(m)[1]), "line"))
            marker(m)
    elif kind in _ONE_MINI or kind == "illusion":
        r = 4.0 if kind == "illusion" else _ONE_MINI[kind]
        named = sit.minis if a == (NONE,) else a
        for m in named:
            out.append(Drawing(f"{r:g}-mile circle around {m}", _circle(sit.pos(m), r),
                               "circle"))
    elif kind in ("sextant", "compass"):
        p = sit.pos(a[0])
        for s in a[1:]:
            wedge = board.intersection(sector_polygon(p, SECTOR_NAMES.index(s)))
            out.append(Drawing(f"direction {s.upper()} from {a[0]}", wedge.boundary, "line"))
        marker(a[0])
    elif kind == "manuscript":
        for d in a:
            dist = imap.district(int(d[1:]))
            out.append(Drawing(f"district {dist.id} ({dist.name}) shown", dist.polygon, "area"))
    elif kind == "altitude":
        line = imap.altitude_regions[a[0]].boundary.intersection(board)
        miles = imap.altitude[a[0]]
        name = a[0].replace("_", " ")
        out.append(Drawing(f"the {miles:g}-mile line around the {name}", line, "line"))
    elif kind == "confession":
        q = a[1:-1]
        if q[0] == "near":
            out.append(Drawing(f"{q[2]}-mile circle around {q[1]}",
                               _circle(sit.pos(q[1]), float(q[2])), "circle"))
        elif q[0] in ("north", "east"):
            p = sit.pos(q[1])
            line = _hline(imap, p[1]) if q[0] == "north" else LineString(
                [(p[0], imap.bounds[1]), (p[0], imap.bounds[3])])
            out.append(Drawing(f"line through {q[1]}", line, "line"))
        elif q[0] == "district":
            out.append(Drawing(f"district {q[1]}", imap.district(int(q[1])).polygon, "area"))
        else:
            out.append(Drawing(ZONE_NAMES[q[1]], imap.zones[q[1]], "area"))
    elif kind == "whichway" and a != (NONE,):
        for w in a:
            m, _, d = w.partition(":")
            move = sit.last_move(m)
            assert move is not None
            out.append(Drawing(f"{m}'s last move ({d})", LineString(move)
                               if move[0] != move[1] else Point(move[0]), "line"))
    elif kind == "nose":
        lines = [LineString(s) if s[0] != s[1] else Point(s[0]) for s in sit.trail(a[0])]
        out.append(Drawing(f"{a[0]}'s lines and crosses", union(lines), "line"))
    elif kind == "instinct":
        for c, r in sit.searches:
            out.append(Drawing("1 mile around a search", _circle(c, r + 1.0), "circle"))
    elif kind == "bermuda":
        if a == (NONE,):
            return tuple(out)
        tri = _triangle(imap.tower(a[0]).xy, imap.tower(a[1]).xy, sit.pos(a[2]))
        out.append(Drawing(f"triangle {a[0]}-{a[1]}-{a[2]}", tri.exterior, "line"))
    elif kind == "deduction":
        for z in a:
            out.append(Drawing(f"{ZONE_NAMES[z]}: no treasure", imap.zones[z], "area"))
    elif kind == "distance" and a != (NONE,):
        lo, hi = BANDS[a[1]]
        for r in (lo, hi):
            out.append(Drawing(f"{r:g}-mile circle around {a[0]}",
                               _circle(sit.pos(a[0]), r), "circle"))
    return tuple(out)


# ----- words -----------------------------------------------------------------------------
def describe(kind: str, args: Sequence[str], imap: IslandMap, name: str) -> str:
    """What the hint tells the pirates, in words."""
    a = tuple(args)
    if kind == "decoy":
        return f"{name}: of all the miniatures, {a[0]} or {a[1]} is the nearest to the treasure"
    if kind == "bearings":
        parts = [f"{'north' if w.endswith(':n') else 'south'} of {w.split(':')[0]}" for w in a]
        return f"{name}: the treasure is {' and '.join(parts)}"
    if kind in _ONE_MINI:
        r = _ONE_MINI[kind]
        if a == (NONE,):
            where = f"within {r:g} miles of" if kind == "miles" else f"more than {r:g} miles from"
            return f"{name}: impossible - every miniature is {where} the treasure"
        where = f"more than {r:g} miles from" if kind == "miles" else f"within {r:g} miles of"
        return f"{name}: {a[0]} is {where} the treasure"
    if kind in ("sextant", "compass"):
        dirs = ", ".join(s.upper() for s in a[1:])
        return f"{name}: seen from {a[0]}, the treasure lies {dirs.rsplit(', ', 1)[0]}" + (
            f" or {a[-1].upper()}" if len(a) > 2 else "")
    if kind == "manuscript":
        ds = " and ".join(f"{d} ({imap.district(int(d[1:])).name})" for d in a)
        return f"{name}: District Hints {ds} are shown to everyone"
    if kind == "altitude":
        return f"{name}: the treasure is more than {imap.altitude[a[0]]:g} miles from the " \
               f"{a[0].replace('_', ' ')}"
    if kind == "confession":
        q = question_text(a[1:-1], imap)
        return f"{name}: {a[0]} asked \"{q}\" - Silver answers {a[-1]}"
    if kind == "whichway":
        if a == (NONE,):
            return f"{name}: no miniature has a movement line as its last move"
        parts = [f"{w.split(':')[0]} moved {w.split(':')[1]}" for w in a]
        return f"{name}: {' and '.join(parts)} (last move)"
    if kind == "parrot":
        return f"{name}: District Hints are shown"
    if kind == "illusion":
        if a == (NONE,):
            return f"{name}: impossible - no miniature is within 4 miles of the treasure"
        return f"{name}: {a[0]} or {a[1]} is within 4 miles of the treasure"
    if kind == "nose":
        return f"{name}: {a[0]}'s lines and crosses pass nearest to the treasure"
    if kind == "instinct":
        word = "within 1 mile of" if a[0] == "near" else "more than 1 mile from"
        return f"{name}: the treasure is {word} a searched circle"
    if kind == "bermuda":
        if a == (NONE,):
            return f"{name}: impossible - no triangle of two towers and a miniature holds it"
        return f"{name}: the treasure is inside the triangle {a[0]}, {a[1]}, {a[2]}"
    if kind == "deduction":
        zs = " and ".join(ZONE_NAMES[z] for z in a)
        return f"{name}: the treasure is not in {zs}"
    if kind == "distance":
        if a == (NONE,):
            return f"{name}: impossible - no miniature is 4 to 9 miles from the treasure"
        lo, hi = BANDS[a[1]]
        return f"{name}: the treasure is {lo:g} to {hi:g} miles from {a[0]}"
    return name


# ----- clues from a view ---------------------------------------------------------------------
def _district_clue(imap: IslandMap, d: int, label: str, source: str, status: str) -> Clue:
    poly = imap.district(d).polygon
    return Clue(label, source, status, imap.board.difference(poly), None,
                (Drawing(f"district {d}: no treasure", poly, "area"),))


def clues_for(view: TIView, imap: IslandMap) -> list[Clue]:
    """Everything the seat of ``view`` knows about the treasure, as clues (pirates: public
    hints, their own District and Compass Hints, Chest information tokens, searched
    circles, revealed districts; TI2018 §5)."""
    out: list[Clue] = []
    cache = _clue_cache(imap)
    for h in view.hints:
        status = {"truth": "certain", "bluff": "bluff"}.get(h.token, "unverified")
        if h.kind == "parrot":
            continue
        out.append(cache(h.kind, h.args, h.situation, h.name, h.number, status))
    for d, src in view.revealed:
        if src == "parrot":
            out.append(_district_clue(imap, d, f"PARROT shows district {d}", "revealed",
                                      "certain"))
    for d in view.my_districts:
        out.append(_district_clue(imap, d, f"your District Hint: not district {d}",
                                  "district", "certain"))
    for seat, d in view.shared_districts:
        out.append(_district_clue(imap, d, f"p{seat}'s District Hint (PARROT): not "
                                           f"district {d}", "district", "certain"))
    for card in view.my_compass:
        wedges = [sector_polygon(card.at, s) for s in card.skulls]
        skull = union(wedges)
        names = " and ".join(SECTOR_NAMES[s].upper() for s in card.skulls)
        out.append(Clue(f"Compass Hint {card.card} at {card.mini}: not {names}", "compass",
                        "certain", imap.board.difference(skull), None,
                        (Drawing(f"Compass Hint {card.card}", imap.board.intersection(skull),
                                 "area"),)))
    for tok in view.my_chest_info:
        out.append(chest_clue(tok.token, tok.at, tok.district, imap))
    for s in view.searches:
        core = disc_core((s.x, s.y), s.radius)
        out.append(Clue(f"{s.mini}'s {s.kind} search at {s.x:g},{s.y:g} found nothing",
                        "search", "certain", imap.board.difference(core), None,
                        (Drawing("search circle", core.exterior, "circle"),)))
    return out


def chest_clue(token: str, at: Pt, district: int | None, imap: IslandMap) -> Clue:
    """The clue of a Chest information token (TI2018 §11)."""
    if token in ("west", "east"):
        normal = (-1.0, 0.0) if token == "west" else (1.0, 0.0)
        reg = imap.board.intersection(halfplane(at, normal))
        _, y0, _, y1 = imap.bounds
        line = LineString([(at[0], y0), (at[0], y1)])
        return Clue(f"Chest token: the treasure is {token} of {at[0]:g},{at[1]:g}", "chest",
                    "certain", reg, None, (Drawing(f"{token} of here", line, "line"),))
    assert district is not None
    return _district_clue(imap, district, f"Chest token: not district {district}", "chest",
                          "certain")


def _clue_cache(imap: IslandMap) -> Callable[..., Clue]:
    def make(kind: str, args: tuple[str, ...], sit: Situation, name: str, number: int,
             status: str) -> Clue:
        return Clue(
            f"{number}. {describe(kind, args, imap, name)}", "hint", status,
            region(kind, args, sit, imap), number, drawings(kind, args, sit, imap))

    return make


def chest_token_true(token: str, at: Pt, district: int | None, t: Pt, imap: IslandMap) -> bool:
    """Is a Chest information token true for the treasure at ``t``? (A treasure exactly
    on the line counts as both west and east.)"""
    if token == "west":
        return t[0] <= at[0] + EPS
    if token == "east":
        return t[0] >= at[0] - EPS
    if token == "district":
        return district is not None and imap.district_at(t) != district
    return True
