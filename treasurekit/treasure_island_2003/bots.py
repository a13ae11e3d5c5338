"""A greedy Treasure Island bot that explains its choice.

Its view of the cards is the score the Final Reckoning would give right now
(:func:`standing`): each type scores for the player holding the most cards of it
(a tie counts half for each tied player). Moves are valued as follows, with the
reasons in words:

* **placing** a counter: +30 and +4 per card for every chest it opens (directly or by
  enclosure), +1 per square gained (they count for Davy Jones' Legacy), +3 per step
  it brings the nearest reachable unopened treasure square closer, and the chance
  that the next throw shows the number of a treasure square now one step away
  (e.g. "P(a 6 next throw) = 11/36");
* **firing** a cannon: the change in (own standing - best opponent's standing); a gold
  cannon against a protected pile counts that times the chance to win the skirmish;
  a Jolly Roger is worth 3;
* **protecting** a pile: half the points the pile holds now, plus one per card;
* **taking** from the Locker: the change in standing; **discarding**: minus the
  standing the type is worth, minus a tenth per card.

Ties are broken by the bot's seeded generator.

>>> import treasurekit.treasure_island_2003 as ti
>>> s = ti.TIGame(board="small").position({"R": "a7 b7 c7 d7"}, dice=(2, 6))
>>> str(GreedyBot(seed=0).choose(s))
'place e7'
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..core.bots import Candidate
from ..core.stats import shares
from ..core.text import count, possessive
from .analysis import number_chance
from .cards import JOLLY
from .enclosure import EMPTY, enclosed_areas, placement_distances
from .holdings import Holdings
from .moves import Discard, End, Fire, Open, Pass, Place, Protect, Stash, Take, TIMove
from .rules.skirmish import win_chances
from .state import TIState

__all__ = ["GreedyBot", "playout_value", "standing"]


def standing(h: Holdings) -> list[float]:
    """What each seat would score if the Final Reckoning came now (ties shared)."""
    n = len(h.piles)
    out = [0.0] * n
    for t in h.cards.treasures:
        counts = [p.get(t.id, 0) for p in h.piles]
        best = max(counts)
        if best == 0:
            continue
        tied = [s for s in range(n) if counts[s] == best]
        for s in tied:
            out[s] += h.cards.points(t.id, best) / len(tied)
    return out


def playout_value(state: TIState) -> tuple[float, ...]:
    """Each seat's share of the points the Final Reckoning would give now (:func:`standing`),
    summing to 1 (equal shares while nobody holds a card): how ``MCTSBot(evaluate=...)``
    scores a playout it stops before the end (TI2003 §9 Final Reckoning)."""
    return shares(standing(state.holdings))


def _edge(values: list[float], me: int) -> float:
    others = [v for s, v in enumerate(values) if s != me]
    return values[me] - (max(others) if others else 0.0)


class GreedyBot:
    """Scores every legal move with a transparent heuristic and plays the best one.

    ``GreedyBot(seed=1)``; ``explain(state)`` lists every legal move with its score and
    reasons, best first.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def choose(self, state: Any) -> TIMove:
        ranked = self.explain(state)
        if not ranked:
            raise ValueError("no legal move: the game is over or a chance move is due")
        best = [c for c in ranked if c.score == ranked[0].score]
        move: TIMove = self.rng.choice(best).move
        return move

    def explain(self, state: TIState) -> list[Candidate]:
        """Every legal move with its score and reasons, best first."""
        if state.is_chance_node() or state.is_terminal():
            return []
        moves = state.legal_moves()
        if any(isinstance(m, Place) for m in moves):
            rows = self._placements(state, [m for m in moves if isinstance(m, Place)])
            rows += [self._score(state, m) for m in moves if not isinstance(m, Place)]
        else:
            rows = [self._score(state, m) for m in moves]
        return sorted(rows, key=lambda c: -c.score)

    # ----- placements -------------------------------------------------------------------
    def _placements(self, state: TIState, moves: list[Place]) -> list[Candidate]:
        board = state.board
        me = state.turn
        owner = list(state.position.owner)
        before = self._nearest(state, owner, me)
        rows = []
        for move in moves:
            sq = board.square(move.square)
            owner[sq] = me
            areas = enclosed_areas(board, owner, me, sq)
            for area in areas:
                for s in area:
                    owner[s] = me
            score = 0.0
            why: list[str] = []
            gained = 1 + sum(len(a) for a in areas)
            won = [board.treasure_at[s] for s in [sq, *(x for a in areas for x in a)]
                   if s in board.treasure_at]
            for chest in won:
                cards = state.chest_cards[chest]
                score += 30 + 4 * cards
                why.append(f"opens {possessive(state.cards.chest(chest).pirate)} chest "
                           f"({count(cards, 'card')})")
            if areas:
                why.append(f"encloses {count(gained - 1, 'square')}")
            score += gained
            after = self._nearest(state, owner, me)
            if before is not None and after is not None and after[0] < before[0]:
                score += 3 * (before[0] - after[0])
                why.append(f"{count(after[0], 'placement')} from {possessive(after[1])} square "
                           f"(was {before[0]})")
            near = self._one_step(state, owner, me)
            if near:
                p = number_chance(near)
                score += 10 * float(p)
                nums = " or ".join(str(k) for k in sorted(near))
                why.append(f"P(a {nums} next throw) = {p}")
            if not why:
                why.append(f"+{count(gained, 'square')}")
            for area in areas:
                for s in area:
                    owner[s] = EMPTY
            owner[sq] = EMPTY
            rows.append(Candidate(move, score, tuple(why)))
        return rows

    def _nearest(self, state: TIState, owner: list[int], me: int) -> tuple[int, str] | None:
        """Placements needed to the nearest unopened treasure square, and its pirate."""
        dist = placement_distances(state.board, owner, me)
        best: tuple[int, str] | None = None
        for sq, chest in state.board.treasure_at.items():
            if owner[sq] == EMPTY and sq in dist and (best is None or dist[sq] < best[0]):
                best = (dist[sq], state.cards.chest(chest).pirate)
        return best

    def _one_step(self, state: TIState, owner: list[int], me: int) -> set[int]:
        dist = placement_distances(state.board, owner, me)
        return {state.board.numbers[sq] for sq in state.board.treasure_at
                if owner[sq] == EMPTY and dist.get(sq) == 1}

    # ----- card decisions ------------------------------------------------------------------
    def _score(self, state: TIState, move: TIMove) -> Candidate:
        me = state.turn
        h = state.holdings
        if isinstance(move, (Pass, End)):
            return Candidate(move, 0.0, ("nothing better",))
        if isinstance(move, Open):
            cards = state.chest_cards[move.chest]
            return Candidate(move, float(cards), (f"{cards} cards",))
        if isinstance(move, Stash):
            return Candidate(move, -1.0, ("keeps the cannon in the Locker",))
        base = _edge(standing(h), me)
        if isinstance(move, Fire):
            them = state.colour(move.target)
            if move.kind == JOLLY:
                return Candidate(move, 3.0, (f"takes a Jolly Roger from {them}: one more "
                                             "type allowed",))
            sim = _copy(h)
            sim.move_pile(move.target, me, move.kind)
            gain = _edge(standing(sim), me) - base
            n = h.piles[move.target].get(move.kind, 0)
            why = [f"steals {state.cards.amount(move.kind, n)} from {them}: "
                   f"{gain:+.1f} points against the best opponent"]
            if move.kind in h.protected[move.target]:
                p: Fraction = win_chances((0, 0))[0]
                why.append(f"only if the skirmish is won (chance {p})")
                gain *= float(p)
            return Candidate(move, gain + 0.01 * n, tuple(why))
        if isinstance(move, Protect):
            now = standing(h)[me]
            n = h.piles[me][move.kind]
            sim = _copy(h)
            sim.piles[me].pop(move.kind)
            worth = now - standing(sim)[me]
            return Candidate(move, worth / 2 + n, (f"protects "
                                                  f"{state.cards.amount(move.kind, n)} worth "
                                                  f"{worth:.1f} points now",))
        if isinstance(move, Take):
            sim = _copy(h)
            sim.take(me, move.kind)
            gain = _edge(standing(sim), me) - base
            took = state.cards.amount(move.kind, h.locker[move.kind])
            return Candidate(move, gain + 0.5, (f"takes {took}: {gain:+.1f} points",))
        assert isinstance(move, Discard)
        sim = _copy(h)
        sim.discard(me, move.kind)
        loss = base - _edge(standing(sim), me)
        n = h.piles[me][move.kind]
        return Candidate(move, -loss - 0.1 * n, (f"gives up "
                                                 f"{state.cards.amount(move.kind, n)}: "
                                                 f"{-loss:+.1f} points",))


def _copy(h: Holdings) -> Holdings:
    return h.copy()
