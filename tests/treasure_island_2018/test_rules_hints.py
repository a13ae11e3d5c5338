"""TI2018 §10 Starting Hints & Black Spot Hints, one test (or more) per hint, with the
geometric edge cases, and TI2018 §5: Information tokens, Chest icons and redrawing."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
import shapely
from shapely.geometry import Point

import treasurekit.treasure_island_2018 as ti
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2018.hints import (
    Situation,
    args_problem,
    candidates,
    truthful,
)
from treasurekit.treasure_island_2018.map_data import load_map
from treasurekit.treasure_island_2018.regions import drawings, region

M = load_map()
RED, BLUE, YELLOW = (6.0, 10.6), (15.5, 5.0), (26.5, 13.0)
SIT = Situation(positions=(("red", RED), ("blue", BLUE), ("yellow", YELLOW)))
T = (10.0, 13.0)


def covers(kind: str, args: tuple[str, ...], sit: Situation, t: tuple[float, float]) -> bool:
    return bool(region(kind, args, sit, M).covers(Point(t)))


def check_all_candidates(kind: str, sit: Situation, t: tuple[float, float], **kw: Any) -> int:
    """Every candidate that is true for ``t`` has a region covering ``t``; returns how many
    candidates were true."""
    true = 0
    for args in candidates(kind, sit, M, 4, **kw):
        assert args_problem(kind, args, sit, M, 4) is None, (kind, args)
        if truthful(kind, args, sit, M, t):
            true += 1
            assert covers(kind, args, sit, t), (kind, args)
    return true


# ----- Starting Hints ------------------------------------------------------------------------
def test_decoy_names_the_nearest_miniature_and_another() -> None:
    assert truthful("decoy", ("blue", "red"), SIT, M, T)  # red is nearest
    assert not truthful("decoy", ("blue", "yellow"), SIT, M, T)
    assert covers("decoy", ("blue", "red"), SIT, T)
    assert check_all_candidates("decoy", SIT, T) == 2


def test_decoy_tie_counts_both_miniatures() -> None:
    sit = Situation(positions=(("red", (8.0, 13.0)), ("blue", (12.0, 13.0)),
                               ("yellow", YELLOW)))
    assert truthful("decoy", ("blue", "yellow"), sit, M, T)  # equidistant from red and blue
    assert covers("decoy", ("blue", "yellow"), sit, T)


@pytest.mark.parametrize(("players", "count"), [(2, 1), (3, 2), (4, 1), (5, 2)])
def test_bearings_names_one_or_two_miniatures_by_player_count(players: int, count: int) -> None:
    assert args_problem("bearings", ("red:n",), SIT, M, players) is None if count == 1 else \
        "names 2" in (args_problem("bearings", ("red:n",), SIT, M, players) or "")


def test_bearings_north_or_south_and_the_line_through_the_miniature() -> None:
    assert truthful("bearings", ("red:n",), SIT, M, T)
    assert not truthful("bearings", ("red:s",), SIT, M, T)
    on_line = (10.0, RED[1])
    assert truthful("bearings", ("red:n",), SIT, M, on_line)  # the border counts
    assert truthful("bearings", ("red:s",), SIT, M, on_line)
    (draw,) = [d for d in drawings("bearings", ("red:n",), SIT, M) if d.style == "line"]
    assert draw.geometry.bounds[1] == draw.geometry.bounds[3] == RED[1]
    assert check_all_candidates("bearings", SIT, T) == 4  # T is level with yellow


def test_vast_expanse_within_8_miles_or_impossible() -> None:
    edge = (RED[0] + 8.0, RED[1])  # exactly 8 miles
    assert truthful("vast", ("red",), SIT, M, edge)
    assert covers("vast", ("red",), SIT, edge)
    assert not truthful("vast", ("red",), SIT, M, (RED[0] + 8.01, RED[1]))
    far = (27.0, 21.0)
    sit = Situation(positions=(("red", RED), ("blue", BLUE)))
    assert truthful("vast", ("none",), sit, M, far)
    assert covers("vast", ("none",), sit, far)
    assert not truthful("vast", ("none",), SIT, M, T)
    assert check_all_candidates("vast", SIT, T) >= 1


def test_a_few_more_miles_more_than_6_miles_or_impossible() -> None:
    assert truthful("miles", ("yellow",), SIT, M, T)
    assert not truthful("miles", ("red",), SIT, M, T)
    edge = (RED[0] + 6.0, RED[1])
    assert truthful("miles", ("red",), SIT, M, edge)  # on the circle: the border counts
    assert covers("miles", ("red",), SIT, edge)
    close = Situation(positions=(("red", (9.0, 12.0)), ("blue", (11.0, 14.0))))
    assert truthful("miles", ("none",), close, M, T)
    assert covers("miles", ("none",), close, T)
    assert check_all_candidates("miles", SIT, T) == 2


def test_sextant_three_directions_around_a_miniature() -> None:
    assert truthful("sextant", ("red", "n", "ne", "e"), SIT, M, T)  # T is NE of red
    assert not truthful("sextant", ("red", "s", "sw", "w"), SIT, M, T)
    assert covers("sextant", ("red", "n", "ne", "e"), SIT, T)
    assert check_all_candidates("sextant", SIT, T) >= 3
    assert "different" in (args_problem("sextant", ("red", "n", "n", "e"), SIT, M, 4) or "")


def test_sextant_treasure_on_a_sector_line_is_in_both_sectors() -> None:
    sit = Situation(positions=(("red", (10.0, 9.0)),))
    t = (10.0 + 4 * math.sin(math.radians(22.5)), 9.0 + 4 * math.cos(math.radians(22.5)))
    assert truthful("sextant", ("red", "nw", "w", "sw"), sit, M, t) is False
    assert truthful("compass", ("red", "n", "nw"), sit, M, t)
    assert truthful("compass", ("red", "ne", "e"), sit, M, t)


def test_manuscript_shows_two_districts_without_the_treasure() -> None:
    home = M.district_at(T)
    other = [d.id for d in M.districts if d.id != home][:2]
    args = tuple(f"d{x}" for x in other)
    assert truthful("manuscript", args, SIT, M, T)
    assert not truthful("manuscript", (f"d{home}", args[0]), SIT, M, T)
    reg = region("manuscript", args, SIT, M)
    assert reg.covers(Point(T)) and abs(
        reg.area - (M.board.area - sum(M.district(x).polygon.area for x in other))) < 1e-6


def test_altitude_three_statements() -> None:
    for s in ("volcano", "deep_water", "ruined_temple"):
        inside = M.altitude_regions[s].contains(Point(T))
        assert truthful("altitude", (s,), SIT, M, T) is (not inside)
    assert check_all_candidates("altitude", SIT, T) >= 1  # ruling TI2018-17
    (line,) = drawings("altitude", ("volcano",), SIT, M)
    assert line.style == "line" and line.geometry.length > 20


# ----- Black Spot Hints ------------------------------------------------------------------------
def test_confession_answers_a_question_truthfully() -> None:
    q = ("p1", "near", "red", "5", "yes")
    assert truthful("confession", q, SIT, M, T)  # 4.88 miles
    assert not truthful("confession", ("p1", "near", "red", "4", "yes"), SIT, M, T)
    assert truthful("confession", ("p1", "north", "red", "yes"), SIT, M, T)
    assert truthful("confession", ("p2", "district", str(M.district_at(T)), "yes"), SIT, M, T)
    assert truthful("confession", ("p2", "zone", "forest", "no"), SIT, M, T)
    assert covers("confession", q, SIT, T)
    assert "question" in (args_problem("confession", ("p1", "colour", "yes"), SIT, M, 4) or "")


def test_which_way_closer_or_further_on_the_last_move() -> None:
    sit = Situation(positions=SIT.positions, last_moves=(("red", (4.0, 10.6), RED),))
    assert truthful("whichway", ("red:closer",), sit, M, T)
    assert not truthful("whichway", ("red:further",), sit, M, T)
    assert covers("whichway", ("red:closer",), sit, T)
    mid = (5.0, 20.0)  # on the perpendicular bisector of the move: both are true
    assert truthful("whichway", ("red:closer",), sit, M, mid)
    assert truthful("whichway", ("red:further",), sit, M, mid)


def test_which_way_cannot_name_a_miniature_whose_last_move_was_a_gallop() -> None:
    sit = Situation(positions=SIT.positions)  # no last lines at all (ruling TI2018-20)
    assert "Full Gallop" in (args_problem("whichway", ("red:closer",), sit, M, 4) or "")
    assert candidates("whichway", sit, M, 4) == [("none",)]


def test_compass_hint_two_directions() -> None:
    assert truthful("compass", ("red", "ne", "e"), SIT, M, T)
    assert not truthful("compass", ("red", "s", "sw"), SIT, M, T)
    assert check_all_candidates("compass", SIT, T) >= 2


def test_illusion_one_of_two_within_4_miles() -> None:
    sit = Situation(positions=(("red", (10.0, 9.0)), ("blue", BLUE), ("yellow", YELLOW)))
    assert truthful("illusion", ("blue", "red"), sit, M, T)  # red exactly 4 miles away
    assert covers("illusion", ("blue", "red"), sit, T)
    assert not truthful("illusion", ("blue", "yellow"), sit, M, T)
    assert truthful("illusion", ("none",), SIT, M, T)  # red is 4.88 miles away
    assert covers("illusion", ("none",), SIT, T)
    assert len([d for d in drawings("illusion", ("blue", "red"), sit, M)
                if d.style == "circle"]) == 2


def test_right_under_your_nose_counts_lines_and_crosses_not_circles() -> None:
    sit = Situation(
        positions=SIT.positions,
        trails=(("red", (((6.0, 10.6), (6.0, 10.6)),)),
                ("blue", (((15.5, 5.0), (11.0, 12.0)),)),  # passes 1 mile from T
                ("yellow", (((26.5, 13.0), (26.5, 13.0)),))),
        searches=(((10.0, 13.0), 2.0),))
    assert truthful("nose", ("blue",), sit, M, T)
    assert not truthful("nose", ("red",), sit, M, T)
    assert covers("nose", ("blue",), sit, T)


def test_right_under_your_nose_survives_co_circular_voronoi_cells() -> None:
    """Issue 15: points along parallel lines are co-circular, GEOS returned self-touching
    Voronoi cells and the union raised a TopologyException (4 players, SilverBot against
    GreedyBots, seed 9). The region is now built from repaired cells and still covers
    every point where the hint is true."""
    def line(a: tuple[float, float], b: tuple[float, float]) -> tuple[Any, ...]:
        return (a, b)

    sit = Situation(
        positions=(("red", (6.0, 16.59)), ("blue", (27.48, 16.98)),
                   ("yellow", (16.83, 11.26)), ("silver", (27.5, 10.0))),
        trails=(("red", (line((6.0, 10.6), (6.0, 16.59)),)),
                ("blue", (line((15.5, 5.0), (15.5, 10.99)), line((15.5, 10.99), (15.5, 16.98)),
                          line((15.5, 16.98), (21.49, 16.98)),
                          line((21.49, 16.98), (27.48, 16.98)))),
                ("yellow", (line((26.5, 13.0), (22.26, 8.76)),
                            line((22.26, 8.76), (16.83, 11.26)))),
                ("silver", (line((27.5, 10.0), (27.5, 10.0)),))))
    regions = {m: region("nose", (m,), sit, M) for m in sit.minis}
    assert all(r.is_valid and r.area > 0 for r in regions.values())
    x0, y0, x1, y1 = M.board.bounds
    rng = random.Random(15)
    checked = 0
    for _ in range(600):
        t = (rng.uniform(x0, x1), rng.uniform(y0, y1))
        if not M.board.covers(Point(t)):
            continue
        checked += 1
        nearest = [m for m in sit.minis if truthful("nose", (m,), sit, M, t)]
        assert nearest, t
        assert all(regions[m].covers(Point(t)) for m in nearest), t
    assert checked > 300


def test_instinct_exactly_one_mile_counts_as_within() -> None:
    sit = Situation(positions=SIT.positions, searches=(((10.0, 10.0), 2.0),))
    assert truthful("instinct", ("near",), sit, M, T)  # 3 - 2 = exactly 1 mile
    assert not truthful("instinct", ("far",), sit, M, T)
    assert covers("instinct", ("near",), sit, T)
    sit2 = Situation(positions=SIT.positions, searches=(((10.0, 9.99), 2.0),))
    assert truthful("instinct", ("far",), sit2, M, T)
    assert covers("instinct", ("far",), sit2, T)
    empty = Situation(positions=SIT.positions)
    assert truthful("instinct", ("far",), empty, M, T)  # no search yet


def test_bermuda_triangle_of_two_towers_and_a_miniature() -> None:
    t3, t2 = M.tower("t3").xy, M.tower("t2").xy
    inside = ((t3[0] + t2[0] + RED[0]) / 3, (t3[1] + t2[1] + RED[1]) / 3)
    assert truthful("bermuda", ("t2", "t3", "red"), SIT, M, inside)
    assert covers("bermuda", ("t2", "t3", "red"), SIT, inside)
    assert truthful("bermuda", ("t2", "t3", "red"), SIT, M, t3)  # a corner is on the border
    n = check_all_candidates("bermuda", SIT, T)
    assert n >= 1 and not truthful("bermuda", ("none",), SIT, M, T)
    assert "not a black tower" in (args_problem("bermuda", ("t2", "t12", "red"), SIT, M, 4) or "")


def test_getting_close_within_6_miles() -> None:
    assert truthful("close", ("red",), SIT, M, T)
    edge = (BLUE[0], BLUE[1] + 6.0)
    assert truthful("close", ("blue",), SIT, M, edge) and covers("close", ("blue",), SIT, edge)
    assert not truthful("close", ("none",), SIT, M, T)


def test_deduction_two_zone_types_without_the_treasure() -> None:
    forest_pt = M.zones["forest"].representative_point()
    fp = (forest_pt.x, forest_pt.y)
    assert not truthful("deduction", ("water", "forest"), SIT, M, fp)
    assert truthful("deduction", ("water", "buildings"), SIT, M, fp)
    assert covers("deduction", ("water", "buildings"), SIT, fp)
    assert check_all_candidates("deduction", SIT, T) == 3


@pytest.mark.parametrize(("band", "ok"), [("4-7", True), ("5-8", False), ("7-9", False)])
def test_distance_bands(band: str, ok: bool) -> None:
    assert truthful("distance", ("red", band), SIT, M, T) is ok  # 4.88 miles


def test_distance_band_edges_count() -> None:
    edge = (RED[0] + 7.0, RED[1])
    assert truthful("distance", ("red", "4-7"), SIT, M, edge)
    assert truthful("distance", ("red", "7-9"), SIT, M, edge)
    assert covers("distance", ("red", "7-9"), SIT, edge)
    assert len(drawings("distance", ("red", "4-7"), SIT, M)) == 2


def test_every_hint_region_covers_random_true_treasures() -> None:
    """Property: for random treasures and situations, a true hint's region covers it."""
    rng = random.Random(5)
    lattice = M.lattice
    kinds = ["decoy", "bearings", "vast", "miles", "sextant", "altitude", "whichway",
             "compass", "illusion", "nose", "instinct", "bermuda", "close", "deduction",
             "distance"]
    for _ in range(12):
        t = rng.choice(lattice)
        pos = tuple((m, rng.choice(lattice)) for m in ("red", "blue", "yellow"))
        sit = Situation(positions=pos,
                        trails=tuple((m, ((p, (p[0] + 1.5, p[1] - 0.5)),)) for m, p in pos),
                        last_moves=tuple((m, (p[0] + 1.0, p[1]), p) for m, p in pos),
                        searches=((rng.choice(lattice), 1.0),))
        for kind in kinds:
            assert check_all_candidates(kind, sit, t) >= 1, kind


