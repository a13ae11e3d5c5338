"""Sjörövarön digging, the chest, the raft, the mortar, winning and the extra rule
(SJO §9-§13), one test (or more) per rule, named after the rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from treasurekit.sjorovaron import SjoGame, SjoState

H, S, M = "hook", "svullo", "marquis"


def game(players: int = 2, **options: object) -> SjoGame:
    return SjoGame(players=players, **options)


def play(s: SjoState, *moves: str) -> SjoState:
    for m in moves:
        s.play(m)
    return s


def turn(s: SjoState, *moves: str) -> SjoState:
    """Play a turn's moves, then end it if a shot or push is still on offer."""
    play(s, *moves)
    while s.phase == "after":
        s.play("end")
    return s


def where(s: SjoState, name: str) -> str:
    seat = s.seat_of(name)
    assert seat is not None
    p = s.pirate(seat)
    assert p is not None
    return "out" if p.out else s.board.label(p.at)


def moves(s: SjoState) -> set[str]:
    return {str(m) for m in s.legal_moves()}


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


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    s = game(players).new_initial_state(seed=players)
    while s.phase in ("order", "pick", "deal"):
        s.resolve_chance() if s.is_chance_node() else s.play(s.legal_moves()[0])
    assert sum(len(s.pieces(p)) for p in range(players)) == 8


def test_mortar_extra_turn_is_a_whole_turn() -> None:
    s = game(3).position({H: "t17", S: "t9", M: "e12"}, chest=H, escape=H, turn=S)
    play(s, "fire hook", "hit")
    assert s.current_player == 1 and s.phase == "start"
    assert {"move", "wait"} <= moves(s)
    play(s, "move", "roll 2", "walk s8 s7")
    assert s.current_player == 2


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
