"""Treasure chests (TI2003 §4 Treasure squares; §4 When several treasure chests are
won by an enclosure; §9 Davy Jones' Legacy).

* A counter on a treasure square (placed, or filling an enclosure) wins its chest.
* Several chests won at once are opened one at a time, in the order the player
  chooses (``open <pirate>``); cannons found are decided before the next chest.
* A chest's cards are turned over one by one (``reveal`` chance moves): no card is
  dealt in advance, each comes from the pool nobody has seen (ruling TI2003-7).
* The treasure goes to the player's piles; Jolly Rogers raise their type limit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import accumulate

from ...core.events import Event
from ...core.text import count, possessive
from .. import rules
from ..cards import GOLD, JOLLY, PURPLE, CardSet
from ..context import TI2003Context
from ..flow import CANNON, CHOOSE, REVEAL, Stage, Step, colour, wrong
from ..moves import Open, Reveal, TIMove
from ..position import TIDraft, TIPosition
from . import cannons

__all__ = ["effect", "legal", "open_next", "outcomes", "problem", "reveal", "reveal_floats",
           "reveal_table", "start_chest"]

Problem = tuple[str, str | None] | None


def legal(p: TIPosition, ctx: TI2003Context) -> list[Open]:
    """The legal moves of the ``choose`` phase: any chest won and not opened yet."""
    return [Open(c) for c in p.pending]


def problem(p: TIPosition, ctx: TI2003Context, move: Open) -> Problem:
    """Why ``open <chest>`` is illegal now, or None."""
    if p.phase != CHOOSE:
        return wrong(p, ctx, move)
    if move.chest not in p.pending:
        return (f"{move.chest!r} is not a chest won now; choose one of "
                f"{', '.join(p.pending)}", rules.SEVERAL_CHESTS)
    return None


def effect(d: TIDraft, ctx: TI2003Context, move: Open) -> list[Event]:
    """Open the chosen chest next."""
    d.pending = tuple(c for c in d.pending if c != move.chest)
    return start_chest(d, ctx, move.chest)


@cache
def _reveal(kind: str) -> Reveal:
    """The move ``reveal <kind>`` (a frozen value: one object per kind is shared)."""
    return Reveal(kind)


@cache
def _share(n: int, total: int) -> Fraction:
    """``Fraction(n, total)``, made once per pair (a pure function of two numbers)."""
    return Fraction(n, total)


def outcomes(p: TIPosition, ctx: TI2003Context) -> list[tuple[TIMove, Fraction]]:
    """The next card shown: each kind nobody has seen, as likely as its count."""
    unseen = dict(p.holdings.unseen)  # no thaw: a reveal changes the holdings each time
    total = sum(unseen.values())
    get = unseen.get
    return [(_reveal(k), _share(n, total)) for k in ctx.cards.deck if (n := get(k))]


_RANKS: dict[int, tuple[CardSet, dict[str, int]]] = {}


def _ranks(cards: CardSet) -> dict[str, int]:
    """Each card kind's place in ``cards.deck`` (made once per card set)."""
    hit = _RANKS.get(id(cards))
    if hit is None or hit[0] is not cards:
        hit = _RANKS[id(cards)] = (cards, {k: i for i, k in enumerate(cards.deck)})
    return hit[1]


#: (id of the card set, the unseen kinds in order) -> (the card set, their ``reveal`` moves,
#: or None when the kinds are not in deck order): the kinds left change only when a kind
#: runs out, so a few hundred lists of kinds serve a whole run.
_KINDS: dict[tuple[int, tuple[str, ...]], tuple[CardSet, tuple[TIMove, ...] | None]] = {}
_KINDS_KEPT = 4096


def _pool(p: TIPosition, ctx: TI2003Context) -> tuple[Sequence[TIMove], Sequence[int]]:
    """The moves and counts of :func:`outcomes` (every unseen kind, in deck order).

    The unseen pool is kept in deck order (the holdings only ever take kinds out of
    it), so it is read as it stands; a pool in another order, or with a kind twice or
    one the deck lacks (a hand-made value), is read through the deck instead.

    A pool of distinct kinds, none with a count of 0, is read in C (a dict of its pairs)
    and its moves looked up by its kinds (:data:`_KINDS`); the last such pool read is
    kept with its unseen tuple, and :func:`reveal` carries it to the tuple its card
    leaves (:data:`_LAST_POOL`)."""
    global _LAST_POOL
    unseen = p.holdings.unseen
    cards = ctx.cards
    last = _LAST_POOL
    if last is not None and last[0] is unseen and last[1] is cards:
        return last[3], last[4]
    pool = dict(unseen)
    counts = tuple(pool.values())
    if len(pool) == len(unseen) and all(counts):
        key = (id(cards), tuple(pool))
        hit = _KINDS.get(key)
        if hit is None or hit[0] is not cards:
            if len(_KINDS) >= _KINDS_KEPT:
                _KINDS.clear()
            hit = _KINDS[key] = (cards, _kind_moves(key[1], cards))
        if hit[1] is not None:
            _LAST_POOL = (unseen, cards, key[1], hit[1], counts)
            return hit[1], counts
    return _pool_by_scan(p, ctx)


