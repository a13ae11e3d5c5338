"""The map and card data of Treasure Island (2018): what they hold (TI2018 §3 The Island
Board, §9 Specific Zones, §2 Game Content), and corrupted files refused naming the key."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
import shapely
from shapely.geometry import Point

import treasurekit.treasure_island_2018 as ti
from tests.bad_data import assert_refused
from treasurekit.core import BoardDataError, OptionError
from treasurekit.treasure_island_2018.decks import load_decks, parse_decks
from treasurekit.treasure_island_2018.map import ALTITUDES, ZONES
from treasurekit.treasure_island_2018.map_data import load_map, parse_map


def standard(name: str) -> dict[str, Any]:
    text = resources.files("treasurekit.treasure_island_2018").joinpath(f"data/{name}").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


# ----- TI2018 §3 The Island Board -------------------------------------------------------------
def test_island_board_has_every_element_in_miles() -> None:
    m = load_map()
    assert m.bounds == (0.0, 0.0, 32.0, 24.0)
    assert len(m.districts) == 11 and [d.id for d in m.districts] == list(range(1, 12))
    assert len(m.towers) == 9 and m.towers[0].id == "t1"
    assert sorted(m.starts) == ["blue", "green", "red", "yellow"]
    assert m.island.area > 300 and len(m.mountains) == 2
    assert m.restricted.contains(m.volcano.centroid)
    assert set(m.zones) == set(ZONES)


def test_districts_tile_the_board_without_overlap() -> None:
    m = load_map()
    union = shapely.union_all([d.polygon for d in m.districts])
    assert abs(union.area - m.board.area) < 1e-6
    assert abs(sum(d.polygon.area for d in m.districts) - m.board.area) < 1e-6


def test_zone_types_are_disjoint_and_off_restricted_ground() -> None:
    m = load_map()
    for i, a in enumerate(ZONES):
        assert m.zones[a].intersection(m.restricted).area < 1e-6
        for b in ZONES[i + 1:]:
            assert m.zones[a].intersection(m.zones[b]).area < 1e-6


def test_ruined_temple_is_a_ruin_in_the_buildings_zone() -> None:
    m = load_map()
    assert m.zones["buildings"].covers(m.ruined_temple)


def test_free_ground_is_connected_so_every_point_can_be_reached() -> None:
    assert load_map().free.geom_type == "Polygon"


def test_towers_and_starting_locations_stand_on_free_ground() -> None:
    m = load_map()
    for t in m.towers:
        assert not m.in_restricted(t.xy)
    for p in m.starts.values():
        assert not m.in_restricted(p)


def test_altitude_lines_are_4_2_and_5_miles_out() -> None:
    m = load_map()
    regions = m.altitude_regions
    assert set(regions) == set(ALTITUDES)
    v = m.volcano.exterior.coords[0]
    east = max(m.volcano.exterior.coords, key=lambda p: p[0])
    assert regions["volcano"].covers(Point(east[0] + 3.99, east[1]))
    assert not regions["volcano"].covers(Point(east[0] + 4.01, east[1]))
    assert v is not None
    temple_east = m.ruined_temple.bounds[2], m.ruined_temple.centroid.y
    assert regions["ruined_temple"].covers(Point(temple_east[0] + 4.99, temple_east[1]))
    assert not regions["ruined_temple"].covers(Point(temple_east[0] + 5.01, temple_east[1]))
    # ruling TI2018-17: no point lies inside all three lines
    common = regions["volcano"].intersection(regions["deep_water"]).intersection(
        regions["ruined_temple"])
    assert common.area < 1e-6


def test_dotted_lines_include_district_borders_starting_circles_and_altitudes() -> None:
    m = load_map()
    red = m.starts["red"]
    on_circle = (red[0] + 2.0, red[1])
    assert m.dotted_lines.distance(Point(on_circle)) < 1e-3
    border_pt = m.district_borders.interpolate(0.5, normalized=True)
    assert m.dotted_lines.distance(border_pt) < 1e-9


def test_burial_lattice_is_every_valid_half_mile_point() -> None:
    m = load_map()
    lattice = m.lattice
    assert len(lattice) > 1000
    assert all(m.treasure_problem(p) is None for p in lattice[::37])
    assert all(p[0] * 2 == int(p[0] * 2) and p[1] * 2 == int(p[1] * 2) for p in lattice)


def test_gallop_spots_one_per_district_on_free_ground() -> None:
    m = load_map()
    assert len(m.gallop_spots) == 11
    assert all(not m.in_restricted(p) for p in m.gallop_spots)


def test_path_problem_names_the_restricted_area() -> None:
    m = load_map()
    vx, vy = m.volcano.centroid.x, m.volcano.centroid.y
    problem = m.path_problem((vx - 3, vy), (vx + 3, vy))
    assert problem is not None and "volcano" in problem
    assert "off the board" in (m.path_problem((1, 1), (-1, 1)) or "")


# ----- the card data (TI2018 §2 Game Content) ----------------------------------------------------
def test_decks_hold_7_starting_11_black_spot_8_compass_6_chest_tokens() -> None:
    d = load_decks()
    assert len(d.starting) == 7 and len(d.black_spot) == 11
    assert len(d.compass_cards) == 8 and len(d.chest_tokens) == 6
    assert d.truth_tokens == 6 and d.bluff_tokens == 2
    chest_icons = {h.id for h in d.starting + d.black_spot if h.chest}
    assert chest_icons == {"decoy", "confession", "parrot", "instinct", "deduction"}
    assert [t.kind for t in d.chest_tokens] == ["item"] * 3 + ["info"] * 3


def test_compass_cards_mark_two_neighbouring_sectors() -> None:  # ruling TI2018-5
    for c in load_decks().compass_cards:
        a, b = c.skulls
        assert (b - a) % 8 in (1, 7)


def test_calendar_sides_fit_the_information_tokens() -> None:  # ruling TI2018-9
    d = load_decks()
    for players in (2, 3, 4, 5):
        cal = d.calendar(players)
        hints = sum(1 for s in cal if s.event in ("starting_hint", "black_spot_hint"))
        assert hints <= d.truth_tokens + d.bluff_tokens
        assert cal[0].event == "starting_hint"
    assert d.escape_days == {"2-3": 17, "4-5": 19}


# ----- corrupted data --------------------------------------------------------------------------
MAP_EDITS = [
    (lambda d: d.pop("districts"), "districts: is missing"),
    (lambda d: d["districts"].pop(), "lists 10 districts"),
    (lambda d: d["districts"][3].update(id=9), "districts[3].id"),
    (lambda d: d["districts"][2]["polygon"][0].pop(), "districts[2].polygon[0]"),
    (lambda d: d["districts"][4]["polygon"][0].__setitem__(2, "x"),
     "districts[4].polygon[0][2]"),
    (lambda d: d["districts"].__setitem__(1, dict(d["districts"][0], id=2, name="Twin")),
     "districts[1].polygon"),
    (lambda d: d["towers"][2].update(xy=list(d["starts"]["red"][:1])), "towers[2].xy"),
    (lambda d: d["towers"][4].update(xy=[0.2, 0.2]), "towers[4].xy"),
    (lambda d: d["starts"].pop("green"), "starts.green: is missing"),
    (lambda d: d["scale"].update(horse_miles=-6), "scale.horse_miles"),
    (lambda d: d["scale"].update(compass_sectors=6), "scale.compass_sectors"),
    (lambda d: d["altitude"].pop("volcano"), "altitude.volcano: is missing"),
    (lambda d: d["zones"]["forest"].append(d["zones"]["water"][0]), "zones.water"),
    (lambda d: d.update(units="km"), "units: Input should be 'miles'; got 'km'"),
    (lambda d: d.update(format="v0"), "format: Input should be 'treasurekit-ti2018-map/1'"),
    (lambda d: d["restricted"]["mountains"].append(
        [[[0, 11], [32, 11], [32, 12], [0, 12], [0, 11]]]), "'restricted'"),
]


@pytest.mark.parametrize(("edit", "key"), MAP_EDITS)
def test_corrupted_map_is_refused_naming_the_key(edit: Any, key: str) -> None:
    data = copy.deepcopy(standard("map.json"))
    edit(data)
    with pytest.raises(BoardDataError, match=key.replace("[", r"\[").replace("]", r"\]")):
        parse_map(data, "map.json")


DECK_EDITS = [
    (lambda d: d["starting"].pop(), "'starting'"),
    (lambda d: d["black_spot"][2].update(chest="yes"), "black_spot[2].chest"),
    (lambda d: d["compass_cards"][1].update(skulls=["n", "up"]), "compass_cards[1].skulls"),
    (lambda d: d["compass_cards"][1].update(skulls=["n", "ne"]), "compass_cards[1].skulls"),
    (lambda d: d["characters"][0].update(colour="pink"), "characters[0].colour"),
    (lambda d: d["characters"][1]["uses"].update(fly=3), "characters[1].uses"),
    (lambda d: d["calendars"]["2-3"][4].update(stars=3), "calendars.2-3[4].stars"),
    (lambda d: d["calendars"]["4-5"][6].update(event="party"), "calendars.4-5[6].event"),
    (lambda d: d["calendars"]["4-5"][16].update(event="starting_hint"), "calendars.4-5"),
    (lambda d: d["escape_day"].update({"2-3": 12}), "escape_day.2-3"),
    (lambda d: d["information_tokens"].update(truth=1), "calendars"),
]


@pytest.mark.parametrize(("edit", "key"), DECK_EDITS)
def test_corrupted_card_data_is_refused_naming_the_key(edit: Any, key: str) -> None:
    data = copy.deepcopy(standard("hints.json"))
    edit(data)
    with pytest.raises(BoardDataError, match=key.replace("[", r"\[").replace("]", r"\]")):
        parse_decks(data, "hints.json")


def test_map_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "map.json"
    bad.write_text("{ not json")
    with pytest.raises(BoardDataError, match="not valid JSON"):
        load_map(bad)
    with pytest.raises(BoardDataError, match="cannot read"):
        load_map(tmp_path / "missing.json")


def test_a_map_file_is_an_option(tmp_path: Path) -> None:
    data = standard("map.json")
    path = tmp_path / "island.json"
    path.write_text(json.dumps(data))
    g = ti.TIGame(map=path)
    assert len(g.map.districts) == 11
    data["towers"].pop()
    path.write_text(json.dumps(data))
    with pytest.raises(BoardDataError, match="towers"):
        ti.TIGame(map=path)


def test_bad_options_are_refused() -> None:
    with pytest.raises(OptionError, match="players"):
        ti.TIGame(players=6)
    with pytest.raises(OptionError, match="escape_day"):
        ti.TIGame(escape_day=18)
    with pytest.raises(OptionError, match="not a character"):
        ti.TIGame(characters="anne,jim")
    with pytest.raises(OptionError, match="names 1 character"):
        ti.TIGame(players=3, characters="anne")
    with pytest.raises(OptionError, match="escape_rounds"):
        ti.TIGame(escape_rounds=0)


def test_district_at_is_the_lowest_numbered_district_touching_the_point() -> None:
    """On a border a point belongs to the lowest-numbered district that touches it; off
    the board to none (random points, borders and corners included)."""
    import random

    import treasurekit

    imap = treasurekit.load_game("treasure_island_2018").map
    rng = random.Random(4)
    points = [(round(rng.uniform(-1, 25), 1), round(rng.uniform(-1, 25), 1))
              for _ in range(1500)]
    points += [pt for d in imap.districts for pt in list(d.polygon.exterior.coords)[:4]]
    on_border = 0
    for p in points:
        touching = imap.districts_touching(p)
        assert imap.district_at(p) == (min(touching) if touching else None)
        on_border += len(touching) > 1
    assert on_border > 0


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [
        ("map.json", lambda d: d["districts"][5]["polygon"][0][3].__setitem__(0, "7"),
         "districts[5].polygon[0][3][0]: Input should be a valid number; got '7'"),
        ("map.json", lambda d: d["scale"].pop("foot_miles"), "scale.foot_miles: is missing"),
        ("map.json", lambda d: d["zones"].update(lava=[]),
         "zones.lava: Extra inputs are not permitted; got a list of 0 items"),
        ("map.json", lambda d: d.update(units="leagues"),
         "units: Input should be 'miles'; got 'leagues'"),
        ("hints.json", lambda d: d["calendars"]["2-3"][3].update(event="storm"),
         "calendars.2-3[3].event: Input should be 'starting_hint', 'bluff', 'prison', "
         "'black_spot' or 'black_spot_hint'; got 'storm'"),
        ("hints.json", lambda d: d["characters"][2].pop("abilities"),
         "characters[2].abilities: is missing"),
        ("hints.json", lambda d: d["starting"][0].update(colour="red"),
         "starting[0].colour: Extra inputs are not permitted; got 'red'"),
        ("hints.json", lambda d: d["black_spot"][4].update(chest=1),
         "black_spot[4].chest: Input should be a valid boolean; got 1"),
    ],
)
def test_bad_data_file_names_the_file_and_the_key_path(
        tmp_path: Path, name: str, edit: Any, message: str) -> None:
    load = load_map if name == "map.json" else load_decks
    assert_refused(load, tmp_path, standard(name), edit, message, name)