# ----- TI2018 §5 Information tokens, Chest icon, redraw (with the state) -------------------------
def hint_state(hand: list[str], **kw: Any) -> ti.TIState:
    return ti.TIGame(players=4).position(T, day=kw.pop("day", 1), phase="hint", hand=hand,
                                         **kw)


def test_information_token_truth_forbids_a_false_hint() -> None:
    s = hint_state(["vast", "miles", "sextant"])
    problem = s.why_illegal("hint vast blue truth")
    assert problem and "Truth token forbids lying" in problem


def test_information_token_first_starting_hint_is_always_truth() -> None:
    s = hint_state(["vast", "miles", "sextant"], bluff=1)
    assert "always played with a Truth token" in (s.why_illegal("hint vast blue bluff") or "")


def test_information_token_bluff_allows_a_lie_once_the_calendar_gave_one() -> None:
    s = hint_state(["vast", "miles", "sextant"], day=7, bluff=1,
                   hints=[("altitude", ["volcano"], "truth")])
    assert s.why_illegal("hint vast blue bluff") is None
    s.play("hint vast blue bluff")
    assert s.data.bluff == 0 and s.hints[-1].token == "bluff" and not s.hints[-1].face_up
    assert s.view(1).hints[-1].token == "hidden"
    assert s.view(0).hints[-1].token == "bluff"


