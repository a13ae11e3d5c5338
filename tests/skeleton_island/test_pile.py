"""The Sand Pile as geometry: uncovered cards (SKEL §3), the spread (SKEL §2), resting
spots and the gust model, checked with exact hand-made positions and against a
brute-force shapely computation."""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from shapely.geometry import Point

import treasurekit
from treasurekit.skeleton_island import AREA_EPS, Pile, Placement, TableCard, uncovered_cards
from treasurekit.skeleton_island.pile import COMPASS, card_polygon
from treasurekit.skeleton_island.spread import spread_layout

SIZE = (5.7, 8.9)
W, H = SIZE


def card(i: int, x: float, y: float, angle: float = 0.0, z: int | None = None) -> TableCard:
    return TableCard(i, x, y, angle, i if z is None else z, False, None)


def brute_force_uncovered(pile: Pile) -> tuple[int, ...]:
    """Every pair, exact shapely areas: the definition, with no shortcut."""
    out = []
    for a in pile.cards.values():
        pa = card_polygon(a.x, a.y, a.angle, *pile.size)
        covered = any(
            b.z > a.z
            and pa.intersection(card_polygon(b.x, b.y, b.angle, *pile.size)).area > AREA_EPS
            for b in pile.cards.values()
        )
        if not covered:
            out.append(a.id)
    return tuple(sorted(out))


# ----- SKEL §3 uncovered cards ------------------------------------------------------------
def test_uncovered_a_card_partly_under_another_is_covered() -> None:
    assert uncovered_cards([card(0, 0, 0), card(1, 5.6, 0)], SIZE) == (1,)


def test_uncovered_cards_touching_along_an_edge_do_not_cover_ruling_skel_4() -> None:
    assert uncovered_cards([card(0, 0, 0), card(1, W, 0)], SIZE) == (0, 1)
    assert uncovered_cards([card(0, 0, 0), card(1, 0, H)], SIZE) == (0, 1)


def test_uncovered_cards_touching_at_a_corner_do_not_cover_ruling_skel_4() -> None:
    assert uncovered_cards([card(0, 0, 0), card(1, W, H)], SIZE) == (0, 1)


def test_uncovered_turned_cards_touching_edge_to_edge_do_not_cover() -> None:
    # a card turned 90 degrees is 8.9 wide: centre 2.85 + 4.45 = 7.3 away touches
    assert uncovered_cards([card(0, 0, 0), card(1, 7.3, 0, 90)], SIZE) == (0, 1)
    assert uncovered_cards([card(0, 0, 0), card(1, 7.29, 0, 90)], SIZE) == (1,)


def test_uncovered_a_sliver_below_the_tolerance_only_touches() -> None:
    # overlap 0.00001 cm x 8.9 cm = 0.000089 cm² < AREA_EPS; 0.01 cm x 8.9 cm covers
    assert uncovered_cards([card(0, 0, 0), card(1, W - 0.00001, 0)], SIZE) == (0, 1)
    assert uncovered_cards([card(0, 0, 0), card(1, W - 0.01, 0)], SIZE) == (1,)


def test_uncovered_a_card_completely_under_another_is_covered() -> None:
    assert uncovered_cards([card(0, 0, 0), card(1, 0, 0, 0)], SIZE) == (1,)
    assert uncovered_cards([card(0, 0, 0), card(1, 0, 0, 45)], SIZE) == (1,)


def test_uncovered_only_cards_above_cover_stacking_order_counts() -> None:
    # the same two rectangles; whichever has the higher z is the uncovered one
    assert uncovered_cards([card(0, 0, 0, z=5), card(1, 3, 1, z=2)], SIZE) == (0,)
    assert uncovered_cards([card(0, 0, 0, z=1), card(1, 3, 1, z=2)], SIZE) == (1,)


def test_uncovered_a_card_covered_by_two_cards_needs_both_gone() -> None:
    pile = Pile([card(0, 0, 0), card(1, -3, 0), card(2, 3, 0)], SIZE)
    assert pile.uncovered() == (1, 2) and pile.above(0) == frozenset({1, 2})
    assert pile.without(1).uncovered() == (2,)
    assert pile.without(1).without(2).uncovered() == (0,)


