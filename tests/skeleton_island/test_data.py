"""The Skeleton Island card data (SKEL §1 Components) is validated on load, naming the key."""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import treasurekit
from tests.bad_data import assert_refused
from treasurekit.core import BoardDataError
from treasurekit.skeleton_island.cards import load_cards, parse_cards


def standard() -> dict[str, Any]:
    text = resources.files("treasurekit.skeleton_island").joinpath("data/cards.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def test_components_49_sand_cards_not_60_ruling_skel_1() -> None:
    deck = load_cards()
    assert deck.total == 49
    by_category: Counter[str] = Counter()
    for kind, n in deck.counts.items():
        by_category[deck.kinds[kind].category] += n
    assert by_category == {"map": 30, "pirate": 7, "coin": 12}


def test_components_per_colour_two_halves_and_four_quarters() -> None:
    deck = load_cards()
    assert deck.colours == ("red", "blue", "green", "yellow", "purple")
    for colour in deck.colours:
        assert deck.counts[f"map-{colour}-half"] == 2
        assert deck.counts[f"map-{colour}-quarter"] == 4
        assert deck.kinds[f"map-{colour}-half"].share == Fraction(1, 2)
        assert deck.kinds[f"map-{colour}-quarter"].share == Fraction(1, 4)


def test_components_seven_named_pirate_objects() -> None:
    deck = load_cards()
    pirates = [k for k, info in deck.kinds.items() if info.is_pirate]
    assert len(pirates) == 7 and all(deck.counts[k] == 1 for k in pirates)
    assert "pirate-parrot" in pirates and deck.kinds["pirate-rum-bottle"].label == "rum bottle"


def test_components_gold_coins_six_ones_four_twos_two_threes() -> None:
    deck = load_cards()
    assert {deck.kinds[k].coins: deck.counts[k] for k in ("coin-1", "coin-2", "coin-3")} == {
        1: 6, 2: 4, 3: 2,
    }
    assert sum(deck.kinds[k].coins * n for k, n in deck.counts.items()) == 20


def test_components_five_island_cards_worth_five_coins_each() -> None:
    deck = load_cards()
    assert len(deck.colours) == 5 and deck.island_coins == 5


def test_table_geometry_is_data() -> None:
    deck = load_cards()
    assert deck.size_cm == (5.7, 8.9)
    assert deck.spread_radius_cm == 18.0 and deck.layouts == 1000
    assert deck.rest_spots == 8
    assert len(deck.gust_directions) == 8 and set(deck.gust_strengths) == {
        "light", "medium", "strong",
    }


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("colours"), "colours: is missing"),
        (lambda d: d.update(format="v0"), "format: Input should be 'treasurekit-skeleton-cards/1'"),
        (lambda d: d.update(sand_cards=60), "'sand_cards' is 60 but"),
        (lambda d: d["gold_coins"][1].update(count="four"), "gold_coins[1].count"),
        (lambda d: d["gold_coins"][2].update(coins=1), "gold_coins[2].coins"),
        (lambda d: d["map_pieces"][0].update(share="half"), "map_pieces[0].share"),
        (lambda d: d["map_pieces"][1].pop("count"), "map_pieces[1].count"),
        (lambda d: d.update(map_pieces=[{"piece": "half", "count": 1, "share": "1/2"}]),
         "only 1/2 of a map"),
        (lambda d: d["colours"].append("red"), "'colours' has a repeated name"),
        (lambda d: d["pirate_objects"].__setitem__(2, "Hook!"), "pirate_objects[2]"),
        (lambda d: d.update(card_size_cm=[5.7]), "card_size_cm"),
        (lambda d: d["spread"].update(radius_cm=-3), "spread.radius_cm"),
        (lambda d: d["rest"].update(spots=0), "rest.spots"),
        (lambda d: d["gust"]["directions"].__setitem__(0, "up"), "gust.directions[0]"),
        (lambda d: d["gust"]["strengths_cm"].update(gale="x"), "gust.strengths_cm.gale"),
        (lambda d: d.update(island_coins=True), "island_coins"),
        (lambda d: d.update(extra=1), "extra: Extra inputs are not permitted"),
        (lambda d: d["rest"].update(overlap_cm=3.0), "'rest.overlap_cm' is 3; expected a number "
                                                     "from 0.1 to 2.85"),
    ],
)
def test_corrupted_card_data_is_refused_naming_the_key(edit: Any, message: str) -> None:
    data = copy.deepcopy(standard())
    edit(data)
    with pytest.raises(BoardDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_cards(data, "cards.json")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["gust"]["strengths_cm"].update(medium="6"),
         "gust.strengths_cm.medium: Input should be a valid number; got '6'"),
        (lambda d: d["spread"].pop("layouts"), "spread.layouts: is missing"),
        (lambda d: d["gust"]["directions"].__setitem__(3, "up"),
         "gust.directions[3]: Input should be 'n', 'ne', 'e', 'se', 's', 'sw', 'w' or 'nw'; "
         "got 'up'"),
        (lambda d: d.update(notes="x"), "notes: Extra inputs are not permitted; got 'x'"),
        (lambda d: d["map_pieces"][1].update(share="5/4"),
         "map_pieces[1].share: Value error, expected a fraction of a map such as '1/4'; "
         "got '5/4'"),
    ],
)
def test_bad_card_file_names_the_file_and_the_key_path(
        tmp_path: Path, edit: Any, message: str) -> None:
    assert_refused(load_cards, tmp_path, standard(), edit, message)


def test_card_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "cards.json"
    bad.write_text('{\n "format": "treasurekit-skeleton-cards/1",\n "name": \n}')
    with pytest.raises(BoardDataError, match="line 4"):
        load_cards(bad)


def test_missing_card_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="cannot read Skeleton Island card file"):
        treasurekit.load_game("skeleton_island", cards=tmp_path / "nope.json")


def test_a_custom_card_file_can_be_played(tmp_path: Path) -> None:
    data = standard()
    data["name"] = "rich"
    data["gold_coins"] = [{"coins": 1, "count": 6}, {"coins": 2, "count": 4},
                          {"coins": 5, "count": 2}]
    path = tmp_path / "rich.json"
    path.write_text(json.dumps(data))
    game = treasurekit.load_game("skeleton_island", cards=path)
    assert game.deck.name == "rich" and game.deck.kinds["coin-5"].coins == 5
