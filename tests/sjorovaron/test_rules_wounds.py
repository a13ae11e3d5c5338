"""Sjörövarön the extra rule for 5-6 players (SJO §13); ``rules/wounds.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from tests.sjorovaron.helpers import H, M, S, game, play, turn, where


# ----- SJO §13 the extra rule --------------------------------------------------------------------
def test_extra_rule_every_hit_kills_with_5_players_once_the_chest_is_dug() -> None:
    pirates = {H: "q14", S: "n14", M: "e12", "hannibal": "c11", "tjopang": "v10"}
    s = game(5).position(pirates, chest=H, turn=S)
    play(s, "shoot hook", "hit")
    assert where(s, H) == "out" and s.chest == ("land", s.board.hex("q14"))
    s = game(5).position(pirates, turn=S)  # chest still buried: a normal wound
    play(s, "shoot hook", "hit")
    assert where(s, H) == "q14"
    s = game(5, extra_rule=False).position(pirates, chest=H, turn=S)
    play(s, "shoot hook", "hit")
    assert where(s, H) == "q14"


def test_extra_rule_a_dead_raft_rider_still_rolls_for_the_raft() -> None:
    pirates = {H: "k12", S: "m12", M: "e12", "hannibal": "c11", "tjopang": "v10"}
    s = game(5).position(pirates, raft="k12", chest="raft", turn=S)
    turn(s, "shoot hook", "hit", "move", "roll 1", "walk n12")
    turn(s, "move", "roll 1", "walk e13")  # Marquis
    turn(s, "move", "roll 1", "walk c12")  # Hannibal
    turn(s, "move", "roll 1", "walk v11")  # Tjo-Pang
    assert where(s, H) == "out" and s.action == "raft-duty"