def test_uncovered_the_top_card_is_always_uncovered_ruling_skel_12() -> None:
    for layout in range(0, 1000, 50):
        pile = spread_layout(layout, 49, 18.0, SIZE)
        top = max(pile.cards.values(), key=lambda c: c.z)
        assert top.id in pile.uncovered()


@pytest.mark.parametrize("layout", [0, 1, 2, 3, 417, 999])
def test_uncovered_set_matches_brute_force_on_spreads(layout: int) -> None:
    pile = spread_layout(layout, 49, 18.0, SIZE)
    assert pile.uncovered() == brute_force_uncovered(pile)
    assert pile.uncovered() == uncovered_cards(list(pile.cards.values()), SIZE)


def test_uncovered_set_matches_brute_force_through_takes_rests_and_gusts() -> None:
    """The pile's uncovered cards are always exactly those no card above overlaps."""
    game = treasurekit.load_game("skeleton_island")
    rng = random.Random(5)
    kinds: set[str] = set()
    for seed in range(3):
        state = game.new_initial_state(seed)
        checked = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance()
            else:
                state.play(rng.choice(state.legal_moves()))
            kinds.add(type(state.history[-1]).__name__)
            if checked % 3 == 0 or type(state.history[-1]).__name__ in ("Rest", "Gust"):
                assert state.uncovered() == brute_force_uncovered(state.pile)
            checked += 1
    assert {"Take", "Rest", "Gust"} <= kinds


@pytest.mark.parametrize("x, y, angle", [
    (W, 0, 0), (W, H, 0), (7.3, 0, 90), (7.29, 0, 90), (W - 0.00001, 0, 0),
    (W - 0.01, 0, 0), (0, 0, 0), (0, 0, 45), (0, 3, 180), (2.5, 1.5, 270), (1.2, 9.3, 37.5),
])
def test_uncovered_a_card_laid_on_top_covers_exactly_what_it_overlaps(
    x: float, y: float, angle: float
) -> None:
    # the fast path of with_card_on_top (vectorised areas, shapely for parallel sides and
    # near the tolerance) against the pile rebuilt from scratch with shapely
    base = Pile([card(0, 0, 0), card(1, -4, 2, 30)], SIZE)
    laid = base.with_card_on_top(2, Placement(x, y, angle), None)
    fresh = Pile(laid.cards.values(), SIZE)
    assert laid.uncovered() == fresh.uncovered() == brute_force_uncovered(fresh)
    assert all(laid.above(i) == fresh.above(i) for i in laid.cards)


def test_the_topmost_card_under_a_point_is_the_one_a_click_takes() -> None:
    pile = Pile([card(0, 0, 0), card(1, 3, 0), card(2, 30, 0)], SIZE)
    assert pile.card_at(1, 0) == 1 and pile.card_at(-2, 0) == 0
    assert pile.card_at(15, 0) is None and pile.card_at(30 + W / 2, 0) == 2


# ----- SKEL §2 the spread -----------------------------------------------------------------
def test_setup_spread_is_the_same_every_time_and_everywhere() -> None:
    a = spread_layout(7, 49, 18.0, SIZE)
    b = spread_layout(7, 49, 18.0, SIZE)
    assert a == b
    first = a.cards[0]
    # random.Random(7) is the same on every platform: a golden value
    assert (first.x, first.y, first.angle, first.face_up) == (5.98, 8.32, 117.0, True)


def test_setup_spread_half_face_up_within_the_disc() -> None:
    for layout in (0, 1, 2, 3):
        pile = spread_layout(layout, 49, 18.0, SIZE)
        up = sum(c.face_up for c in pile.cards.values())
        assert up in (24, 25)
        assert all(math.hypot(c.x, c.y) <= 18.0 + 0.01 for c in pile.cards.values())
        assert all(c.kind is None for c in pile.cards.values())
        assert all(round(c.x, 2) == c.x and round(c.y, 2) == c.y for c in pile.cards.values())
        assert sorted(c.z for c in pile.cards.values()) == list(range(49))


def test_setup_different_layouts_differ() -> None:
    assert spread_layout(1, 49, 18.0, SIZE) != spread_layout(2, 49, 18.0, SIZE)


# ----- SKEL §3 resting a card on the edge (ruling SKEL-6) ---------------------------------
def test_rest_touching_the_pile_and_partly_on_the_table_is_allowed() -> None:
    pile = Pile([card(0, 0, 0)], SIZE)
    assert pile.rest_problem(Placement(W, 0)) is None  # edge to edge
    assert pile.rest_problem(Placement(4, 0)) is None  # overlapping half on the table


