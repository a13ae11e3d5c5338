"""Treasure chests (TI2003 §4 Treasure squares; ``rules/chests.py``): one test or more
per rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.treasure_island_2003.helpers import (
    B,
    R,
    flint,
    reveal,
    small,
)
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2003 import (
    Reveal,
)


# ----- §4 Treasure squares ------------------------------------------------------------------
def test_treasure_squares_an_advance_opens_the_chest_with_that_many_cards() -> None:
    s = flint()
    assert s.phase == "reveal" and s.is_chance_node()
    reveal(s, "rubies", "rubies", "rum", "silk", "silk", "silk")
    assert s.holdings.piles[R] == {"rubies": 2, "rum": 1, "silk": 3}
    assert s.opened() == ("flint",)
    assert s.turn == B and s.phase == "roll"


def test_treasure_squares_cards_are_drawn_from_the_unseen_pool_ruling_ti2003_7() -> None:
    s = flint(piles={"B": {"diamonds": 6}}, jolly={"B": 2})
    outcomes = dict(s.chance_outcomes())
    assert sum(outcomes.values()) == 1
    assert Reveal("diamonds") not in outcomes and Reveal("jolly-roger") not in outcomes
    assert outcomes[Reveal("purple-cannon")] == Fraction(14, 122)
    s.play("reveal tobacco")
    assert dict(s.chance_outcomes())[Reveal("tobacco")] == Fraction(7, 121)
    with pytest.raises(IllegalMoveError, match="chance node"):
        s.play("reveal diamonds")


def test_treasure_squares_opened_piles_are_public() -> None:
    s = flint()
    reveal(s, "rubies", "rubies", "rum", "silk", "silk", "silk")
    for seat in (R, B):
        view = s.view(seat)
        assert view.piles[R] == (("rubies", 2), ("silk", 3), ("rum", 1))
        assert ("flint", 6, ("rubies", "rubies", "rum", "silk", "silk", "silk")) in view.chests
        assert ("long-john", 5, None) in view.chests  # unopened: nothing known
        assert dict(view.unseen)["rubies"] == 4


def test_treasure_squares_cannons_are_used_before_the_next_chest_is_opened() -> None:
    wall = "c3 d3 b4 b5 b6 e4 e5 e6 d7"
    s = small().position({"R": wall, "B": "j10"}, dice=(2, 2), piles={"B": {"rum": 2}})
    s.play("place c7")
    s.play("open ben-gunn")
    reveal(s, "rum", "purple-cannon", "silk")
    assert s.phase == "cannon" and s.position.pending == ("long-john",)
    s.play("fire purple at blue rum")
    assert s.phase == "reveal" and s.position.chest == "long-john"
