"""GreedyBot, MCTS with hidden map pieces, and the exact analysis."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import treasurekit
from treasurekit.core import RandomBot
from treasurekit.sjorovaron import SjoGame, SjoState
from treasurekit.sjorovaron.analysis import (
    crossing_chance,
    dig_chance,
    double_crossing_chance,
    drift_distribution,
    drift_to_sea,
    jump_chance,
    raft_escape_chance,
    raft_jump_chance,
    reach_chances,
    reachable_by_roll,
    reachable_from,
    shot_chance,
    shot_odds,
)
from treasurekit.sjorovaron.bots import GreedyBot, distance_map

H, S, M = "hook", "svullo", "marquis"


def play_out(state: SjoState, bots: list[object]) -> SjoState:
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))  # type: ignore[attr-defined]
    return state


# ----- GreedyBot -------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 4])
def test_greedy_bots_play_a_four_player_game_through_all_three_phases(seed: int) -> None:
    s = SjoGame(players=4).new_initial_state(seed=seed)
    play_out(s, [GreedyBot(seed * 10 + i) for i in range(4)])
    out = s.outcome()
    assert out is not None and len(out.winners) == 1  # escaped with the chest
    moves = [str(m) for m in s.history]
    assert any(m.startswith("shoot") for m in moves)  # the battle
    assert "dig" in moves  # the hunt
    assert s.round < 60


def test_greedy_beats_random() -> None:
    wins = 0.0
    for seed in range(8):
        s = SjoGame(players=2).new_initial_state(seed=seed)
        seat = seed % 2
        bots: list[object] = [RandomBot(seed), RandomBot(seed + 1)]
        bots[seat] = GreedyBot(seed)
        out = play_out(s, bots).outcome()
        assert out is not None
        if seat in out.winners:
            wins += 1 / len(out.winners)
    assert wins >= 5


def test_greedy_explains_paths_and_shot_odds() -> None:
    g = SjoGame(players=3)
    s = g.position({H: "q14", S: "n15", M: "e12"}, die=3)
    rows = GreedyBot(1).explain(s)
    assert len(rows) == len(s.legal_moves())
    assert rows[0].score >= rows[-1].score
    assert "q14 -> " in rows[0].reasons[0]
    assert any("hits 1/3" in r for c in rows for r in c.reasons)
    t = g.position({H: "q14", S: "n14", M: "e12"})
    best = GreedyBot(1).explain(t)[0]
    assert str(best.move) == "shoot svullo" and "hits 1/3" in best.reasons[0]


def test_greedy_carrier_heads_for_a_boat_without_risking_a_crossing() -> None:
    board = SjoGame().board
    d = distance_map(board, (board.hex("t17"),), shortcuts=False)
    assert d[board.hex("t17")] == 0 and d[board.hex("s16")] == 1
    s = SjoGame().position({H: "s15", S: "e12"}, chest=H, die=2)
    assert str(GreedyBot(0).choose(s)) == "walk s16 t17"


def test_greedy_fires_the_mortar_and_digs() -> None:
    s = SjoGame(players=3).position({H: "t17", S: "t9", M: "e12"}, chest=H, escape=H, turn=S)
    assert str(GreedyBot(0).choose(s)) == "fire hook"
    s = SjoGame().position({H: "i17", S: "e12"}, spot="cave", knows=[H])
    assert str(GreedyBot(0).choose(s)) == "dig"


# ----- MCTS and hidden information -----------------------------------------------------------
def test_determinize_reshuffles_only_what_the_player_has_not_seen() -> None:
    s = SjoGame(players=3).new_initial_state(seed=4)
    while s.phase != "start":
        s.resolve_chance() if s.is_chance_node() else s.play(s.legal_moves()[0])
    rng = random.Random(0)
    changed = False
    for _ in range(20):
        d = s.determinize(0, rng)
        assert d.pieces(0) == s.pieces(0)
        assert [len(d.pieces(p)) for p in range(3)] == [len(s.pieces(p)) for p in range(3)]
        assert set().union(*(d.pieces(p) for p in range(3))) | {d.hidden_piece} == set(
            s.board.piece_ids)
        changed |= d.pieces(1) != s.pieces(1) or d.hidden_piece != s.hidden_piece
        assert str(s) == str(d) or True
    assert changed


def test_determinize_keeps_the_spot_for_a_player_who_knows_it() -> None:
    s = SjoGame().position({H: "q14", S: "e12"}, spot="cave", knows=[H])
    d = s.determinize(0, random.Random(1))
    assert d.hidden_piece == "cave"


def test_mcts_plays_from_a_hand_made_position() -> None:
    s = SjoGame().position({H: "q14", S: "n14"})
    bot = treasurekit.MCTSBot(iterations=30, seed=1, max_playout_plies=200)
    move = bot.choose(s)
    assert move in s.legal_moves()


# ----- analysis --------------------------------------------------------------------------------
def test_single_roll_chances_are_exact() -> None:
    assert jump_chance() == Fraction(4, 6)
    assert crossing_chance() == Fraction(5, 6)
    assert dig_chance() == Fraction(3, 6)
    assert raft_jump_chance() == Fraction(2, 3)
    assert double_crossing_chance() == Fraction(25, 36)
    assert shot_chance() == Fraction(1, 3) and shot_chance(3) == Fraction(1, 2)
    with pytest.raises(ValueError):
        shot_chance(6)


def test_shot_odds_list_each_target_in_line() -> None:
    s = SjoGame(players=3).position({H: "q14", S: "n14", M: "e12"}, chest=S)
    (odds,) = shot_odds(s)
    assert odds.target == S and odds.chance == Fraction(1, 3) and odds.chest
    assert "Svullo: hit 1/3" in str(odds)


def test_reachable_hexes_for_each_die_value() -> None:
    s = SjoGame().position({H: "q14", S: "q15"})
    sets = reachable_by_roll(s)
    assert sorted(sets) == [1, 2, 3, 4, 5, 6]
    assert "q15" not in sets[1] and "q15" not in sets[2]  # Svullo blocks
    assert len(sets[6]) > len(sets[1])
    open_sets = reachable_from(s.board, "q14")
    assert "q15" in open_sets[1]
    chances = reach_chances(s)
    assert all(0 < p <= 1 for p in chances.values())
    assert chances["r15"] == Fraction(sum("r15" in v for v in sets.values()), 6)


def test_drift_to_sea_within_n_turns() -> None:
    board = SjoGame().board
    assert drift_to_sea(board, "k18", 1) == [Fraction(5, 6)]
    chances = drift_to_sea(board, "k8", 6)
    assert chances == sorted(chances) and chances[0] == 0 and chances[1] == Fraction(1, 36)
    dist = drift_distribution(board, "k8", 3)
    assert sum(dist.values()) == 1
    with pytest.raises(ValueError):
        drift_to_sea(board, "q14", 1)


def test_drift_to_sea_matches_simulation() -> None:
    board = SjoGame().board
    exact = float(drift_to_sea(board, "k10", 3)[-1])
    rng = random.Random(5)
    hits = 0
    for _ in range(4000):
        h = board.hex("k10")
        for _ in range(3):
            path = board.river_path(h, rng.randint(1, 6))
            h = path[-1]
            if board.is_sea(h):
                hits += 1
                break
    assert abs(hits / 4000 - exact) < 0.03


def test_raft_escape_chance_against_the_mortar() -> None:
    board = SjoGame().board
    assert raft_escape_chance(board, "k19") == Fraction(2, 3)
    from_launch = raft_escape_chance(board, "k8")
    assert Fraction(1, 3) < from_launch < 1
    assert raft_escape_chance(board, "k8", hit_faces=3) < from_launch
