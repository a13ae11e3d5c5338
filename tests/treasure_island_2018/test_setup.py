"""TI2018 §4 Setup and §6 Preparation Phase: seats and miniatures, burying the treasure,
the District Hints, Starting Hints and Compass Hints."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import treasurekit.treasure_island_2018 as ti
from treasurekit.core import CHANCE, IllegalMoveError


# ----- TI2018 §4 Setup --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "minis"),
    [
        (2, ("red", "blue", "yellow", "silver")),  # 1 pirate: 3 miniatures
        (3, ("red", "yellow", "blue", "green", "silver")),  # 2 pirates: 2 each
        (4, ("red", "blue", "yellow", "silver")),  # 3 pirates: 1 each
        (5, ("red", "blue", "yellow", "green", "silver")),
    ],
)
def test_setup_miniatures_per_pirate(players: int, minis: tuple[str, ...]) -> None:
    g = ti.TIGame(players=players)
    assert g.miniatures == minis
    owners = dict(g.owners)
    assert owners["silver"] == 0
    per_seat = Counter(owners[m] for m in minis if m != "silver")
    assert set(per_seat.values()) == {3 if players == 2 else 2 if players == 3 else 1}


def test_setup_characters_follow_the_option() -> None:  # ruling TI2018-3
    g = ti.TIGame(players=3, characters="charlotte,ben")
    assert [c.id for c in g.seat_characters if c] == ["charlotte", "ben"]
    assert dict(g.owners)["yellow"] == 1 and dict(g.owners)["green"] == 2


def test_setup_calendar_side_and_escape_day_follow_the_player_count() -> None:
    assert ti.TIGame(players=3).escape_day == 17
    assert ti.TIGame(players=4).escape_day == 19
    assert ti.TIGame(players=4, escape_day=17).escape_day == 17


# ----- TI2018 §6 Preparation: starting locations --------------------------------------------------
def test_preparation_miniatures_start_on_their_starting_locations() -> None:
    s = ti.TIGame().new_initial_state(0)
    for m in ("red", "blue", "yellow"):
        assert s.position_of(m) == s.map.starts[m]
    assert s.position_of("silver") is None  # TI2018 §10: not on the board at the start


# ----- TI2018 §6 Preparation: burying the treasure -----------------------------------------------
def test_bury_is_silvers_first_move_and_valid_points_are_accepted() -> None:
    s = ti.TIGame().new_initial_state(0)
    assert s.current_player == 0 and s.phase == "bury"
    assert s.why_illegal("bury 10.37,13.21") is None  # any valid point, not only the lattice
    s.play("bury 10.37,13.21")
    assert s.treasure == (10.37, 13.21)
    assert s.is_chance_node()


@pytest.mark.parametrize(
    ("where", "reason"),
    [
        ("17.5,14.6", "restricted area (the volcano)"),
        ("9.5,16.2", "restricted area (the mountains)"),
        ("0.5,0.5", "restricted area (deep water)"),
        ("7,11", "starting circle"),  # 1.1 miles from red's start
        ("8,10.6", "starting circle"),  # exactly on red's 2-mile line
        ("40,3", "off the board"),
    ],
)
def test_bury_refuses_invalid_points(where: str, reason: str) -> None:
    s = ti.TIGame().new_initial_state(0)
    with pytest.raises(IllegalMoveError, match="cannot be buried") as info:
        s.play(f"bury {where}")
    assert reason in info.value.reason
    assert s.phase == "bury" and s.treasure is None


def test_bury_refuses_a_dotted_district_border() -> None:
    s = ti.TIGame().new_initial_state(0)
    border = s.map.district_borders
    pt = border.interpolate(0.31, normalized=True)
    while s.map.restricted.distance(pt) < 1 or s.map.treasure_problem(
            (round(pt.x + 0.5, 2), round(pt.y, 2))) is not None:
        pt = border.interpolate(border.project(pt) + 1.0)
    x, y = round(pt.x, 2), round(pt.y, 2)
    problem = s.why_illegal(f"bury {x:g},{y:g}")
    assert problem is not None and "dotted line" in problem


def test_bury_refuses_a_point_riding_a_red_outline() -> None:  # the example of TI2018 §6
    s = ti.TIGame().new_initial_state(0)
    m = s.map
    edge = m.mountains[0].exterior.coords[3]
    problem = s.why_illegal(f"bury {edge[0]:g},{edge[1]:g}")
    assert problem is not None and ("red outline" in problem or "restricted" in problem)


def test_bury_refuses_an_altitude_line() -> None:
    s = ti.TIGame().new_initial_state(0)
    line = s.map.altitude_regions["ruined_temple"].exterior
    for f in (0.1, 0.2, 0.3, 0.4, 0.6, 0.7):
        p = line.interpolate(f, normalized=True)
        x, y = round(p.x, 2), round(p.y, 2)
        if s.map.restricted.distance(p) > 1 and all(
                (x - sx) ** 2 + (y - sy) ** 2 > 9 for sx, sy in s.map.starts.values()):
            problem = s.why_illegal(f"bury {x:g},{y:g}")
            assert problem is not None and "dotted line" in problem
            return
    raise AssertionError("no test point found")


def test_bury_legal_moves_are_the_half_mile_lattice() -> None:  # ruling TI2018-8
    s = ti.TIGame().new_initial_state(0)
    moves = s.legal_moves()
    assert len(moves) == len(s.map.lattice) > 1000
    assert all(isinstance(m, ti.Bury) for m in moves)


# ----- TI2018 §6 Preparation: District Hints ------------------------------------------------------
def test_district_hints_are_dealt_with_the_treasures_set_aside(set_up: Any) -> None:
    for seed in range(6):
        s = set_up(seed)
        d = s.data
        treasure_district = s.map.district_at(s.treasure)
        assert d.set_aside == treasure_district
        dealt = [x for seat in s.pirates for x in d.dealt[seat]]
        assert treasure_district not in dealt
        assert all(len(d.dealt[seat]) == (3 if s.characters[seat].id == "charlotte" else 1)
                   for seat in s.pirates)  # TI2018 §7 Ancient Scrolls: Charlotte gets 2 more
        assert len(set(dealt)) == len(dealt)


def test_district_deal_is_a_chance_node_with_exact_odds() -> None:
    s = ti.TIGame().new_initial_state(0)
    s.play("bury 10,13")
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 10 and all(p == Fraction(1, 10) for _, p in outcomes)
    assert all(isinstance(m, ti.Deal) and m.seat == 1 for m, _ in outcomes)
    assert all(m.district != s.data.set_aside for m, _ in outcomes)


# ----- TI2018 §6 Preparation: Starting Hints and Compass Hints -----------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_silver_draws_3_starting_hints_and_pirates_plus_3_compass_hints(
        players: int, set_up: Any) -> None:
    s = set_up(1, players=players)
    d = s.data
    assert len(d.start_hand) == 3 and len(set(d.start_hand)) == 3
    assert len(d.compass_hand) == (players - 1) + 3  # ruling TI2018-25
    assert len(d.compass_pile) == 8 - len(d.compass_hand)


def test_after_setup_the_calendar_opens_on_1_june_with_a_starting_hint(set_up: Any) -> None:
    s = set_up(2)
    assert s.day == 1 and s.phase == "hint" and s.current_player == 0
    assert s.active == 1
    assert s.data.truth == 6 and s.data.bluff == 0  # Bluff tokens wait on the calendar


def test_initial_views_do_not_depend_on_the_seed() -> None:
    g = ti.TIGame()
    for p in range(g.num_players):
        assert g.new_initial_state(1).view(p) == g.new_initial_state(2).view(p)
