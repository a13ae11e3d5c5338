"""SKEL §3 Game Turn, the pirate turn (``rules/pirate_turn.py``): discard three cards, then steal
or play double.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.skeleton_island.helpers import P0, P1, game, ids, kinds, row
from treasurekit.core import CHANCE, IllegalMoveError
from treasurekit.skeleton_island import (
    Blow,
    Discard,
    Double,
    SkeletonState,
    Steal,
    Stolen,
    Take,
)


# ----- SKEL §3 the pirate turn ------------------------------------------------------------
def pirate(collection: list[str], **options: object) -> SkeletonState:
    return game(**options).position(
        row("coin-1", "coin-2", "coin-3"),
        collections={P0: collection, P1: ["coin-3", "map-red-half", "pirate-parrot"]},
    )


def test_pirate_turn_discard_three_map_cards_of_different_colours() -> None:
    s = pirate(["map-red-half", "map-blue-quarter", "map-green-quarter"])
    c = ids(s, P0)
    events = s.play(Discard(tuple(c)))
    assert s.collection(P0) == ()
    assert [why for _, _, why in s.out] == ["discarded"] * 3
    assert events[0].rule == "SKEL §3 Game Turn: pirate turn"
    assert s.phase == "pirate"


def test_pirate_turn_discard_pirate_objects_alone_or_mixed_with_maps() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    assert s.why_illegal(Discard(tuple(ids(s, P0)))) is None
    s = pirate(["pirate-hook", "map-red-half", "map-yellow-half"])
    assert s.why_illegal(Discard(tuple(ids(s, P0)))) is None


def test_pirate_turn_two_map_cards_of_one_colour_are_refused() -> None:
    s = pirate(["map-red-half", "map-red-quarter", "pirate-hook"])
    with pytest.raises(IllegalMoveError, match="2 red map cards") as info:
        s.play(Discard(tuple(ids(s, P0))))
    assert info.value.rule == "SKEL §3 Game Turn: pirate turn"
    assert s.legal_moves() == [Take(0), Take(1), Take(2)]  # no discard offered


def test_pirate_turn_gold_coins_cannot_be_discarded() -> None:
    s = pirate(["coin-1", "map-red-half", "pirate-hook"])
    assert "gold coin card" in (s.why_illegal(Discard(tuple(ids(s, P0)))) or "")


def test_pirate_turn_discards_exactly_three_cards_you_hold() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass", "pirate-spyglass"])
    mine = ids(s, P0)
    assert "exactly three" in (s.why_illegal(Discard(tuple(mine))) or "")
    assert "exactly three" in (s.why_illegal(Discard(tuple(mine[:2]))) or "")
    theirs = ids(s, P1)[2]
    assert "holds no card" in (s.why_illegal(Discard((mine[0], mine[1], theirs))) or "")


def test_pirate_turn_legal_discards_list_each_combination_of_kinds_once() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "map-red-quarter", "map-red-quarter"])
    discards = [m for m in s.legal_moves() if isinstance(m, Discard)]
    # hook + skull + a red quarter (one of the two equal quarters only)
    assert len(discards) == 1


def test_pirate_turn_discarded_cards_leave_the_game_for_good() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "map-red-half"])
    before = s.unseen()
    s.play(Discard(tuple(ids(s, P0))))
    s.play("double")
    assert s.unseen() == before  # they were seen already; they never come back
    assert {k for _, k, _ in s.out} == {"pirate-hook", "pirate-skull", "map-red-half"}


def test_pirate_turn_steal_a_chosen_card_from_an_opponent_ruling_skel_9() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    s.play(Discard(tuple(ids(s, P0))))
    coin = ids(s, P1)[0]
    assert Steal(P1, coin) in s.legal_moves() and Double() in s.legal_moves()
    events = s.play(f"steal p1 {coin}")
    assert kinds(s, P0) == ["coin-3"] and "coin-3" not in kinds(s, P1)
    assert "from p1" in events[0].text
    assert s.current_player == P1


def test_pirate_turn_steal_needs_a_named_card_when_chosen() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    s.play(Discard(tuple(ids(s, P0))))
    assert "name the card" in (s.why_illegal("steal p1") or "")
    assert "cannot take a card from themselves" in (s.why_illegal("steal p0 1") or "")
    assert "holds no card 99" in (s.why_illegal("steal p1 99") or "")
    assert "no seat p7" in (s.why_illegal("steal p7 1") or "")


def test_pirate_turn_steal_from_an_opponent_with_no_card_is_refused() -> None:
    s = game(players=3).position(row("coin-1"), collections={
        P0: ["pirate-hook", "pirate-skull", "pirate-compass"], P1: ["coin-2"]})
    s.play(Discard(tuple(ids(s, P0))))
    assert "has no Sand card" in (s.why_illegal("steal p2 1") or "")
    assert [m for m in s.legal_moves() if isinstance(m, Steal)] == [Steal(P1, ids(s, P1)[0])]


def test_pirate_turn_blind_steal_draws_any_card_with_equal_odds_ruling_skel_9() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"], steal="blind")
    s.play(Discard(tuple(ids(s, P0))))
    assert Steal(P1) in s.legal_moves()
    assert "drawn blind" in (s.why_illegal(f"steal p1 {ids(s, P1)[0]}") or "")
    s.play("steal p1")
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert [m for m, _ in outcomes] == [Stolen(i) for i in ids(s, P1)]
    assert all(p == Fraction(1, 3) for _, p in outcomes)
    s.play(outcomes[1][0])
    assert kinds(s, P0) == ["map-red-half"]


def test_pirate_turn_double_plays_two_standard_turns() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    s.play(Discard(tuple(ids(s, P0))))
    s.play("double")
    s.play("take 0")
    s.play("keep")
    assert s.current_player == P0 and s.phase == "start"
    assert not any(isinstance(m, (Discard, Blow)) for m in s.legal_moves())
    s.play("take 1")
    s.play("rest 25.7,0,0")
    s.play("take 2")
    assert kinds(s, P0) == ["coin-1", "coin-3"] and s.current_player == P1


def test_pirate_turn_is_chosen_before_any_card_is_taken() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    trio = Discard(tuple(ids(s, P0)))
    assert s.why_illegal(trio) is None
    s.play("take 0")
    assert "before any card is taken" in (s.why_illegal(trio) or "")
    s.play("rest 10,8.9,0")
    assert "before any card is taken" in (s.why_illegal(trio) or "")


def test_pirate_turn_steal_and_double_only_follow_a_discard() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    assert "must first discard" in (s.why_illegal("double") or "")
    assert "must first discard" in (s.why_illegal("steal p1 5") or "")
    s.play(Discard(tuple(ids(s, P0))))
    assert "now choose" in (s.why_illegal("take 0") or "")
