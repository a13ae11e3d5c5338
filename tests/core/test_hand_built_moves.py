"""Hand-built move objects with bad fields get a reason from ``why_illegal`` and an
IllegalMoveError from ``play``, never an internal error, and the state is unchanged
(issue 16 §5). The examples of the issue, and one of each kind in every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

import treasurekit
from treasurekit import ahoy, sjorovaron, skeleton_island, treasure_island_2003
from treasurekit import treasure_island_2018 as ti2018
from treasurekit.core import IllegalMoveError, State


def _to_player_move(game: str, seed: int = 1, **options: Any) -> State[Any]:
    """A seeded random game up to the first ply where a player (not chance) moves,
    after at least one player move (TI2018: the first pirate's turn)."""
    rng = random.Random(seed)
    state = treasurekit.load_game(game, **options).new_initial_state(seed)
    moved = False
    while True:
        if state.is_chance_node():
            state.resolve_chance()
            continue
        if moved and (game != "treasure_island_2018" or state.current_player != 0):
            return state
        state.play(rng.choice(state.legal_moves()))
        moved = True


def _refused(state: State[Any], move: Any) -> str:
    before = (state.history, str(state))
    reason = state.why_illegal(move)
    assert isinstance(reason, str) and reason
    with pytest.raises(IllegalMoveError):
        state.play(move)
    assert (state.history, str(state)) == before
    return reason


def test_ti2018_horse_without_a_path_is_refused() -> None:
    state = _to_player_move("treasure_island_2018")
    assert state.current_player == 1
    assert "not a move of" in _refused(state, ti2018.Horse("red", ()))


def test_ti2018_search_of_an_unknown_size_is_refused() -> None:
    state = _to_player_move("treasure_island_2018")
    at = state.position_of("red")
    assert at is not None
    _refused(state, ti2018.Search("huge", "red", at))


@pytest.mark.parametrize("move", [
    ti2018.Horse("red", ((10.0, 10.0), (11.0, 11.0), (12.0, 12.0))),
    ti2018.UseItem("move7", None, None),
    ti2018.Compass("nobody"),
    ti2018.Remote("telescope", (10.0, 10.0)),
    ti2018.Confess(1, "maybe", "truth"),
    ti2018.Verify(-3),
    ti2018.Card(10**12),
    ti2018.Horse("red", ((float("nan"), 1.0),)),
], ids=repr)
def test_ti2018_hand_built_moves_with_bad_fields_are_refused(move: Any) -> None:
    _refused(_to_player_move("treasure_island_2018"), move)


def test_sjorovaron_shoot_at_nobody_is_refused() -> None:
    state = treasurekit.load_game("sjorovaron").new_initial_state(1)
    while state.is_chance_node():
        state.resolve_chance()
    assert "not a move of" in _refused(state, sjorovaron.Shoot("nobody"))


@pytest.mark.parametrize("move", [
    sjorovaron.Walk(()), sjorovaron.Walk(("K11",)), sjorovaron.Walk(("zz",)),
    sjorovaron.Fire("nobody"), sjorovaron.Pick("nobody", "g2"), sjorovaron.Pick("hook", "g 2"),
    sjorovaron.Jump("k011"), sjorovaron.Push(""), sjorovaron.Order(9, 9),
], ids=repr)
def test_sjorovaron_hand_built_moves_with_bad_fields_are_refused(move: Any) -> None:
    _refused(_to_player_move("sjorovaron"), move)


@pytest.mark.parametrize("move", [
    ahoy.Step(0, 10**12), ahoy.Step("start", 2), ahoy.Step(-1, 2), ahoy.Roll(0),
    ahoy.Roll(True), ahoy.Step(0, 2.0),
], ids=repr)
def test_ahoy_hand_built_moves_with_bad_fields_are_refused(move: Any) -> None:
    _refused(_to_player_move("ahoy"), move)


@pytest.mark.parametrize("move", [
    skeleton_island.Take(-1), skeleton_island.Take(10**12), skeleton_island.Steal(7, None),
    skeleton_island.Reveal(0, "dragon"), skeleton_island.Gust("up", "huge"),
    skeleton_island.Rest(float("inf"), 0.0, 0.0), skeleton_island.Discard((99, 98)),
], ids=repr)
def test_skeleton_island_hand_built_moves_with_bad_fields_are_refused(move: Any) -> None:
    _refused(_to_player_move("skeleton_island"), move)


@pytest.mark.parametrize("move", [
    treasure_island_2003.Place("zz99"), treasure_island_2003.Place("C7"),
    treasure_island_2003.Hit(17), treasure_island_2003.Fire("laser", 1, "rum", False),
    treasure_island_2003.Take("nothing"), treasure_island_2003.Roll(0, 9),
], ids=repr)
def test_ti2003_hand_built_moves_with_bad_fields_are_refused(move: Any) -> None:
    _refused(_to_player_move("treasure_island_2003"), move)


@pytest.mark.parametrize("game", sorted(treasurekit.GAMES))
@pytest.mark.parametrize("move", [None, 3, "", object(), ("roll", 3), ahoy.Pass(),
                                  ti2018.Done()], ids=repr)
def test_objects_that_are_not_moves_of_the_game_are_refused(game: str, move: Any) -> None:
    state = _to_player_move(game)
    own = treasurekit.GAMES[game].MOVE_TYPES
    if type(move) in own:
        pytest.skip("a move of this game")
    _refused(state, move)
