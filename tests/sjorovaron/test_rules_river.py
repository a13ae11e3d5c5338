"""Sjörövarön floating along the river and climbing out (SJO §6); ``rules/river.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from tests.sjorovaron.helpers import H, S, at, game, play


# ----- SJO §6 Jumping and Crossing a River ------------------------------------------------------
def test_floating_follows_the_arrows_by_the_die() -> None:
    s = game().position({H: "k9", S: "e12"})
    assert {str(m) for m in s.legal_moves()} >= {"float", "climb j9"}
    assert "shoot" not in " ".join(map(str, s.legal_moves()))
    play(s, "float", "roll 3")
    assert at(s, H) == "k12"
    assert s.current_player == 1  # no shot while floating


def test_floating_pirate_that_just_fell_must_float_first() -> None:
    s = game().position({H: "k9", S: "e12"}, must_float=[H])
    assert [str(m) for m in s.legal_moves()] == ["float"]
    assert "must float" in (s.why_illegal("climb j9") or "")


def test_floating_pirate_next_to_land_may_climb_out() -> None:
    s = game().position({H: "k9", S: "e12"})
    play(s, "climb j9")
    assert at(s, H) == "j9" and s.view(0).pirates[0].status == "standing"


def test_floating_in_the_water_by_the_islet_may_climb_onto_the_middle_hex() -> None:
    s = game().position({H: "l11", S: "e12"})
    assert "climb k11" in {str(m) for m in s.legal_moves()}
    play(s, "climb k11")
    assert at(s, H) == "k11"


def test_floating_cannot_climb_a_cliff() -> None:
    s = game().position({H: "k8", S: "e12"})
    climbs = {str(m) for m in s.legal_moves() if str(m).startswith("climb")}
    assert "climb k7" not in climbs and "climb l8" in climbs


def test_floating_through_the_sulfur_lake_and_down_the_waterfall() -> None:
    s = game().position({H: "l4", S: "e12"})
    events = play(s, "float").play("roll 5")
    assert at(s, H) == "k9"
    assert any("waterfall" in e.text for e in events)


def test_floating_out_to_sea_puts_the_pirate_out_of_the_game() -> None:
    s = game(3).position({H: "k18", S: "e12", "marquis": "q14"})
    play(s, "float", "roll 2")
    p = s.pirate(0)
    assert p is not None and p.out
    assert s.view(1).pirates[0].status == "out"


def test_floating_several_pirates_may_share_a_water_space() -> None:
    s = game().position({H: "k9", S: "k12"})
    play(s, "float", "roll 3")
    assert at(s, H) == at(s, S) == "k12"
