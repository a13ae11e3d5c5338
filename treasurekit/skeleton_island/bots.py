"""A greedy Skeleton Island bot that explains its choice."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from ..core.bots import Candidate
from ..core.stats import shares
from .analysis import completing_kinds, unknown_card
from .moves import Blow, Discard, Double, Keep, Rest, SkeletonMove, Steal, Stop, Take
from .state import SkeletonState

__all__ = ["GreedyBot", "playout_value"]

#: What an unfinished map piece is worth, per whole map it covers (× the Island's coins).
MAP_WEIGHT = 0.6
#: What a card that can only pay for a pirate turn is worth.
FODDER = 0.4
#: How much taking a card away from an opponent counts (denial), relative to its value.
DENIAL = 0.5
#: How much handing a good card to the next player (by resting it face up) costs.
GIFT = 0.3
#: A blow must promise at least this much more than the best card now.
BLOW_MARGIN = 0.05


def playout_value(state: SkeletonState) -> tuple[float, ...]:
    """Each seat's share of the coins won so far (:meth:`SkeletonState.scores`), summing to
    1 (equal shares while nobody has a coin): how ``MCTSBot(evaluate=...)`` scores a playout
    it stops before the end (SKEL §4)."""
    return shares(state.scores())


class GreedyBot:
    """Scores every legal move with a transparent heuristic and plays the best.

    The score is a heuristic, measured roughly in coins; it is neither a probability nor
    the exact coin value of :mod:`.analysis` (where a map piece that does not finish a
    map counts 0). Card score ("worth") for a seat: a gold coin card its coins; a map piece that
    completes a map of a free colour the Island's 5 coins; another piece of a free
    colour ``0.6 x 5 x share`` (1.5 for a half, 0.75 for a quarter); a pirate object
    or a piece of a claimed colour 0.4 (it can pay for a pirate turn). A face-down card
    scores the exact average of those scores over the unseen cards; the explanation also
    gives the exact chances (fractions) that it is a coin or completes one of your maps.

    * take: the card's worth (the second card of a turn too);
    * stop (declining the second card after a rest): 0, so the bot takes a second card
      whenever one is worth anything to it (every card is: a pirate object still pays for
      a pirate turn), and stops only when no card is left to take;
    * keep or rest: keeping is worth the card; resting is worth the best other card
      still uncovered after resting there, minus 0.3 x the card's worth to the next
      player (it stays face up for them);
    * blow: the average over the gust's 24 outcomes of the best card then uncovered,
      less 0.05 (blowing costs nothing, so it wins when that beats the best card now);
    * pirate turn: the best follow-up (stealing the card worth most to you plus half
      its worth to the victim, or two standard turns' best takes) minus what the three
      discarded cards are worth to you.

    Ties are broken by the bot's seeded generator.

    >>> import treasurekit
    >>> s = treasurekit.load_game("skeleton_island").position(
    ...     [("coin-1", 0, 0, 0), ("coin-3", 20, 0, 0)])
    >>> str(GreedyBot(seed=0).choose(s))
    'take 1'
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def choose(self, state: Any) -> SkeletonMove:
        ranked = self.explain(state)
        if not ranked:
            raise ValueError("no legal move: the game is over or a chance move is due")
        best = [c for c in ranked if c.score == ranked[0].score]
        move: SkeletonMove = self.rng.choice(best).move
        return move

    def explain(self, state: SkeletonState) -> list[Candidate]:
        """Every legal move with its score and reasons, best first."""
        if state.current_player < 0:
            return []
        ctx = _Context(state)
        rows = [ctx.score(m) for m in state.legal_moves()]
        return sorted(rows, key=lambda c: -c.score)


class _Context:
    """Card worths for one decision, computed once."""

    def __init__(self, state: SkeletonState) -> None:
        self.state = state
        self.me = state.turn
        self.deck = state.deck
        self._completing: dict[int, set[str]] = {}
        self._face_down: dict[int, float] = {}

    def completing(self, seat: int) -> set[str]:
        if seat not in self._completing:
            self._completing[seat] = completing_kinds(self.state, seat)
        return self._completing[seat]

    def worth(self, kind: str, seat: int | None = None) -> float:
        seat = self.me if seat is None else seat
        info = self.deck.kinds[kind]
        if info.is_coin:
            return float(info.coins)
        if info.is_map and info.colour not in self.state.islands:
            if kind in self.completing(seat):
                return float(self.deck.island_coins)
            return MAP_WEIGHT * self.deck.island_coins * float(info.share)
        return FODDER

    def face_down(self, seat: int | None = None) -> float:
        seat = self.me if seat is None else seat
        if seat not in self._face_down:
            pool = self.state.unseen()
            total = sum(pool.values())
            self._face_down[seat] = (
                sum(n * self.worth(k, seat) for k, n in pool.items()) / total if total else 0.0
            )
        return self._face_down[seat]

    def card_worth(self, card: int, seat: int | None = None) -> float:
        kind = self.state.pile.cards[card].kind
        return self.face_down(seat) if kind is None else self.worth(kind, seat)

    def face_down_reasons(self) -> tuple[str, ...]:
        odds = unknown_card(self.state)
        done = sum((p for k, p in odds.kind.items() if k in self.completing(self.me)),
                   Fraction(0))
        return (
            f"face down: score {self.face_down():.2f}, the average score of the "
            f"{odds.unseen} unseen cards",
            f"exact chances: P(gold coin) = {odds.category['coin']}",
            f"P(completes one of your maps) = {done}",
        )

    def basis(self, kind: str) -> str:
        """Why a face-up card of ``kind`` has its score, in a few words."""
        info = self.deck.kinds[kind]
        if info.is_coin:
            return "its coins"
        if info.is_map and info.colour not in self.state.islands:
            if kind in self.completing(self.me):
                return f"finishes your map: the Island's {self.deck.island_coins} coins"
            share = {"half": "½", "quarter": "¼"}.get(info.piece or "", str(info.share))
            return f"{MAP_WEIGHT} × {self.deck.island_coins} × {share} of a map"
        return "only pays for a pirate turn"

    def best_take(self, exclude: int | None = None, pile: Any = None) -> tuple[float, int | None]:
        pile = self.state.pile if pile is None else pile
        best, which = 0.0, None
        for i in pile.uncovered():
            if i == exclude:
                continue
            kind = pile.cards[i].kind
            w = self.face_down() if kind is None else self.worth(kind)
            if which is None or w > best:
                best, which = w, i
        return best, which

    # ----- scores --------------------------------------------------------------
    def score(self, move: SkeletonMove) -> Candidate:
        if isinstance(move, Take):
            return self._take(move)
        if isinstance(move, Keep):
            hand = self.state.hand
            assert hand is not None and hand[1] is not None
            w = self.worth(hand[1])
            return Candidate(move, w, (
                f"keep {self.state.label(hand[1])}: score {w:.2f} ({self.basis(hand[1])})",))
        if isinstance(move, Rest):
            return self._rest(move)
        if isinstance(move, Blow):
            return self._blow(move)
        if isinstance(move, Discard):
            return self._discard(move)
        if isinstance(move, Steal):
            return self._steal(move)
        if isinstance(move, Stop):
            best, which = self.best_take(exclude=self.state.rested)
            why = ("no second card: scores 0" + (
                f"; card {which} would score {best:.2f}" if which is not None else ""),)
            return Candidate(move, 0.0, why)
        if isinstance(move, Double):
            first, _ = self.best_take()
            w = first + self.face_down()
            return Candidate(move, w, (
                f"two standard turns: about {w:.2f} (the best card now + a face-down card)",))
        return Candidate(move, 0.0, ())

    def _take(self, move: Take) -> Candidate:
        kind = self.state.pile.cards[move.card].kind
        if kind is None:
            return Candidate(move, self.face_down(), self.face_down_reasons())
        w = self.worth(kind)
        why = [f"{self.state.label(kind)}: score {w:.2f} ({self.basis(kind)})"]
        return Candidate(move, w, tuple(why))

    def _rest(self, move: Rest) -> Candidate:
        hand = self.state.hand
        assert hand is not None
        card, kind = hand
        assert kind is not None
        after = self.state.pile.with_card_on_top(card, move.placement, kind)
        best, which = self.best_take(exclude=card, pile=after)
        nxt = (self.me + 1) % self.state.game.num_players
        gift = GIFT * self.worth(kind, nxt)
        score = best - gift
        if which is None:
            return Candidate(move, -gift, ("covers every other card: no second card",))
        return Candidate(move, score, (
            f"then take card {which} (score {best:.2f})",
            f"the next player finds {self.state.label(kind)} face up: "
            f"-{GIFT} × {self.worth(kind, nxt):.2f} = -{gift:.2f}",
        ))

    def _blow(self, move: Blow) -> Candidate:
        outcomes = self.state.game.gust_outcomes
        deck = self.deck
        total = 0.0
        for gust, p in outcomes:
            assert hasattr(gust, "direction") and hasattr(gust, "strength")
            pile = self.state.pile.blown(gust.direction, deck.gust_strengths[gust.strength])
            total += float(p) * self.best_take(pile=pile)[0]
        now = self.best_take()[0]
        return Candidate(move, total - BLOW_MARGIN, (
            f"after a gust the best card scores {total:.2f} on average (now {now:.2f})",
            f"minus {BLOW_MARGIN}: blow only to gain more than that",
        ))

    def _discard(self, move: Discard) -> Candidate:
        mine = dict(self.state.collection(self.me))
        cost = sum(self.worth(mine[i]) for i in move.cards)
        steal = max(
            (self.worth(k) + DENIAL * self.worth(k, v)
             for v in range(self.state.game.num_players) if v != self.me
             for _, k in self.state.collection(v)),
            default=0.0,
        )
        first, _ = self.best_take()
        double = first + self.face_down()
        follow = max(steal, double)
        how = "steal" if steal >= double else "two standard turns"
        return Candidate(move, follow - cost, (
            f"pirate turn: {how} scores about {follow:.2f}",
            f"minus the three discards' scores ({cost:.2f})",
        ))

    def _steal(self, move: Steal) -> Candidate:
        v = move.victim
        held = self.state.collection(v)
        if move.card is None:
            mine = sum(self.worth(k) for _, k in held) / len(held)
            theirs = sum(self.worth(k, v) for _, k in held) / len(held)
            return Candidate(move, mine + DENIAL * theirs, (
                f"a blind draw from p{v}'s {len(held)} cards: score {mine:.2f} on average",
                f"plus {DENIAL} × their average score to p{v}",))
        kind = dict(held)[move.card]
        w = self.worth(kind)
        deny = DENIAL * self.worth(kind, v)
        return Candidate(move, w + deny, (
            f"{self.state.label(kind)}: score {w:.2f} to you",
            f"plus {DENIAL} × its score to p{v}, who loses it (+{deny:.2f})",
        ))