def test_information_token_needs_a_token_word() -> None:
    s = hint_state(["vast", "miles", "sextant"])
    assert "'truth' or 'bluff'" in (s.why_illegal("hint vast red") or "")


def test_chest_icon_hint_needs_a_chest_token_given_earlier() -> None:
    s = hint_state(["decoy", "vast", "miles"])
    assert "Chest icon" in (s.why_illegal("hint decoy blue red truth") or "")
    s2 = hint_state(["decoy", "vast", "miles"], chest_credit=1)
    s2.play("hint decoy blue red truth")
    assert s2.data.chest_credit == 0


def test_a_hand_of_three_chest_icons_may_be_redrawn() -> None:
    s = hint_state(["confession", "parrot", "instinct"], day=10)
    assert s.data.hint_deck == "black_spot"
    assert ti.Redraw() in s.legal_moves()
    s.play("redraw")
    assert s.is_chance_node() and len(s.data.bs_hand) == 0
    while s.is_chance_node():
        s.resolve_chance()
    assert len(s.data.bs_hand) == 3


def test_redraw_needs_three_chest_icons() -> None:
    s = hint_state(["vast", "decoy", "miles"])
    assert "three hints, all with the Chest icon" in (s.why_illegal("redraw") or "")


def test_playing_a_hint_draws_a_new_one_of_the_same_type() -> None:
    s = hint_state(["vast", "miles", "sextant"])
    s.play("hint vast red truth")
    assert s.is_chance_node()
    (m, _), *_ = s.chance_outcomes()
    assert isinstance(m, ti.Draw) and m.deck == "starting"
    s.resolve_chance()
    assert len(s.data.start_hand) == 3


