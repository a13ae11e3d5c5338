"""Sjörövarön the mortar (SJO §11); ``rules/mortar.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from tests.sjorovaron.helpers import H, M, S, game, moves, play, where


# ----- SJO §11 the mortar ------------------------------------------------------------------------
def test_mortar_needs_the_exact_hex_and_allows_waiting() -> None:
    s = game().position({H: "t9", S: "e12"})
    assert "wait" in moves(s)
    play(s, "wait")
    assert s.current_player == 1
    s = game().position({H: "q14", S: "e12"})
    assert "only a pirate at the mortar" in (s.why_illegal("wait") or "")


def test_mortar_fires_at_the_pirate_with_the_chest_on_a_boat() -> None:
    s = game(3).position({H: "s16", S: "t9", M: "e12"}, chest=H, die=1)
    events = s.play("walk t17")
    assert s.escape == 0 and any("one more turn" in e.text for e in events)
    assert s.current_player == 1 and "fire hook" in moves(s)
    assert "fire raft" not in moves(s)
    play(s, "fire hook", "hit")
    assert s.used_boats() == (0, 1, 2, 4, 5)  # the south-east boat is wrecked
    assert s.chest == ("land", s.board.hex("t17")) and s.escape is None
    assert s.current_player == 1  # the extra turn at once


def test_mortar_miss_then_the_others_last_turn_then_the_boat_escapes() -> None:
    s = game(3).position({H: "s16", S: "t9", M: "e12"}, chest=H, die=1)
    play(s, "walk t17", "fire hook", "miss")
    assert s.current_player == 2 and not s.is_terminal()
    play(s, "move", "roll 1", "walk e13")
    out = s.outcome()
    assert out is not None and out.winners == (0,) and "rowed away" in out.termination


def test_mortar_fires_only_at_the_start_of_the_turn() -> None:
    s = game(3).position({H: "t17", S: "t9", M: "q9"}, chest=H, escape=H, turn=S)
    play(s, "shoot marquis", "miss")
    assert "start of the turn" in (s.why_illegal("fire hook") or "")


def test_mortar_fires_at_the_raft_on_a_marked_hex() -> None:
    s = game().position({H: "l17", S: "t9"}, raft="l17", chest="raft", turn=S)
    assert "fire raft" in moves(s)
    play(s, "fire raft", "hit")
    assert where(s, H) == "out" and s.raft[0] == "destroyed"
    assert s.chest == ("water", s.board.hex("l17"))
    assert s.current_player == 1


def test_mortar_not_at_the_raft_before_the_marked_hexes() -> None:
    s = game().position({H: "k14", S: "t9"}, raft="k14", chest="raft", turn=S)
    assert "fire raft" not in moves(s)
    assert "double-marked" in (s.why_illegal("fire raft") or "")


def test_mortar_hit_on_the_last_marked_hex_ends_without_a_winner() -> None:
    s = game().position({H: "k19", S: "t9"}, raft="k19", chest="raft", turn=S)
    play(s, "fire raft", "hit")
    out = s.outcome()
    assert out is not None and "last double-marked" in out.termination


# ----- SJO §13 the extra rule --------------------------------------------------------------------
def test_mortar_extra_turn_is_a_whole_turn() -> None:
    s = game(3).position({H: "t17", S: "t9", M: "e12"}, chest=H, escape=H, turn=S)
    play(s, "fire hook", "hit")
    assert s.current_player == 1 and s.phase == "start"
    assert {"move", "wait"} <= moves(s)
    play(s, "move", "roll 2", "walk s8 s7")
    assert s.current_player == 2
