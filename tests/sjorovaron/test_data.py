"""The Sjörövarön hex map is data, validated on load with errors naming the key."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from tests.bad_data import assert_refused
from treasurekit.core import BoardDataError
from treasurekit.sjorovaron import SjoGame
from treasurekit.sjorovaron.board import load_map, parse_map
from treasurekit.sjorovaron.hexes import between, corners, distance, label, parse_label


def standard() -> dict[str, Any]:
    text = resources.files("treasurekit.sjorovaron").joinpath("data/map.json").read_text(
        encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


M = load_map()


# ----- hexes -----------------------------------------------------------------------------
def test_hex_names_round_trip_through_axial_coordinates() -> None:
    for i, h in enumerate(M.hexes):
        assert parse_label(label(h)) == h
        assert M.hex(M.label(i)) == i
    assert parse_label("k11") == (5, 10)


def test_straight_lines_are_the_six_hex_directions() -> None:
    assert between((0, 0), (0, 3)) == ((0, 1), (0, 2))
    assert between((0, 0), (2, -2)) == ((1, -1),)
    assert between((0, 0), (1, 1)) is None
    assert distance((0, 0), (3, -1)) == 3
    assert len(corners((0, 0))) == 6


# ----- SJO §3 and the features the rulebook names ---------------------------------------------
def test_standard_map_has_land_sea_river_lake_rocks_and_ravines() -> None:
    kinds = set(M.kinds)
    assert {"sea", "river", "lake", "lowland", "plateau", "slope", "ravine", "tower",
            "rock"} <= kinds
    assert len(M.ravines) == 4 and len(M.rocks) >= 10
    assert len(M.lake) == 5 and all(M.kinds[h] == "lake" for h in M.lake)


def test_every_river_and_lake_hex_has_an_arrow_that_leads_to_the_sea() -> None:
    for h in range(len(M.hexes)):
        if not M.is_water(h):
            assert M.flow[h] == -1
            continue
        assert M.flow[h] in M.neighbours[h]
        path = M.river_path(h, 60)
        assert M.is_sea(path[-1])


def test_the_waterfall_falls_from_the_plateau_to_its_splash_hex() -> None:
    assert M.flow[M.lip] == M.splash
    assert M.heights[M.lip] == 1 and M.heights[M.splash] == 0
    assert (M.label(M.lip), M.label(M.splash)) == ("l7", "k8")


def test_the_three_double_marked_water_hexes_lead_to_the_sea_the_last_far_from_land() -> None:
    a, b, c = M.marked
    assert M.flow[a] == b and M.flow[b] == c and M.is_sea(M.flow[c])
    assert not any(M.is_land(x) for x in M.neighbours[c])
    assert any(M.is_land(x) for x in M.neighbours[a])


def test_jump_sites_cliff_river_and_waterfall() -> None:
    kinds = sorted(j.kind for j in M.jumps)
    assert kinds == ["cliff", "cliff", "river", "river", "waterfall"]
    for j in M.jumps:
        assert M.between(j.frm, j.to) == (j.over,)
        if j.kind == "cliff":
            assert M.kinds[j.fail] == "ravine"
        elif j.kind == "river":
            assert M.is_water(j.fail)
        else:
            assert (j.over, j.fail) == (M.lip, M.splash)


def test_crossings_single_and_double_with_a_striped_middle_hex() -> None:
    doubles = [c for c in M.crossings if c.double]
    assert len(doubles) == 1 and len(M.crossings) == 3
    (d,) = doubles
    middle = d.stones[1]
    assert M.label(middle) == "k11" and middle in M.striped
    assert all(M.is_water(x) for x in M.neighbours[middle])  # an islet


def test_tower_raft_boats_spots_and_starting_hexes() -> None:
    assert M.mortar in M.tower and M.label(M.mortar) == "t9"
    assert M.is_land(M.raft_hex) and M.raft_launch in M.neighbours[M.raft_hex]
    assert M.distance(M.raft_hex, M.splash) == 1  # close to the waterfall
    assert len(M.boats) == 6 and len(set(M.starts)) == 6
    assert all(M.is_sea(b.boat) for b in M.boats)
    assert len(M.spots) == 9 and len({s.name for s in M.spots}) == 9
    assert M.piece_ids == tuple(s.id for s in M.spots)


def test_all_land_but_the_islet_is_one_walking_region() -> None:
    land = [h for h in range(len(M.hexes)) if M.is_land(h)]
    seen = {M.starts[0]}
    todo = [M.starts[0]]
    while todo:
        h = todo.pop()
        for x in M.steps[h]:
            if x not in seen:
                seen.add(x)
                todo.append(x)
    assert set(land) - seen == {M.hex("k11")}


def test_drawing_data_gives_terrain_and_positions() -> None:
    x0, y0 = M.centre(M.hex("a1"))
    x1, y1 = M.centre(M.hex("b1"))
    assert y0 == y1 == 0 and x1 > x0
    assert M.centre(M.hex("a2"))[1] < 0  # rows go down the page


# ----- corrupted data is refused, naming the key --------------------------------------------
def _set(path: str, value: Any) -> Any:
    def edit(d: dict[str, Any]) -> None:
        keys = path.split(".")
        obj: Any = d
        for k in keys[:-1]:
            obj = obj[int(k)] if isinstance(obj, list) else obj[k]
        last = keys[-1]
        if isinstance(obj, list):
            obj[int(last)] = value
        else:
            obj[last] = value
    return edit


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_set("jumps.2.over", [5, "4"]),
         "jumps[2].over[1]: Input should be a valid integer; got '4'"),
        (lambda d: d["boats"][3].pop("boat"), "boats[3].boat: is missing"),
        (_set("jumps.1.kind", "leap"),
         "jumps[1].kind: Input should be 'cliff', 'river' or 'waterfall'; got 'leap'"),
        (_set("spots.4.id", "Old Oak"),
         "spots[4].id: String should match pattern '^[a-z0-9-]+$'; got 'Old Oak'"),
        (_set("marked_water", [[1, 2]]),
         "marked_water: List should have at least 3 items after validation, not 1; "
         "got a list of 1 item"),
    ],
)
def test_bad_map_file_names_the_file_and_the_key_path(
        tmp_path: Path, edit: Any, message: str) -> None:
    assert_refused(load_map, tmp_path, standard(), edit, message)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("flow"), "flow: is missing"),
        (_set("format", "v0"), "format: Input should be 'treasurekit-sjorovaron-map/1'"),
        (_set("terrain.3.cells", "~~~..#:v:X:oo:::::...~~"), "terrain[3].cells"),
        (_set("terrain.4.r", 7), "terrain[4].r"),
        (_set("flow.0", [[10, 3], [12, 7]]), "flow[0]"),
        (lambda d: d["flow"].pop(5), "has no arrow"),
        (_set("flow.21", [[1, 18], [2, 17]]), "loops"),
        (_set("waterfall.splash", [7, 8]), "waterfall"),
        (_set("jumps.0.over", [5, 4]), "jumps[0].over"),
        (_set("jumps.0.kind", "bridge"), "jumps[0].kind"),
        (_set("jumps.3.fail", [7, 8]), "jumps[3].fail"),
        (_set("crossings.1.water.0", [5, 9]), "crossings[1].water[0]"),
        (_set("crossings.0.stones.0", [6, 8]), "crossings[0].stones[0]"),
        (_set("tower.mortar", [10, 10]), "tower.mortar"),
        (_set("raft.launch", [8, 9]), "raft.launch"),
        (_set("boats.1.start", [20, 1]), "boats[1].start"),
        (_set("boats.1.boat", [18, 1]), "boats[1].boat"),
        (lambda d: d["spots"].pop(), "spots"),
        (_set("spots.2.hex", [8, 7]), "spots[2].hex"),
        (_set("spots.2.id", "Big Rock"), "spots[2].id"),
        (_set("marked_water.2", [2, 17]), "marked_water"),
        (_set("sulfur_lake.0", [9, 5]), "sulfur_lake[0]"),
        (_set("boats.0.start", "g2"), "boats[0].start"),
    ],
)
def test_corrupted_map_is_refused_naming_the_key(edit: Any, message: str) -> None:
    data = copy.deepcopy(standard())
    edit(data)
    with pytest.raises(BoardDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_map(data, "map.json")


def test_map_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "map.json"
    bad.write_text('{\n "format": "treasurekit-sjorovaron-map/1",\n "name": \n}')
    with pytest.raises(BoardDataError, match="line 4"):
        load_map(bad)


def test_missing_map_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="cannot read Sjörövarön map file"):
        SjoGame(map=tmp_path / "nope.json")


def test_a_custom_map_file_can_be_played(tmp_path: Path) -> None:
    data = standard()
    data["name"] = "copy"
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    game = SjoGame(map=path)
    assert game.board.name == "copy"
    state = game.new_initial_state(seed=1)
    assert state.is_chance_node()
