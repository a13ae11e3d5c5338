"""What a click on the Treasure Island (2018) map can mean: :func:`moves_at`.

A board knows only where the player clicked, as a point in miles (x east, y north, the
map's own coordinates). :func:`moves_at` lists every legal move of the seat to move
that uses that point, each checked with the full rules (``why_illegal`` would pass it):

* burying the treasure there (Long John Silver, TI2018 §6);
* a Horse move, Foot move or Full Gallop ending there, a Small or Large search centred
  there, a Chest item token used there (pirates, TI2018 §7 and §11);
* Olivier's Thoroughbred: a ride longer than one leg, in two equal straight legs
  (TI2018 §7 Special ability);
* Anne's monkey and Olivier's spyglass searches centred there;
* a click on (or within :data:`REACH` miles of) the seat's own miniature: the Compass
  special action around it (TI2018 §7 Compass);
* the Prison event: the black tower clicked (TI2018 §7 Calendar event, Prison);
* Silver's escape: a Horse move there, or onto the treasure if the click is next to it;
* Silver's hints: the hints he may play now that name the miniature, black tower or
  district clicked (TI2018 §10); a pirate's CONFESSION questions about it (ruling
  TI2018-18); PARROT's shared District Hint of the district clicked.

The list may be empty (nothing that could be meant there is legal); the board then asks
``why_illegal`` of the nearest candidate for the reason. Moves are ordered from the
most to the least common meaning, so a board can offer them in that order.

>>> import treasurekit
>>> s = treasurekit.load_game("treasure_island_2018", players=4).new_initial_state(seed=1)
>>> [str(m) for m in moves_at(s, (10, 13))]
['bury 10,13']
>>> moves_at(s, (17.5, 14.6))   # the volcano: the treasure cannot be buried there
[]
"""

from __future__ import annotations

from typing import Protocol

from ..core.errors import PlaceError, Refusal
from ..core.places import point_place
from .flow import Phase
from .geometry import Pt, distance, mi
from .hints import Situation
from .map import IslandMap, Tower
from .moves import (
    Ask,
    Bury,
    Compass,
    Foot,
    Gallop,
    Horse,
    PlayHint,
    Prison,
    Remote,
    Search,
    Share,
    TIMove,
    UseItem,
)
from .position import TIPosition
from .text import place_words


class TIState(Protocol):
    """What :func:`moves_at` reads from a state (:class:`.state.TIState` is one)."""

    @property
    def map(self) -> IslandMap: ...
    @property
    def phase(self) -> str: ...
    @property
    def treasure(self) -> Pt | None: ...
    @property
    def active(self) -> int | None: ...
    @property
    def data(self) -> TIPosition: ...
    def is_terminal(self) -> bool: ...
    def is_chance_node(self) -> bool: ...
    def legal_moves(self) -> list[TIMove]: ...
    @property
    def current_player(self) -> int: ...
    def refusal(self, move: TIMove | str) -> Refusal | None: ...
    def _slow_check(self, move: TIMove) -> tuple[str, str | None] | None: ...
    def seat_minis(self, seat: int) -> tuple[str, ...]: ...
    def position_of(self, mini: str) -> Pt | None: ...
    def has_ability(self, seat: int, ability: str) -> bool: ...
    def situation(self) -> Situation: ...

__all__ = ["REACH", "PlaceError", "moves_at", "place_point", "why_not_at"]

#: Miles: a click this close to a miniature or a black tower also means that piece
#: (a miniature is drawn about 0.4 mile wide on a 640-pixel map of 32 miles).
REACH = 0.6


def place_point(place: object) -> Pt:
    """``place`` as a point ``(x, y)`` in miles, rounded to 0.01 mile like every move.

    Raises:
        PlaceError: ``place`` is not a pair of finite real numbers.

    >>> place_point((8, 11.004))
    (8.0, 11.0)
    >>> place_point("8,11")
    Traceback (most recent call last):
    ...
    treasurekit.core.errors.PlaceError: '8,11' is not a place of Treasure Island (2018): \
a place is an (x, y) point in miles
    """
    x, y = point_place(place, "miles", "Treasure Island (2018)")
    return (mi(x), mi(y))


