"""The conformance suite, driven by the registry: every game, seeded
random playouts, and the engine contract (docs/architecture.md §2) checked at every ply."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import treasurekit
from tests.option_sets import option_sets
from treasurekit.core import CHANCE, TERMINAL, GameRecord, IllegalMoveError, State

GAMES = sorted(treasurekit.GAMES)
SEEDS = [0, 1, 2]


def _configs(name: str) -> list[dict[str, Any]]:
    return option_sets(name, player_counts=(3, 4))


CASES = [(name, opts) for name in GAMES for opts in _configs(name)]


def _random_playout(
    state: State[Any], rng: random.Random, plies: int = 5000, must_end: bool = True
) -> None:
    for _ in range(plies):
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    if must_end:
        raise AssertionError(f"game did not end within {plies} plies")


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}-{o}" for n, o in CASES])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_playout_keeps_the_contract(name: str, options: dict[str, Any], seed: int) -> None:
    game = treasurekit.load_game(name, **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    plies = 0
    while not state.is_terminal():
        player = state.current_player
        assert player == CHANCE or 0 <= player < game.num_players
        moves = state.legal_moves()
        assert moves, "a non-terminal state must offer a move"
        texts = [str(m) for m in moves]
        assert len(set(texts)) == len(texts), "legal moves must be distinct"
        for m in moves:
            assert game.parse_move(str(m)) == m, "notation must round-trip"
            assert state.why_illegal(m) is None
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum((p for _, p in outcomes), Fraction(0)) == 1
            assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
        else:
            assert state.chance_outcomes() == []
        if plies % 7 == 0:
            _check_illegal_moves_leave_state_unchanged(state, rng)
            _check_copy_and_undo(state, rng)
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(moves))
        plies += 1
        assert plies < 5000, "the game must terminate"
    assert state.current_player == TERMINAL
    assert state.legal_moves() == []
    outcome = state.outcome()
    assert outcome is not None
    assert len(outcome.scores) == game.num_players
    assert outcome.winners and all(0 <= w < game.num_players for w in outcome.winners)
    best = max(outcome.scores)
    assert all(outcome.scores[w] == best for w in outcome.winners), "winners have top score"
    _check_record_round_trip(state)


def _check_illegal_moves_leave_state_unchanged(state: State[Any], rng: random.Random) -> None:
    before = (str(state), state.history, state.view(0))
    legal = {str(m) for m in state.legal_moves()}
    candidates = ["pass", "roll 1", "roll ship", "move start 9", "move 3 2", "nonsense move"]
    for text in candidates:
        if text in legal:
            continue
        with pytest.raises(IllegalMoveError) as info:
            state.play(text)
        assert info.value.reason
        assert isinstance(info.value, ValueError)
        assert state.why_illegal(text)
        assert (str(state), state.history, state.view(0)) == before


def _check_copy_and_undo(state: State[Any], rng: random.Random) -> None:
    snapshot = (str(state), state.history)
    twin = state.copy()
    _random_playout(twin, random.Random(rng.random()), plies=40, must_end=False)
    assert (str(state), state.history) == snapshot, "playing a copy must not touch the original"
    n = len(state.history)
    probe = state.copy()
    for _ in range(3):
        if probe.is_terminal():
            break
        if probe.is_chance_node():
            probe.resolve_chance()
        else:
            probe.play(rng.choice(probe.legal_moves()))
    while len(probe.history) > n:
        probe.undo()
    assert (str(probe), probe.history) == snapshot, "undo must restore the position exactly"


def _check_record_round_trip(state: State[Any]) -> None:
    record = state.to_record()
    text = record.to_json()
    again = GameRecord.from_json(text)
    assert again == record
    replayed = treasurekit.replay(again)
    assert str(replayed) == str(state)
    assert replayed.history == state.history
    assert replayed.outcome() == state.outcome()


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    def run(seed: int) -> tuple[str, ...]:
        state = treasurekit.load_game(name).new_initial_state(seed=seed)
        _random_playout(state, random.Random(99))
        return tuple(str(m) for m in state.history)

    assert run(5) == run(5)
    assert run(5) != run(6)


@pytest.mark.parametrize("name", GAMES)
def test_rolls_depend_only_on_seed_and_ply(name: str) -> None:
    """Undo and replay see the same chance outcomes (docs/architecture.md §2)."""
    state = treasurekit.load_game(name).new_initial_state(seed=11)
    rng = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ply = len(state.history)
            state.resolve_chance()
            first = state.history[-1]
            state.undo()
            assert len(state.history) == ply
            state.resolve_chance()
            assert state.history[-1] == first
        else:
            state.play(rng.choice(state.legal_moves()))


@pytest.mark.parametrize("name", GAMES)
def test_views_hold_no_seed(name: str) -> None:
    """A view must not carry the seed: it would reveal every future chance outcome."""
    game = treasurekit.load_game(name)
    a = game.new_initial_state(seed=1)
    b = game.new_initial_state(seed=2)
    for p in range(game.num_players):
        assert a.view(p) == b.view(p)
        assert "seed" not in vars(a.view(p))


@pytest.mark.parametrize("name", GAMES)
def test_bots_play_every_game(name: str) -> None:
    game = treasurekit.load_game(name)
    state = game.new_initial_state(seed=4)
    bots = [treasurekit.MCTSBot(iterations=10, seed=1), treasurekit.RandomBot(seed=2)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            move = bots[state.current_player % 2].choose(state)
            assert move in state.legal_moves()
            state.play(move)
    assert state.outcome() is not None
