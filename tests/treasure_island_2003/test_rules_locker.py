"""Davy Jones' Locker and Jolly Rogers (TI2003 §6, §7; ``rules/locker.py``): one test
or more per rule."""

from __future__ import annotations

import pytest

from tests.treasure_island_2003.helpers import (
    NINE,
    B,
    R,
    cannon_position,
    flint,
    moves,
    reveal,
    small,
    with_cards,
)
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2003 import (
    End,
    Fire,
    Protect,
    Take,
)


# ----- §6 Davy Jones' Locker --------------------------------------------------------------------
def test_locker_types_over_the_limit_are_discarded_at_the_end_of_the_turn() -> None:
    s = flint(piles={"R": NINE})
    assert s.limit(R) == 9  # two players (ruling TI2003-4)
    reveal(s, "tobacco", "rum", "rum", "rum", "rum", "rum")
    assert s.phase == "discard" and s.current_player == R  # 11 types, 2 too many
    assert len(s.legal_moves()) == 11
    events = s.play("discard tobacco")
    assert s.phase == "discard" and s.holdings.locker == {"tobacco": 1}
    assert events[0].rule == "TI2003 §6 How to place treasures in Davy Jones' Locker"
    s.play("discard rum")
    assert s.holdings.locker == {"tobacco": 1, "rum": 5}
    assert s.phase == "roll" and s.turn == B
    with pytest.raises(IllegalMoveError):
        s.play("discard gold")


def test_locker_not_discarded_between_chests_only_at_the_end_of_the_turn() -> None:
    s = small().position({"R": "a7 b7 c7 d7"}, dice=(6, 6), piles={"R": NINE})
    s.play("place e7")
    reveal(s, "tobacco", "rum", "rum", "rum", "rum", "rum")
    assert s.phase == "roll" and s.turn == R  # doubles: the turn goes on, no discard yet
    assert s.holdings.types(R) == 11


def test_locker_a_protected_type_discarded_sends_its_cannon_to_the_fired_pile() -> None:
    s = flint(piles={"R": NINE}, protected={"R": "gold"})
    reveal(s, "tobacco", "rum", "rum", "rum", "rum", "rum")
    events = s.play("discard gold")
    assert s.holdings.fired["purple"] == 1 and s.holdings.locker_cannons["purple"] == 0
    assert events[-1].rule == "TI2003 §6 Discarded cannons"


def test_locker_types_taken_back_by_a_player_who_holds_that_type() -> None:
    s = small().position({"R": "a7", "B": "e2"}, dice=(4, 6), turn=R,
                         piles={"R": {"pearls": 1}}, locker={"pearls": 3, "rum": 2})
    s.play("place b7")
    assert s.phase == "wrap" and moves(s) == {"take pearls", "end"}
    with pytest.raises(IllegalMoveError, match="only a player who already has a type"):
        s.play("take rum")
    events = s.play("take pearls")
    assert s.holdings.piles[R]["pearls"] == 4 and s.holdings.locker == {"rum": 2}
    assert events[0].rule == "TI2003 §6 How to take treasures out of Davy Jones' Locker"
    assert s.turn == B  # nothing more to take: the turn ends by itself


def test_locker_a_discarded_type_is_taken_by_other_players_not_its_discarder() -> None:
    """TI2003 §6: the *other* players may take discarded treasures out of the Locker; the
    player who discarded a type may not take it back (issue 15, ruling TI2003-23)."""
    s = flint(piles={"R": NINE})
    reveal(s, "tobacco", "rum", "rum", "rum", "rum", "rum")
    s.play("discard tobacco")
    assert s.holdings.locker_by == {"tobacco": frozenset({R})}
    # a hand-set position: Red discarded the Pearls, both Red and Blue hold some again
    s = small().position({"R": "a7", "B": "e2"}, dice=(4, 6), turn=R,
                         piles={"R": {"pearls": 1}, "B": {"pearls": 1}}, locker={"pearls": 3})
    s = with_cards(s, lambda h: h.locker_by.update(pearls=frozenset({R})))
    assert s.why_illegal("take pearls") is not None
    s.play("place b7")
    assert s.turn == B  # nothing Red may take: the turn ended by itself
    assert s.holdings.locker == {"pearls": 3}
    s.play("roll 1 1")
    s.play("place d2")
    s.play("roll 1 3")
    s.play("place e3")
    assert s.phase == "wrap" and Take("pearls") in s.legal_moves()
    s.play("take pearls")
    assert s.holdings.piles[B]["pearls"] == 4 and "pearls" not in s.holdings.locker_by


def test_locker_the_discarder_is_refused_with_the_rule() -> None:
    s = small().position({"R": "a7", "B": "e2"}, dice=(4, 6), turn=R,
                         piles={"R": {"pearls": 1}}, locker={"pearls": 3, "rum": 2})
    s = with_cards(s, lambda h: (h.locker_by.update(pearls=frozenset({R})), h.gain(R, "rum")))
    s.play("place b7")
    assert s.phase == "wrap" and moves(s) == {"take rum", "end"}
    before = (str(s), s.history)
    with pytest.raises(IllegalMoveError, match="only the other players") as info:
        s.play("take pearls")
    assert info.value.rule == "TI2003 §6 How to take treasures out of Davy Jones' Locker"
    assert (str(s), s.history) == before


def test_locker_a_chance_not_taken_passes_to_the_next_player_ruling_ti2003_12() -> None:
    s = small().position({"R": "a7", "B": "e2"}, dice=(4, 6), turn=R,
                         piles={"R": {"pearls": 1}, "B": {"pearls": 1}}, locker={"pearls": 3})
    s.play("place b7")
    s.play("end")
    assert s.holdings.locker == {"pearls": 3} and s.turn == B
    s.play("roll 1 1")
    s.play("place d2")
    s.play("roll 1 3")
    s.play("place e3")
    assert s.phase == "wrap" and Take("pearls") in s.legal_moves()


# ----- §7 Jolly Roger Cards ---------------------------------------------------------------------
def test_jolly_roger_one_more_type_for_each() -> None:
    s = flint(piles={"R": NINE})
    reveal(s, "jolly-roger", "tobacco", "rum", "rum", "rum", "jolly-roger")
    assert s.holdings.jolly[R] == 2 and s.limit(R) == 11
    assert s.holdings.types(R) == 11 and s.turn == B  # 11 types allowed: no discard
    assert "jolly-roger" not in s.holdings.piles[R]  # not a treasure type


def test_jolly_roger_stolen_owner_discards_at_the_end_of_their_next_turn() -> None:
    ten = {**NINE, "tobacco": 1}
    s = small().position({"R": "a7", "B": "e2"}, turn=B, cannons=("gold",),
                         piles={"R": ten}, jolly={"R": 1})
    s.play("fire gold at red jolly-roger")
    assert s.holdings.types(R) == 10 and s.limit(R) == 9
    assert s.turn == R and s.phase == "roll"  # no discard during Blue's turn
    s.play("roll 4 4")
    s.play("place b7")
    s.play("roll 1 3")
    s.play(s.legal_moves()[0])
    assert s.phase == "discard" and s.current_player == R


def test_end_turn_only_when_locker_moves_were_offered() -> None:
    s = cannon_position("purple")
    with pytest.raises(IllegalMoveError):
        s.play(End())
    assert isinstance(s.legal_moves()[0], Fire | Protect)
