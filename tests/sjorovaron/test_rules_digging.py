"""Sjörövarön digging, dragging and losing the chest (SJO §9); ``rules/digging.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from tests.sjorovaron.helpers import H, M, S, game, moves, play, where


# ----- SJO §9 digging and dragging ---------------------------------------------------------------
def test_dig_on_the_exact_hex_with_4_or_more() -> None:
    s = game().position({H: "i17", S: "e12"}, spot="cave", knows=[H])
    play(s, "dig", "roll 4")
    assert s.chest == ("carried", 0)
    assert s.view(1).chest == "carried p0" and s.view(1).pirates[0].chest


def test_dig_fails_below_4_and_may_be_tried_again() -> None:
    s = game().position({H: "i17", S: "e12"}, spot="cave", knows=[H])
    play(s, "dig", "roll 3", "move", "roll 1", "walk e13")
    assert s.chest == ("buried", -1) and "dig" in moves(s)


def test_dig_only_where_the_chest_is_buried() -> None:
    s = game().position({H: "q14", S: "e12"}, spot="cave", knows=[H])
    reason = s.why_illegal("dig") or ""
    assert "not buried at q14" in reason and "i17" in reason


def test_dig_needs_the_declaration_else_the_pirate_moves() -> None:
    s = game().position({H: "i17", S: "e12"}, spot="cave", knows=[H])
    play(s, "move", "roll 4")
    assert s.phase == "walk" and "dig" not in moves(s)


def test_chest_lost_when_its_carrier_is_wounded_and_taken_by_passing() -> None:
    s = game(3).position({H: "q14", S: "n14", M: "e12"}, chest=H, turn=S)
    play(s, "shoot hook", "hit")
    assert s.chest == ("land", s.board.hex("q14"))
    play(s, "move", "roll 1", "walk o14")
    s.play("end") if s.phase == "after" else None
    # Marquis's turn, then Hook misses his; Svullo walks over Hook and takes the chest
    play(s, "move", "roll 1", "walk e13")
    assert s.current_player == 1
    play(s, "move", "roll 3", "walk p14 q14 r15")
    assert s.chest == ("carried", 1)


def test_chest_in_the_ravine_after_a_failed_cliff_jump_is_dug_up_again() -> None:
    s = game().position({H: "g4", S: "e12"}, chest=H)
    play(s, "jump i4", "roll 1")
    assert s.chest == ("ravine", s.board.hex("h4")) and where(s, H) == "h4"
    play(s, "move", "roll 1", "walk e13")
    assert "dig" in moves(s)
    play(s, "dig", "roll 6")
    assert s.chest == ("carried", 0)


def test_chest_in_the_water_after_a_failed_crossing_is_dragged_from_the_bank() -> None:
    s = game().position({H: "j9", S: "l10"}, chest=H)
    play(s, "cross l9", "roll 1")
    assert s.chest == ("water", s.board.hex("k9")) and where(s, H) == "k9"
    assert s.current_player == 1
    play(s, "move", "roll 1", "walk l9", "end")  # (no shot at Hook in the water)
    play(s, "float", "roll 1")  # Hook floats on
    assert "drag" in moves(s)
    play(s, "drag", "roll 4")
    assert s.chest == ("carried", 1)


def test_chest_at_the_splash_hex_after_a_failed_waterfall_jump() -> None:
    s = game().position({H: "k7", S: "e12"}, chest=H)
    play(s, "jump m7", "roll 2")
    assert s.chest == ("water", s.board.hex("k8"))


def test_drag_needs_4_or_more() -> None:
    s = game().position({H: "j9", S: "e12"}, chest="k9")
    play(s, "drag", "roll 3")
    assert s.chest[0] == "water"
