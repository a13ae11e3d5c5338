"""Bots for Treasure Island (2018): :class:`SilverBot` plays Long John Silver, and
:class:`GreedyBot` plays a pirate where its probability map has the most mass (and hands
Silver's decisions to a truthful :class:`SilverBot`, so one bot can fill any seat).

Both explain their choice: ``bot.explain(state)`` lists the candidate moves with scores
and reasons, best first.

>>> import treasurekit.treasure_island_2018 as ti
>>> s = ti.TIGame().position((10.0, 13.0), positions={"red": (10.0, 11.0)},
...                         hints=[("vast", ["red"], "truth")])
>>> bot = GreedyBot(seed=0)
>>> best = bot.explain(s)[0]
>>> str(best.move).startswith("search")
True
"""

from __future__ import annotations

import heapq
import math
import random
from functools import lru_cache
from typing import Any

import numpy as np
import shapely  # type: ignore[import-untyped]

from ..core.bots import Candidate
from .geometry import Pt, distance, mi, sector_polygon
from .hints import clues_for, region, truthful
from .map import IslandMap
from .moves import (
    Answer,
    Ask,
    Bury,
    Card,
    Compass,
    Confess,
    Done,
    Foot,
    Gallop,
    Horse,
    PlayHint,
    Prison,
    Redraw,
    Remote,
    Search,
    TIMove,
    UseItem,
    Verify,
)
from .posterior import Posterior, posterior_for
from .state import SILVER, TIState

__all__ = ["GreedyBot", "SilverBot", "escape_distances"]

POLICIES = ("truthful", "deceptive")


