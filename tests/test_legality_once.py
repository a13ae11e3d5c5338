"""Legality in one place (issue 25 point 4, the engine part).

A move the state offered at this ply (``legal_moves()``, chance outcomes) is played by
``play`` without the checker: no field-type check, no notation round trip, no ``_check``.
It reaches exactly the position (and events) the fully checked path reaches
(``_problem`` is None, then ``apply``). Any other move still goes through the checker:
an illegal one is refused with the same reason and rule as before, and the state is left
as it was.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import treasurekit
from tests import playouts
from treasurekit.core import game as core_game
from treasurekit.core.errors import IllegalMoveError
from treasurekit.core.game import State

GAMES = ("ahoy", "sjorovaron", "treasure_island_2003", "skeleton_island",
         "treasure_island_2018")
SEEDS = (1, 2)
MAX_PLIES = 160
PER_PLY = 6  # offered moves tried at each ply (all of them when fewer)


class Spy:
    """Counts calls of the checker's parts while installed."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def install(self, monkeypatch: pytest.MonkeyPatch, state: State[Any]) -> None:
        cls = type(state)
        for owner, name in ((cls, "_check"), (core_game, "notation_problem"),
                            (State, "_problem"), (core_game, "field_problem")):
            monkeypatch.setattr(owner, name, self._wrap(name, getattr(owner, name)))

    def _wrap(self, name: str, fn: Any) -> Any:
        def spied(*args: Any, **kwargs: Any) -> Any:
            self.calls.append(name)
            return fn(*args, **kwargs)
        return spied


def playout(name: str, seed: int) -> Iterator[State[Any]]:
    """The states of one seeded random game (checked play), up to MAX_PLIES plies."""
    return playouts.playout(name, seed, MAX_PLIES)


def offered(state: State[Any]) -> list[Any]:
    if state.is_chance_node():
        return [m for m, _ in state.chance_outcomes()]
    return state.legal_moves()


def checked(state: State[Any], move: Any) -> tuple[Any, list[Any]]:
    """The fully checked path: the checker accepts the move, then it is applied."""
    ref = state.copy()
    assert ref._problem(move) is None, f"{move} offered but refused by the checker"
    events = ref.apply(move)
    return ref.position, events


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_offered_moves_play_unchecked_to_the_checked_position(
        name: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    spy = Spy()
    rng = random.Random(seed)
    played = 0
    for state in playout(name, seed):
        moves = offered(state)
        for move in rng.sample(moves, min(PER_PLY, len(moves))):
            position, events = checked(state, move)
            trial = state.copy()
            with monkeypatch.context() as patch:
                spy.install(patch, trial)
                got = trial.play(move)
            assert spy.calls == [], f"{name} ply {state.ply}: {move} was checked"
            assert trial.position == position
            assert [str(e) for e in got] == [str(e) for e in events]
            assert trial.history[-1] == move
            played += 1
    assert played > 100


def stale_moves(state: State[Any], before: list[Any]) -> list[Any]:
    """Moves offered at an earlier ply that the checker refuses now."""
    return [m for m in before if state._problem(m) is not None]


@pytest.mark.parametrize("name", GAMES)
def test_illegal_moves_are_refused_by_the_checker_as_before(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    refused = 0
    earlier: list[Any] = []
    for state in playout(name, 3):
        moves = offered(state)
        for move in stale_moves(state, earlier)[:4]:
            reason, rule = state._problem(move)  # type: ignore[misc]
            position, ply, legal = state.position, state.ply, offered(state)
            spy = Spy()
            with monkeypatch.context() as patch:
                spy.install(patch, state)
                with pytest.raises(IllegalMoveError) as err:
                    state.play(move)
                assert "_problem" in spy.calls
                assert state.why_illegal(move) is not None
                # an offered move at the same ply: no checker
                spy.calls.clear()
                trial = state.copy()
                trial.play(moves[0])
                assert spy.calls == []
            assert (err.value.reason, err.value.rule) == (reason, rule)
            assert state.position is position and state.ply == ply
            assert offered(state) == legal
            refused += 1
        earlier = moves
    assert refused > 10


@pytest.mark.parametrize("name", GAMES)
def test_a_handed_out_move_changed_to_an_illegal_one_is_refused(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """issue 23 point 7: the lookup is by the move's current value, never its identity
    alone: a copy that the last ``legal_moves()`` handed out, found by identity, is still
    compared with the move offered at its index, and a changed one goes to the checker."""
    changed = 0
    earlier: list[Any] = []
    for state in playout(name, 4):
        if state.is_chance_node():
            continue
        moves = state.legal_moves()
        for bad in stale_moves(state, earlier):
            same_class = [m for m in moves if type(m) is type(bad)]
            if not same_class:
                continue
            before = state.legal_moves()
            moves = state.legal_moves()  # the last handout: play finds its copies by identity
            handed = next(m for m in moves if type(m) is type(bad))
            twin = before[moves.index(handed)]
            for key, value in bad.__dict__.items():
                object.__setattr__(handed, key, value)
            reason_rule = state._problem(handed)
            assert reason_rule is not None
            spy = Spy()
            with monkeypatch.context() as patch:
                spy.install(patch, state)
                with pytest.raises(IllegalMoveError) as err:
                    state.play(handed)
                assert "_problem" in spy.calls
                spy.calls.clear()
                state.copy().play(twin)  # the unchanged twin: still offered, unchecked
                assert spy.calls == []
            assert (err.value.reason, err.value.rule) == reason_rule
            assert state.legal_moves() == before  # what is legal did not change
            changed += 1
            break
        earlier = moves
    assert changed > 3


def test_an_equal_move_of_another_shape_goes_to_the_checker(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``Step(s, True) == Step(s, 1)`` and ``1.0 == 1``: only the checker may judge such a
    move (it refuses a bool where a whole number belongs); the offered one is unchecked."""
    state = treasurekit.load_game("ahoy").new_initial_state(5)
    while state.is_chance_node() or not any(m.steps == 1 for m in state.legal_moves()
                                            if hasattr(m, "steps")):
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(state.legal_moves()[0])
    step = next(m for m in state.legal_moves() if getattr(m, "steps", None) == 1)
    as_bool = type(step)(step.source, True)
    as_float = type(step)(step.source, 1.0)
    assert as_bool == step and as_float == step
    spy = Spy()
    with monkeypatch.context() as patch:
        spy.install(patch, state)
        for other in (as_bool, as_float):
            spy.calls.clear()
            with pytest.raises(IllegalMoveError) as err:
                state.play(other)
            assert "_problem" in spy.calls and "field_problem" in spy.calls
            assert "expected int" in err.value.reason
        spy.calls.clear()
        state.copy().play(step)
        assert spy.calls == []