#: The last pool :func:`_pool` read in C, or carried by :func:`reveal`: (the unseen
#: tuple, the card set, its kinds, their ``reveal`` moves, their counts), or None.
_LAST_POOL: tuple[tuple[tuple[str, int], ...], CardSet, tuple[str, ...],
                  tuple[TIMove, ...], tuple[int, ...]] | None = None


def _carry_pool(old: tuple[tuple[str, int], ...], new: tuple[tuple[str, int], ...],
                kind: str) -> None:
    """The unseen tuple ``new`` is ``old`` with one card of ``kind`` drawn
    (``FrozenHoldings.drawn``): when ``old`` is the pool kept, keep ``new``'s, made from
    it (the count of ``kind`` one less, the kind gone when that was its last card)."""
    global _LAST_POOL
    last = _LAST_POOL
    if last is None or last[0] is not old:
        return
    _, cards, kinds, moves, counts = last
    try:
        i = kinds.index(kind)
    except ValueError:
        return  # (drawn left the pool as it was: ``new`` is ``old``)
    n = counts[i]
    if n > 1:
        _LAST_POOL = (new, cards, kinds, moves, (*counts[:i], n - 1, *counts[i + 1:]))
    else:
        _LAST_POOL = (new, cards, kinds[:i] + kinds[i + 1:], moves[:i] + moves[i + 1:],
                      counts[:i] + counts[i + 1:])


def _kind_moves(kinds: tuple[str, ...], cards: CardSet) -> tuple[TIMove, ...] | None:
    """``reveal <kind>`` for each of ``kinds`` when they are in deck order, else None."""
    rank = _ranks(cards).get
    last = -1
    for k in kinds:
        r = rank(k)
        if r is None or r <= last:
            return None
        last = r
    return tuple(_reveal(k) for k in kinds)


def _pool_by_scan(p: TIPosition, ctx: TI2003Context) -> tuple[list[TIMove], list[int]]:
    """:func:`_pool` read pair by pair (any pool: kinds with a count of 0 are left out)."""
    rank = _ranks(ctx.cards).get
    moves: list[TIMove] = []
    counts: list[int] = []
    last = -1
    for k, n in p.holdings.unseen:
        r = rank(k)
        if r is None or r <= last:
            return _pool_by_deck(p, ctx)
        last = r
        if n:
            moves.append(_reveal(k))
            counts.append(n)
    return moves, counts


def _pool_by_deck(p: TIPosition, ctx: TI2003Context) -> tuple[list[TIMove], list[int]]:
    """:func:`_pool` for any unseen pool: its kinds looked up in deck order."""
    unseen = dict(p.holdings.unseen)
    get = unseen.get
    moves: list[TIMove] = []
    counts: list[int] = []
    for k in ctx.cards.deck:
        n = get(k)
        if n:
            moves.append(_reveal(k))
            counts.append(n)
    return moves, counts