def moves_at(state: TIState, place: object, reach: float = REACH) -> list[TIMove]:
    """The legal moves of the seat to move that a click at ``place`` could mean.

    Args:
        state: the position.
        place: ``(x, y)`` in miles.
        reach: how close (miles) a click must be to a miniature or tower to mean it.

    Returns:
        The moves, most common meaning first; empty at a chance node, after the game,
        or when nothing legal is aimed there.

    Raises:
        PlaceError: ``place`` is not a point.
    """
    p = place_point(place)
    if state.is_terminal() or state.is_chance_node():
        return []
    phase = state.phase
    cands: list[TIMove] = []
    if phase == Phase.BURY:
        cands.append(Bury(*p))
    elif phase == Phase.ESCAPE:
        cands += _escape(state, p, reach)
    elif phase == Phase.ACTIONS:
        cands += _actions(state, p, reach)
    elif phase == Phase.PRISON:
        cands += [Prison(t.id) for t in _near_towers(state, p, reach)]
    elif phase == Phase.SHARE:
        district = state.map.district_at(p)
        if district is not None:
            cands.append(Share(district))
    elif phase in (Phase.HINT, Phase.ASK):
        return _named_here(state, p, reach)
    seen: set[TIMove] = set()
    out: list[TIMove] = []
    for move in cands:
        if move not in seen and state._slow_check(move) is None:
            seen.add(move)
            out.append(move)
    return out


def _escape(state: TIState, p: Pt, reach: float) -> list[TIMove]:
    cands: list[TIMove] = [Horse("silver", (p,))]
    treasure = state.treasure
    if treasure is not None and distance(p, treasure) <= reach:
        cands.insert(0, Horse("silver", (treasure,)))
    return cands


def _actions(state: TIState, p: Pt, reach: float) -> list[TIMove]:
    seat = state.active
    assert seat is not None
    turn_mini = state.data.turn_mini
    minis = (turn_mini,) if turn_mini is not None else state.seat_minis(seat)
    horse = state.map.scale.horse_miles
    cands: list[TIMove] = []
    for m in minis:
        cands.append(Horse(m, (p,)))
        here = state.position_of(m)
        if (here is not None and state.has_ability(seat, "thoroughbred")
                and horse < distance(here, p) <= 2 * horse):
            cands.append(Horse(m, (((here[0] + p[0]) / 2, (here[1] + p[1]) / 2), p)))
        cands += [Foot(m, p), Search("small", m, p), Search("large", m, p),
                  UseItem("move7", m, p), UseItem("search", m, p), Gallop(m, p)]
    cands += [Remote("monkey", p), Remote("spyglass", p)]
    for m in minis:
        here = state.position_of(m)
        if here is not None and distance(here, p) <= reach:
            cands.append(Compass(m))
    return cands


def _near_towers(state: TIState, p: Pt, reach: float) -> list[Tower]:
    near = [(distance(t.xy, p), t.id, t) for t in state.map.towers
            if distance(t.xy, p) <= reach]
    return [t for _, _, t in sorted(near)]


def _named_here(state: TIState, p: Pt, reach: float) -> list[TIMove]:
    """Silver's hints, or a pirate's CONFESSION questions, that name what is at ``p``:
    a miniature or black tower within ``reach``, the district or a zone under ``p``."""
    words = {m for m, at in state.situation().positions if distance(at, p) <= reach}
    words |= {t.id for t in state.map.towers if distance(t.xy, p) <= reach}
    district = state.map.district_at(p)
    if district is not None:
        words |= {f"d{district}", str(district)}
    words |= set(state.map.zones_at(p))
    out: list[TIMove] = []
    for move in state.legal_moves():
        if isinstance(move, PlayHint):
            named = {a.split(":")[0] for a in move.args}
        elif isinstance(move, Ask):
            named = set(move.question[1:2])
        else:
            continue
        if named & words:
            out.append(move)
    return out


def why_not_at(state: TIState, place: object) -> Refusal:
    """Why a click at ``place`` means no move now: the reason of the likeliest move aimed
    there (burying the treasure, TI2018 §6; the pending Foot move or search, else a Horse
    move or a Small search by the miniature whose turn it is, §7), else that nothing is
    aimed there (no rule).

    Raises:
        PlaceError: ``place`` is not a point.
    """
    p = place_point(place)
    if state.is_chance_node():
        return Refusal("a draw comes first (a chance move)")
    phase = state.phase
    tries: list[TIMove] = []
    if phase == Phase.BURY:
        tries = [Bury(*p)]
    elif phase in (Phase.ACTIONS, Phase.ESCAPE):
        data = state.data
        minis = ((data.turn_mini,) if data.turn_mini is not None
                 else state.seat_minis(state.current_player) or ("silver",))
        if data.pending == "search":
            tries = [Search("small", minis[0], p)]
        elif data.pending == "foot":
            tries = [Foot(minis[0], p)]
        tries += [Horse(minis[0], (p,)), Search("small", minis[0], p)]
    for move in tries:
        refusal = state.refusal(move)
        if refusal is not None:
            return refusal
    return Refusal(f"a click at {place_words(p)} means nothing now")
