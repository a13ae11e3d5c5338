"""Long John Silver's bot for Treasure Island (2018): :class:`SilverBot` (policies
``cunning``, ``truthful``, ``deceptive``); ``bots.py`` re-exports it beside the pirates'
:class:`~.bots.GreedyBot`. See docs/architecture.md §6.
"""

from __future__ import annotations

import random
from typing import Any

import shapely  # type: ignore[import-untyped]

from ..core.bots import Candidate
from .burial import burial_plan
from .clues import chest_clue, clues_for
from .danger import Danger, cards_at, escape_distances, sample_points
from .flow import SILVER, Phase
from .geometry import distance
from .hints import truthful
from .moves import (
    Answer,
    Bury,
    Confess,
    Horse,
    PlayHint,
    Redraw,
    TIMove,
)
from .regions import question_region, region
from .state import TIState

__all__ = ["POLICIES", "SilverBot"]

POLICIES = ("cunning", "truthful", "deceptive")


class SilverBot:
    """Long John Silver: hides the treasure, gives hints, answers and escapes.

    ``policy="cunning"`` (the default) plays to win. Silver models each pirate's
    probability map as the pirates' own bots do (:func:`~.posterior.posterior_for` of the
    pirate's view with ``trust``; everything in it was dealt, given or shown by Silver or
    drawn on the board, so Silver knows it) and measures the **danger**: the probability a
    pirate gives to the Large-search circle (2 miles) around the treasure, averaged over the
    pirates. Then:

    * burying: a seeded draw over the valid points at least 5 miles from every starting
      location (:func:`~.burial.burial_plan`), weighted towards those whose danger after
      the first hint is least: few valid miles within 2 miles of it (a search that finds
      it wastes its circle on water, rock or a starting circle) and a large region left by
      the best true Starting Hint of a likely hand (the expected best of 3 random kinds).
      The weights are as sharp as they can be while no 1-mile circle holds more than 7%
      and no Large search more than 12.5% of the burials, so no fixed search plan beats
      chance by much;
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
        elif phase == Phase.BURY:
            rows = self._bury(state)
        elif phase == Phase.HINT:
            rows = self._hint(state)
        elif phase == Phase.CONFESS:
            rows = self._confess(state)
        elif phase == Phase.ANSWER:
            rows = self._answer(state)
        elif phase == Phase.COMPASS:
            rows = self._card(state)
        elif phase == Phase.ESCAPE:
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
        pts = sample_points(state.map, feasible)
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
        for m, wedge in cards_at(state, at[1]):
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
        if phase == Phase.BURY:
            return self._bury_far_from_searches(state)
        if phase == Phase.HINT:
            return self._hint_least_danger(state)
        if phase == Phase.CONFESS:
            return self._confess_least_danger(state)
        if phase == Phase.ANSWER:
            return self._answer_harmless(state)
        if phase == Phase.COMPASS:
            return self._card_least_danger(state)
        return None

    def _danger_model(self, state: TIState) -> Danger:
        return Danger(state, self.trust)

    def _bury_far_from_searches(self, state: TIState) -> list[Candidate]:
        kinds = tuple(sorted({h.id for h in state.decks.starting if not h.chest}))
        plan = burial_plan(state.map, state.situation(), kinds, state.n)
        drawn = plan.draw(self.rng.random())
        rows = []
        for i, p in enumerate(plan.points):
            why = (f"expected chance a pirate gives its 2-mile neighbourhood after the first "
                   f"hint: {plan.dangers[i]:.3f}",
                   f"{plan.shares[i]:.0%} of that neighbourhood is valid ground",
                   f"{plan.rides[i]} rides from the farthest tower",
                   f"drawn with probability {plan.probs[i]:.2%}")
            # the seeded draw's point first; the others ranked by their chance to be drawn
            score = 1.0 + plan.probs[i] if i == drawn else plan.probs[i]
            rows.append(Candidate(Bury(*p), score, why + (("the seeded draw chose it",)
                                                          if i == drawn else ())))
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
        for m, wedge in cards_at(state, at[1]):
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
