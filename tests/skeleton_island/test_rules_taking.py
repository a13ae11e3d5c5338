"""SKEL §3 Game Turn, standard turn (``rules/taking.py``): take an uncovered card, keep it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.skeleton_island.helpers import P0, P1, game, kinds, row
from treasurekit.core import CHANCE, IllegalMoveError
from treasurekit.skeleton_island import (
    Reveal,
    Take,
)


# ----- SKEL §3 standard turn: take an uncovered card --------------------------------------
def test_standard_turn_only_an_uncovered_card_may_be_taken() -> None:
    s = game().position([("coin-1", 0, 0, 0), ("coin-2", 3, 0, 0)])
    assert s.legal_moves()[:1] == [Take(1)]
    with pytest.raises(IllegalMoveError, match="covered by card 1") as info:
        s.play("take 0")
    assert info.value.rule == "SKEL §3 Game Turn: uncovered cards"


def test_standard_turn_a_card_not_in_the_pile_cannot_be_taken() -> None:
    s = game().position(row("coin-1"))
    assert "not in the Sand Pile" in (s.why_illegal("take 9") or "")


def test_standard_turn_keep_places_the_card_in_front_of_you_and_the_turn_passes() -> None:
    s = game().position(row("coin-3", "coin-1"))
    s.play("take 0")
    assert s.hand == (0, "coin-3") and s.phase == "hand"
    assert set(map(str, s.legal_moves())) >= {"keep"}
    events = s.play("keep")
    assert kinds(s, P0) == ["coin-3"] and s.scores() == (3, 0)
    assert "keeps card 0" in events[0].text
    assert s.current_player == P1 and s.phase == "start"


def test_standard_turn_a_face_down_card_is_drawn_from_the_unseen_cards_with_exact_odds() -> None:
    s = game().position([(None, 0, 0, 0), (None, 20, 0, 0)],
                        collections={P1: ["coin-1"] * 6 + ["coin-3"]})
    s.play("take 0")
    assert s.current_player == CHANCE and s.hand == (0, None)
    odds = dict((m.kind, p) for m, p in s.chance_outcomes() if isinstance(m, Reveal))
    assert "coin-1" not in odds  # all six are seen
    assert odds["coin-3"] == Fraction(1, 42) and odds["coin-2"] == Fraction(4, 42)
    assert sum(odds.values()) == 1
    assert "chance node" in (s.why_illegal("reveal 0 coin-1") or "")
    s.play("reveal 0 coin-2")
    assert s.hand == (0, "coin-2") and s.current_player == P0


def test_standard_turn_keep_or_rest_needs_a_card_in_hand() -> None:
    s = game().position(row("coin-1"))
    with pytest.raises(IllegalMoveError, match="holds no card to keep") as info:
        s.play("keep")
    assert info.value.rule == "SKEL §3 Game Turn: standard turn"
    assert "holds no card to rest" in (s.why_illegal("rest 5,0,0") or "")


def test_standard_turn_holding_a_card_no_other_may_be_taken() -> None:
    s = game().position(row("coin-1", "coin-2"))
    s.play("take 0")
    assert "keep it or rest it" in (s.why_illegal("take 1") or "")
