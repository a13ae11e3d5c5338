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
from .clues import chest_clue, clues_for
from .flow import SILVER
from .geometry import Pt, distance, mi, sector_polygon
from .hints import Situation, candidates, truthful
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
from .posterior import Grid, Posterior, bluffs_possible, posterior_for
from .regions import question_region, region
from .state import TIState

__all__ = ["GreedyBot", "SilverBot", "burial_danger", "chase", "escape_distances"]

#: How many valid points the cunning Silver weighs when he buries the treasure.
BURY_SAMPLE = 240
#: During the escape, how much more a pirate suspects the ground ahead of Silver's last
#: ride (within CHASE_ANGLE degrees of its heading) than the rest.
CHASE_WEIGHT = 5.0
CHASE_ANGLE = 45.0
#: Free paths are about this much longer than straight lines (for the escape estimate).
ESCAPE_DETOUR = 1.1
#: How much worse a burial point is for each ride more from the farthest tower.
ESCAPE_RIDE_COST = 1.3

POLICIES = ("cunning", "truthful", "deceptive")


class SilverBot:
    """Long John Silver: hides the treasure, gives hints, answers and escapes.

    ``policy="cunning"`` (the default) plays to win. Silver models each pirate's
    probability map as the pirates' own bots do (:func:`~.posterior.posterior_for` of the
    pirate's view with ``trust``; everything in it was dealt, given or shown by Silver or
    drawn on the board, so Silver knows it) and measures the **danger**: the probability a
    pirate gives to the Large-search circle (2 miles) around the treasure, averaged over the
    pirates. Then:

    * burying: among valid points at least 5 miles from every starting location, the one
      whose danger after the first hint is least: few valid miles within 2 miles of it
      (a search that finds it wastes its circle on water, rock or a starting circle) and a
      large region left by the best true Starting Hint of a likely hand (the expected best
      of 3 random kinds);
    * hints: every legal hint (and CONFESSION answer) is scored by the danger it leaves;
      a lie under a Bluff token that points the pirates away scores best, a true hint that
      leaves the treasure's neighbourhood a small share of a large region next;
    * after a vain search: gives only an information Chest token that raises the
      searcher's danger by less than 10%, and only while he holds a Chest-icon hint he
      cannot pay for (item tokens give the pirates actions, never);
    * Compass: the true card that leaves the active pirate the most probability;
    * escape: rides along the shortest free path to the treasure (a distance field on a
      0.25-mile grid).

    ``policy="truthful"`` and ``"deceptive"`` are the simpler Silvers of earlier versions:

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
    * escape: as the cunning Silver.

    Args:
        seed: seeds the tie-breaks and the burial (same seed, same game).
        policy: ``"cunning"``, ``"truthful"`` or ``"deceptive"``.
        trust: the trust in unverified hints Silver assumes of the pirates (0-1).

    Raises:
        ValueError: an unknown policy or a trust outside 0-1.
    """

    def __init__(self, seed: int = 0, policy: str = "cunning", trust: float = 0.8) -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {POLICIES}, not {policy!r}")
        if not 0.0 <= trust <= 1.0:
            raise ValueError(f"trust must be between 0 and 1, not {trust!r}")
        self.seed = seed
        self.policy = policy
        self.trust = trust
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
        cunning = self._cunning(state, phase) if self.policy == "cunning" else None
        if cunning is not None:
            rows = cunning
        elif phase == "bury":
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
        for m, wedge in _cards(state, at[1]):
            if wedge is None:
                rows.append(Candidate(m, 0.0, ("no true card",)))
                continue
            shapely.prepare(wedge)
            cut = int(shapely.contains_xy(wedge, pts[:, 0], pts[:, 1]).sum()) if len(pts) \
                else 0
            rows.append(Candidate(m, -cut / max(1, len(pts)),
                                  (f"rules out {cut / max(1, len(pts)):.0%} of the public area",)))
        return rows

    # ----- the cunning policy ------------------------------------------------------------
    def _cunning(self, state: TIState, phase: str) -> list[Candidate] | None:
        """The cunning Silver's candidates in ``phase`` (None: as the other policies)."""
        if phase == "bury":
            return self._bury_far_from_searches(state)
        if phase == "hint":
            return self._hint_least_danger(state)
        if phase == "confess":
            return self._confess_least_danger(state)
        if phase == "answer":
            return self._answer_harmless(state)
        if phase == "compass":
            return self._card_least_danger(state)
        return None

    def _danger_model(self, state: TIState) -> _Danger:
        return _Danger(state, self.trust)

    def _bury_far_from_searches(self, state: TIState) -> list[Candidate]:
        imap = state.map
        starts = list(imap.starts.values())
        far = [p for p in imap.lattice if min(distance(p, s) for s in starts) >= 5.0]
        pool = far or list(imap.lattice)
        picks = self.rng.sample(pool, min(len(pool), BURY_SAMPLE))
        kinds = tuple(sorted({h.id for h in state.decks.starting if not h.chest}))
        danger = burial_danger(imap, state.situation(), tuple(picks), kinds, state.n)
        towers = [t.xy for t in imap.towers]
        ride = imap.scale.horse_miles
        rows = []
        for p, (d, share) in zip(picks, danger, strict=True):
            # the pirates jail Silver in the tower farthest from where they think it is:
            # each ride more on the escape gives them a round of searches more
            rides = math.ceil(ESCAPE_DETOUR * max(distance(p, t) for t in towers) / ride)
            score = d * ESCAPE_RIDE_COST ** (rides - 2)
            rows.append(Candidate(Bury(*p), -score, (
                f"expected chance a pirate gives its 2-mile neighbourhood after the first "
                f"hint: {d:.3f}", f"{share:.0%} of that neighbourhood is valid ground",
                f"{rides} rides from the farthest tower")))
        return rows

    def _hint_least_danger(self, state: TIState) -> list[Candidate]:
        model = self._danger_model(state)
        base = model.danger()
        sit = state.situation()
        rows = []
        for m in state.legal_moves():
            if isinstance(m, Redraw):
                rows.append(Candidate(m, -1.2 * base, ("three Chest-icon hints: a new hand "
                                                        "is a gamble",)))
                continue
            assert isinstance(m, PlayHint)
            if m.kind == "confession":
                rows.append(Candidate(m, -1.05 * base, (
                    "CONFESSION: he will answer the question that helps least",)))
                continue
            if m.kind == "parrot":
                left = model.danger_after_parrot()
                rows.append(Candidate(m, -left, (f"PARROT: the pirates' chance near the "
                                                 f"treasure becomes {left:.3f}",)))
                continue
            reg = region(m.kind, m.args, sit, state.map)
            face_up = not state.hints and state.data.hint_deck == "starting"
            left = model.danger(reg, certain=face_up)
            lie = not truthful(m.kind, m.args, sit, state.map, model.treasure)
            why = [f"the pirates' chance near the treasure: {base:.3f} now, {left:.3f} after"]
            if lie:
                why.append("a lie under a Bluff token: it points away from the treasure")
            elif m.token == "bluff":
                left += 0.001  # a true hint does not need a Bluff token: keep it
                why.append("a true hint under a Bluff token")
            rows.append(Candidate(m, -left, tuple(why)))
        return rows

    def _confess_least_danger(self, state: TIState) -> list[Candidate]:
        model = self._danger_model(state)
        sit = state.situation()
        questions = dict(state.data.questions)
        rows = []
        for m in state.legal_moves():
            assert isinstance(m, Confess)
            reg = question_region(questions[m.seat], sit, state.map, m.answer == "yes")
            left = model.danger(reg)
            args = (f"p{m.seat}", *questions[m.seat], m.answer)
            lie = not truthful("confession", args, sit, state.map, model.treasure)
            if m.token == "bluff" and not lie:
                left += 0.001
            rows.append(Candidate(m, -left, (
                f"the pirates' chance near the treasure becomes {left:.3f}"
                + (" (a lie under a Bluff token)" if lie else ""),)))
        return rows

    def _answer_harmless(self, state: TIState) -> list[Candidate]:
        d = state.data
        hand = d.start_hand + d.bs_hand
        needed = sum(1 for h in hand if state.decks.hint(h).chest)
        moves = state.legal_moves()
        rows = []
        if needed <= d.chest_credit:
            return [Candidate(m, 0.0 if isinstance(m, Answer) and m.token == "none" else -1.0,
                              ("no Chest-icon hint to pay for",)) for m in moves]
        assert d.last_search is not None
        seat, _, at = d.last_search
        model = self._danger_model(state)
        before = model.danger(seats=(seat,))
        for m in moves:
            assert isinstance(m, Answer)
            if m.token == "none":
                rows.append(Candidate(m, 0.0, ("keeps his Chest tokens",)))
                continue
            kind = state.decks.chest_token(m.token).kind
            if kind == "item":
                rows.append(Candidate(m, -1.0, ("an item token gives the pirate an action",)))
                continue
            district = state.map.district_at(at) if m.token == "district" else None
            clue = chest_clue(m.token, at, district, state.map)
            after = model.danger(clue.region, certain=True, seats=(seat,))
            rise = after / before - 1.0 if before > 0 else 0.0
            score = 0.5 - rise if rise < 0.1 else -1.0
            rows.append(Candidate(m, score, (
                f"pays for a Chest-icon hint; the searcher's chance near the treasure rises "
                f"by {rise:.0%}",)))
        return rows

    def _card_least_danger(self, state: TIState) -> list[Candidate]:
        at = state.data.compass_at
        seat = state.active
        assert at is not None and seat is not None
        model = self._danger_model(state)
        rows = []
        for m, wedge in _cards(state, at[1]):
            if wedge is None:
                rows.append(Candidate(m, 0.0, ("no true card",)))
                continue
            reg = state.map.board.difference(wedge)
            left = model.danger(reg, certain=True, seats=(seat,))
            rows.append(Candidate(m, -left, (f"the pirate's chance near the treasure becomes "
                                             f"{left:.3f}",)))
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