class SilverBot:
    """Long John Silver: hides the treasure, gives hints, answers and escapes.

    * burying: a random valid point at least 5 miles from every starting location;
    * hints: every legal hint is scored by how much of the board the pirates could still
      suspect after it (the public feasible region intersected with the hint's region).
      ``policy="truthful"`` plays Truth tokens only (a Bluff only when no Truth token is
      left, and then still a true hint) and picks the least informative true hint;
      ``policy="deceptive"`` spends a Bluff token on a false hint that excludes the
      treasure while leaving the pirates the most ground to search in vain, and otherwise
      plays like the truthful policy;
    * CONFESSION: answers truthfully, or (deceptive, with a Bluff token) lies;
    * after a vain search: gives a Chest token only if he holds a Chest-icon hint he cannot
      yet pay for, preferring item tokens (they reveal nothing);
    * Compass: gives the true card whose two sectors hold the least of the public area;
    * escape: rides along the shortest free path to the treasure (a distance field on a
      0.25-mile grid).
    """

    def __init__(self, seed: int = 0, policy: str = "truthful") -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {POLICIES}")
        self.seed = seed
        self.policy = policy
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"SilverBot(seed={self.seed}, policy={self.policy!r})"

    def choose(self, state: Any) -> TIMove:
        ranked = self.explain(state)
        if not ranked:
            raise ValueError("no legal move for Silver now")
        best = [c for c in ranked if c.score == ranked[0].score]
        move: TIMove = self.rng.choice(best).move
        return move

    def explain(self, state: TIState) -> list[Candidate]:
        """Every candidate move with its score and reasons, best first."""
        if state.current_player != SILVER:
            return []
        phase = state.phase
        if phase == "bury":
            rows = self._bury(state)
        elif phase == "hint":
            rows = self._hint(state)
        elif phase == "confess":
            rows = self._confess(state)
        elif phase == "answer":
            rows = self._answer(state)
        elif phase == "compass":
            rows = self._card(state)
        elif phase == "escape":
            rows = self._escape(state)
        else:
            rows = [Candidate(m, 0.0, ("the only kind of move",)) for m in state.legal_moves()]
        return sorted(rows, key=lambda c: -c.score)

    # ----- the pieces ------------------------------------------------------------------
    def _bury(self, state: TIState) -> list[Candidate]:
        starts = list(state.map.starts.values())
        far = [p for p in state.map.lattice if min(distance(p, s) for s in starts) >= 5.0]
        pick = self.rng.choice(far or list(state.map.lattice))
        return [Candidate(Bury(*pick), 1.0, ("a random valid point at least 5 miles from "
                                             "every starting location",))]

    def _public(self, state: TIState) -> tuple[Any, Any, float]:
        """The public feasible region, a point sample of it and its area."""
        view = state.view(1)
        clues = [c for c in clues_for(view, state.map)
                 if c.source in ("hint", "search", "revealed") and c.status == "certain"]
        feasible = state.map.support
        for c in clues:
            feasible = feasible.intersection(c.region)
        pts = _sample_points(state.map, feasible)
        return feasible, pts, float(feasible.area)

    def _hint(self, state: TIState) -> list[Candidate]:
        d = state.data
        treasure = state.treasure
        assert treasure is not None
        moves = state.legal_moves()
        _, pts, area = self._public(state)
        n = max(1, len(pts))
        sit = state.situation()
        rows = []
        has_truth = d.truth > 0
        for m in moves:
            if isinstance(m, Redraw):
                score = 2.0 if d.chest_credit == 0 else -1.0
                rows.append(Candidate(m, score, ("three Chest-icon hints he cannot pay for",)
                                      if score > 0 else ("keeps his hand",)))
                continue
            assert isinstance(m, PlayHint)
            if m.kind in ("parrot", "confession"):
                rows.append(Candidate(m, 0.5, ("reveals little he controls",)))
                continue
            reg = region(m.kind, m.args, sit, state.map)
            shapely.prepare(reg)
            inside = int(shapely.contains_xy(reg, pts[:, 0], pts[:, 1]).sum()) if len(pts) \
                else 0
            left = inside / n
            is_true = truthful(m.kind, m.args, sit, state.map, treasure)
            why = [f"the pirates could still suspect {left:.0%} of {area:.0f} square miles"]
            if m.token == "truth":
                score = left
            elif self.policy == "deceptive" and not is_true:
                score = 1.0 + left
                why.append("a lie: its region leaves the treasure out")
            elif not has_truth and is_true:
                score = left - 0.01
                why.append("no Truth token left: a true hint under a Bluff token")
            else:
                score = -1.0
                why.append("the truthful policy does not bluff" if self.policy == "truthful"
                           else "a Bluff token on a true hint wastes it")
            rows.append(Candidate(m, score, tuple(why)))
        return rows

    def _confess(self, state: TIState) -> list[Candidate]:
        rows = []
        treasure = state.treasure
        assert treasure is not None
        sit = state.situation()
        for m in state.legal_moves():
            assert isinstance(m, Confess)
            q = dict(state.data.questions)[m.seat]
            args = (f"p{m.seat}", *q, m.answer)
            is_true = truthful("confession", args, sit, state.map, treasure)
            if m.token == "truth":
                score, why = 1.0, "the true answer"
            elif self.policy == "deceptive" and not is_true:
                score, why = 2.0, "a lie under a Bluff token"
            else:
                score, why = (0.5 if is_true else -1.0), "a Bluff token"
            rows.append(Candidate(m, score, (why,)))
        return rows

    def _answer(self, state: TIState) -> list[Candidate]:
        d = state.data
        hand = d.start_hand + d.bs_hand
        needed = sum(1 for h in hand if state.decks.hint(h).chest)
        rows = []
        for m in state.legal_moves():
            assert isinstance(m, Answer)
            if m.token == "none":
                rows.append(Candidate(m, 0.5, ("keeps his Chest tokens",)))
                continue
            kind = state.decks.chest_token(m.token).kind
            if needed > d.chest_credit:
                score = 1.0 if kind == "item" else 0.8
                what = "an item reveals nothing" if kind == "item" else "information"
                why = f"pays for a Chest-icon hint ({what})"
            else:
                score, why = 0.0, "no Chest-icon hint to pay for"
            rows.append(Candidate(m, score, (why,)))
        return rows

    def _card(self, state: TIState) -> list[Candidate]:
        _, pts, _ = self._public(state)
        at = state.data.compass_at
        assert at is not None
        rows = []
        for m in state.legal_moves():
            assert isinstance(m, Card)
            if m.card is None:
                rows.append(Candidate(m, 0.0, ("no true card",)))
                continue
            skulls = state.decks.compass_card(m.card).skulls
            wedge = shapely.union_all([sector_polygon(at[1], s) for s in skulls])
            shapely.prepare(wedge)
            cut = int(shapely.contains_xy(wedge, pts[:, 0], pts[:, 1]).sum()) if len(pts) \
                else 0
            rows.append(Candidate(m, -cut / max(1, len(pts)),
                                  (f"rules out {cut / max(1, len(pts)):.0%} of the public area",)))
        return rows

    def _escape(self, state: TIState) -> list[Candidate]:
        treasure = state.treasure
        assert treasure is not None
        field = escape_distances(state.map, treasure)
        rows = []
        for m in state.legal_moves():
            if not isinstance(m, Horse):
                rows.append(Candidate(m, -1e9, ("cannot move",)))
                continue
            end = m.path[-1]
            if distance(end, treasure) <= state.map.scale.treasure_site_radius:
                rows.append(Candidate(m, 1e9, ("reaches the treasure",)))
                continue
            left = field(end)
            rows.append(Candidate(m, -left, (f"{left:.1f} miles left on the free path",)))
        return rows


