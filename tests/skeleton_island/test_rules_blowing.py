"""SKEL §3 Game Turn, blowing on the pile (``rules/blowing.py``): one blow when 1-2 cards are
uncovered, the gust.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from tests.skeleton_island.helpers import P0, game, row, set_up
from treasurekit.core import CHANCE, IllegalMoveError
from treasurekit.skeleton_island import (
    Blow,
    Discard,
    Gust,
    SkeletonState,
)


# ----- SKEL §3 blowing on the pile --------------------------------------------------------
def two_uncovered() -> SkeletonState:
    return game().position([(None, 0, 0, 0), (None, 3, 0, 0), ("coin-1", 20, 0, 0)])


def test_blow_allowed_when_one_or_two_cards_are_uncovered() -> None:
    s = two_uncovered()
    assert len(s.uncovered()) == 2 and Blow() in s.legal_moves() and s.can_blow()
    s.play("blow")
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 24 and all(p == Fraction(1, 24) for _, p in outcomes)
    assert Gust("ne", "strong") in [m for m, _ in outcomes]


def test_blow_refused_when_three_or_more_cards_are_uncovered() -> None:
    s = game().position(row("coin-1", "coin-2", "coin-3"))
    assert Blow() not in s.legal_moves()
    with pytest.raises(IllegalMoveError, match="one or two cards are uncovered; 3 are") as info:
        s.play("blow")
    assert info.value.rule == "SKEL §3 Game Turn: blowing on the pile"


def test_blow_once_per_turn_ruling_skel_10() -> None:
    s = two_uncovered()
    s.play("blow")
    s.play("gust w light")  # the two left cards fly 3 cm west: card 0 comes to light
    assert s.current_player == P0
    assert "only once per turn" in (s.why_illegal("blow") or "")
    s2 = game().position([(None, 0, 0, 0), ("coin-1", 20, 0, 0)], blown=True)
    assert "only once per turn" in (s2.why_illegal("blow") or "")


def test_blow_only_before_the_turn_ruling_skel_10() -> None:
    s = two_uncovered()
    s.play("take 2")
    s.play("keep")  # p1's turn: one card uncovered, p1 may blow
    assert s.can_blow()
    s.play("take 1")
    s.play("reveal 1 coin-1")
    assert "before any card is taken" in (s.why_illegal("blow") or "")


def test_blow_the_gust_carries_the_uncovered_cards_ruling_skel_11() -> None:
    s = two_uncovered()
    s.play("blow")
    events = s.play("gust e strong")
    assert (s.pile.cards[1].x, s.pile.cards[2].x) == (12, 29)
    assert s.pile.cards[0].x == 0
    assert s.uncovered() == (0, 1, 2)
    assert "uncovered cards: 2 -> 3" in events[0].text


def test_blow_allowed_before_a_pirate_turn_ruling_skel_10() -> None:
    s = game().position([(None, 0, 0, 0), ("coin-1", 3, 0, 0)],
                        collections={P0: ["pirate-hook", "pirate-skull", "pirate-compass"]})
    s.play("blow")
    s.play("gust n light")
    assert any(isinstance(m, Discard) for m in s.legal_moves())


def test_blow_never_needed_on_an_empty_pile_the_top_card_is_uncovered_ruling_skel_12() -> None:
    s = set_up(seed=4)
    rng = random.Random(4)
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
            continue
        if s.phase in ("start", "second"):
            assert s.uncovered(), "a player to take a card always finds an uncovered one"
        s.play(rng.choice(s.legal_moves()))
    out = s.outcome()
    assert out is not None
    assert len(s.pile) == 0 or len(s.islands) == 5 or "no card kept" in out.termination
