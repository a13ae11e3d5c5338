"""Exact card odds and seeded simulations for Skeleton Island.

What is a face-down card? Every face-down card is equally likely to be any Sand card
nobody has seen yet (the face-up cards on the table, the cards in hand, in front of
the players and out of the game are all seen: collections are public, ruling
SKEL-16). So the answer is exact: count / unseen, as :class:`~fractions.Fraction`.

**Coin value** of a card for a seat (the definition used here and by the bots'
explanations) is what keeping it *now* adds to that seat's score: the coins printed
on a gold coin card, plus the Island card's coins (5) when the card completes a map
of a colour whose Island card is still free; 0 otherwise (a map piece that does not
complete a map yet, a pirate object). The expected coin value of a face-down card is
the average over the unseen pool; compare it with the known value of a face-up card.

>>> import treasurekit
>>> s = treasurekit.load_game("skeleton_island").position([(None, 0, 0, 0)])
>>> d = unknown_card(s)
>>> d.category["coin"], d.category["map"], d.category["pirate"]
(Fraction(12, 49), Fraction(30, 49), Fraction(1, 7))
>>> expected_coin_value(s, 0)
Fraction(20, 49)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from .rules.islands import completion
from .state import SkeletonState

__all__ = [
    "CardOdds",
    "card_value",
    "coin_chance",
    "completing_kinds",
    "completion_chance",
    "expected_coin_value",
    "face_down_vs_known",
    "spread_uncovered",
    "unknown_card",
]


@dataclass(frozen=True)
class CardOdds:
    """What a face-down card is, given everything seen so far (exact).

    Attributes:
        unseen: how many Sand cards nobody has seen yet.
        kind: kind -> probability (only kinds still possible).
        category: ``"map"``, ``"pirate"``, ``"coin"`` -> probability.
        colour: map colour -> probability that the card is a map piece of that colour.
        piece: ``"half"``/``"quarter"`` -> probability.
        coins: coin value (1, 2, 3) -> probability of a gold coin card of that value.
    """

    unseen: int
    kind: dict[str, Fraction]
    category: dict[str, Fraction]
    colour: dict[str, Fraction]
    piece: dict[str, Fraction]
    coins: dict[int, Fraction]

    def table(self) -> str:
        """A small plain-text table, by category, colour and coin value, in aligned
        columns: the map colours split the ``map`` row, the coin values the ``coin`` row.

        >>> import treasurekit
        >>> s = treasurekit.load_game("skeleton_island").position([(None, 0, 0, 0)])
        >>> print(unknown_card(s).table().splitlines()[1])
          map        30/49   61.2%
        """
        items: list[tuple[str, Fraction]] = []
        for category, p in self.category.items():
            items.append((category, p))
            if category == "map":
                items += [(f"  {c}", q) for c, q in self.colour.items()]
            elif category == "coin":
                items += [(f"  {v}-coin", q) for v, q in self.coins.items()]
        width = max(len(label) for label, _ in items)
        rows = [f"unseen cards: {self.unseen}"]
        rows += [f"  {label:<{width}}  {p!s:>6}  {float(p):6.1%}" for label, p in items]
        return "\n".join(rows)


def unknown_card(state: SkeletonState) -> CardOdds:
    """The exact distribution of a face-down card (any one: they are exchangeable).

    Raises:
        ValueError: no Sand card is unseen any more.
    """
    pool = state.unseen()
    total = sum(pool.values())
    if not total:
        raise ValueError("every Sand card has been seen: no face-down card is left")
    deck = state.deck
    # add whole card counts first, then divide once: exact, and fast enough for the bots
    category = dict.fromkeys(("map", "pirate", "coin"), 0)
    colour = dict.fromkeys(deck.colours, 0)
    piece: dict[str, int] = {}
    coins: dict[int, int] = {}
    for k, n in pool.items():
        info = deck.kinds[k]
        category[info.category] += n
        if info.colour is not None:
            colour[info.colour] += n
        if info.piece is not None:
            piece[info.piece] = piece.get(info.piece, 0) + n
        if info.is_coin:
            coins[info.coins] = coins.get(info.coins, 0) + n

    def share(counts: dict[Any, int]) -> dict[Any, Fraction]:
        return {key: Fraction(n, total) for key, n in counts.items()}

    return CardOdds(total, share(pool), share(category), share(colour), share(piece),
                    share(dict(sorted(coins.items()))))


@lru_cache(maxsize=4096)
def _makes_a_map(shares: tuple[Fraction, ...]) -> bool:
    """Whether some of these map pieces (their shares, sorted) make one whole map."""
    return completion(list(enumerate(shares))) is not None


def completing_kinds(state: SkeletonState, seat: int) -> set[str]:
    """The kinds that would complete a map (of a colour whose Island is free) for ``seat``
    if it kept one now."""
    deck = state.deck
    held: dict[str, list[Fraction]] = {}
    for _, k in state.collection(seat):
        info = deck.kinds[k]
        if info.colour is not None:
            held.setdefault(info.colour, []).append(info.share)
    out: set[str] = set()
    for k, info in deck.kinds.items():
        colour = info.colour
        if colour is None or colour in state.islands:
            continue
        # only the multiset of shares matters (SKEL-2: pieces are interchangeable)
        if _makes_a_map(tuple(sorted([*held.get(colour, ()), info.share]))):
            out.add(k)
    return out


def card_value(state: SkeletonState, seat: int, kind: str) -> Fraction:
    """The coin value of keeping a card of ``kind`` now (see the module docstring)."""
    info = state.deck.kinds[kind]
    if info.is_coin:
        return Fraction(info.coins)
    if info.is_map and kind in completing_kinds(state, seat):
        return Fraction(state.deck.island_coins)
    return Fraction(0)


def _expect(state: SkeletonState, values: Iterable[tuple[str, Fraction]]) -> Fraction:
    odds = unknown_card(state).kind
    return sum((odds[k] * v for k, v in values if k in odds), Fraction(0))


def expected_coin_value(state: SkeletonState, seat: int) -> Fraction:
    """The expected coin value of a face-down card for ``seat`` (exact)."""
    pool = state.unseen()
    return _expect(state, ((k, card_value(state, seat, k)) for k in pool))


def completion_chance(state: SkeletonState, seat: int) -> Fraction:
    """The exact chance that a face-down card completes a map for ``seat``."""
    kinds = completing_kinds(state, seat)
    return _expect(state, ((k, Fraction(1)) for k in kinds))


def coin_chance(state: SkeletonState) -> Fraction:
    """The exact chance that a face-down card is a gold coin card."""
    return unknown_card(state).category["coin"]


def face_down_vs_known(state: SkeletonState, seat: int | None = None) -> list[tuple[str, Fraction]]:
    """Each uncovered card with its coin value for ``seat`` (default: the seat to move).

    Face-up cards have their known value; face-down ones the expected value of the
    unseen pool. Best first, then by card id.

    >>> import treasurekit
    >>> s = treasurekit.load_game("skeleton_island").position(
    ...     [("coin-2", 0, 0, 0), (None, 10, 0, 0)])
    >>> face_down_vs_known(s)
    [('card 0 (2-coin gold card)', Fraction(2, 1)), ('card 1 (face down)', Fraction(3, 8))]
    """
    me = state.turn if seat is None else seat
    ev = expected_coin_value(state, me) if state.unseen() else Fraction(0)
    rows = []
    for i in state.uncovered():
        kind = state.pile.cards[i].kind
        value = ev if kind is None else card_value(state, me, kind)
        rows.append((i, f"card {i} ({state.label(kind)})", value))
    rows.sort(key=lambda r: (-r[2], r[0]))
    return [(text, value) for _, text, value in rows]


def _edges_inside(pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
    """For each pair ``k``, the shoelace sum ``x0*y1 - x1*y0`` over the parts of the edges
    of rectangle ``pa[k]`` that lie inside rectangle ``pb[k]`` (both ``(P, 4, 2)``, corners
    counter-clockwise). Each edge is clipped to the convex ``pb`` (Liang-Barsky)."""
    p0 = pa[:, :, None, :]                                # (P, 4 edges, 1, 2)
    d = np.roll(pa, -1, axis=1)[:, :, None, :] - p0
    b0 = pb[:, None, :, :]                                # (P, 1, 4 sides, 2)
    e = np.roll(pb, -1, axis=1)[:, None, :, :] - b0
    # a point p is inside side m of pb when cross(e_m, p - b0_m) >= 0: along the edge,
    # that is num + t * den >= 0 for t in [0, 1]
    num = e[..., 0] * (p0[..., 1] - b0[..., 1]) - e[..., 1] * (p0[..., 0] - b0[..., 0])
    den = e[..., 0] * d[..., 1] - e[..., 1] * d[..., 0]
    with np.errstate(divide="ignore", invalid="ignore"):
        t = -num / den
    t0 = np.maximum(np.where(den > 0, t, -np.inf).max(axis=2), 0.0)
    t1 = np.minimum(np.where(den < 0, t, np.inf).min(axis=2), 1.0)
    keep = (t1 > t0) & ~((den == 0) & (num < 0)).any(axis=2)
    q0 = p0[:, :, 0, :] + t0[..., None] * d[:, :, 0, :]
    q1 = p0[:, :, 0, :] + t1[..., None] * d[:, :, 0, :]
    terms = q0[..., 0] * q1[..., 1] - q1[..., 0] * q0[..., 1]
    return np.where(keep, terms, 0.0).sum(axis=1)  # type: ignore[no-any-return]


def _overlap_areas(pa: np.ndarray, pb: np.ndarray) -> np.ndarray:
    """Areas (cm²) of ``pa[k] ∩ pb[k]`` for convex quadrilaterals given counter-clockwise,
    shape ``(P, 4, 2)``, vectorised: by Green's theorem the boundary of the overlap is
    the part of each polygon's edges inside the other. Parallel edges lying on one line
    can be counted twice: callers send such pairs to shapely."""
    origin = pa[:, :1, :]  # local coordinates keep the cross products small
    a, b = pa - origin, pb - origin
    return 0.5 * (_edges_inside(a, b) + _edges_inside(b, a))  # type: ignore[no-any-return]


def _spread_uncovered_counts(
    layouts: list[int], n: int, radius: float, size: tuple[float, float]
) -> list[int]:
    """The number of uncovered cards of each seeded spread, vectorised over layouts.

    Exactly the cover rule of :mod:`.pile` (overlap area > ``AREA_EPS``, corners
    rounded to 1e-6 cm): a separating-axis test finds the pairs that overlap by more
    than 5e-6 cm in every direction (any other pair overlaps by at most 5e-6 cm x the
    card's 10.6 cm diagonal plus rounding, below ``AREA_EPS``); their exact overlap
    areas come from :func:`_overlap_areas`, and shapely settles the pairs with parallel
    sides and those whose area lies within a factor 4 of ``AREA_EPS``.
    """
    import shapely  # type: ignore[import-untyped]

    from .pile import AREA_EPS
    from .spread import _layout

    hw, hh = size[0] / 2, size[1] / 2
    below, above = np.triu_indices(n, 1)  # card `above` lies on card `below` (z = id)
    spots = np.array([_layout.__wrapped__(k, n, radius) for k in layouts], dtype=float)
    x, y, degrees = spots[..., 0], spots[..., 1], spots[..., 2]
    c, s = np.cos(np.radians(degrees)), np.sin(np.radians(degrees))
    u = np.array([-hw, hw, hw, -hw])
    v = np.array([-hh, -hh, hh, hh])
    corners = np.stack([  # as card_corners: counter-clockwise, rounded to 1e-6 cm
        np.round(x[..., None] + u * c[..., None] - v * s[..., None], 6),
        np.round(y[..., None] + u * s[..., None] + v * c[..., None], 6),
    ], axis=-1)
    dx, dy = x[:, above] - x[:, below], y[:, above] - y[:, below]
    ci, si, cj, sj = c[:, below], s[:, below], c[:, above], s[:, above]
    cu, cv = np.abs(ci * cj + si * sj), np.abs(ci * sj - si * cj)
    depth = np.minimum.reduce([  # overlap of the projections on each card's two axes
        hw + hw * cu + hh * cv - np.abs(dx * ci + dy * si),
        hh + hw * cv + hh * cu - np.abs(dy * ci - dx * si),
        hw + hw * cu + hh * cv - np.abs(dx * cj + dy * sj),
        hh + hw * cv + hh * cu - np.abs(dy * cj - dx * sj),
    ])
    layout, pair = np.nonzero(depth >= 5e-6)
    # one card above is enough: try each card's deepest overlap first, then the next
    order = np.lexsort((-depth[layout, pair], below[pair], layout))
    layout, pair = layout[order], pair[order]
    lo, hi = below[pair], above[pair]
    card = layout * n + lo
    first = np.flatnonzero(np.r_[True, card[1:] != card[:-1]])
    rank = np.arange(len(card)) - np.repeat(first, np.diff(np.r_[first, len(card)]))
    covered = np.zeros(len(layouts) * n, dtype=bool)
    for r in range(int(rank.max(initial=-1)) + 1):
        k = np.flatnonzero((rank == r) & ~covered[card])
        a, b = corners[layout[k], lo[k]], corners[layout[k], hi[k]]
        area = _overlap_areas(a, b)
        unsure = ((degrees[layout[k], lo[k]] - degrees[layout[k], hi[k]]) % 90 == 0) | (
            (area > AREA_EPS / 4) & (area < AREA_EPS * 4))
        if unsure.any():
            area[unsure] = shapely.area(shapely.intersection(
                shapely.polygons(a[unsure]), shapely.polygons(b[unsure])))
        covered[card[k[area > AREA_EPS]]] = True
    return (n - covered.reshape(len(layouts), n).sum(axis=1)).tolist()  # type: ignore[no-any-return]


def spread_uncovered(
    layouts: Iterable[int] | None = None, cards: str = "standard", progress: bool = False
) -> dict[int, Fraction]:
    """Exact distribution of the number of uncovered cards right after the spread.

    The spread is one of finitely many seeded layouts, all equally likely (ruling
    SKEL-3), so this is exact over ``layouts`` (all of them by default: well under a
    second for the 1000 standard layouts, vectorised with numpy; the uncovered sets
    are the engine's, see ``_spread_uncovered_counts``).
    ``sum(p for n, p in d.items() if n <= 2)`` is the chance that the very first player
    may blow.

    Raises:
        ValueError: no layout given.

    >>> d = spread_uncovered(range(4))
    >>> sum(d.values())
    Fraction(1, 1)
    """
    from .cards import load_cards

    deck = load_cards(cards)
    chosen = list(range(deck.layouts) if layouts is None else layouts)
    if not chosen:
        raise ValueError("no layout given")
    batches: Iterable[list[int]] = [chosen[i:i + 250] for i in range(0, len(chosen), 250)]
    if progress:
        from tqdm.auto import tqdm

        batches = tqdm(batches, desc="spreads", unit="batch of 250 layouts")
    counts: dict[int, int] = {}
    for batch in batches:
        for n in _spread_uncovered_counts(batch, deck.total, deck.spread_radius_cm, deck.size_cm):
            counts[n] = counts.get(n, 0) + 1
    return {n: Fraction(c, len(chosen)) for n, c in sorted(counts.items())}
