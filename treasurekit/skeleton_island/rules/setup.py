"""Setup: the Sand cards are shuffled, half turned over and spread out (SKEL §2 Setup;
ruling SKEL-3 for the seeded layouts).

Both steps are chance moves: the spread (:class:`~..moves.Spread`, one of the deck's
seeded layouts) and then one :class:`~..moves.Reveal` per face-up card of the spread.
A card's face is drawn from the unseen pool only when it is turned over, with
probability count / pool size, so nothing about a face-down card is fixed in advance
(docs/architecture.md §5).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import TYPE_CHECKING

from ...core.events import Event
from ..moves import Reveal, SkeletonMove, Spread
from ..position import SkeletonPosition, evolve, unseen
from ..spread import spread_layout
from . import SETUP, label

if TYPE_CHECKING:
    from ..game import SkeletonGame

__all__ = ["outcomes", "reveal", "reveals", "spread"]


def reveals(
    pos: SkeletonPosition, game: SkeletonGame, card: int
) -> list[tuple[SkeletonMove, Fraction]]:
    """Card ``card`` turned over: every unseen kind with probability count / pool size."""
    pool = unseen(pos, game.deck)
    total = sum(pool.values())
    return [(Reveal(card, k), _share(n, total)) for k, n in pool.items()]


@cache
def _share(n: int, total: int) -> Fraction:
    """``Fraction(n, total)``, made once per pair (a pure function of two numbers)."""
    return Fraction(n, total)


def outcomes(pos: SkeletonPosition, game: SkeletonGame) -> list[tuple[SkeletonMove, Fraction]]:
    """The chance outcomes of setup: the spread, then the next face-up card's face."""
    if pos.layout is None:
        return game.spread_outcomes
    return reveals(pos, game, pos.setup_left[0])


def spread(
    pos: SkeletonPosition, game: SkeletonGame, move: Spread
) -> tuple[SkeletonPosition, list[Event]]:
    """Lay the spread."""
    deck = game.deck
    pile = spread_layout(move.layout, deck.total, deck.spread_radius_cm, deck.size_cm)
    left = tuple(sorted(i for i, c in pile.cards.items() if c.face_up))
    up = len(left)
    return evolve(pos, pile=pile, layout=move.layout, setup_left=left), [Event(
        f"The {deck.total} Sand cards are shuffled, half turned over and spread "
        f"(layout {move.layout}): {up} lie face up, {deck.total - up} face down; "
        f"{len(pile.uncovered())} are uncovered", SETUP, "spread")]


def reveal(
    pos: SkeletonPosition, game: SkeletonGame, move: Reveal
) -> tuple[SkeletonPosition, list[Event]]:
    """Turn over the next face-up card of the spread."""
    deck = game.deck
    pos = evolve(pos, pile=pos.pile.with_kind(move.card, move.kind),
                  setup_left=pos.setup_left[1:])
    return pos, [Event(f"Card {move.card} lies face up in the spread: "
                       f"{label(deck, move.kind)}", SETUP, "reveal")]
