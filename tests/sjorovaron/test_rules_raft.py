"""Sjörövarön the raft (SJO §10); ``rules/raft.py``.
One test (or more) per rule, named after the rule."""

from __future__ import annotations

from tests.sjorovaron.helpers import H, M, S, game, moves, play, where


# ----- SJO §10 the raft --------------------------------------------------------------------------
def test_raft_needs_the_chest_and_its_hex() -> None:
    s = game().position({H: "l8", S: "e12"})
    assert "launch" not in moves(s)
    assert "only the pirate with the chest" in (s.why_illegal("launch") or "")
    s = game().position({H: "l8", S: "e12"}, chest=H)
    assert "launch" in moves(s)


def test_raft_floats_along_the_arrows_from_its_launch() -> None:
    s = game().position({H: "l8", S: "e12"}, chest=H)
    play(s, "launch", "roll 3")
    assert s.raft == ("afloat", s.board.hex("k10")) and s.raft_aboard == 0
    assert where(s, H) == "k10" and s.chest == ("raft", -1)


def test_raft_rider_rolls_for_it_may_shoot_and_cannot_leave() -> None:
    s = game().position({H: "k12", S: "m12"}, raft="k12", chest="raft")
    assert moves(s) == {"float", "shoot svullo"}
    assert "cannot leave" in (s.why_illegal("move") or "")


def test_a_hit_is_told_before_what_it_causes() -> None:
    s = game().position({H: "k12", S: "m12"}, raft="k12", chest="raft", turn=S)
    texts = [e.text for e in play(s, "shoot hook").play("hit")]
    hit = next(i for i, t in enumerate(texts) if "Svullo hits Hook" in t)
    fall = next(i for i, t in enumerate(texts) if "falls off the raft" in t)
    assert hit < fall


def test_raft_rider_shot_falls_off_behind_and_still_rolls_for_the_raft() -> None:
    s = game().position({H: "k12", S: "m12"}, raft="k12", chest="raft", turn=S)
    events = play(s, "shoot hook").play("hit")
    assert any("falls off the raft" in e.text for e in events)
    assert where(s, H) == "l11" and s.raft_aboard is None and s.chest == ("raft", -1)
    play(s, "move", "roll 1", "walk n12")
    assert s.is_chance_node() and s.action == "raft-duty"
    play(s, "roll 2")
    assert s.raft == ("afloat", s.board.hex("k14"))
    assert s.action == "drift"
    play(s, "roll 2")
    assert where(s, H) == "k13"


def test_raft_and_swimmer_never_share_a_space() -> None:
    s = game().position({H: "k9", S: "k10"}, raft="k9", chest="raft")
    play(s, "float", "roll 1")
    assert s.raft[1] == s.board.hex("l11")  # in front of the swimmer
    s = game().position({H: "k10", S: "k9"}, raft="k10", chest="raft", turn=S)
    play(s, "float", "roll 1")
    assert where(s, S) == "k9"  # stops behind the raft


def test_raft_jump_aboard_from_the_bank_on_3_or_more() -> None:
    s = game().position({H: "e12", S: "l12"}, raft="k12", chest="raft", turn=S)
    assert "jump raft" in moves(s)
    play(s, "jump raft", "roll 3")
    assert s.raft_aboard == 1 and where(s, S) == "k12"


def test_raft_jump_aboard_failing_lands_behind_the_raft() -> None:
    s = game().position({H: "e12", S: "l12"}, raft="k12", chest="raft", turn=S)
    play(s, "jump raft", "roll 2")
    assert s.raft_aboard is None and where(s, S) == "l11"


def test_raft_not_boarded_from_the_water() -> None:
    s = game().position({H: "e12", S: "l11"}, raft="k12", chest="raft", turn=S)
    assert "jump raft" not in moves(s)


def test_raft_past_the_marked_hexes_wins() -> None:
    s = game().position({H: "k18", S: "e12"}, raft="k18", chest="raft")
    play(s, "float", "roll 4")
    out = s.outcome()
    assert out is not None and out.winners == (0,) and "raft" in out.termination


def test_raft_drifting_to_sea_with_nobody_aboard_has_no_winner() -> None:
    # Svullo is shot off the raft; his rolls for it drift it out to sea
    s = game(3).position({H: "m18", S: "k18", M: "e12"}, raft="k18", chest="raft", turn=H)
    play(s, "shoot svullo", "hit", "move", "roll 1", "walk l18")
    assert s.action == "raft-duty"
    play(s, "roll 3")
    out = s.outcome()
    assert out is not None and "nobody aboard" in out.termination
    assert out.scores == (0, 0, 0)
