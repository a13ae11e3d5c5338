"""Sjörövarön jumps and river crossings (SJO §6); ``rules/jumping.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.sjorovaron.helpers import H, M, S, at, game, moves, play, where


# ----- SJO §6 Jumping and Crossing a River ------------------------------------------------------
def test_jump_only_from_a_striped_hex_and_declared_before_the_roll() -> None:
    s = game().position({H: "q14", S: "e12"})
    reason = s.why_illegal("jump i4") or ""
    assert "striped hex" in reason and "SJO §6" in reason
    s = game().position({H: "g4", S: "e12"})
    assert {"jump i4"} <= {str(m) for m in s.legal_moves()}
    assert "cross" not in " ".join(str(m) for m in s.legal_moves())
    assert "goes to i4, not" in (s.why_illegal("jump i6") or "")


def test_jump_succeeds_on_3_or_more() -> None:
    s = game().position({H: "g4", S: "e12"})
    play(s, "jump i4", "roll 3")
    assert at(s, H) == "i4"


def test_jump_over_a_cliff_fails_into_the_ravine_then_moves_as_usual() -> None:
    s = game().position({H: "g4", S: "e12"})
    events = play(s, "jump i4").play("roll 2")
    assert at(s, H) == "h4"
    assert any("ravine" in e.text for e in events)
    play(s, "move", "roll 1", "walk e13")  # Svullo's turn
    assert s.current_player == 0
    assert "move" in {str(m) for m in s.legal_moves()}
    play(s, "move", "roll 2", "walk h5 h6")  # out along the ravine bottom
    assert at(s, H) == "h6"


def test_jump_over_the_waterfall_fails_into_the_splash_hex() -> None:
    s = game().position({H: "k7", S: "e12"})
    play(s, "jump m7", "roll 1")
    p = s.pirate(0)
    assert p is not None and at(s, H) == "k8" and p.must_float
    assert s.view(1).pirates[0].status == "floating"


def test_jump_over_the_river_fails_into_the_water_between() -> None:
    s = game().position({H: "j14", S: "e12"})
    play(s, "jump l14", "roll 2")
    assert at(s, H) == "k14"


def test_crossing_succeeds_on_2_and_fails_on_1_into_the_water_between() -> None:
    s = game().position({H: "j9", S: "e12"})
    assert "cross l9" in {str(m) for m in s.legal_moves()}
    play(s, "cross l9", "roll 2")
    assert at(s, H) == "l9"
    s = game().position({H: "j9", S: "e12"})
    play(s, "cross l9", "roll 1")
    assert at(s, H) == "k9"


def test_crossing_chances_are_five_sixths_and_jumps_two_thirds() -> None:
    from treasurekit.sjorovaron.analysis import crossing_chance, jump_chance

    assert crossing_chance() == Fraction(5, 6) and jump_chance() == Fraction(2, 3)


def test_double_crossing_needs_two_successes() -> None:
    s = game().position({H: "i11", S: "e12"})
    assert {str(m) for m in s.legal_moves()} >= {"cross k11"}
    assert "goes to k11, not m11" in (s.why_illegal("cross m11") or "")
    play(s, "cross k11", "roll 5")
    assert at(s, H) == "k11"
    s = game().position({H: "k11", S: "e12"})
    assert {"cross i11", "cross m11"} <= {str(m) for m in s.legal_moves()}
    play(s, "cross m11", "roll 1")
    assert at(s, H) == "l11"  # the second water space


# ----- SJO §6 failed cliff jump: the ravine follows the occupation and looting rules -------
def test_failed_cliff_jump_robs_a_wounded_pirate_in_the_ravine() -> None:
    """Issue 15: the faller ends his move in the ravine, so a wounded pirate lying there
    loses his map pieces to him (SJO §6, §8)."""
    s = game(3).position({H: "g4", S: "h4", M: "e12"}, wounded={S: 2},
                         pieces={H: ["eagle", "palms"], S: ["spring", "oak", "cross"],
                                 M: ["well", "grave", "cave"]}, spot="skull")
    assert "jump i4" in moves(s)
    play(s, "jump i4", "roll 1")
    assert where(s, H) == "h4"
    assert s.pieces(0) == {"eagle", "palms", "spring", "oak", "cross"}
    assert s.pieces(1) == frozenset()


def test_failed_cliff_jump_cannot_be_declared_onto_an_unharmed_pirate_in_the_ravine() -> None:
    """Two unharmed pirates never share a hex: with an unharmed pirate at the ravine
    bottom, a cliff jump (which might fail into it) may not be declared (ruling SJO-7)."""
    s = game().position({H: "g4", S: "h4"})
    assert "jump i4" not in moves(s)
    before = (str(s), s.history)
    with pytest.raises(ValueError, match="ravine") as info:
        s.play("jump i4")
    assert "failed cliff jump" in str(getattr(info.value, "rule", ""))
    assert (str(s), s.history) == before
