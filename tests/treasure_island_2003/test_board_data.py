"""The two board sides (TI2003 §1 Components: Game Board) are data, validated on load
with errors naming the key."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import treasurekit.treasure_island_2003 as ti
from treasurekit.core import BoardDataError, OptionError, load_game
from treasurekit.treasure_island_2003.board import check_chests, load_board, parse_board


def raw(side: str) -> dict[str, Any]:
    package = resources.files("treasurekit.treasure_island_2003")
    data: dict[str, Any] = json.loads(package.joinpath(f"data/{side}_board.json").read_text())
    return data


@pytest.mark.parametrize(("side", "size"), [("large", 14), ("small", 12)])
def test_components_board_sides_are_14_and_12_squares(side: str, size: int) -> None:
    board = load_board(side)
    assert board.size == size and board.side == side
    assert len(board.kinds) == size * size


@pytest.mark.parametrize("side", ["large", "small"])
def test_components_every_land_square_carries_a_number_1_to_6(side: str) -> None:
    board = load_board(side)
    assert board.land
    assert all(1 <= board.numbers[s] <= 6 for s in board.land)
    assert all(board.numbers[s] == 0 for s in range(board.size**2) if not board.is_land(s))
    assert {board.numbers[s] for s in board.land} == {1, 2, 3, 4, 5, 6}


@pytest.mark.parametrize("side", ["large", "small"])
def test_components_both_islands_have_lakes_rivers_and_coastal_anchorages(side: str) -> None:
    board = load_board(side)
    assert "lake" in board.kinds
    assert len(board.rivers) >= 2 and all(r.edges for r in board.rivers)
    assert len(board.anchorages) >= 8
    assert all(board.is_coast(a) and board.is_land(a) for a in board.anchorages)


@pytest.mark.parametrize("side", ["large", "small"])
def test_components_treasure_square_number_is_the_cards_in_its_chest(side: str) -> None:
    board = load_board(side)
    cards = ti.load_cards()
    for sq, chest in board.treasure_at.items():
        assert board.numbers[sq] == cards.chest(chest).cards
        assert sq not in board.anchorages


def test_components_large_board_uses_every_chest_small_board_the_yellow_ones() -> None:
    cards = ti.load_cards()
    large, small = load_board("large"), load_board("small")
    assert set(large.treasure_at.values()) == {c.id for c in cards.chests}
    assert set(small.treasure_at.values()) == {c.id for c in cards.chests
                                               if c.lettering == "yellow"}
    assert len(large.treasure_at) == 14 and len(small.treasure_at) == 9


def test_components_pirates_seven_from_stevenson_the_others_real() -> None:
    cards = ti.load_cards()
    stevenson = [c.pirate for c in cards.chests if "Stevenson" in c.source]
    assert len(stevenson) == 7
    assert "Israel Hands" in stevenson  # a real pirate whose name Stevenson used
    assert all(c.source == "history" for c in cards.chests if "Stevenson" not in c.source)


@pytest.mark.parametrize("side", ["large", "small"])
def test_landings_every_land_square_is_reachable_from_an_anchorage(side: str) -> None:
    board = load_board(side)
    reached = set(board.anchorages)
    todo = list(reached)
    while todo:
        s = todo.pop()
        for m in board.neighbours[s]:
            if m not in reached:
                reached.add(m)
                todo.append(m)
    assert reached == set(board.land)


def test_advances_rivers_block_partial_rivers_do_not() -> None:
    board = load_board("large")
    sq = board.square
    assert sq("g7") not in board.neighbours[sq("f7")]  # Silver Creek runs between them
    assert sq("f9") not in board.neighbours[sq("f8")]
    assert board.blocked(sq("f7"), sq("g7"))
    assert sq("f7") in board.neighbours[sq("f6")]  # partial edge: the river stops short
    assert not board.blocked(sq("f6"), sq("f7"))
    assert sq("e7") in board.neighbours[sq("f7")]


def test_square_names_run_a1_north_west_to_n14_south_east() -> None:
    board = load_board("large")
    assert board.square("a1") == 0 and board.square("n14") == 195
    assert board.name_of(board.square("c7")) == "c7"
    with pytest.raises(ValueError, match="a1 to n14"):
        board.square("o3")


def _match(message: str) -> str:
    return re.escape(message)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("rows"), "'rows' is missing"),
        (lambda d: d.update(format="v0"), "'format'"),
        (lambda d: d.update(side="medium"), "'side'"),
        (lambda d: d.update(size=3), "'size'"),
        (lambda d: d["rows"].pop(), "'rows' must list 14 rows"),
        (lambda d: d["rows"].__setitem__(3, d["rows"][3][:-1]), "'rows[3]' has 13 characters"),
        (lambda d: d["rows"].__setitem__(4, "~x" + d["rows"][4][2:]), "'rows[4][1]' is 'x'"),
        (lambda d: d["rows"].__setitem__(2, "~~7" + d["rows"][2][3:]), "'rows[2][2]' is '7'"),
        (lambda d: d["anchorages"].append("g8"), "'anchorages[16]' is 'g8', which is not on "
                                                 "the coast"),
        (lambda d: d["anchorages"].append("a1"), "'anchorages[16]' is 'a1', a sea square"),
        (lambda d: d["anchorages"].append("d2"), "'anchorages[16]' repeats 'd2'"),
        (lambda d: d["anchorages"].append("z99"), "'anchorages[16]' is 'z99'"),
        (lambda d: d["rivers"][0]["edges"].append(["c3", "e3"]),
         "'rivers[0].edges[7]' ['c3', 'e3'] are not orthogonal neighbours"),
        (lambda d: d["rivers"][1]["edges"].append(["f7", "g7"]),
         "'rivers[1].edges[4]' repeats the river edge"),
        (lambda d: d["rivers"][0]["edges"].append(["i4", "h4"]), "'rivers[0].edges[7]' is 'i4',"
                                                                 " a lake square"),
        (lambda d: d["treasures"][0].update(square="d2"), "'treasures[0].square' is 'd2', an "
                                                          "anchorage"),
        (lambda d: d["treasures"][1].update(square="g8"), "'treasures[1].square' repeats"),
        (lambda d: d["treasures"][1].update(chest="flint"), "'treasures[1].chest' repeats"),
        (lambda d: d["rows"].__setitem__(7, d["rows"][7][:4] + "~" + d["rows"][7][5:]),
         "'rows[7][4]' (e8) is sea cut off from the open sea"),
    ],
)
def test_corrupted_board_is_refused_naming_the_key(edit: Any, message: str) -> None:
    data = copy.deepcopy(raw("large"))
    edit(data)
    with pytest.raises(BoardDataError, match=_match(message)):
        parse_board(data, "large_board.json")


def test_validation_land_cut_off_from_every_anchorage_is_refused() -> None:
    data = copy.deepcopy(raw("large"))
    # fence the north-east block k3..n5 with a river and drop its anchorages
    data["anchorages"] = [a for a in data["anchorages"] if a not in ("l2", "m3", "n5")]
    fence = [["k5", "k6"], ["l5", "l6"], ["m5", "m6"], ["n5", "n6"]]
    data["rivers"].append({"name": "fence", "edges": fence})
    with pytest.raises(BoardDataError, match=r"'rows\[1\]\[11\]' \(l2\) cannot be reached "
                       "from any anchorage"):
        parse_board(data, "large_board.json")


def test_validation_treasure_squares_must_match_the_treasure_board() -> None:
    cards = ti.load_cards()
    small = raw("small")
    wrong_number = copy.deepcopy(small)
    wrong_number["treasures"][0]["square"] = "d2"  # shows 1; Flint's chest holds 6
    with pytest.raises(BoardDataError, match=r"treasures\[0\]\.square.*holds 6 cards"):
        check_chests(parse_board(wrong_number, "small.json"), cards, "small.json")
    orange = copy.deepcopy(small)
    orange["treasures"][0]["chest"] = "kidd"  # Large Board only
    with pytest.raises(BoardDataError, match=r"treasures\[0\]\.chest.*orange"):
        check_chests(parse_board(orange, "small.json"), cards, "small.json")
    missing = copy.deepcopy(small)
    missing["treasures"].pop()
    with pytest.raises(BoardDataError, match="has no square for chest 'rackham'"):
        check_chests(parse_board(missing, "small.json"), cards, "small.json")


def test_board_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "board.json"
    bad.write_text('{\n "format": "treasurekit-ti2003-board/1",\n "name": \n}')
    with pytest.raises(BoardDataError, match="line 4"):
        load_board(bad)
    with pytest.raises(BoardDataError, match="cannot read Treasure Island board file"):
        load_board(tmp_path / "nope.json")


def test_custom_board_file_is_played_through_the_board_file_option(tmp_path: Path) -> None:
    data = raw("small")
    data["name"] = "Dry Island"
    data["rivers"] = []
    path = tmp_path / "dry.json"
    path.write_text(json.dumps(data))
    game = load_game("treasure_island_2003", board_file=path)
    assert isinstance(game, ti.TIGame)
    assert game.board.name == "Dry Island" and game.board.side == "small"
    assert game.new_initial_state(seed=1).is_chance_node()


def test_small_board_seats_two_to_four() -> None:
    for n in (2, 3, 4):
        assert load_game("treasure_island_2003", board="small", players=n).num_players == n
    with pytest.raises(OptionError, match="Small Board seats 2 to 4"):
        load_game("treasure_island_2003", board="small", players=5)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_large_board_seats_two_to_six(players: int) -> None:
    assert load_game("treasure_island_2003", players=players).num_players == players


@pytest.mark.parametrize("players", [1, 7, "4"])
def test_setup_player_count_out_of_range_is_refused(players: object) -> None:
    with pytest.raises(OptionError, match="players"):
        load_game("treasure_island_2003", players=players)


@pytest.mark.parametrize("side", ["large", "small"])
def test_board_design_numbers_balanced_and_never_twice_side_by_side(side: str) -> None:
    board = load_board(side)
    for s in board.land:
        assert all(board.numbers[m] != board.numbers[s] for m in board.orthogonal(s)
                   if board.is_land(m)), board.name_of(s)
    counts = [sum(board.numbers[s] == k for s in board.land) for k in range(1, 7)]
    assert max(counts) - min(counts) <= 2