def test_rest_within_a_tenth_of_a_millimetre_touches_ruling_skel_6() -> None:
    pile = Pile([card(0, 0, 0)], SIZE)
    assert pile.rest_problem(Placement(W + 0.01, 0)) is None
    problem = pile.rest_problem(Placement(W + 0.02, 0))
    assert problem is not None and "0.02 cm from the pile" in problem


def test_rest_sampled_spots_over_and_beside_the_edge_ruling_skel_6() -> None:
    pile = Pile([card(0, 0, 0)], SIZE)
    spots = pile.rest_spots(8, 1.5)
    assert len(spots) == 8
    covering = [s for s in spots if pile.with_card_on_top(9, s, "coin-1").uncovered() == (9,)]
    assert len(covering) == 4  # east, north, west, south reach over the edge
    assert Placement(W / 2 + H / 2 - 1.5, H / 2, 90) in spots  # east: 1.5 cm over a corner


def test_rest_away_from_the_pile_is_refused() -> None:
    problem = Pile([card(0, 0, 0)], SIZE).rest_problem(Placement(20, 0))
    assert problem is not None and "must touch or overlap" in problem


def test_rest_entirely_on_other_cards_is_refused() -> None:
    pile = Pile([card(0, 0, 0), card(1, 1, 0), card(2, 0, 1), card(3, 1, 1)], SIZE)
    assert pile.rest_problem(Placement(0.5, 0.5)) is not None
    problem = pile.rest_problem(Placement(1, 1))
    assert problem is not None and "bare table" in problem


def test_rest_on_an_empty_table_is_refused() -> None:
    problem = Pile([], SIZE).rest_problem(Placement(0, 0))
    assert problem is not None and "empty" in problem


def test_rest_a_rested_card_lies_on_top_and_covers_what_it_overlaps() -> None:
    pile = Pile([card(0, 0, 0), card(1, 20, 0)], SIZE)
    pile = pile.with_card_on_top(7, Placement(4, 0), "coin-1")
    assert pile.cards[7].z == 2 and pile.cards[7].face_up
    assert pile.uncovered() == (1, 7)
    assert pile.uncovered() == brute_force_uncovered(pile)


@pytest.mark.parametrize("layout", [0, 5, 10, 20, 40])
def test_rest_sampled_spots_all_obey_the_rule(layout: int) -> None:
    pile = spread_layout(layout, 49, 18.0, SIZE)
    rng = random.Random(layout)
    for _ in range(40):
        spots = pile.rest_spots(8, 1.5)
        assert 1 <= len(spots) <= 8
        for spot in spots:
            assert pile.rest_problem(spot) is None
        pile = pile.without(rng.choice(pile.uncovered()))
        if len(pile) < 2:
            break


def test_rest_spots_stay_near_the_pile() -> None:
    pile = spread_layout(3, 49, 18.0, SIZE)
    for spot in pile.rest_spots(8, 1.5):
        assert Point(spot.x, spot.y).distance(Point(0, 0)) < 18.0 + 2 * H


# ----- SKEL §3 blowing: the gust model (ruling SKEL-11) -----------------------------------
def test_gust_carries_the_uncovered_cards_and_leaves_covered_ones() -> None:
    pile = Pile([card(0, 0, 0), card(1, 3, 0), card(2, 30, 0)], SIZE)
    blown = pile.blown("e", 9.0)
    assert (blown.cards[0].x, blown.cards[0].y) == (0, 0)  # covered: stays
    assert (blown.cards[1].x, blown.cards[2].x) == (12, 39)  # uncovered: fly 9 cm east
    assert blown.cards[1].z > blown.cards[0].z and blown.cards[2].z > blown.cards[1].z
    assert blown.uncovered() == (0, 1, 2)


def test_gust_directions_are_unit_compass_vectors() -> None:
    assert set(COMPASS) == {"n", "ne", "e", "se", "s", "sw", "w", "nw"}
    for ux, uy in COMPASS.values():
        assert math.hypot(ux, uy) == pytest.approx(1.0)
    assert COMPASS["n"] == (0.0, 1.0)


