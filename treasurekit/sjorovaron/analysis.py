"""Exact odds for Sjörövarön, as :class:`fractions.Fraction`.

The die decides everything in Sjörövarön, so most questions have exact answers:

* one roll: a jump succeeds on 3-6 (:func:`jump_chance`, 2/3), a crossing on 2-6
  (:func:`crossing_chance`, 5/6), digging or dragging on 4-6 (:func:`dig_chance`, 1/2),
  a shot hits on the ring faces (:func:`shot_chance`, 1/3 by default, ruling SJO-8);
* where a pirate can get with the next roll: :func:`reachable_by_roll` returns, for each
  die value, the set of hexes a walk can end on (for drawing), :func:`reach_chances`
  the chance of being able to end on each hex;
* who can be shot at now and how likely a hit is: :func:`shot_odds`;
* the river as a Markov chain: :func:`drift_to_sea` (the chance a pirate floating from
  a hex is out at sea within n turns) and :func:`raft_escape_chance` (the chance the raft
  passes the three double-marked hexes with the mortar firing at each stop on them).

>>> jump_chance(), crossing_chance(), dig_chance(), shot_chance()
(Fraction(2, 3), Fraction(5, 6), Fraction(1, 2), Fraction(1, 3))
>>> from treasurekit.sjorovaron.board import load_map
>>> m = load_map()
>>> drift_to_sea(m, "k18", 2)
[Fraction(5, 6), Fraction(1, 1)]
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction

from .board import SjoMap
from .moves import PIRATE_NAMES
from .paths import walker
from .rules import movement, shooting
from .state import SjoState

__all__ = [
    "ShotOdds",
    "crossing_chance",
    "dig_chance",
    "double_crossing_chance",
    "drift_distribution",
    "drift_to_sea",
    "jump_chance",
    "raft_escape_chance",
    "raft_jump_chance",
    "reach_chances",
    "reachable_by_roll",
    "reachable_from",
    "shot_chance",
]

SIXTH = Fraction(1, 6)
FACES = (1, 2, 3, 4, 5, 6)


def _at_least(n: int) -> Fraction:
    return Fraction(7 - n, 6)


def jump_chance() -> Fraction:
    """P(a jump succeeds): 3 or more (SJO §6) = 2/3."""
    return _at_least(3)


def crossing_chance() -> Fraction:
    """P(a river crossing succeeds): 2 or more (SJO §6) = 5/6."""
    return _at_least(2)


def double_crossing_chance() -> Fraction:
    """P(a double crossing is done in two turns): two successes in a row = 25/36."""
    return crossing_chance() ** 2


def dig_chance() -> Fraction:
    """P(digging or dragging brings up the chest): 4 or more (SJO §9) = 1/2."""
    return _at_least(4)


def raft_jump_chance() -> Fraction:
    """P(a jump aboard the raft succeeds): 3 or more (SJO §10) = 2/3."""
    return _at_least(3)


def shot_chance(hit_faces: int = 2) -> Fraction:
    """P(one roll of the shooting die hits): ring faces / 6 (option ``hit_faces``,
    ruling SJO-8; the same die fires the mortar, SJO §11)."""
    if not 1 <= hit_faces <= 5:
        raise ValueError("hit_faces must be 1 to 5")
    return Fraction(hit_faces, 6)


# ----- where the next roll can take a pirate ------------------------------------------------
def _hex(board: SjoMap, h: int | str) -> int:
    return board.hex(h) if isinstance(h, str) else h


def reachable_from(
    board: SjoMap, start: int | str, blocked: tuple[str, ...] = (),
) -> dict[int, frozenset[str]]:
    """For each die value 1-6, the hexes a walk from ``start`` can end on (SJO §5),
    with unharmed opponents on ``blocked``.

    >>> from treasurekit.sjorovaron.board import load_map
    >>> sorted(reachable_from(load_map(), "q14")[1])
    ['p14', 'q15', 'r13', 'r14', 'r15']
    """
    s = _hex(board, start)
    if not board.is_land(s):
        raise ValueError(f"{board.label(s)} is not land: only a pirate on land walks")
    mask = 0
    for b in blocked:
        mask |= 1 << board.hex(b)
    w = walker(board)
    return {face: frozenset(board.label(e) for e in w.walks(s, face, mask, 0))
            for face in FACES}


def reachable_by_roll(state: SjoState, seat: int | None = None) -> dict[int, frozenset[str]]:
    """For each die value 1-6, the hexes ``seat`` (default: the seat whose turn it is)
    could end a land move on from where it stands, with the other pirates where they
    are now (unharmed ones block, wounded ones about to stand up may not be ended on).

    Raises:
        ValueError: the seat's pirate is not standing on land.
    """
    seat = state.turn if seat is None else seat
    p = state.pirate(seat)
    board = state.board
    if p is None or p.out or p.aboard or p.at < 0 or not board.is_land(p.at):
        raise ValueError("the pirate must be on land to walk")
    blocked, no_end = movement.blockers(state.facts, seat)
    w = walker(board)
    revisit = bool(state.game.options["return_to_start"])
    return {face: frozenset(board.label(e) for e in w.walks(
        p.at, face, blocked, no_end, revisit_start=revisit)) for face in FACES}


def reach_chances(state: SjoState, seat: int | None = None) -> dict[str, Fraction]:
    """Hex -> P(the next land-move roll lets ``seat`` end there), exactly."""
    out: dict[str, Fraction] = defaultdict(Fraction)
    for ends in reachable_by_roll(state, seat).values():
        for h in ends:
            out[h] += SIXTH
    return dict(sorted(out.items()))


# ----- shots -------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShotOdds:
    """A target the seat to move could name now, and what a hit would mean."""

    target: str
    name: str
    chance: Fraction
    pieces: int
    chest: bool

    def __str__(self) -> str:
        extra = ", has the chest" if self.chest else ""
        return (f"{self.name}: hit {self.chance} ({float(self.chance):.0%}); "
                f"{self.pieces} map pieces{extra}")


def shot_odds(state: SjoState) -> list[ShotOdds]:
    """Every pirate the seat to move may shoot at now (SJO §7), with P(hit)."""
    if state.is_terminal() or state.is_chance_node() or not shooting.can_shoot(state.facts):
        return []
    chance = state.shooting_chance()
    carrier = state.carrier
    out = []
    for t in shooting.targets(state.facts):
        p = state.pirate(t)
        assert p is not None
        out.append(ShotOdds(p.name, PIRATE_NAMES[p.name], chance, len(state.pieces(t)),
                            carrier == t))
    return out


# ----- the river as a Markov chain -------------------------------------------------------------
OUT = -1


def _step(board: SjoMap, h: int, face: int) -> int:
    path = board.river_path(h, face)
    return OUT if board.is_sea(path[-1]) else path[-1]


def drift_distribution(board: SjoMap, start: int | str, turns: int) -> dict[str, Fraction]:
    """Where a pirate floating from ``start`` is after ``turns`` rolls (never climbing
    out): hex name -> probability, ``"sea"`` for out to sea (SJO §6)."""
    h0 = _hex(board, start)
    if not board.is_water(h0):
        raise ValueError(f"{board.label(h0)} is not river or lake water")
    dist: dict[int, Fraction] = {h0: Fraction(1)}
    for _ in range(turns):
        nxt: dict[int, Fraction] = defaultdict(Fraction)
        for h, p in dist.items():
            if h == OUT:
                nxt[OUT] += p
                continue
            for f in FACES:
                nxt[_step(board, h, f)] += p * SIXTH
        dist = nxt
    return {("sea" if h == OUT else board.label(h)): p for h, p in sorted(dist.items())}


def drift_to_sea(board: SjoMap, start: int | str, turns: int) -> list[Fraction]:
    """``[P(out to sea within t turns) for t in 1..turns]`` for a pirate that floats
    every turn from ``start``, exactly. A wounded pirate must float only while his wound
    lasts (1-3 turns, SJO §7), so for him the value at ``turns`` = wound turns left is
    the chance of being swept out to sea before he may climb out.

    Raises:
        ValueError: ``start`` is not water, or ``turns`` < 1.
    """
    if turns < 1:
        raise ValueError("turns must be at least 1")
    return [drift_distribution(board, start, t).get("sea", Fraction(0))
            for t in range(1, turns + 1)]


def raft_escape_chance(board: SjoMap, start: int | str, hit_faces: int = 2) -> Fraction:
    """P(the raft from ``start`` passes the three double-marked hexes) when a pirate at
    the mortar fires once each time the raft stops on one of them (SJO §11), and
    nobody else interferes.

    >>> from treasurekit.sjorovaron.board import load_map
    >>> raft_escape_chance(load_map(), "k19")
    Fraction(2, 3)
    """
    h0 = _hex(board, start)
    if not board.is_water(h0):
        raise ValueError(f"{board.label(h0)} is not river or lake water")
    hit = shot_chance(hit_faces)
    memo: dict[int, Fraction] = {}

    def escape(h: int) -> Fraction:
        # the raft is on h at the start of a mortar turn
        if h in memo:
            return memo[h]
        survive = (1 - hit) if h in board.marked else Fraction(1)
        total = Fraction(0)
        for f in FACES:
            nxt = _step(board, h, f)
            total += SIXTH * (Fraction(1) if nxt == OUT else escape(nxt))
        memo[h] = survive * total
        return memo[h]

    return escape(h0)
