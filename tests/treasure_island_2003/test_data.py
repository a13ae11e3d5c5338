"""The bundled data files (TI2003 §1 Components): the two board sides (Game Board) and
the card data (Treasure cards, the Treasure Board), validated on load with errors
naming the key."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import treasurekit.treasure_island_2003 as ti
from tests.bad_data import assert_refused
from treasurekit.core import BoardDataError, OptionError, load_game
from treasurekit.treasure_island_2003 import GOLD, JOLLY, PURPLE, TIGame
from treasurekit.treasure_island_2003.board import check_chests, load_board, parse_board
from treasurekit.treasure_island_2003.cards import load_cards, parse_cards


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
        (lambda d: d.pop("rows"), "rows: is missing"),
        (lambda d: d.update(format="v0"), "format: Input should be 'treasurekit-ti2003-board/1'"),
        (lambda d: d.update(side="medium"), "side: Input should be 'large' or 'small'"),
        (lambda d: d.update(size=3), "size: Input should be greater than or equal to 4"),
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


# ----- the card data (cards.json) -----------------------------------------------
def raw_cards() -> dict[str, Any]:
    package = resources.files("treasurekit.treasure_island_2003")
    data: dict[str, Any] = json.loads(package.joinpath("data/cards.json").read_text())
    return data


def test_components_130_cards_ruling_ti2003_1() -> None:
    cards = load_cards()
    assert cards.total == 130
    treasure = sum(t.cards for t in cards.treasures)
    assert treasure == 107  # the transcription's table lists 85 of them
    assert cards.deck[PURPLE] == 14 and cards.deck[GOLD] == 7 and cards.deck[JOLLY] == 2


def test_components_fifteen_treasure_types_ruling_ti2003_2() -> None:
    cards = load_cards()
    ids = cards.type_ids
    assert len(ids) == 15
    assert ids[:4] == ("diamonds", "rubies", "gold", "sapphires")  # the scoring order
    assert ids[-1] == "tobacco"  # "down to Tobacco" (TI2003 §10)
    assert "emeralds" in ids and "pearls" in ids
    table = {"diamonds": 6, "rubies": 6, "gold": 6, "sapphires": 7, "pearls": 7, "topazes": 7,
             "silver": 7, "amethysts": 7, "gunpowder": 8, "spices": 8, "silk": 8, "rum": 8}
    assert all(cards.treasure(k).cards == n for k, n in table.items())


def test_scoring_table_known_rows_and_bonuses_ruling_ti2003_3() -> None:
    cards = load_cards()
    assert [cards.points("diamonds", n) for n in range(1, 7)] == [16, 16, 16, 16, 17, 19]
    assert [cards.points("rubies", n) for n in (4, 5, 6)] == [14, 15, 17]
    assert [cards.points("gold", n) for n in (4, 5, 6)] == [12, 13, 15]
    assert [cards.points("sapphires", n) for n in (4, 5, 6, 7)] == [10, 11, 13, 17]
    assert cards.points("pearls", 3) == 8  # the public play report
    assert cards.points("rum", 8) == cards.treasure("rum").points + 15
    assert cards.points("rum", 0) == 0
    values = [t.points for t in cards.treasures]
    assert values == sorted(values, reverse=True)


def test_locker_limits_nine_for_two_seven_for_four_ruling_ti2003_4() -> None:
    cards = load_cards()
    assert cards.limit(2) == 9 and cards.limit(4) == 7
    assert [cards.limit(n) for n in (3, 5, 6)] == [8, 6, 5]


def test_treasure_board_chests_and_legacy_ruling_ti2003_5() -> None:
    cards = load_cards()
    assert cards.legacy.cards == 4  # the Legacy winner takes four cards (TI2003 §9)
    assert all(1 <= c.cards <= 6 for c in cards.chests)
    dealt = sum(c.cards for c in cards.chests) + cards.legacy.cards
    assert dealt <= cards.total  # the rest is set aside unseen (TI2003 §3)


def test_setup_deal_one_card_per_chest_per_round() -> None:
    cards = load_cards()
    order = cards.deal_order("small")
    areas = [*cards.chests_for("small"), cards.legacy]
    assert order[: len(areas)] == [a.id for a in areas]  # round 1: every area
    assert order.count("flint") == 6 and order.count("legacy") == 4
    assert len(order) == sum(a.cards for a in areas)
    # a later round deals only to areas that take that many cards
    assert "black-dog" not in order[2 * len(areas):]


def test_setup_small_board_deals_only_the_yellow_areas() -> None:
    cards = load_cards()
    assert {c.lettering for c in cards.chests_for("small")} == {"yellow"}
    assert len(cards.chests_for("large")) == len(cards.chests)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("treasures"), "treasures: is missing"),
        (lambda d: d.update(format="x"), "format: Input should be 'treasurekit-ti2003-cards/1'"),
        (lambda d: d.update(deck_size=108), "'deck_size' is 108 but the treasures (107), "
                                            "cannons (21) and Jolly Rogers (2) add up to 130"),
        (lambda d: d["treasures"][2].update(cards=0),
         "treasures[2].cards: Input should be greater than or equal to 1; got 0"),
        (lambda d: d["treasures"][2].update(cards="six"),
         "treasures[2].cards: Input should be a valid integer"),
        (lambda d: d["treasures"][3].update(id="Sapphires"),
         "treasures[3].id: String should match pattern"),
        (lambda d: d["treasures"][3].update(id="rubies"), "'treasures[3].id' repeats 'rubies'"),
        (lambda d: d["treasures"][3].update(id="jolly-roger"), "reserves"),
        (lambda d: d["treasures"][0].update(points=-1),
         "treasures[0].points: Input should be greater than or equal to 1"),
        (lambda d: d["bonus"].update({"4": 1}),
         "bonus.4 (key): Input should be '5', '6', '7' or '8'"),
        (lambda d: d.update(cannons={"purple": 14}), "cannons.gold: is missing"),
        (lambda d: d["cannons"].update(gold=-7),
         "cannons.gold: Input should be greater than or equal to 0"),
        (lambda d: d["chests"][0].update(cards=7),
         "chests[0].cards: Input should be less than or equal to 6; got 7"),
        (lambda d: d["chests"][1].update(lettering="red"),
         "chests[1].lettering: Input should be 'yellow' or 'orange'"),
        (lambda d: d["chests"][1].update(id="flint"), "'chests[1].id' repeats 'flint'"),
        (lambda d: d["legacy"].update(cards=0),
         "legacy.cards: Input should be greater than or equal to 1"),
        (lambda d: d["locker_limits"].pop("3"), "'locker_limits.3' is missing"),
        (lambda d: d["locker_limits"].update({"7": 4}),
         "locker_limits.7 (key): Input should be '2'"),
        (lambda d: d["locker_limits"].update({"2": 0}),
         "locker_limits.2: Input should be greater than or equal to 1; got 0"),
    ],
)
def test_corrupted_card_file_is_refused_naming_the_key(edit: Any, message: str) -> None:
    data = copy.deepcopy(raw_cards())
    edit(data)
    with pytest.raises(BoardDataError, match=re.escape(message)):
        parse_cards(data, "cards.json")


def test_chests_needing_more_cards_than_the_deck_are_refused() -> None:
    data = copy.deepcopy(raw_cards())
    for t in data["treasures"]:
        t["cards"] = 1
    data["deck_size"] = 15 + 21 + 2
    with pytest.raises(BoardDataError, match=r"'chests' take 57 cards with the Legacy"):
        parse_cards(data, "cards.json")


def test_card_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text('{\n "format": 1,\n ]')
    with pytest.raises(BoardDataError, match="line 3"):
        load_cards(bad)
    with pytest.raises(BoardDataError, match="cannot read Treasure Island card file"):
        load_game("treasure_island_2003", cards=tmp_path / "missing.json")


def test_cards_option_lets_a_reader_change_limits_and_scoring(tmp_path: Path) -> None:
    data = raw_cards()
    data["locker_limits"]["2"] = 4
    data["treasures"][0]["points"] = 30
    path = tmp_path / "house_rules.json"
    path.write_text(json.dumps(data))
    game = load_game("treasure_island_2003", cards=path)
    assert isinstance(game, TIGame)
    assert game.cards.limit(2) == 4 and game.cards.points("diamonds", 1) == 30
    state = game.position({"R": "d2"}, piles={"R": {"diamonds": 1}})
    assert state.limit(0) == 4


def test_amounts_of_cards_in_words_use_the_singular_for_one() -> None:
    cards = TIGame().cards
    assert cards.amount("topazes", 1) == "1 Topaz"
    assert cards.amount("topazes", 2) == "2 Topazes"
    assert cards.amount("rubies", 1) == "1 Ruby"
    assert cards.amount("silk", 2) == "2 Silk"
    assert cards.amount("purple-cannon", 2) == "2 purple cannons"


@pytest.mark.parametrize(
    ("loader", "edit", "message"),
    [
        (load_board, lambda d: d["rivers"][1]["edges"][2].__setitem__(1, 4),
         "rivers[1].edges[2][1]: Input should be a valid string; got 4"),
        (load_board, lambda d: d["treasures"][3].pop("chest"), "treasures[3].chest: is missing"),
        (load_board, lambda d: d.update(side="both"),
         "side: Input should be 'large' or 'small'; got 'both'"),
        (load_cards, lambda d: d["chests"][4].update(cards=2.0),
         "chests[4].cards: Input should be a valid integer; got 2.0"),
        (load_cards, lambda d: d["legacy"].pop("name"), "legacy.name: is missing"),
        (load_cards, lambda d: d["cannons"].update(green=1),
         "cannons.green: Extra inputs are not permitted; got 1"),
        (load_cards, lambda d: d["treasures"][5].update(name=" "),
         "treasures[5].name: Value error, expected some text, not a blank string; got ' '"),
    ],
)
def test_bad_data_file_names_the_file_and_the_key_path(
        tmp_path: Path, loader: Any, edit: Any, message: str) -> None:
    data = raw("large") if loader is load_board else raw_cards()
    assert_refused(loader, tmp_path, data, edit, message)