def test_manuscript_bluff_may_show_the_treasures_district() -> None:  # ruling TI2018-30
    home = M.district_at(T)
    s = hint_state(["manuscript", "vast", "miles"], day=4, bluff=1,
                   hints=[("altitude", ["volcano"], "truth")])
    other = next(x for x in s.data.undealt)
    truth_text = f"hint manuscript d{home} d{other} truth"
    assert "Bluff token" in (s.why_illegal(truth_text) or "")
    assert s.why_illegal(f"hint manuscript d{home} d{other} bluff") is None


def test_parrot_with_two_or_three_players_shows_two_random_districts() -> None:
    g = ti.TIGame(players=3)
    s = g.position(T, day=10, phase="hint", hand=["parrot", "vast", "close"], chest_credit=1,
                   truth=3)
    s.play("hint parrot")
    assert s.hints[-1].face_up and s.hints[-1].token == "truth" and s.data.truth == 2
    while s.is_chance_node():
        s.resolve_chance()
    revealed = [d for d, src in s.data.revealed if src == "parrot"]
    assert len(revealed) == 2 and M.district_at(T) not in revealed


def test_parrot_with_four_or_five_players_shares_with_neighbours() -> None:
    g = ti.TIGame(players=5)
    s = g.position(T, day=10, phase="hint", hand=["parrot", "vast", "close"], chest_credit=1,
                   districts={1: (1,), 2: (2,), 3: (4, 5, 6), 4: (7,)})
    s.play("hint parrot")
    while s.is_chance_node():  # Silver draws his new hint
        s.resolve_chance()
    assert s.phase == "share" and s.current_player == 3  # Charlotte chooses one
    s.play("share d5")
    shared = {seat: s.data.shared[seat] for seat in range(1, 5)}
    assert set(shared[2]) == {(1, 1), (3, 5)}
    assert set(shared[4]) == {(3, 5), (1, 1)}
    assert set(shared[1]) == {(2, 2), (4, 7)}
    assert s.view(2).shared_districts and not s.view(0).shared_districts


