"""A greedy Sjörövarön bot that explains its choice.

:class:`GreedyBot` scores every legal move with a transparent heuristic built on a
*goal* for each phase of the game (SJO §2: the battle, the hunt, the escape):

* battle (nobody knows the spot, or the bot does not): the wounded pirates' map
  pieces, else the pirate holding the most pieces (to get a line of fire);
* hunt (the bot knows the spot and the chest is buried): the hiding spot;
* escape (the bot carries the chest): the nearest usable rowing boat or the raft;
* someone else has the chest: that pirate, or the mortar if he heads for a boat;
  a chest lying free: its hex (or the bank, to drag it).

Distances are walking steps on the map with jumps and crossings as shortcuts (a jump
or crossing costs about a turn, more if it may fail). The bot shoots whenever it has a
target (the one with the chest first, then the most map pieces), fires the mortar
whenever it may, digs, drags and launches when it can, and pushes a wounded pirate it
stands on into the water (into the sea if it can: he is out). Ties are broken by the
bot's seeded generator.

>>> import treasurekit.sjorovaron as sjo
>>> g = sjo.SjoGame(players=2)
>>> s = g.position({"hook": "q14", "svullo": "e12"}, die=3)
>>> bot = GreedyBot(seed=1)
>>> bot.explain(s)[0].reasons[0].startswith("walk")
True
"""

from __future__ import annotations

import heapq
import random
from typing import Any

from ..core.bots import Candidate
from .board import SjoMap
from .moves import (
    PIRATE_NAMES,
    Climb,
    Cross,
    Dig,
    Drag,
    End,
    Fire,
    Float,
    Go,
    Jump,
    Launch,
    Pick,
    Push,
    Shoot,
    SjoMove,
    Stay,
    Wait,
    Walk,
)
from .rules import movement
from .state import SjoState

__all__ = ["GreedyBot", "distance_map"]

_INF = 10_000
_DISTANCES: dict[tuple[int, tuple[int, ...], bool], tuple[int, ...]] = {}


def distance_map(
    board: SjoMap, goals: tuple[int, ...], shortcuts: bool = True
) -> tuple[int, ...]:
    """Per hex, the cost to reach the nearest of ``goals`` over land: one per step,
    four for a crossing, five for a jump (a turn and the risk of falling; without
    ``shortcuts`` none are used, as for a pirate carrying the chest). Water hexes cost
    what their best neighbouring land costs plus three."""
    key = (id(board), goals, shortcuts)
    hit = _DISTANCES.get(key)
    if hit is not None:
        return hit
    n = len(board.hexes)
    dist = [_INF] * n
    heap: list[tuple[int, int]] = []
    for g in goals:
        dist[g] = 0
        heap.append((0, g))
    heapq.heapify(heap)
    while heap:
        d, h = heapq.heappop(heap)
        if d > dist[h]:
            continue
        edges: list[tuple[int, int]] = [(x, 1) for x in board.steps[h]]
        if shortcuts:
            edges += [(x, 5) for x, _ in board.jump_sites(h)]
            edges += [(x, 4) for x, _, _ in board.crossing_sites(h)]
        for x, c in edges:
            if d + c < dist[x]:
                dist[x] = d + c
                heapq.heappush(heap, (d + c, x))
    for h in range(n):
        if dist[h] == _INF and not board.is_land(h):
            near = [dist[x] for x in board.neighbours[h] if board.is_land(x)]
            if near:
                dist[h] = min(near) + 3
    out = tuple(dist)
    _DISTANCES[key] = out
    return out


