"""Setup: the Sand cards are shuffled, half turned over and spread out (SKEL §2 Setup;
ruling SKEL-3 for the seeded layouts).

Both steps are chance moves: the spread (:class:`~..moves.Spread`, one of the deck's
seeded layouts) and then one :class:`~..moves.Reveal` per face-up card of the spread.
A card's face is drawn from the unseen pool only when it is turned over, with
probability count / pool size, so nothing about a face-down card is fixed in advance
(docs/architecture.md §5).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache, lru_cache
from itertools import accumulate
from math import gcd

from ...core.events import Event
from ..context import SkeletonContext
from ..moves import Reveal, SkeletonMove, Spread
from ..position import SkeletonPosition, replace, unseen
from ..spread import spread_layout
from . import SETUP, event, label

__all__ = ["outcomes", "reveal", "reveal_move", "reveal_table", "reveals", "spread"]


def reveals(
    pos: SkeletonPosition, ctx: SkeletonContext, card: int
) -> list[tuple[SkeletonMove, Fraction]]:
    """Card ``card`` turned over: every unseen kind with probability count / pool size."""
    pool = unseen(pos, ctx.deck)
    total = sum(pool.values())
    return [(reveal_move(card, k), _share(n, total)) for k, n in pool.items()]


def reveal_table(
    pos: SkeletonPosition, ctx: SkeletonContext, card: int
) -> tuple[tuple[SkeletonMove, ...], int, tuple[int, ...]] | None:
    """:func:`reveals` as the engine's exact chance table, in whole numbers (no
    ``Fraction``): ``(moves, D, running numerators)`` over the common denominator of the
    shares count / pool size, ``D = pool size // g`` with ``g`` the gcd of the counts
    (the counts add up to the pool size). ``core.chance.sample_table`` picks from it
    exactly what ``sample_outcome`` picks from :func:`reveals`. None for an empty pool
    (the engine's check then refuses the node, as before)."""
    pool = unseen(pos, ctx.deck)
    if not pool:
        return None
    counts = pool.values()
    g = gcd(*counts)
    return (_reveal_moves(card, pool), sum(counts) // g,
            tuple(accumulate(n // g for n in counts)) if g > 1 else tuple(accumulate(counts)))


def _reveal_moves(card: int, kinds: Iterable[str]) -> tuple[SkeletonMove, ...]:
    """``reveal_move(card, k)`` for each of ``kinds``, from a table of the moves of
    each card made so far (the engine hands out copies of the moves, never these)."""
    made = _REVEALS.get(card)
    if made is None:
        if len(_REVEALS) > 4096:
            _REVEALS.clear()
        made = _REVEALS[card] = {}
    try:
        return tuple([made[k] for k in kinds])
    except KeyError:
        for k in kinds:
            if k not in made:
                made[k] = reveal_move(card, k)
        return tuple([made[k] for k in kinds])


#: Card id -> kind -> its ``Reveal`` move (:func:`_reveal_moves`).
_REVEALS: dict[int, dict[str, SkeletonMove]] = {}


#: ``Reveal(card, kind)``, made once per pair (moves are frozen values: the engine hands
#: out copies, never these).
reveal_move = lru_cache(maxsize=8192)(Reveal)


@cache
def _share(n: int, total: int) -> Fraction:
    """``Fraction(n, total)``, made once per pair (a pure function of two numbers)."""
    return Fraction(n, total)


def outcomes(pos: SkeletonPosition, ctx: SkeletonContext) -> list[tuple[SkeletonMove, Fraction]]:
    """The chance outcomes of setup: the spread, then the next face-up card's face."""
    if pos.layout is None:
        return ctx.spread_outcomes
    return reveals(pos, ctx, pos.setup_left[0])


def spread(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Spread
) -> tuple[SkeletonPosition, list[Event]]:
    """Lay the spread."""
    deck = ctx.deck
    pile = spread_layout(move.layout, deck.total, deck.spread_radius_cm, deck.size_cm)
    left = tuple(sorted(i for i, c in pile.cards.items() if c.face_up))
    up = len(left)
    return replace(pos, pile=pile, layout=move.layout, setup_left=left), [Event(
        f"The {deck.total} Sand cards are shuffled, half turned over and spread "
        f"(layout {move.layout}): {up} lie face up, {deck.total - up} face down; "
        f"{len(pile.uncovered())} are uncovered", SETUP, "spread")]


def reveal(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Reveal
) -> tuple[SkeletonPosition, list[Event]]:
    """Turn over the next face-up card of the spread."""
    deck = ctx.deck
    pos = replace(pos, pile=pos.pile.with_kind(move.card, move.kind),
                  setup_left=pos.setup_left[1:])
    return pos, [event(f"Card {move.card} lies face up in the spread: "
                       f"{label(deck, move.kind)}", SETUP, "reveal")]
