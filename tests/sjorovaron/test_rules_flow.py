"""Sjörövarön who wins and the endings without a winner (SJO §12); ``flow.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.sjorovaron.helpers import H, S, game, play


# ----- SJO §12 who wins --------------------------------------------------------------------------
def test_win_only_at_a_boat_used_as_a_start() -> None:
    s = game().position({H: "s16", S: "e12"}, chest=H, boats=["north-west", "west"], die=1)
    play(s, "walk t17")
    assert s.escape is None


def test_win_denied_when_the_boat_pirate_is_wounded() -> None:
    s = game().position({H: "t17", S: "s15"}, chest=H, escape=H, turn=S)
    play(s, "shoot hook", "hit")
    assert s.escape is None and s.chest == ("land", s.board.hex("t17"))


def test_no_winner_when_no_boat_and_no_raft_is_left() -> None:
    s = game().position({H: "l17", S: "t9"}, raft="l17", chest="raft", turn=S,
                        boats=["east"], wrecked=["east"])
    play(s, "fire raft", "hit")
    out = s.outcome()
    assert out is not None and "no rowing boat" in out.termination


def test_no_winner_when_every_pirate_is_out() -> None:
    s = game().position({H: "k19", S: None}, pieces={H: list(game().board.piece_ids[1:])})
    play(s, "float", "roll 1")
    out = s.outcome()
    assert out is not None and out.termination == "every pirate is out of the game"


def test_no_winner_after_the_round_limit() -> None:
    s = game(max_rounds=1).position({H: "q14", S: "e12"})
    play(s, "move", "roll 1", "walk q15", "move", "roll 1", "walk e13")
    out = s.outcome()
    assert out is not None and "within 1 rounds" in out.termination


# ----- SJO §13 the extra rule --------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    s = game(players).new_initial_state(seed=players)
    while s.phase in ("order", "pick", "deal"):
        s.resolve_chance() if s.is_chance_node() else s.play(s.legal_moves()[0])
    assert sum(len(s.pieces(p)) for p in range(players)) == 8


def test_win_by_boat_waits_for_an_ordinary_turn_after_the_five_moves() -> None:
    s = game().position({H: "s16", S: "e12"}, chest=H, die=1)
    # Hook still has one of his five moves to come
    s._position = replace(s.position, finder=0, bonus_left=1)
    play(s, "walk t17")
    assert s.escape == 0 and s.current_player == 0 and not s.is_terminal()
    play(s, "move", "roll 1", "walk s16")  # the bonus move must leave the boat
    assert s.escape is None and s.current_player == 1
    play(s, "move", "roll 1", "walk e13")
    assert not s.is_terminal() and s.current_player == 0