def test_gust_keeps_sides_and_ids() -> None:
    pile = spread_layout(9, 49, 18.0, SIZE)
    blown = pile.blown("sw", 6.0)
    assert set(blown.cards) == set(pile.cards)
    assert all(blown.cards[i].face_up == c.face_up for i, c in pile.cards.items())
    assert blown.uncovered() == brute_force_uncovered(blown)


# ----- the search path: exact shortcuts and resting spots carried from pile to pile ------
def test_uncovered_cards_apart_along_an_axis_never_overlap() -> None:
    """``_apart`` (the separating-axis shortcut before shapely) says "apart" only for
    cards whose exact overlap area is 0, on random pairs near each other."""
    from treasurekit.skeleton_island.cover import _apart, card_corners

    rng = random.Random(11)
    apart = 0
    for _ in range(3000):
        a = (round(rng.uniform(-3, 3), 2), round(rng.uniform(-3, 3), 2),
             round(rng.uniform(0, 180), 1))
        b = (round(rng.uniform(-9, 9), 2), round(rng.uniform(-9, 9), 2),
             round(rng.uniform(0, 180), 1))
        ca, cb = card_corners(*a, W, H), card_corners(*b, W, H)
        if _apart(ca, cb, (a[2], b[2])):
            apart += 1
            assert card_polygon(*a, W, H).intersection(card_polygon(*b, W, H)).area == 0
    assert apart > 300
    # touching along an edge is not "apart": shapely decides (ruling SKEL-4)
    assert not _apart(card_corners(0, 0, 0, W, H), card_corners(W, 0, 0, W, H), (0, 0))


def piles_of_random_games(game: Any, seeds: Iterable[int], rng: random.Random
                          ) -> Iterator[Pile]:
    """The Sand Pile after every ply of seeded random games of ``game`` (one ``rng`` picks
    every move of every game), when cards lie on it."""
    for seed in seeds:
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance()
            else:
                state.play(rng.choice(state.legal_moves()))
            if state.pile.cards:
                yield state.pile


def test_rest_spots_carried_through_takes_rests_and_gusts_match_a_fresh_pile() -> None:
    """Resting spots worked out from the extremes a pile carries from the pile it was
    made from are exactly those of the same cards laid from scratch."""
    game = treasurekit.load_game("skeleton_island")
    deck = game.deck
    compared = 0
    for pile in piles_of_random_games(game, range(3), random.Random(8)):
        spots = pile.rest_spots(deck.rest_spots, deck.rest_overlap_cm)
        fresh = Pile(pile.cards.values(), SIZE)
        assert spots == fresh.rest_spots(deck.rest_spots, deck.rest_overlap_cm)
        compared += 1
    assert compared > 100


def test_geometry_carried_through_a_game_matches_a_fresh_pile() -> None:
    """What a pile carries from the pile it was made from (uncovered cards, face-up kind
    counts, bounding boxes, top z, extremes and their support rows) is exactly what the
    same cards give when laid from scratch; cover graphs equal, resting spots equal."""
    from treasurekit.skeleton_island.cover import _card_bbox
    from treasurekit.skeleton_island.pile import _support

    game = treasurekit.load_game("skeleton_island", players=3, steal="blind")
    deck = game.deck
    compared = 0
    for pile in piles_of_random_games(game, range(4), random.Random(11)):
        fresh = Pile(pile.cards.values(), SIZE)
        assert pile._above == fresh._above
        assert pile.uncovered() == fresh.uncovered()
        assert pile.top_z() == max(c.z for c in pile.cards.values())
        counts: dict[str, int] = {}
        for c in pile.cards.values():
            if c.kind is not None:
                counts[c.kind] = counts.get(c.kind, 0) + 1
        assert {k: n for k, n in pile.kinds().items() if n} == counts
        assert pile._boxes() == {i: _card_bbox(c.x, c.y, c.angle, W, H)
                                 for i, c in pile.cards.items()}
        spots = pile.rest_spot_values(deck.rest_spots, deck.rest_overlap_cm)
        assert spots == fresh.rest_spot_values(deck.rest_spots, deck.rest_overlap_cm)
        ext, table = pile._cache["extremes"][deck.rest_spots]
        assert ext == fresh._extremes(deck.rest_spots)
        assert table == {i: _support(c.x, c.y, c.angle, W, H, deck.rest_spots)
                         for i, c in pile.cards.items()}
        compared += 1
    assert compared > 100