class GreedyBot:
    """Scores every legal move with the heuristic above and plays the best.

    ``explain(state)`` lists every legal move with its score and the reasons in words
    (the path of a walk, the odds of a shot, what is taken on the way).
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def choose(self, state: Any) -> SjoMove:
        ranked = self.explain(state)
        best = [c for c in ranked if c.score == ranked[0].score]
        move: SjoMove = self.rng.choice(best).move
        return move

    def explain(self, state: SjoState) -> list[Candidate]:
        """Every legal move with its score and reasons, best first."""
        moves = state.legal_moves()
        if state.is_chance_node():
            return [Candidate(m, float(p), ("chance",)) for m, p in state.chance_outcomes()]
        ctx = _Context(state)
        rows = [ctx.score(m) for m in moves]
        return sorted(rows, key=lambda c: -c.score)


class _Context:
    """What the bot knows about the position, computed once per decision."""

    def __init__(self, state: SjoState) -> None:
        self.state = state
        self.board = state.board
        self.me = state.current_player
        self.view = state.view(self.me)
        me = state.pirate(self.me)
        self.pirate = me
        self.goal_name, goals = self._goals()
        carrying = state.carrier == self.me
        self.dist = distance_map(self.board, goals, not carrying) if goals else None

    # ----- goals -----------------------------------------------------------------------
    def _goals(self) -> tuple[str, tuple[int, ...]]:
        s, board, me = self.state, self.board, self.me
        where, n = s.chest
        carrier = s.carrier
        if carrier == me:
            boats = tuple(board.boats[i].start for i in s.used_boats())
            raft = (board.raft_hex,) if s.raft[0] == "landing" else ()
            return "the boats", tuple(sorted(set(boats + raft)))
        if where == "buried" and me in s.knows and s.hidden_piece is not None:
            spot = board.spot(s.hidden_piece)
            return spot.name, (spot.hex,)
        if where in ("land", "ravine"):
            return "the chest", (n,)
        if where == "water":
            return "the chest", tuple(x for x in board.neighbours[n] if board.is_land(x))
        if carrier is not None:
            p = s.pirate(carrier)
            assert p is not None
            if s.escape is not None and s.escape != me:
                return "the mortar", (board.mortar,)
            at = s.raft[1] if p.aboard else p.at
            banks = tuple(x for x in board.neighbours[at] if board.is_land(x))
            return f"{PIRATE_NAMES[p.name]}", (at,) if board.is_land(at) else banks
        loot = movement.loot_hexes(s.facts, me)
        if loot:
            return "map pieces", tuple(sorted(loot))
        holders = [(len(s.pieces(p.seat)), p.seat) for p in s.facts.alive()
                   if p.seat != me and p.at >= 0 and board.is_land(p.at)]
        if holders:
            _, seat = max(holders)
            p = s.pirate(seat)
            assert p is not None
            return PIRATE_NAMES[p.name], (p.at,)
        return "", ()

    def d(self, h: int) -> int:
        return self.dist[h] if self.dist is not None else 0

    # ----- scores ------------------------------------------------------------------------
    def score(self, move: SjoMove) -> Candidate:
        s = self.state
        here = self.pirate.at if self.pirate is not None else -1
        chance = s.shooting_chance()
        if isinstance(move, Pick):
            return Candidate(move, 0.0, (f"{PIRATE_NAMES[move.pirate]} starts on {move.at}",))
        if isinstance(move, Fire):
            return Candidate(move, 100.0, (f"fire the mortar: hits {chance}",))
        if isinstance(move, Shoot):
            t = s.seat_of(move.target)
            assert t is not None
            value = 5.0 + 3 * len(s.pieces(t)) + (40 if s.carrier == t else 0)
            return Candidate(move, 50 + value * float(chance),
                             (f"shoot {PIRATE_NAMES[move.target]}: hits {chance}, "
                              f"{len(s.pieces(t))} map pieces to take",))
        if isinstance(move, (Dig, Drag, Launch)):
            return Candidate(move, 60.0, (f"{move}: the chest!",))
        if isinstance(move, Wait):
            if self.goal_name == "the mortar":
                return Candidate(move, 30.0, ("wait at the mortar for the boat",))
            return Candidate(move, -5.0, ("wait",))
        if isinstance(move, Go):
            return Candidate(move, 10.0, (f"move towards {self.goal_name or 'anywhere'} "
                                          f"({self.d(here)} away)",))
        if isinstance(move, (Jump, Cross)):
            if move.to is None:
                return Candidate(move, 55.0, ("jump aboard the raft with the chest (3+)",))
            to = self.board.hex(move.to)
            gain = self.d(here) - self.d(to)
            p = 4 / 6 if isinstance(move, Jump) else 5 / 6
            carrying = s.carrier == self.me
            score = 10 + gain * p - 4 * (1 - p) - (20 if carrying else 0)
            return Candidate(move, score, (f"{move}: {gain} closer to {self.goal_name} if it "
                                           f"works ({p:.0%})",))
        if isinstance(move, Float):
            return Candidate(move, 5.0, ("float along the river",))
        if isinstance(move, Climb):
            to = self.board.hex(move.to)
            gain = self.d(here) - self.d(to)
            return Candidate(move, 8.0 + gain, (f"climb out onto {move.to}",))
        if isinstance(move, Walk):
            return self._walk_score(move)
        if isinstance(move, Push):
            into = self.board.hex(move.into)
            sea = self.board.is_sea(into)
            return Candidate(move, 40.0 if sea else 20.0,
                             (f"push into {'the sea: he is out' if sea else 'the river'}",))
        if isinstance(move, (End, Stay)):
            return Candidate(move, 0.0, (str(move),))
        return Candidate(move, 0.0, ())

    def _walk_score(self, move: Walk) -> Candidate:
        s, board = self.state, self.board
        path = [board.hex(x) for x in move.path]
        end = path[-1]
        score = 20.0 - self.d(end)
        start = board.label(self.pirate.at) if self.pirate is not None else "?"
        why = [f"walk {' -> '.join([start, *move.path])}: {self.d(end)} from "
               f"{self.goal_name or 'nowhere'}"]
        loot = set(movement.loot_hexes(s.facts, self.me))
        taken = [h for h in path if h in loot]
        if taken:
            score += 15 * len(taken)
            why.append(f"takes what lies at {', '.join(board.label(h) for h in taken)}")
        if not s.shot_used:
            for p in s.facts.alive():
                if p.seat == self.me or p.wound is not None or p.aboard or p.at < 0:
                    continue
                line = board.between(end, p.at)
                if line is not None and not any(board.is_rock(x) for x in line):
                    score += 2 + len(s.pieces(p.seat))
                    why.append(f"then a shot at {PIRATE_NAMES[p.name]} "
                               f"(hits {s.shooting_chance()})")
                    break
        return Candidate(move, score, tuple(why))
