"""Cannons from a chest or from the Locker (TI2003 §5 Cannon Cards, §6, §9 Davy Jones'
Legacy; ``rules/cannons.py``): one test or more per rule."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.treasure_island_2003.helpers import (
    B,
    R,
    cannon_position,
    flint,
    full_board_for,
    locker_cannons,
    moves,
    reveal,
    small,
)
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2003 import (
    Hit,
    Protect,
    Stash,
)


def test_purple_cannon_steals_a_whole_unprotected_pile() -> None:
    s = cannon_position("purple")
    assert "fire purple at blue rubies" in moves(s)
    events = s.play("fire purple at blue rubies")
    assert s.holdings.piles[R]["rubies"] == 4 and "rubies" not in s.holdings.piles[B]
    assert s.holdings.fired["purple"] == 1  # a cannon that fired goes to the fired pile
    assert "steals Blue's 3 Rubies" in events[0].text


def test_purple_cannon_steals_only_a_type_its_owner_already_holds() -> None:
    s = cannon_position("purple")
    with pytest.raises(IllegalMoveError, match="Red holds no Silk: a cannon can only steal"):
        s.play("fire purple at blue silk")


def test_purple_cannon_a_card_from_the_same_chest_gives_the_right_to_steal() -> None:
    s = flint(piles={"B": {"emeralds": 3}})
    reveal(s, "emeralds", "purple-cannon", "rum", "rum", "rum", "rum")
    assert "fire purple at blue emeralds" in moves(s)
    s.play("fire purple at blue emeralds")
    assert s.holdings.piles[R]["emeralds"] == 4


def test_purple_cannon_cannot_steal_a_protected_pile() -> None:
    s = cannon_position("purple", protected={"B": "rubies"})
    assert "fire purple at blue rubies" not in moves(s)
    with pytest.raises(IllegalMoveError, match="a purple cannon cannot steal them") as info:
        s.play("fire purple at blue rubies")
    assert info.value.rule == "TI2003 §5 Purple Cannons"


def test_purple_cannon_cannot_steal_or_protect_a_jolly_roger() -> None:
    s = cannon_position("purple", jolly={"B": 1, "R": 1})
    with pytest.raises(IllegalMoveError, match="purple cannon cannot steal a Jolly Roger"):
        s.play("fire purple at blue jolly-roger")
    with pytest.raises(IllegalMoveError, match="cannot protect a Jolly Roger"):
        s.play("protect jolly-roger")


def test_purple_cannon_protects_a_pile_its_owner_holds() -> None:
    s = cannon_position("purple")
    assert {"protect rubies", "protect rum"} <= moves(s)
    with pytest.raises(IllegalMoveError, match="Red holds no Silk to protect"):
        s.play("protect silk")
    s.play("protect rum")
    assert s.holdings.protected[R] == {"rum"} and s.holdings.fired["purple"] == 0
    h = s.holdings  # a working copy of the cards
    h.gain(R, "rum", 2)  # cards of the type won later join the protected pile
    assert "rum" in h.protected[R] and h.piles[R]["rum"] == 4
    assert "Rum 2 [cannon]" in str(cannon_position("purple", protected={"R": "rum"}))


def test_purple_cannon_one_per_pile() -> None:
    s = cannon_position("purple", protected={"R": "rubies"})
    assert "protect rubies" not in moves(s)
    with pytest.raises(IllegalMoveError, match="a pile takes only one"):
        s.play("protect rubies")


# ----- §5 Gold Cannons ---------------------------------------------------------------------
def test_gold_cannon_steals_an_unprotected_pile() -> None:
    s = cannon_position("gold")
    s.play("fire gold at blue rubies")
    assert s.holdings.piles[R]["rubies"] == 4 and s.holdings.fired["gold"] == 1


def test_gold_cannon_steals_a_jolly_roger() -> None:
    s = cannon_position("gold", jolly={"B": 2})
    assert s.limit(R) == 9 and s.limit(B) == 11
    s.play("fire gold at blue jolly-roger")  # no Jolly Roger of one's own needed
    assert s.holdings.jolly[R] == 1 and s.holdings.jolly[B] == 1
    assert s.limit(R) == 10 and s.limit(B) == 10


def test_gold_cannon_never_protects() -> None:
    s = cannon_position("gold")
    assert not any(isinstance(m, Protect) for m in s.legal_moves())
    with pytest.raises(IllegalMoveError, match="no purple cannon from the chest"):
        s.play("protect rubies")


def test_gold_cannon_against_a_protected_pile_fights_a_skirmish_attacker_wins() -> None:
    s = cannon_position("gold", protected={"B": "rubies"})
    events = s.play("fire gold at blue rubies")
    assert "a skirmish decides" in events[0].text
    assert s.phase == "skirmish" and s.is_chance_node()
    assert dict(s.chance_outcomes()) == {Hit(R): Fraction(575, 1296),
                                         Hit(B): Fraction(575, 1296),
                                         Hit(None): Fraction(73, 648)}
    for move in ("hit red", "no hit", "hit blue", "hit red", "hit red"):
        s.play(move)
    assert s.holdings.piles[R]["rubies"] == 4 and "rubies" not in s.holdings.piles[B]
    assert "rubies" not in s.holdings.protected[B]
    assert "rubies" not in s.holdings.protected[R]  # it arrives unprotected (TI2003-22)
    assert s.holdings.fired == {"purple": 1, "gold": 1}  # both cannons fired


def test_gold_cannon_against_a_protected_pile_defender_wins() -> None:
    s = cannon_position("gold", protected={"B": "rubies"})
    s.play("fire gold at blue rubies")
    for move in ("hit blue", "hit blue", "hit red", "hit blue"):
        s.play(move)
    assert s.holdings.piles[B]["rubies"] == 3 and "rubies" in s.holdings.protected[B]
    assert s.holdings.fired == {"purple": 0, "gold": 1}
    assert s.phase == "roll" and s.turn == B


# ----- §5 Purple Cannons & Gold Cannons --------------------------------------------------------
def test_several_cannons_from_one_chest_are_each_used() -> None:
    s = cannon_position("purple", "gold", "purple")
    s.play("fire gold at blue rubies")
    assert s.phase == "cannon" and s.position.cannons == ("purple", "purple")
    s.play("protect rubies")
    s.play("protect rum")
    assert s.phase == "roll" and s.holdings.protected[R] == {"rubies", "rum"}


def test_protecting_freshly_stolen_treasure_with_a_cannon_from_the_same_chest() -> None:
    s = cannon_position("gold", "purple", protected={"B": "silk"}, piles={
        "R": {"rubies": 1}, "B": {"rubies": 3, "silk": 2}})
    s.play("fire gold at blue rubies")
    assert "protect rubies" in moves(s)
    s.play("protect rubies")
    assert s.holdings.protected[R] == {"rubies"} and s.holdings.piles[R]["rubies"] == 4


def test_stolen_protection_any_purple_may_protect_a_freshly_stolen_pile() -> None:
    s = locker_cannons()
    s.play("fire gold from locker at blue rubies")
    assert "protect rubies from locker" in moves(s)


def test_stolen_protection_same_chest_option_ruling_ti2003_14() -> None:
    s = locker_cannons(stolen_protection="same_chest")
    s.play("fire gold from locker at blue rubies")
    assert "protect rubies from locker" not in moves(s)
    reason = s.why_illegal("protect rubies from locker") or ""
    assert "same chest" in reason and "ruling TI2003-14" in reason
    # within one chest the same option allows it
    s2 = small(stolen_protection="same_chest").position(
        {"R": "a7", "B": "e2"}, cannons=("gold", "purple"),
        piles={"R": {"rubies": 1}, "B": {"rubies": 3}})
    s2.play("fire gold at blue rubies")
    assert "protect rubies" in moves(s2)


def test_a_cannon_that_cannot_be_used_goes_into_the_locker() -> None:
    s = flint()
    reveal(s, "rubies", "gold-cannon", "rum", "rum", "rum", "rum")  # Blue holds nothing
    assert s.holdings.locker_cannons["gold"] == 1
    assert s.phase == "roll" and s.turn == B


def test_a_usable_cannon_must_be_used_ruling_ti2003_13() -> None:
    s = cannon_position("purple")
    assert Stash("purple") not in s.legal_moves()
    with pytest.raises(IllegalMoveError, match="can be used"):
        s.play("stash purple")
    opt = small(cannons="optional").position(
        {"R": "a7", "B": "e2"}, cannons=("purple",), piles={"R": {"rum": 1}})
    assert Stash("purple") in opt.legal_moves()
    opt.play("stash purple")
    assert opt.holdings.locker_cannons["purple"] == 1


def test_cannons_cannot_fire_at_their_owner_or_a_missing_seat() -> None:
    s = cannon_position("gold")
    with pytest.raises(IllegalMoveError, match="own treasure"):
        s.play("fire gold at red rum")
    with pytest.raises(IllegalMoveError, match="this game has 2 players"):
        s.play("fire gold at green rubies")
    with pytest.raises(IllegalMoveError, match="not a treasure type"):
        s.play("fire gold at blue ivory")


def test_locker_cannons_come_out_only_to_be_used_at_once() -> None:
    s = locker_cannons()
    assert {"fire gold from locker at blue rubies", "fire purple from locker at blue rubies",
            "protect rubies from locker", "protect rum from locker", "end"} == moves(s)
    s.play("protect rubies from locker")
    assert s.holdings.locker_cannons == {"purple": 0, "gold": 1}
    assert "take gold" not in moves(s)
    s.play("end")
    assert s.turn == B and s.holdings.locker_cannons["gold"] == 1


def test_locker_cannons_stay_when_nobody_can_use_them() -> None:
    s = small().position({"R": "a7", "B": "e2"}, dice=(4, 6), locker={"gold-cannon": 1})
    s.play("place b7")  # Red holds nothing: nothing to steal with, no wrap phase
    assert s.phase == "roll" and s.turn == B


def test_locker_cannon_moves_only_at_the_end_of_a_turn() -> None:
    s = small().position({"R": "a7", "B": "e2"}, dice=(4, 6),
                         piles={"R": {"rubies": 1}}, locker={"purple-cannon": 1})
    reason = s.why_illegal("protect rubies from locker") or ""
    assert "end of a turn" in reason


def test_legacy_cannons_are_used_to_steal_not_to_protect() -> None:
    """TI2003 §9: the Legacy winner may use its cannons to steal from the others; a
    purple cannon from the Legacy cannot protect (issue 15, ruling TI2003-19)."""
    s = small().position(full_board_for(2, {"R": 38, "B": 37}),
                         piles={"R": {"rubies": 1}, "B": {"rubies": 2}})
    assert s.phase == "reveal" and s.legacy_winner == R
    reveal(s, "purple-cannon", "rum", "rum", "rum")
    assert moves(s) >= {"fire purple at blue rubies"}
    assert not any(m.startswith("protect") for m in moves(s))
    before = (str(s), s.history)
    with pytest.raises(IllegalMoveError, match="used to steal") as info:
        s.play("protect rubies")
    assert info.value.rule == "TI2003 §9 Davy Jones' Legacy"
    assert (str(s), s.history) == before
    s.play("fire purple at blue rubies")
    assert s.holdings.piles[R]["rubies"] == 3


def test_legacy_purple_cannon_with_nothing_to_steal_goes_to_the_locker() -> None:
    s = small().position(full_board_for(2, {"R": 38, "B": 37}), piles={"R": {"rubies": 1}})
    events: list[Any] = []
    for kind in ("purple-cannon", "rum", "rum", "rum"):
        events += s.play(f"reveal {kind}")
    assert s.holdings.locker_cannons["purple"] == 1  # no steal possible: into the Locker
    assert any(e.kind == "stash" for e in events)