def _cards(state: TIState, at: Pt) -> list[tuple[Card, Any]]:
    """Silver's legal Compass Hint answers with the two skull sectors of each card, seen
    from ``at`` (None for ``card none``)."""
    out: list[tuple[Card, Any]] = []
    for m in state.legal_moves():
        assert isinstance(m, Card)
        if m.card is None:
            out.append((m, None))
            continue
        skulls = state.decks.compass_card(m.card).skulls
        out.append((m, shapely.union_all([sector_polygon(at, s) for s in skulls])))
    return out


# ----- the cunning Silver's model of the pirates -------------------------------------------
@lru_cache(maxsize=4)
def _support_sample(imap: IslandMap) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Points of a 0.4-mile grid on the valid burial ground, and the row and column of the
    probability map's cell holding each."""
    pts = _sample_points(imap, imap.support)
    grid = Grid.for_map(imap)
    cols = np.clip(((pts[:, 0] - grid.x0) // grid.cell).astype(int), 0, grid.nx - 1)
    rows = np.clip(((pts[:, 1] - grid.y0) // grid.cell).astype(int), 0, grid.ny - 1)
    return pts, rows, cols


class _Danger:
    """What Silver expects each pirate to believe, at the points of :func:`_support_sample`:
    each pirate's probability map (as :func:`posterior_for` makes it from that pirate's
    view: hints, its District, Compass and Chest tokens, searches; Silver dealt, gave or
    saw all of it). ``danger()`` is the probability the pirates give, on average, to the
    Large-search circle around the treasure, now or after one more clue."""

    def __init__(self, state: TIState, trust: float) -> None:
        imap = state.map
        treasure = state.treasure
        assert treasure is not None
        self.treasure: Pt = treasure
        self.trust = trust
        self.pts, rows, cols = _support_sample(imap)
        r = imap.scale.large_search_radius
        self.near = np.hypot(self.pts[:, 0] - treasure[0], self.pts[:, 1] - treasure[1]) <= r
        self.weights: dict[int, np.ndarray] = {}
        self.unsure: dict[int, bool] = {}
        self.state = state
        for p in state.pirates:
            view = state.view(p)
            post = posterior_for(view, imap, trust=trust)
            self.weights[p] = post.mass[rows, cols]
            self.unsure[p] = bluffs_possible(view) > 0

    def _inside(self, reg: Any) -> np.ndarray:
        shapely.prepare(reg)
        out: np.ndarray = np.asarray(
            shapely.intersects_xy(reg, self.pts[:, 0], self.pts[:, 1]), dtype=float)
        return out

    def danger(self, reg: Any = None, certain: bool = False,
               seats: tuple[int, ...] | None = None,
               regions: dict[int, Any] | None = None) -> float:
        """Mean over ``seats`` (default: every pirate) of the probability near the
        treasure, after a clue ``reg`` (certain, or trusted with ``trust`` by a pirate who
        knows a Bluff is possible); ``regions`` gives a certain clue per seat."""
        seats = seats or tuple(self.weights)
        inside = None if reg is None else self._inside(reg)
        total = 0.0
        for p in seats:
            w = self.weights[p]
            if regions is not None and p in regions:
                w = w * self._inside(regions[p])
            if inside is not None:
                f = inside if certain or not self.unsure[p] else \
                    self.trust * inside + (1.0 - self.trust)
                w = w * f
            mass = float(w.sum())
            total += float(w[self.near].sum()) / mass if mass > 0 else \
                float(self.weights[p][self.near].sum())
        return total / len(seats)

    def danger_after_parrot(self) -> float:
        """PARROT with 4-5 players: each pirate sees its two neighbours' District Hints."""
        state = self.state
        pirates = list(state.pirates)
        dealt = state.data.dealt
        regions = {}
        for i, p in enumerate(pirates):
            shown = [dealt[q][0] for q in {pirates[i - 1], pirates[(i + 1) % len(pirates)]}
                     if q != p and dealt[q]]
            reg = state.map.board
            for x in shown:
                reg = reg.difference(state.map.district(x).polygon)
            regions[p] = reg
        return self.danger(regions=regions)


@lru_cache(maxsize=4)
def _start_regions(imap: IslandMap, sit: Situation, kinds: tuple[str, ...],
                   players: int) -> tuple[tuple[str, tuple[str, ...], float], ...]:
    """Every (kind, args, share of the valid ground) of the Starting Hints ``kinds`` in
    the situation ``sit``."""
    out = []
    area = float(imap.support.area)
    districts = [x.id for x in imap.districts]
    for kind in kinds:
        extra: dict[str, Any] = {"districts": districts} if kind == "manuscript" else {}
        for args in candidates(kind, sit, imap, players, **extra):
            reg = region(kind, args, sit, imap)
            out.append((kind, args, float(reg.intersection(imap.support).area) / area))
    return tuple(out)


def burial_danger(imap: IslandMap, sit: Situation, points: tuple[Pt, ...],
                  kinds: tuple[str, ...], players: int = 4) -> list[tuple[float, float]]:
    """For each burial point: ``(danger, share)``. ``share`` is the fraction of the
    2-mile circle around it that is valid ground (a search finding it covers that much);
    ``danger`` is the expected probability the pirates give that circle after the first
    hint, when Silver holds 3 random kinds of ``kinds`` (Starting Hints without a Chest
    icon) and plays the true one leaving them the largest region: valid area near the
    point over valid area left."""
    area = float(imap.support.area)
    r = imap.scale.large_search_radius
    step = 0.25
    ks = np.arange(-r, r + 1e-9, step)
    ox, oy = np.meshgrid(ks, ks)
    keep = np.hypot(ox, oy) <= r
    ox, oy = ox[keep], oy[keep]
    regs = _start_regions(imap, sit, kinds, players)
    out = []
    for p in points:
        share = float(np.asarray(shapely.intersects_xy(imap.support, p[0] + ox, p[1] + oy))
                      .mean())
        near = share * math.pi * r * r
        best: dict[str, float] = {}
        for kind, args, frac in regs:
            if frac > best.get(kind, 0.0) and truthful(kind, args, sit, imap, p):
                best[kind] = frac
        dangers = sorted(min(1.0, near / (best[k] * area)) if best.get(k) else 1.0
                         for k in kinds)
        out.append((_expected_best_of(dangers, 3), share))
    return out


def _expected_best_of(values: list[float], k: int) -> float:
    """The expected least of ``k`` values drawn without replacement from sorted
    ``values``."""
    n = len(values)
    if n <= k:
        return values[0] if values else 1.0
    ways = math.comb(n, k)
    return sum(v * math.comb(n - 1 - i, k - 1) / ways for i, v in enumerate(values))


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

