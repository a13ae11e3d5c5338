"""Treasure chests, cannons, Davy Jones' Locker, Jolly Rogers and skirmishes
(TI2003 §4 Treasure squares, §5, §6, §7, §8): one test or more per rule."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from treasurekit.core import CHANCE, IllegalMoveError, load_game
from treasurekit.treasure_island_2003 import (
    End,
    Fire,
    Hit,
    Protect,
    Reveal,
    Stash,
    Take,
    TIGame,
    TIState,
)
from treasurekit.treasure_island_2003.holdings import Holdings

R, B, G = 0, 1, 2
NINE = {k: 1 for k in ("diamonds", "rubies", "gold", "sapphires", "emeralds", "pearls",
                       "topazes", "silver", "amethysts")}


def small(**options: object) -> TIGame:
    g = load_game("treasure_island_2003", board="small", **options)
    assert isinstance(g, TIGame)
    return g


def reveal(state: TIState, *kinds: str) -> None:
    for kind in kinds:
        assert state.current_player == CHANCE and state.phase == "reveal"
        state.play(f"reveal {kind}")


def flint(**kwargs: Any) -> TIState:
    """Red beside Captain Flint's square e7 (6 cards), with a 6 thrown."""
    state = small().position({"R": "a7 b7 c7 d7"}, dice=(2, 6), **kwargs)
    state.play("place e7")
    return state


def with_cards(state: TIState, change: Callable[[Holdings], object]) -> TIState:
    """The same position with its cards changed by ``change`` (a hand-set detail that
    ``game.position`` has no argument for)."""
    h = state.holdings
    change(h)
    return TIState(state.game, state.seed, replace(state.position, holdings=h.freeze()))


def moves(state: TIState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


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


# ----- §5 Purple Cannons ---------------------------------------------------------------------
def cannon_position(*cannons: str, **kwargs: Any) -> TIState:
    base: dict[str, Any] = {"piles": {"R": {"rubies": 1, "rum": 2},
                                         "B": {"rubies": 3, "silk": 2}}}
    base.update(kwargs)
    return small().position({"R": "a7", "B": "e2"}, cannons=cannons, **base)


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


def locker_cannons(**options: object) -> TIState:
    """Red ends a turn with a gold and a purple cannon waiting in the Locker."""
    s = small(**options).position(
        {"R": "a7", "B": "e2"}, dice=(4, 6),
        piles={"R": {"rubies": 1, "rum": 1}, "B": {"rubies": 3}},
        locker={"gold-cannon": 1, "purple-cannon": 1})
    s.play("place b7")
    assert s.phase == "wrap"
    return s


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


# ----- §8 Skirmishes ------------------------------------------------------------------------------
def full_board(players: int, counts: dict[str, int]) -> dict[str, str]:
    game = small(players=players)
    land = [game.board.name_of(s) for s in game.board.land]
    out: dict[str, list[str]] = {c: [] for c in counts}
    i = 0
    for colour, n in counts.items():
        out[colour] = land[i:i + n]
        i += n
    assert i == len(land)
    return {c: " ".join(sq) for c, sq in out.items()}


def test_skirmish_with_three_players_two_with_hits_fight_on() -> None:
    s = small(players=3).position(full_board(3, {"R": 25, "B": 25, "G": 25}))
    assert s.phase == "skirmish" and s.skirmish == ((R, B, G), (0, 0, 0), "legacy")
    each = sum(Fraction(6 - abs(t - 7), 36) * sum(
        Fraction(6 - abs(u - 7), 36) for u in range(2, t)) ** 2 for t in range(2, 13))
    outcomes = dict(s.chance_outcomes())
    assert outcomes[Hit(G)] == each and outcomes[Hit(None)] == 1 - 3 * each
    s.play("hit green")
    s.play("no hit")
    s.play("hit green")
    assert s.skirmish == ((R, B, G), (0, 0, 2), "legacy")
    events = s.play("hit red")  # two players have hits: Blue drops out
    now: Any = s.skirmish
    assert now == ((R, G), (1, 2), "legacy")
    assert any("Blue drop out" in e.text for e in events)
    assert dict(s.chance_outcomes())[Hit(R)] == Fraction(575, 1296)
    s.play("hit red")
    s.play("hit red")
    assert s.skirmish is None and s.legacy_winner == R


def test_skirmish_three_hits_before_anyone_else_wins_ruling_ti2003_17() -> None:
    s = small(players=3).position(full_board(3, {"R": 25, "B": 25, "G": 25}))
    for _ in range(3):
        s.play("hit blue")
    assert s.legacy_winner == B and s.phase == "reveal"


def test_skirmish_two_players_first_to_three_hits() -> None:
    s = small().position(full_board(2, {"R": 37, "B": 38}), jolly={})
    assert s.phase == "reveal" and s.legacy_winner == B  # no tie: Blue has the most
    t = small().position(full_board(2, {"R": 38, "B": 37}))
    assert t.legacy_winner == R
    u = small(players=4).position(full_board(4, {"R": 20, "B": 20, "G": 20, "Y": 15}))
    assert u.skirmish == ((R, B, G), (0, 0, 0), "legacy")


def test_legacy_cannons_are_used_to_steal_not_to_protect() -> None:
    """TI2003 §9: the Legacy winner may use its cannons to steal from the others; a
    purple cannon from the Legacy cannot protect (issue 15, ruling TI2003-19)."""
    s = small().position(full_board(2, {"R": 38, "B": 37}),
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
    s = small().position(full_board(2, {"R": 38, "B": 37}), piles={"R": {"rubies": 1}})
    events: list[Any] = []
    for kind in ("purple-cannon", "rum", "rum", "rum"):
        events += s.play(f"reveal {kind}")
    assert s.holdings.locker_cannons["purple"] == 1  # no steal possible: into the Locker
    assert any(e.kind == "stash" for e in events)


def test_end_turn_only_when_locker_moves_were_offered() -> None:
    s = cannon_position("purple")
    with pytest.raises(IllegalMoveError):
        s.play(End())
    assert isinstance(s.legal_moves()[0], Fire | Protect)
