"""Sjörövarön set-up (SJO §3): the starting rolls, the picks, the deal; ``rules/setup.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

import treasurekit
from tests.sjorovaron.helpers import game, play, through_setup
from treasurekit.core import CHANCE
from treasurekit.sjorovaron import SjoGame


# ----- SJO §3 Set Up ------------------------------------------------------------------------
def test_set_up_registers_and_every_option_has_a_default() -> None:
    g = treasurekit.load_game("sjorovaron")
    assert g.num_players == 2 and g.options["hit_faces"] == 2
    with pytest.raises(ValueError, match="players"):
        SjoGame(players=7)


def test_set_up_starting_player_is_the_highest_roll() -> None:
    s = game(3).new_initial_state(seed=0)
    assert s.current_player == CHANCE and s.phase == "order"
    assert [str(m) for m, _ in s.chance_outcomes()] == [f"order p0 {f}" for f in range(1, 7)]
    play(s, "order p0 3", "order p1 5", "order p2 2")
    assert s.first_player == 1 and s.phase == "pick" and s.current_player == 1


def test_set_up_ties_for_the_highest_roll_roll_again() -> None:
    s = game(3).new_initial_state(seed=0)
    play(s, "order p0 6", "order p1 2", "order p2 6")
    assert s.first_player is None and s.is_chance_node()
    assert str(s.chance_outcomes()[0][0]) == "order p0 1"
    play(s, "order p0 4", "order p2 5")
    assert s.first_player == 2


def test_set_up_pirates_and_starting_hexes_are_picked_clockwise() -> None:
    s = game(3).new_initial_state(seed=0)
    play(s, "order p0 1", "order p1 6", "order p2 1")
    assert s.current_player == 1
    assert len(s.legal_moves()) == 6 * 6
    s.play("pick hook g2")
    assert s.current_player == 2
    reason = s.why_illegal("pick hook t2") or ""
    assert "already p1's pirate" in reason and "SJO §3" in reason
    assert "another pirate already starts on g2" in (s.why_illegal("pick svullo g2") or "")
    assert "not a starting hex" in (s.why_illegal("pick svullo k11") or "")
    # only the starting hexes still free are offered
    assert "choose a free one of t2, v10, t17, e16, c11 " in (s.why_illegal("pick svullo k11")
                                                              or "")
    assert "g2: choose a free one of t2," in (s.why_illegal("pick svullo g2") or "")
    play(s, "pick Tjo-Pang t2")
    assert s.current_player == 0
    play(s, "pick Månskäran v10")
    assert [p.name for p in s.pirates if p is not None] == ["manskaran", "hook", "tjopang"]
    assert s.phase == "deal"


def test_set_up_one_piece_hidden_unseen_eight_dealt_unevenly() -> None:
    s = game(3).new_initial_state(seed=5)
    through_setup(s)
    sizes = sorted(len(s.pieces(p)) for p in range(3))
    assert sizes == [2, 3, 3]
    dealt = set().union(*(s.pieces(p) for p in range(3)))
    assert len(dealt) == 8 and s.hidden_piece not in dealt
    assert {s.hidden_piece} | dealt == set(s.board.piece_ids)


def test_set_up_the_deal_is_a_chance_node_over_the_undealt_pieces() -> None:
    s = game(2).new_initial_state(seed=1)
    while s.phase != "deal":
        s.resolve_chance() if s.is_chance_node() else s.play(s.legal_moves()[0])
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 9 and all(p == Fraction(1, 9) for _, p in outcomes)
    s.play(outcomes[0][0])
    assert len(s.chance_outcomes()) == 8


def test_set_up_each_player_sees_only_his_own_pieces() -> None:
    s = through_setup(game(3).new_initial_state(seed=2))
    for p in range(3):
        v = s.view(p)
        assert v.my_pieces == tuple(sorted(s.pieces(p)))
        assert v.spot is None
        assert [pv.pieces for pv in v.pirates] == [len(s.pieces(q)) for q in range(3)]
    assert s.view(0) != s.view(1)
    events = []
    s2 = game(3).new_initial_state(seed=2)
    while s2.phase != "start":
        if s2.is_chance_node():
            events += s2.resolve_chance()
        else:
            s2.play(s2.legal_moves()[0])
    for e in events:
        assert not any(piece in e.text for piece in s.board.piece_ids)


def test_set_up_views_before_the_deal_do_not_depend_on_the_seed() -> None:
    a, b = game(4).new_initial_state(1), game(4).new_initial_state(2)
    assert a.view(0) == b.view(0)