class GreedyBot:
    """A pirate that moves and searches where its probability map has the most mass.

    Scores (probabilities, with the reasons in words):

    * a search: the probability that its circle holds the treasure (the map's mass in it);
    * a Horse, Foot, item or Full Gallop move: the best search it sets up from where it
      ends (the most mass a Large search, or for a Foot move the Small search of the same
      action, could then cover), discounted (x0.9 for a Foot move, x0.6 for a Horse move,
      x0.4 when no action is left this turn, x0.5 for the rare Full Gallop);
    * Anne's monkey and Olivier's spyglass: the best circle anywhere on the map;
    * Compass: 0.02 while the feasible region is large; Verification: 0.03 per hint that
      could be a bluff; using the "action" item: 0.5; ending the turn: 0.

    Besides the sampled ``legal_moves()`` it adds the best search centre within the
    template of each miniature and moves towards the map's best spot. The Prison tower is
    the one farthest (in expectation) from the treasure; a CONFESSION question the one
    whose answer is closest to 50/50. Silver's decisions go to a truthful
    :class:`SilverBot`.

    Args:
        seed: seeds the tie-breaks (and the SilverBot).
        trust: the probability map's trust in unverified hints (0-1).
    """

    def __init__(self, seed: int = 0, trust: float = 0.8) -> None:
        self.seed = seed
        self.trust = trust
        self.rng = random.Random(seed)
        self.silver = SilverBot(seed=seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed}, trust={self.trust:g})"

    def choose(self, state: Any) -> TIMove:
        if state.current_player == SILVER:
            return self.silver.choose(state)
        ranked = self.explain(state)
        if not ranked:
            raise ValueError("no legal move: the game is over or a chance move is due")
        best = [c for c in ranked if c.score == ranked[0].score]
        move: TIMove = self.rng.choice(best).move
        return move

    def posterior(self, state: TIState) -> Posterior:
        """The probability map of the seat to move."""
        return posterior_for(state.view(state.current_player), state.map, trust=self.trust)

    def explain(self, state: TIState) -> list[Candidate]:
        """Every candidate move with its score and reasons, best first."""
        seat = state.current_player
        if seat < 0:
            return []
        if seat == SILVER:
            return self.silver.explain(state)
        phase = state.phase
        if phase == "actions":
            rows = self._actions(state)
        elif phase == "prison":
            rows = self._prison(state)
        elif phase == "ask":
            rows = self._ask(state)
        else:
            rows = [Candidate(m, 0.0, ("",)) for m in state.legal_moves()]
        return sorted(rows, key=lambda c: -c.score)

    # ----- pirate actions -----------------------------------------------------------------
    def _actions(self, state: TIState) -> list[Candidate]:
        post = self.posterior(state)
        d = state.data
        seat = state.current_player
        imap = state.map
        sc = imap.scale
        moves = list(state.legal_moves())
        minis = [d.turn_mini] if d.turn_mini else list(state.seat_minis(seat))
        small_r = state._radius("small", seat)
        large_r = state._radius("large", seat)
        extra: list[TIMove] = []
        for m in minis:
            at = state.position_of(m)
            assert at is not None
            for size, r, t in (("small", small_r, sc.small_search_radius),
                               ("large", large_r, sc.large_search_radius)):
                c, _ = post.best_centre(r, near=at, within=t - 0.01)
                extra.append(Search(size, m, (mi(c[0]), mi(c[1]))))
            goal, _ = post.best_centre(large_r)
            gap = distance(at, goal)
            if gap > 0.05:
                for limit, cls in ((sc.horse_miles, "horse"), (sc.foot_miles, "foot")):
                    f = min(1.0, (limit - 0.02) / gap)
                    end = (mi(at[0] + (goal[0] - at[0]) * f), mi(at[1] + (goal[1] - at[1]) * f))
                    extra.append(Horse(m, (end,)) if cls == "horse" else Foot(m, end))
                extra.append(Gallop(m, (mi(goal[0]), mi(goal[1]))))
        for kind in ("monkey", "spyglass"):
            r = small_r if kind == "monkey" else large_r
            c, _ = post.best_centre(r)
            extra.append(Remote(kind, (mi(c[0]), mi(c[1]))))
        known = set(moves)
        for m in extra:
            if m not in known and state.why_illegal(m) is None:
                moves.append(m)
                known.add(m)
        rows = [self._score(state, post, m) for m in moves]
        return rows

    def _score(self, state: TIState, post: Posterior, move: TIMove) -> Candidate:
        d = state.data
        seat = state.current_player
        sc = state.map.scale
        last = d.actions_left <= 1

        def found(at: Pt, r: float) -> float:
            row, col = post.grid.index(at)
            return float(post.disc_mass(r)[row, col])

        def setup(at: Pt, size: str) -> float:
            r = state._radius(size, seat)
            t = sc.small_search_radius if size == "small" else sc.large_search_radius
            _, mass = post.best_centre(r, near=at, within=t)
            return mass

        if isinstance(move, Search):
            p = found(move.at, state._radius(move.size, seat))
            return Candidate(move, p, (f"{move.size} search: finds the treasure with "
                                       f"probability {p:.3f}",))
        if isinstance(move, Remote):
            r = state._radius("small" if move.kind == "monkey" else "large", seat)
            p = found(move.at, r)
            return Candidate(move, p, (f"{move.kind}: finds it with probability {p:.3f}",))
        if isinstance(move, UseItem):
            if move.item == "action":
                return Candidate(move, 0.5, ("one more action this turn",))
            assert move.to is not None
            if move.item == "search":
                p = found(move.to, state._radius("small", seat))
                return Candidate(move, p, (f"extra search: probability {p:.3f}",))
            v = 0.9 * setup(move.to, "large")
            return Candidate(move, v, (f"extra move: then a search worth {v:.3f}",))
        if isinstance(move, Foot):
            v = 0.9 * setup(move.to, "small")
            return Candidate(move, v, (f"walk, then a small search worth {v / 0.9:.3f}",))
        if isinstance(move, Horse):
            factor = 0.4 if last else 0.6
            v = factor * setup(move.path[-1], "large")
            return Candidate(move, v, (f"ride, then a large search worth {v / factor:.3f} "
                                       f"(x{factor:g})",))
        if isinstance(move, Gallop):
            v = 0.5 * (0.4 if last else 0.6) * setup(move.to, "large")
            return Candidate(move, v, (f"gallop to the best spot: worth {v:.3f}",))
        if isinstance(move, Compass):
            share = post.area / max(1e-9, state.map.support.area)
            v = 0.02 if share > 0.2 else 0.0
            return Candidate(move, v, (f"the treasure can still be in {share:.0%} of the island",))
        if isinstance(move, Verify):
            possible = post.bluffs > 0
            return Candidate(move, 0.03 if possible else 0.0,
                             ("a bluff is possible" if possible else "no bluff possible",))
        if isinstance(move, Done):
            return Candidate(move, 0.0, ("ends the turn",))
        return Candidate(move, 0.0, ())

    def _prison(self, state: TIState) -> list[Candidate]:
        post = self.posterior(state)
        cx, cy = post.grid.centres
        rows = []
        for m in state.legal_moves():
            assert isinstance(m, Prison)
            t = state.map.tower(m.tower).xy
            exp = float((post.mass * np.hypot(cx - t[0], cy - t[1])).sum())
            rows.append(Candidate(m, exp, (f"expected {exp:.1f} miles from the treasure",)))
        return rows

    def _ask(self, state: TIState) -> list[Candidate]:
        post = self.posterior(state)
        sit = state.situation()
        from .hints import question_region

        rows = []
        for m in state.legal_moves():
            assert isinstance(m, Ask)
            p = post.probability(question_region(m.question, sit, state.map, True))
            rows.append(Candidate(m, -abs(p - 0.5), (f"yes with probability {p:.2f}",)))
        return rows