def test_confession_pirates_ask_then_silver_answers() -> None:
    s = hint_state(["confession", "vast", "close"], day=10, chest_credit=1)
    s.play("hint confession")
    assert s.phase == "ask" and s.current_player == 1
    s.play("ask near red 5")
    s.play("ask north red")
    s.play("ask zone forest")
    assert s.phase == "confess" and s.current_player == 0
    assert "not 'no'" in (s.why_illegal("confess p1 no truth") or "")
    s.play("confess p1 yes truth")
    assert s.hints[-1].kind == "confession" and s.hints[-1].args[-1] == "yes"


def test_hint_events_record_the_situation_for_their_drawing() -> None:
    s = hint_state(["vast", "miles", "sextant"])
    s.play("hint vast red truth")
    h = s.hints[-1]
    assert h.situation.pos("red") == RED
    assert shapely.Point(T).within(region(h.kind, h.args, h.situation, M))


def test_which_way_names_two_miniatures_when_two_can_be_named() -> None:
    """TI2018 Black Spot Hints, WHICH WAY?: Silver designates 2 miniatures; a typed hint
    naming one or none is refused while two have a movement line as their last move
    (issue 15; ruling TI2018-20)."""
    s = hint_state(["whichway", "parrot", "instinct"], day=10,
                   positions={"red": RED, "blue": BLUE},
                   lines=[("red", (4.0, 10.6), RED), ("blue", (15.5, 9.0), BLUE)])
    before = (str(s), s.history)
    assert s.why_illegal("hint whichway blue:further red:closer truth") is None
    for text in ("hint whichway red:closer truth", "hint whichway none truth",
                 "hint whichway blue:further truth"):
        with pytest.raises(IllegalMoveError) as info:
            s.play(text)
        assert "2 miniatures can be named" in info.value.reason or \
            "name 2 miniatures" in info.value.reason, info.value.reason
        assert "TI2018-20" in info.value.reason and info.value.rule, info.value.rule
        assert (str(s), s.history) == before
    assert all(len(m.args) == 2 for m in s.legal_moves()
               if getattr(m, "kind", None) == "whichway")
    s.play("hint whichway blue:further red:closer truth")


def test_which_way_names_the_one_miniature_that_can_be_named() -> None:
    s = hint_state(["whichway", "parrot", "instinct"], day=10, positions={"red": RED},
                   lines=[("red", (4.0, 10.6), RED)])
    assert "1 miniature can be named" in (s.why_illegal("hint whichway none truth") or "")
    assert s.why_illegal("hint whichway red:closer truth") is None
