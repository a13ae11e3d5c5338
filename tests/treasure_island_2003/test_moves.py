"""The move notation round-trips and refuses what it does not know."""

from __future__ import annotations

import pytest

from treasurekit.core import MoveParseError
from treasurekit.treasure_island_2003 import (
    Discard,
    End,
    Fire,
    Hit,
    Open,
    Pass,
    Place,
    Protect,
    Reveal,
    Roll,
    Stash,
    Take,
    parse_move,
)

MOVES = [
    Roll(3, 5), Roll(4, 4), Reveal("rubies"), Reveal("jolly-roger"), Hit(0), Hit(5), Hit(None),
    Place("c7"), Place("n14"), Pass(), Open("long-john"), Fire("purple", 1, "rubies"),
    Fire("gold", 2, "jolly-roger"), Fire("gold", 3, "gold", True), Protect("rum"),
    Protect("silk", True), Stash("purple"), Stash("gold"), Take("pearls"), End(),
    Discard("tobacco"),
]


@pytest.mark.parametrize("move", MOVES, ids=str)
def test_notation_round_trips(move: object) -> None:
    assert parse_move(str(move)) == move


def test_notation_examples() -> None:
    assert str(Fire("gold", 1, "jolly-roger", True)) == "fire gold from locker at blue jolly-roger"
    assert str(Hit(None)) == "no hit" and str(Hit(2)) == "hit green"
    assert parse_move("  PLACE   C7 ") == Place("c7")
    assert parse_move("roll 6 1") == Roll(1, 6) and str(Roll(6, 1)) == "roll 1 6"
    assert Roll(2, 2).doubles and Roll(2, 5).total == 7


@pytest.mark.parametrize(
    "text",
    ["", "roll 1", "roll 0 3", "roll 7 1", "roll ship", "move start 9", "move 3 2", "place",
     "place 7c", "fire purple blue rubies", "fire red at blue rubies", "fire gold at pink rum",
     "protect", "protect rum from", "stash silver", "hit", "hit orange", "nonsense move"],
)
def test_unknown_text_is_refused_listing_the_forms(text: str) -> None:
    with pytest.raises(MoveParseError) as info:
        parse_move(text)
    assert "place c7" in info.value.reason
