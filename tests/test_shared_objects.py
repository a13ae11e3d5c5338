"""Nothing shared is mutable (issue 23 point 7): no cache hands out an object a caller can
change to alter what is legal, in this game or a later one. In every game, at positions
of a seeded playout, every move handed out (legal moves, chance outcomes, sampled chance
outcomes, the history, the moves a click means) is changed field by field with
``object.__setattr__`` and the lists are emptied; the state, a fresh game replayed to
the same position and a new game must list the same moves as before."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from fractions import Fraction
from typing import Any

import pytest

import treasurekit
from treasurekit.core import State

GAMES = sorted(treasurekit.GAMES)
PLIES = (0, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89)


def positions(game: str, seed: int = 5) -> list[State[Any]]:
    rng = random.Random(seed)
    state = treasurekit.load_game(game).new_initial_state(seed)
    out = []
    for ply in range(max(PLIES) + 1):
        if state.is_terminal():
            break
        if ply in PLIES:
            out.append(state.copy())
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    out.append(state.copy())
    return out


def odd(value: Any) -> Any:
    """A value of the same kind that no rule expects."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return 10**6 + 7
    if isinstance(value, float):
        return -999.5
    if isinstance(value, str):
        return "zz"
    if isinstance(value, tuple):
        return ()
    return 0


def mutate(move: Any) -> None:
    if dataclasses.is_dataclass(move):
        for f in dataclasses.fields(move):
            object.__setattr__(move, f.name, odd(getattr(move, f.name)))


def snapshot(state: State[Any]) -> tuple[Any, ...]:
    return ([str(m) for m in state.legal_moves()],
            [(str(m), p) for m, p in state.chance_outcomes()],
            [str(m) for m in state.history])


def immutable(value: Any) -> bool:
    if value is None or isinstance(value, (bool, int, float, str, Fraction)):
        return True
    if isinstance(value, (tuple, frozenset)):
        return all(immutable(v) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return type(value).__dataclass_params__.frozen and all(  # type: ignore[attr-defined]
            immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


def click_places(state: State[Any]) -> list[Any]:
    """A few places a board could send to ``moves_at``."""
    name = state.game.name
    if name == "sjorovaron":
        return ["k11", "f6", "a1"]
    if name == "ahoy":
        return [0, 3, 12]
    if name == "treasure_island_2003":
        return ["c7", "a1"]
    return [(0.0, 0.0), (5.0, 5.0), (12.0, 9.0)]


@pytest.mark.parametrize("game", GAMES)
def test_changing_every_handed_out_move_changes_nothing(game: str) -> None:
    for state in positions(game):
        before = snapshot(state)
        record = state.to_record()
        handed = state.legal_moves()
        handed += [m for m, _ in state.chance_outcomes()]
        handed += list(state.history)
        if state.is_chance_node():
            handed.append(state.sample_chance(random.Random(1)))
        for place in click_places(state):
            with contextlib.suppress(ValueError):
                handed += state.moves_at(place)
        for m in handed:
            assert immutable(m), f"{game}: {m!r} has a mutable field"
            mutate(m)
        state.legal_moves().clear()
        assert snapshot(state) == before, f"{game} at ply {state.ply}"
        assert snapshot(treasurekit.replay(record)) == before
        for text in before[0][:5] + [t for t, _ in before[1][:5]]:
            assert state.why_illegal(text) is None
    again = positions(game)
    assert [snapshot(s) for s in again] == [snapshot(s) for s in positions(game)]


@pytest.mark.parametrize("game", GAMES)
def test_a_move_given_to_play_stays_the_callers(game: str) -> None:
    """The state keeps its own copy of a move it was given: changing the caller's object
    afterwards changes neither the history nor the record."""
    state = positions(game)[3]
    move = state.chance_outcomes()[0][0] if state.is_chance_node() else state.legal_moves()[0]
    text = str(move)
    state.play(move)
    mutate(move)
    assert str(state.history[-1]) == text
    assert state.to_record().moves[-1] == text
    assert str(state.undo()) == text


def test_a_volcano_burial_stays_illegal_in_this_game_and_the_next() -> None:
    """TI2018: the Bury moves of the legality cache were the same objects in every game on
    the map; moving one onto the volcano made a volcano burial legal."""
    game = treasurekit.load_game("treasure_island_2018")
    state = game.new_initial_state(1)
    volcano = game.map.volcano.representative_point()
    vx, vy = round(volcano.x * 2) / 2, round(volcano.y * 2) / 2
    target = f"bury {vx:g},{vy:g}"
    assert state.why_illegal(target) is not None
    for m in state.legal_moves():
        object.__setattr__(m, "x", vx)
        object.__setattr__(m, "y", vy)
    assert state.why_illegal(target) is not None
    later = treasurekit.load_game("treasure_island_2018").new_initial_state(2)
    assert later.why_illegal(target) is not None
    assert target not in {str(m) for m in later.legal_moves()}
    assert len({str(m) for m in later.legal_moves()}) == len(game.map.lattice)


def test_a_skeleton_island_spread_is_a_new_pile_every_time() -> None:
    from treasurekit.skeleton_island.spread import spread_layout

    first = spread_layout(7, 49, 18.0, (5.7, 8.9))
    first.cards.clear()
    again = spread_layout(7, 49, 18.0, (5.7, 8.9))
    assert len(again) == 49
    state = treasurekit.load_game("skeleton_island").new_initial_state(7)
    while state.is_chance_node():
        state.resolve_chance()
    assert len(state.legal_moves()) > 0
