"""Every Skeleton Island game ends (issue 23 point 8; ruling SKEL-21): take, rest on the
edge, no second card, repeated, used to go on for ever with the rested card drifting off
the table; now a full round of it ends the game, and every rest lies on the table."""

from __future__ import annotations

import math

import pytest

import treasurekit
from treasurekit.skeleton_island import Rest
from treasurekit.skeleton_island.pile import TABLE_CM


def looping(players: int = 2, seed: int = 3, **options: object):
    """A seeded game played the looping way: every turn takes the first uncovered card,
    rests it on the first offered spot and takes no second card."""
    state = treasurekit.load_game("skeleton_island", players=players, **options) \
        .new_initial_state(seed)
    rests: list[Rest] = []
    while not state.is_terminal() and state.ply < 2_000:
        if state.is_chance_node():
            state.resolve_chance()
            continue
        moves = state.legal_moves()
        kinds = {type(m).__name__ for m in moves}
        if "Stop" in kinds:
            state.play("stop")
        elif "Rest" in kinds:
            rest = next(m for m in moves if isinstance(m, Rest))
            rests.append(rest)
            state.play(rest)
        elif any(str(m).startswith("take") for m in moves):
            state.play(next(m for m in moves if str(m).startswith("take")))
        else:
            state.play(moves[0])
    return state, rests


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_take_rest_stop_loop_ends_after_a_full_round(players: int) -> None:
    state, rests = looping(players)
    assert state.is_terminal(), f"still going at ply {state.ply}"
    out = state.outcome()
    assert out is not None and "no card kept" in out.termination
    assert len(rests) == players  # one round: each seat rested once, none kept
    assert len(state.pile) > 0


def test_more_idle_rounds_give_more_patience() -> None:
    _, one = looping(3)
    state, two = looping(3, idle_rounds=2)
    assert state.is_terminal() and len(two) == 2 * len(one) == 6


def test_keeping_a_card_starts_the_count_again() -> None:
    state = treasurekit.load_game("skeleton_island", players=2).new_initial_state(3)
    while state.is_chance_node():
        state.resolve_chance()
    take = next(m for m in state.legal_moves() if str(m).startswith("take"))
    state.play(take)
    while state.is_chance_node():
        state.resolve_chance()
    state.play(next(m for m in state.legal_moves() if isinstance(m, Rest)))
    state.play("stop")
    assert state._position.idle == 1
    take = next(m for m in state.legal_moves() if str(m).startswith("take"))
    state.play(take)
    while state.is_chance_node():
        state.resolve_chance()
    state.play("keep")
    assert state._position.idle == 0 and not state.is_terminal()


def test_a_rest_off_the_table_is_refused_and_never_offered() -> None:
    state = treasurekit.load_game("skeleton_island", players=2).new_initial_state(3)
    while state.is_chance_node():
        state.resolve_chance()
    state.play(next(m for m in state.legal_moves() if str(m).startswith("take")))
    while state.is_chance_node():
        state.resolve_chance()
    reason = state.why_illegal("rest -10000.01,3.25,0")
    assert reason is not None and "off the table" in reason
    for m in state.legal_moves():
        if isinstance(m, Rest):
            assert math.hypot(m.x, m.y) <= TABLE_CM


def test_a_far_rest_is_written_exactly() -> None:
    """The notation wrote 6 significant digits: rest -10000.01 read back as -10000."""
    game = treasurekit.load_game("skeleton_island")
    for x in (-10000.01, 12345.67, -9999.99, 0.01, 149.99):
        m = Rest(x, 3.25, 359.9)
        assert game.parse_move(str(m)) == m
