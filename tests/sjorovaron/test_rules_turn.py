"""Sjörövarön turns (SJO §4): one action, one shot before or after the roll; ``rules/turn.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from tests.sjorovaron.helpers import H, S, game, play


# ----- SJO §4 Game Rules: one action, one shot -------------------------------------------
def test_turn_one_action_is_required() -> None:
    s = game().position({H: "q14", S: "e12"})
    assert s.phase == "start" and s.current_player == 0
    assert {"move"} <= {str(m) for m in s.legal_moves()}
    reason = s.why_illegal("end") or ""
    assert "must take one action" in reason and "SJO §4" in reason
    assert "chance move" in (s.why_illegal("roll 3") or "")


def test_turn_shot_before_the_roll_then_the_action() -> None:
    s = game().position({H: "q14", S: "n14"})
    assert "shoot svullo" in {str(m) for m in s.legal_moves()}
    play(s, "shoot svullo", "miss")
    assert s.phase == "start"
    assert "used this turn's shot" in (s.why_illegal("shoot svullo") or "")
    play(s, "move", "roll 2")
    assert s.phase == "walk"
    assert not any(str(m).startswith("shoot") for m in s.legal_moves())


def test_turn_shot_after_the_roll_before_walking() -> None:
    s = game().position({H: "q14", S: "n14"}, die=2)
    moves = {str(m) for m in s.legal_moves()}
    assert "shoot svullo" in moves and any(m.startswith("walk") for m in moves)
    play(s, "shoot svullo", "miss")
    assert s.phase == "walk"


def test_turn_shot_after_the_move() -> None:
    s = game().position({H: "q14", S: "n15"}, die=1)
    assert "shoot svullo" not in {str(m) for m in s.legal_moves()}
    play(s, "walk q15")
    assert s.phase == "after"
    assert {str(m) for m in s.legal_moves()} == {"shoot svullo", "end"}
    play(s, "end")
    assert s.current_player == 1


def test_turn_with_no_target_left_ends_by_itself() -> None:
    s = game().position({H: "q14", S: "e12"}, die=1)
    play(s, "walk q15")
    assert s.current_player == 1 and s.phase == "start"
