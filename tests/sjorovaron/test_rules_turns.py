"""Sjörövarön setup, turns, land movement, jumps, crossings and floating (SJO §3-§6),
one test (or more) per rule, named after the rule."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest

import treasurekit
from treasurekit.core import CHANCE, IllegalMoveError
from treasurekit.sjorovaron import SjoGame, SjoState, Walk

H = "hook"
S = "svullo"


def game(players: int = 2, **options: object) -> SjoGame:
    return SjoGame(players=players, **options)


def play(s: SjoState, *moves: str) -> SjoState:
    for m in moves:
        s.play(m)
    return s


def at(s: SjoState, pirate: str) -> str:
    seat = s.seat_of(pirate)
    assert seat is not None
    p = s.pirate(seat)
    assert p is not None
    return s.board.label(p.at) if p.at >= 0 else "-"


def through_setup(s: SjoState) -> SjoState:
    while s.phase in ("order", "pick", "deal"):
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(s.legal_moves()[0])
    return s


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


# ----- SJO §5 Movement over Land -----------------------------------------------------------
def test_move_exactly_the_number_rolled() -> None:
    s = game().position({H: "q14", S: "e12"}, die=3)
    reason = s.why_illegal("walk q15 q16") or ""
    assert "exactly 3" in reason and "SJO §5" in reason
    with pytest.raises(IllegalMoveError) as info:
        s.play("walk q15")
    assert info.value.rule == "SJO §5 Movement over Land: exactly the number rolled"
    assert s.die == 3 and at(s, H) == "q14"
    play(s, "walk q15 q16 q17")
    assert at(s, H) == "q17"


def test_move_each_hex_entered_only_once_in_a_turn() -> None:
    s = game().position({H: "q14", S: "e12"}, die=3)
    assert "twice" in (s.why_illegal("walk q15 p15 q15") or "")


def test_move_may_not_come_back_to_its_start() -> None:
    s = game().position({H: "q14", S: "e12"}, die=3)
    assert "ruling SJO-5" in (s.why_illegal("walk q15 r15 q14") or "")
    assert s.walk_to("q14") is None
    t = game(return_to_start=True).position({H: "q14", S: "e12"}, die=3)
    assert t.why_illegal("walk q15 r15 q14") is None
    assert t.walk_to("q14") is not None


def test_move_only_over_land_between_neighbours() -> None:
    s = game().position({H: "j9", S: "e12"}, die=1)
    assert "not a step over land" in (s.why_illegal("walk k9") or "")  # water
    s = game().position({H: "g5", S: "e12"}, die=1)
    assert "not a step over land" in (s.why_illegal("walk h5") or "")  # cliff into the ravine


def test_move_never_through_or_onto_an_unharmed_opponent() -> None:
    s = game().position({H: "q14", S: "q15"}, die=2)
    reason = s.why_illegal("walk q15 q16") or ""
    assert "Svullo stands unharmed on q15" in reason and "SJO §5" in reason
    assert s.walk_to("q15") is None


def test_move_wounded_pirates_may_be_passed_and_ended_on() -> None:
    s = game().position({H: "q14", S: "q15"}, wounded={S: 2}, die=2)
    assert s.why_illegal("walk q15 q16") is None
    assert s.walk_to("q15") is not None


def test_move_not_onto_a_pirate_about_to_stand_up() -> None:
    s = game().position({H: "q14", S: "q15"}, wounded={S: 0}, die=2)
    assert s.why_illegal("walk q15 q16") is None  # passing is fine
    s = game().position({H: "q14", S: "q15"}, wounded={S: 0}, die=1)
    reason = s.why_illegal("walk q15") or ""
    assert "stands up at his next turn" in reason and "SJO §7" in reason


def test_move_locked_in_loses_the_move() -> None:
    # Hook on the islet k11 is surrounded by water: no walk at all
    s = game().position({H: "k11", S: "e12"})
    play(s, "move")
    events = s.play("roll 4")
    assert any("locked in" in e.text for e in events)
    assert at(s, H) == "k11" and s.current_player == 1


def test_move_locked_in_may_shoot_first_then_lose_the_move() -> None:
    s = game().position({H: "k11", S: "l13"}, die=2)
    assert s.phase == "walk"
    assert {str(m) for m in s.legal_moves()} == {"shoot svullo", "stay"}
    play(s, "shoot svullo", "miss")
    assert s.current_player == 1


def test_move_legal_moves_list_each_reachable_end_hex_with_a_path() -> None:
    s = game().position({H: "q14", S: "e12"}, die=2)
    walks = [m for m in s.legal_moves() if isinstance(m, Walk)]
    ends = [w.end for w in walks]
    assert len(ends) == len(set(ends)) == 15
    assert s.reachable()["q16"] == ("q15", "q16")
    for w in walks:
        assert s.why_illegal(w) is None and len(w.path) == 2
    # any other valid path is accepted too
    assert s.why_illegal("walk r15 q16") is None


def test_path_enumeration_for_a_roll_of_6_in_open_land() -> None:
    g = game()
    s = g.position({H: "o14", S: "e12"}, die=6)
    t0 = time.perf_counter()
    ends = s.reachable()
    elapsed = time.perf_counter() - t0
    assert len(ends) >= 60
    for end, path in ends.items():
        assert len(path) == 6 and path[-1] == end and len(set(path)) == 6
    assert elapsed < 0.5


def test_move_with_blockers_matches_brute_force() -> None:
    rng = random.Random(3)
    board = game().board
    land = [h for h in range(len(board.hexes)) if board.is_land(h) and h != board.hex("k11")]
    for _ in range(25):
        a, b = rng.sample(land, 2)
        die = rng.randint(1, 6)
        s = game().position({H: board.label(a), S: board.label(b)}, die=die)
        if s.phase != "walk":
            continue
        expect = set()

        def dfs(h: int, r: int, seen: frozenset[int], a: int = a, b: int = b,
                expect: set[int] = expect) -> None:
            if r == 0:
                expect.add(h)
                return
            for x in board.steps[h]:
                if x not in seen and x != b:
                    dfs(x, r - 1, seen | {x})

        dfs(a, die, frozenset({a}))
        assert {board.hex(e) for e in s.reachable()} == expect


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
