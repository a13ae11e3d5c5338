"""The search path (issue 12): ``State.advance`` (unchecked, no undo, no events) and
``sample_chance`` with a game's fixed chance table reach exactly what the checked
path reaches, for every game and option set."""

from __future__ import annotations

import random
from typing import Any

import pytest

import treasurekit
from tests.option_sets import option_sets
from treasurekit.core import CHANCE, TERMINAL, State
from treasurekit.core.chance import chance_table, exact_table

GAMES = sorted(treasurekit.GAMES)


def _configs(name: str) -> list[dict[str, Any]]:
    return option_sets(name)


CASES = [(name, opts) for name in GAMES for opts in _configs(name)]


def _generic_sample(state: State[Any], rng: random.Random) -> Any:
    """``State.sample_chance`` without a game's table: the running float sums of
    ``_chance_outcomes``, as every game sampled before the tables."""
    x = rng.random()
    acc = 0.0
    outcomes = state._chance_outcomes()
    for move, p in outcomes:
        acc += p.numerator / p.denominator
        if x < acc:
            return move
    return outcomes[-1][0]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_advance_reaches_the_position_apply_reaches(name: str, options: dict[str, Any]) -> None:
    """At every ply of seeded random games, ``advance`` on a copy gives a position equal
    to the one ``apply`` gives, with the same player to move and the same legal moves;
    chance is sampled the search's way (``sample_chance``), checked against the
    generic sampler on a twin generator."""
    plies = 0
    for seed in (0, 1):
        state = treasurekit.load_game(name, **options).new_initial_state(seed)
        rng, twin = random.Random(seed), random.Random(seed)
        while state.current_player != TERMINAL and state.ply < 120:
            if state.current_player == CHANCE:
                move = state.sample_chance(rng)
                assert move == _generic_sample(state, twin)
            else:
                move = rng.choice(state.legal_moves())
                twin.choice(state.legal_moves())
            searched = state.copy()
            searched.advance(move)
            state.apply(move)
            assert searched.position == state.position, f"{name} seed {seed} ply {state.ply}"
            assert searched.current_player == state.current_player
            assert searched.legal_moves() == state.legal_moves()
            assert searched.history == state.history
            plies += 1
    assert plies > 60


def test_advance_keeps_no_undo_and_refuses_to_take_the_move_back() -> None:
    state = treasurekit.load_game("ahoy").new_initial_state(seed=3)
    state.resolve_chance()
    before = state.position
    state.advance(state.legal_moves()[0])
    assert state.ply == 2 and state.position != before
    with pytest.raises(IndexError, match="cannot be undone"):
        state.undo()


@pytest.mark.parametrize("name", GAMES)
def test_sample_chance_table_matches_the_outcomes(name: str) -> None:
    """A game's fixed chance tables hold the outcomes' moves and the same running float
    sums (``_chance_table``) and exact running numerators (``_exact_chance_table``) that
    ``chance_table`` and ``exact_table`` build from ``_chance_outcomes``."""
    state = treasurekit.load_game(name).new_initial_state(seed=0)
    rng = random.Random(0)
    seen = 0
    while state.current_player != TERMINAL and state.ply < 80:
        if state.current_player == CHANCE:
            table = state._chance_table()
            if table is not None:
                moves, sums = chance_table(state._chance_outcomes())
                assert (list(table[0]), list(table[1])) == (moves, sums)
                seen += 1
            exact = state._exact_chance_table()
            if exact is not None:
                assert exact == exact_table(state._chance_outcomes())
                seen += 1
            state.apply(state.sample_chance(rng))
        else:
            state.apply(rng.choice(state.legal_moves()))
    if name in ("ahoy", "skeleton_island"):
        assert seen > 1


def test_resolve_chance_from_a_fixed_table_draws_what_sample_outcome_draws() -> None:
    """``sample_table`` over ``exact_table(outcomes)`` picks the outcome
    ``sample_outcome`` picks, for uneven distributions and many plies; a game's
    ``_exact_chance_table`` holds its chance outcomes."""
    from fractions import Fraction

    from treasurekit.core.chance import exact_table, sample_outcome, sample_table

    for outcomes in ([("a", Fraction(1, 6))] * 6,
                     [("x", Fraction(1, 3)), ("y", Fraction(1, 12)), ("z", Fraction(7, 12))]):
        outcomes = [(f"{m}{i}", p) for i, (m, p) in enumerate(outcomes)]
        table = exact_table(outcomes)
        assert [sample_table(table, "g", 5, k) for k in range(300)] == [
            sample_outcome(outcomes, "g", 5, k) for k in range(300)]
    with pytest.raises(ValueError, match="sum to 1"):
        exact_table([("a", Fraction(1, 2))])
    state = treasurekit.load_game("ahoy").new_initial_state(seed=1)
    table = state._exact_chance_table()
    assert table is not None and list(table[0]) == [m for m, _ in state.chance_outcomes()]
