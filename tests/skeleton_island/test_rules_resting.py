"""SKEL §3 Game Turn, resting a card on the edge and the second card (``rules/resting.py``)."""

from __future__ import annotations

import pytest

from tests.skeleton_island.helpers import P0, P1, game, kinds, row, set_up
from treasurekit.core import CHANCE, IllegalMoveError
from treasurekit.skeleton_island import (
    GreedyBot,
    Keep,
    Rest,
    Stop,
    Take,
)


# ----- SKEL §3 resting a card on the edge -------------------------------------------------
def test_rest_the_card_lies_face_up_on_top_of_the_pile_ruling_skel_5() -> None:
    s = game().position([(None, 0, 0, 0), ("coin-1", 0, 20, 0), ("coin-2", 20, 0, 0)])
    s.play("take 2")
    events = s.play("rest 4,0,0")  # half over card 0, half on the table
    rested = s.pile.cards[2]
    assert rested.face_up and rested.kind == "coin-2"
    assert rested.z > max(c.z for c in s.pile.cards.values() if c.id != 2)
    assert 2 in s.uncovered() and 0 not in s.uncovered()
    assert "face up on the edge" in events[0].text
    assert events[0].rule == "SKEL §3 Game Turn: resting a card on the edge"


def test_rest_a_face_down_card_is_rested_face_up_once_seen_ruling_skel_5() -> None:
    s = game().position([(None, 0, 0, 0), ("coin-1", 20, 0, 0)])
    s.play("take 0")
    s.play("reveal 0 pirate-skull")
    s.play(Rest(20, 7, 0))
    assert s.pile.cards[0].face_up and s.pile.cards[0].kind == "pirate-skull"


def test_rest_anywhere_by_coordinates_is_checked_by_geometry_ruling_skel_6() -> None:
    s = game().position(row("coin-1", "coin-2"))
    s.play("take 1")
    reason = s.why_illegal("rest 60,60,0") or ""
    assert "must touch or overlap the pile" in reason and "SKEL §3" in reason
    assert "bare table" in (s.why_illegal("rest 0,0,0") or "")
    assert s.why_illegal("rest 5.7,0,0") is None  # edge to edge
    assert s.why_illegal("rest 2.5,3,33.5") is None  # overlapping, turned
    before = str(s)
    with pytest.raises(IllegalMoveError):
        s.play("rest 60,60,0")
    assert str(s) == before


def test_rest_the_sampled_spots_are_legal_and_finite_ruling_skel_6() -> None:
    s = set_up(seed=2)
    s.play(Take(s.uncovered()[0]))
    while s.is_chance_node():
        s.resolve_chance()
    rests = [m for m in s.legal_moves() if isinstance(m, Rest)]
    assert 1 <= len(rests) <= 8 and Keep() in s.legal_moves()
    for m in rests:
        assert s.pile.rest_problem(m.placement) is None


def test_rest_impossible_when_the_last_card_was_taken() -> None:
    s = game().position(row("coin-1"))
    s.play("take 0")
    assert s.legal_moves() == [Keep()]
    assert "empty" in (s.why_illegal("rest 5,0,0") or "")


# ----- SKEL §3 the second card ------------------------------------------------------------
def test_second_card_may_be_taken_and_is_kept_at_once_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")  # above card 1, edge to edge
    assert s.phase == "second"
    assert s.legal_moves() == [Take(1), Stop()]
    assert "may now take a second" in (s.why_illegal("keep") or "")
    events = s.play("take 1")
    assert kinds(s, P0) == ["coin-3"]
    assert [e.kind for e in events] == ["take", "keep"]
    assert events[0].rule == "SKEL §3 Game Turn: the second card"
    assert s.current_player == P1


def test_second_card_may_be_declined_with_stop_ruling_skel_7() -> None:
    """SKEL §3: after resting, the player *may* choose a second uncovered card (issue 15)."""
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")
    events = s.play("stop")
    assert [e.kind for e in events] == ["stop"]
    assert events[0].rule == "SKEL §3 Game Turn: the second card"
    assert kinds(s, P0) == [] and s.current_player == P1
    assert 1 in s.pile and 0 in s.pile  # both cards stay on the table
    s.undo()
    assert s.phase == "second" and s.current_player == P0


def test_stop_only_declines_a_second_card_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    with pytest.raises(IllegalMoveError, match="only after resting") as info:
        s.play("stop")
    assert info.value.rule == "SKEL §3 Game Turn: the second card"
    s.play("take 0")
    assert "only after resting" in (s.why_illegal("stop") or "")


def test_second_card_must_be_taken_with_option_must_ruling_skel_7() -> None:
    s = game(second_card="must").position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")
    assert s.legal_moves() == [Take(1)]
    assert "must now take a second" in (s.why_illegal("keep") or "")
    assert "second_card='must'" in (s.why_illegal("stop") or "")


def test_greedy_bot_takes_a_worthwhile_second_card_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")
    ranked = GreedyBot(seed=0).explain(s)
    assert ranked[0].move == Take(1) and ranked[-1].move == Stop()
    assert "card 1 would score 3.00" in ranked[-1].reasons[0]


def test_second_card_cannot_be_the_card_just_rested_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")  # above card 1, edge to edge
    with pytest.raises(IllegalMoveError, match="just rested") as info:
        s.play("take 0")
    assert info.value.rule == "SKEL §3 Game Turn: the second card"


def test_second_card_face_down_is_revealed_then_kept() -> None:
    s = game().position([("coin-1", 0, 0, 0), (None, 20, 0, 0)])
    s.play("take 0")
    s.play("rest 20,8.9,0")
    s.play("take 1")
    assert s.current_player == CHANCE
    s.play("reveal 1 coin-2")
    assert kinds(s, P0) == ["coin-2"] and s.current_player == P1


def test_second_card_the_turn_ends_when_the_rest_covers_every_other_card_ruling_skel_7() -> None:
    s = game().position([("coin-1", 0, 0, 0), ("coin-2", 20, 0, 0)])
    s.play("take 1")
    events = s.play("rest 3,0,0")  # lies over card 0, the only other card
    assert s.uncovered() == (1,)
    assert "takes no second card" in events[-1].text
    assert s.current_player == P1 and s.collection(P0) == ()


def test_second_card_may_not_be_rested() -> None:
    s = game().position([("coin-1", 0, 0, 0), (None, 20, 0, 0), ("coin-2", 40, 0, 0)])
    s.play("take 0")
    s.play("rest 20,8.9,0")
    s.play("take 2")  # face up: kept at once, no choice
    assert kinds(s, P0) == ["coin-2"]
