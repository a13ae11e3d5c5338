"""The cards, the Treasure Board, the Locker limits and the scoring table are data
(TI2003 §1 Components, §3 Setup, §6, §10; rulings TI2003-1 to TI2003-5)."""

from __future__ import annotations

import copy
import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from treasurekit.core import BoardDataError, load_game
from treasurekit.treasure_island_2003 import GOLD, JOLLY, PURPLE, TIGame
from treasurekit.treasure_island_2003.cards import load_cards, parse_cards


def raw() -> dict[str, Any]:
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
        (lambda d: d.pop("treasures"), "'treasures' is missing"),
        (lambda d: d.update(format="x"), "'format'"),
        (lambda d: d.update(deck_size=108), "'deck_size' is 108 but the treasures (107), "
                                            "cannons (21) and Jolly Rogers (2) add up to 130"),
        (lambda d: d["treasures"][2].update(cards=0), "'treasures[2].cards' is 0"),
        (lambda d: d["treasures"][2].update(cards="six"), "'treasures[2].cards'"),
        (lambda d: d["treasures"][3].update(id="Sapphires"), "'treasures[3].id'"),
        (lambda d: d["treasures"][3].update(id="rubies"), "'treasures[3].id' repeats 'rubies'"),
        (lambda d: d["treasures"][3].update(id="jolly-roger"), "reserves"),
        (lambda d: d["treasures"][0].update(points=-1), "'treasures[0].points'"),
        (lambda d: d["bonus"].update({"4": 1}), "'bonus.4' is not a card count from 5 to 8"),
        (lambda d: d.update(cannons={"purple": 14}), "'cannons' must be an object"),
        (lambda d: d["cannons"].update(gold=-7), "'cannons.gold'"),
        (lambda d: d["chests"][0].update(cards=7), "'chests[0].cards' is 7"),
        (lambda d: d["chests"][1].update(lettering="red"), "'chests[1].lettering'"),
        (lambda d: d["chests"][1].update(id="flint"), "'chests[1].id' repeats 'flint'"),
        (lambda d: d["legacy"].update(cards=0), "'legacy.cards'"),
        (lambda d: d["locker_limits"].pop("3"), "'locker_limits.3' is missing"),
        (lambda d: d["locker_limits"].update({"7": 4}), "'locker_limits.7' is not a player"),
        (lambda d: d["locker_limits"].update({"2": 0}), "'locker_limits.2' is 0"),
    ],
)
def test_corrupted_card_file_is_refused_naming_the_key(edit: Any, message: str) -> None:
    data = copy.deepcopy(raw())
    edit(data)
    with pytest.raises(BoardDataError, match=re.escape(message)):
        parse_cards(data, "cards.json")


def test_chests_needing_more_cards_than_the_deck_are_refused() -> None:
    data = copy.deepcopy(raw())
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
    data = raw()
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
