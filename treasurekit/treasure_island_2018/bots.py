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

import math
import random
from typing import Any

import numpy as np

from ..core.bots import Candidate
from .danger import burial_danger, escape_distances
from .flow import SILVER, Phase
from .geometry import Pt, distance, mi
from .moves import (
    Ask,
    Compass,
    Done,
    Foot,
    Gallop,
    Horse,
    Prison,
    Remote,
    Search,
    TIMove,
    UseItem,
    Verify,
)
from .posterior import Posterior, posterior_for
from .regions import question_region
from .rules.searches import radius
from .silver_bot import SilverBot
from .state import TIState

__all__ = ["GreedyBot", "SilverBot", "burial_danger", "chase", "escape_distances"]

#: During the escape, how much more a pirate suspects the ground ahead of Silver's last
#: ride (within CHASE_ANGLE degrees of its heading) than the rest.
CHASE_WEIGHT = 5.0
CHASE_ANGLE = 45.0


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

    During the escape the map is weighted towards the ground ahead of Long John Silver's
    last ride (:func:`chase`): he rides to his treasure, so the pirates follow him.

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
        self.silver = SilverBot(seed=seed, policy="truthful")

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
        """The probability map of the seat to move (during the escape weighted towards
        where Long John Silver rides: see :func:`chase`)."""
        view = state.view(state.current_player)
        post = posterior_for(view, state.map, trust=self.trust)
        return chase(post, view) if view.escape_round else post

    def explain(self, state: TIState) -> list[Candidate]:
        """Every candidate move with its score and reasons, best first."""
        seat = state.current_player
        if seat < 0:
            return []
        if seat == SILVER:
            return self.silver.explain(state)
        phase = state.phase
        if phase == Phase.ACTIONS:
            rows = self._actions(state)
        elif phase == Phase.PRISON:
            rows = self._prison(state)
        elif phase == Phase.ASK:
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
        small_r = radius(state.context, "small", seat)
        large_r = radius(state.context, "large", seat)
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
        for mv in extra:
            if mv not in known and state.why_illegal(mv) is None:
                moves.append(mv)
                known.add(mv)
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
            r = radius(state.context, size, seat)
            t = sc.small_search_radius if size == "small" else sc.large_search_radius
            _, mass = post.best_centre(r, near=at, within=t)
            return mass

        if isinstance(move, Search):
            p = found(move.at, radius(state.context, move.size, seat))
            return Candidate(move, p, (f"{move.size} search: finds the treasure with "
                                       f"probability {p:.3f}",))
        if isinstance(move, Remote):
            r = radius(state.context, "small" if move.kind == "monkey" else "large", seat)
            p = found(move.at, r)
            return Candidate(move, p, (f"{move.kind}: finds it with probability {p:.3f}",))
        if isinstance(move, UseItem):
            if move.item == "action":
                return Candidate(move, 0.5, ("one more action this turn",))
            assert move.to is not None
            if move.item == "search":
                p = found(move.to, radius(state.context, "small", seat))
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
        rows = []
        for m in state.legal_moves():
            assert isinstance(m, Ask)
            p = post.probability(question_region(m.question, sit, state.map, True))
            rows.append(Candidate(m, -abs(p - 0.5), (f"yes with probability {p:.2f}",)))
        return rows


def chase(post: Posterior, view: Any) -> Posterior:
    """The probability map ``post`` weighted by what Long John Silver's escape shows: he
    rides to his treasure (TI2018 §8), so the ground ahead of his last ride (within
    ``CHASE_ANGLE`` degrees of its heading, seen from where he stands) is ``CHASE_WEIGHT``
    times as likely. Unchanged before Silver's first escape ride."""
    rides = [ln for ln in view.lines if ln.mini == "silver" and ln.kind == "escape"]
    if not rides:
        return post
    a, b = rides[-1].a, rides[-1].b
    dx, dy = b[0] - a[0], b[1] - a[1]
    norm = math.hypot(dx, dy)
    if norm <= 0:
        return post
    cx, cy = post.grid.centres
    vx, vy = cx - b[0], cy - b[1]
    dist = np.hypot(vx, vy)
    cos = (vx * dx + vy * dy) / np.maximum(dist * norm, 1e-9)
    ahead = cos >= math.cos(math.radians(CHASE_ANGLE))
    mass = post.mass * np.where(ahead, CHASE_WEIGHT, 1.0)
    total = float(mass.sum())
    if total <= 0:
        return post
    out: Posterior = object.__new__(Posterior)
    out.__dict__.update(post.__dict__)
    out.mass = mass / total
    out._disc_cache = {}
    return out