def reveal_table(p: TIPosition, ctx: TI2003Context) -> tuple[
        tuple[TIMove, ...], int, tuple[int, ...]] | None:
    """:func:`outcomes` as :func:`~treasurekit.core.chance.exact_table` makes it, in whole
    numbers (no ``Fraction``): the shares are ``n / total``, so the common denominator of
    the reduced shares is ``total // g`` and each numerator ``n // g``, with
    ``g = gcd(total, every n)``. The same picks as sampling :func:`outcomes`; None when
    no card is unseen (then sampling raises, as before)."""
    moves, counts = _pool(p, ctx)
    if not counts or min(counts) < 0:
        return None
    total = sum(counts)
    g = math.gcd(total, *counts)
    running = tuple(accumulate(counts) if g == 1 else accumulate(n // g for n in counts))
    return tuple(moves), total // g, running


def reveal_floats(p: TIPosition, ctx: TI2003Context) -> tuple[list[TIMove], list[float]] | None:
    """:func:`outcomes` as :func:`~treasurekit.core.chance.chance_table` makes it: the
    running sums of ``n / total`` (integer division rounds the exact quotient, so each is
    the float of the reduced share). None when no card is unseen."""
    pool, counts = _pool(p, ctx)
    if not counts or min(counts) < 0:
        return None
    moves = list(pool)
    total = sum(counts)
    sums = []
    share = 0.0
    for n in counts:
        share += n / total
        sums.append(share)
    return moves, sums


def open_next(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """Open the chest won (the player chooses when several are); none: the throw ends."""
    if not d.pending:
        d.goto(Step.END_OF_THROW)
        return []
    if len(d.pending) == 1:
        chest = d.pending[0]
        d.pending = ()
        return start_chest(d, ctx, chest)
    d.phase = CHOOSE
    return []


_WHERE: dict[tuple[int, str], tuple[CardSet, str]] = {}


def _where(ctx: TI2003Context, chest: str) -> str:
    """The chest's name in an event ("Flint's chest"), made once per card set and chest
    (every card turned over names its chest)."""
    cards = ctx.cards
    hit = _WHERE.get((id(cards), chest))
    if hit is not None and hit[0] is cards:
        return hit[1]
    if chest == "legacy":
        text = "Davy Jones' Legacy"
    else:
        text = f"{possessive(cards.chest(chest).pirate)} chest"
    _WHERE[id(cards), chest] = (cards, text)
    return text


def start_chest(d: TIDraft, ctx: TI2003Context, chest: str) -> list[Event]:
    """Begin turning over the cards of ``chest`` (or of Davy Jones' Legacy)."""
    size = ctx.cards.legacy.cards if chest == "legacy" else ctx.chest_cards[chest]
    d.chest = chest
    d.chest_no += 1
    d.found = ()
    d.to_reveal = min(size, d.seen.unseen_total())
    d.phase = REVEAL
    ev = Event(f"{colour(d.turn)} opens {_where(ctx, chest)} ({count(d.to_reveal, 'card')})",
               rules.LEGACY if chest == "legacy" else rules.TREASURE_SQUARES, "open")
    if d.to_reveal == 0:
        return [ev, *_chest_opened(d, ctx)]
    return [ev]


def reveal(d: TIDraft, ctx: TI2003Context, move: Reveal) -> list[Event]:
    """The next card of the chest being opened is shown."""
    kind = move.kind
    if d._h is None:  # TIDraft.draw, inlined: drawn from the frozen holdings
        held = d.holdings
        d.holdings = drawn = held.drawn(kind)
        if drawn.unseen is not held.unseen:
            _carry_pool(held.unseen, drawn.unseen, kind)
    else:
        d._h.draw(kind)
    d.found = found = (*d.found, kind)
    d.to_reveal = left = d.to_reveal - 1
    chest = d.chest
    assert chest is not None
    cards = ctx.cards
    hit = _WHERE.get((id(cards), chest))  # _where, its first check inlined
    where = hit[1] if hit is not None and hit[0] is cards else _where(ctx, chest)
    events = [Event(f"{where}, card {len(found)} of {len(found) + left}: "
                    f"{cards.label(kind)}", rules.TREASURE_SQUARES, "card")]
    if left == 0:
        events += _chest_opened(d, ctx)
    return events


def _chest_opened(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    seat = d.turn
    assert d.chest is not None
    h = d.h
    h.opened[d.chest] = d.found
    found = []
    for kind in d.found:
        if kind == PURPLE:
            found.append("purple")
        elif kind == GOLD:
            found.append("gold")
        else:
            h.gain(seat, kind)
    d.cannons = tuple(found)
    events = []
    if JOLLY in d.found:
        events.append(Event(f"{colour(seat)} may keep one more treasure type for "
                            "each Jolly Roger", rules.JOLLY_ROGER, "jolly"))
    if d.cannons:
        d.phase = CANNON
        return events + cannons.after_cannon(d, ctx, from_locker=False)
    return events + chest_done(d, ctx)


def chest_done(d: TIDraft, ctx: TI2003Context) -> list[Event]:
    """The chest's cards and cannons are dealt with: the next chest, or the turn goes on
    (after the Legacy: the end of the Legacy winner's turn)."""
    d.chest = None
    d.found = ()
    if d.stage == Stage.LEGACY:
        d.goto(Step.END_TURN)
        return []
    return open_next(d, ctx)