# ----- helpers -----------------------------------------------------------------------------
def _sample_points(imap: IslandMap, geom: Any, step: float = 0.4) -> np.ndarray:
    """Points of a regular grid inside ``geom`` (for quick area shares)."""
    x0, y0, x1, y1 = imap.bounds
    xs = np.arange(x0 + step / 2, x1, step)
    ys = np.arange(y0 + step / 2, y1, step)
    gx, gy = np.meshgrid(xs, ys)
    gx, gy = gx.ravel(), gy.ravel()
    shapely.prepare(geom)
    ok = shapely.contains_xy(geom, gx, gy)
    out: np.ndarray = np.column_stack([gx[ok], gy[ok]])
    return out


def escape_distances(imap: IslandMap, treasure: Pt) -> Any:
    """A function ``point -> miles`` to the treasure along free ground (Dijkstra on a
    0.25-mile grid with 16 directions), for Silver's escape."""
    return _field(imap, treasure)


@lru_cache(maxsize=32)
def _field(imap: IslandMap, treasure: Pt) -> Any:
    step = 0.25
    x0, y0, x1, y1 = imap.bounds
    nx, ny = int((x1 - x0) / step) + 1, int((y1 - y0) / step) + 1
    xs = x0 + np.arange(nx) * step
    ys = y0 + np.arange(ny) * step
    gx, gy = np.meshgrid(xs, ys)
    free = ~np.asarray(shapely.intersects_xy(imap.restricted, gx, gy))
    dist = np.full((ny, nx), math.inf)
    ti_, tj = round((treasure[1] - y0) / step), round((treasure[0] - x0) / step)
    steps = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1),
             (2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1), (-1, -2), (1, -2), (2, -1)]
    heap = [(0.0, ti_, tj)]
    dist[ti_, tj] = 0.0
    while heap:
        dd, i, j = heapq.heappop(heap)
        if dd > dist[i, j]:
            continue
        for di, dj in steps:
            a, b = i + di, j + dj
            if 0 <= a < ny and 0 <= b < nx and free[a, b]:
                if abs(di) + abs(dj) == 3 and not (free[i + di // 2 if abs(di) == 2 else i,
                                                        j + dj // 2 if abs(dj) == 2 else j]):
                    continue
                nd = dd + step * math.hypot(di, dj)
                if nd < dist[a, b]:
                    dist[a, b] = nd
                    heapq.heappush(heap, (nd, a, b))

    def at(p: Pt) -> float:
        i = min(ny - 1, max(0, round((p[1] - y0) / step)))
        j = min(nx - 1, max(0, round((p[0] - x0) / step)))
        base = float(dist[i, j])
        return base + distance(p, (xs[j], ys[i])) if math.isfinite(base) else 1e6

    return at

