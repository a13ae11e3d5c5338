"""A refusal is data (issue 25 point 4): ``State.refusal`` gives a refused move's reason
and rule as fields, ``why_illegal`` is its text, ``play`` raises them on the error; and
``State.why_not_at(place)`` says why a click means nothing, so that boards ask the engine
instead of re-deriving rules.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import treasurekit
from tests import playouts
from treasurekit.core.errors import IllegalMoveError, PlaceError, Refusal
from treasurekit.core.game import State

GAMES = ("ahoy", "sjorovaron", "treasure_island_2003", "skeleton_island",
         "treasure_island_2018")
#: The short name every rule reference of a game starts with.
RULEBOOK = {"ahoy": "AHOY", "sjorovaron": "SJO", "treasure_island_2003": "TI2003",
            "skeleton_island": "SKEL", "treasure_island_2018": "TI2018"}
PLIES = 60


def playout(name: str, seed: int, plies: int = PLIES) -> Iterator[State[Any]]:
    return playouts.playout(name, seed, plies)


def places(state: State[Any]) -> list[object]:
    """Places a board's picture can report for this game (see ``State.moves_at``)."""
    name = state.game.name
    if name == "ahoy":
        squares = range(state.game.island + 1)
        seats = range(state.game.num_players)
        return [*squares, *((sq, seat) for sq in squares for seat in seats)]
    if name == "treasure_island_2003":
        return list(range(state.board.size * state.board.size))
    if name == "sjorovaron":
        return [state.board.label(h) for h in range(len(state.board.kinds))]
    if name == "skeleton_island":
        r = state.deck.spread_radius_cm
        return [(x * r / 4, y * r / 4) for x in range(-5, 6) for y in range(-5, 6)]
    return [(float(x), float(y)) for x in range(0, 33, 2) for y in range(0, 25, 2)]


def check_refusal(state: State[Any], refusal: Refusal | None, name: str) -> None:
    assert refusal is not None
    assert isinstance(refusal, Refusal) and isinstance(refusal.reason, str) and refusal.reason
    assert "[" not in refusal.reason  # the rule is a field, not text inside the reason
    assert refusal.rule is None or refusal.rule.startswith(RULEBOOK[name]), refusal


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_move_gives_its_reason_and_rule_as_fields(name: str) -> None:
    """Moves offered a few plies ago and no longer legal are refused: the reason and the
    rule come back as fields; ``why_illegal`` is their text; ``play`` raises the same
    refusal on its error and leaves the state as it was."""
    refused = with_rule = 0
    earlier: list[Any] = []
    for state in playout(name, seed=5):
        for move in earlier:
            refusal = state.refusal(move)
            if refusal is None:
                continue
            check_refusal(state, refusal, name)
            assert state.why_illegal(move) == str(refusal)
            assert str(refusal) == (f"{refusal.reason} [{refusal.rule}]" if refusal.rule
                                    else refusal.reason)
            before = (state.ply, state.history)
            with pytest.raises(IllegalMoveError) as err:
                state.play(move)
            assert err.value.refusal == refusal
            assert (state.ply, state.history) == before
            refused += 1
            with_rule += refusal.rule is not None
        if not state.is_chance_node():
            earlier = state.legal_moves()[:6]
    assert refused >= 10 and with_rule >= 5, (refused, with_rule)


@pytest.mark.parametrize("name", GAMES)
def test_why_not_at_is_none_exactly_where_a_click_means_a_move(name: str) -> None:
    """``why_not_at(place)`` is None when ``moves_at(place)`` offers a move, else the
    reason as a Refusal; over a game, some of those reasons cite the rulebook."""
    rng = random.Random(11)
    told = with_rule = 0
    for state in playout(name, seed=3, plies=40):
        for place in rng.sample(places(state), 8):
            refusal = state.why_not_at(place)
            if state.moves_at(place):
                assert refusal is None, (place, refusal)
                continue
            check_refusal(state, refusal, name)
            told += 1
            with_rule += refusal is not None and refusal.rule is not None
    assert told >= 50 and with_rule >= 5, (told, with_rule)


@pytest.mark.parametrize("name", GAMES)
def test_why_not_at_refuses_a_place_of_no_game(name: str) -> None:
    state = treasurekit.load_game(name).new_initial_state(1)
    with pytest.raises(PlaceError):
        state.why_not_at(("nowhere", "at all"))


def test_why_not_at_after_the_game_says_it_is_over() -> None:
    state = treasurekit.load_game("treasure_island_2003").new_initial_state(2)
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    refusal = state.why_not_at("c7")
    assert refusal is not None and "game is over" in refusal.reason


def test_ahoy_only_the_top_pirate_moves_why_not_at() -> None:
    """A click on another seat's pirate under the mover's own: the top-of-pile rule
    (AHOY §6), from the engine (the board used to re-derive it)."""
    for seed in range(40):
        for state in playout("ahoy", seed, plies=200):
            if state.is_chance_node():
                continue
            seat = state.turn
            for square in range(1, state.game.island):
                pile = state.pile(square)
                under = [p for p in pile[:-1] if p != seat]
                if pile and pile[-1] == seat and under:
                    refusal = state.why_not_at((square, under[0]))
                    assert refusal is not None
                    assert refusal.rule == "AHOY §6 Pirates' rules: only the top pirate moves"
                    assert f"square {square}" in refusal.reason
                    return
    pytest.fail("no pile with another seat's pirate under the mover's in 40 games")


def test_ahoy_a_starting_pile_of_another_seat_why_not_at() -> None:
    state = treasurekit.load_game("ahoy").new_initial_state(1)
    state.resolve_chance()
    other = (state.turn + 1) % state.game.num_players
    refusal = state.why_not_at((0, other))
    assert refusal is not None and refusal.rule == "AHOY §4 How to play"
    assert f"{state.colour(other)}'s starting pile" in refusal.reason


def test_sjo_a_walk_goes_over_land_only_why_not_at() -> None:
    for state in playout("sjorovaron", seed=3, plies=200):
        if state.phase == "walk":
            board = state.board
            water = next(h for h in range(len(board.kinds)) if not board.is_land(h))
            refusal = state.why_not_at(board.label(water))
            assert refusal is not None and refusal.rule == "SJO §5 Movement over Land"
            assert "a walk goes over land only" in refusal.reason
            return
    pytest.fail("no walk in 200 plies")


def test_ti2003_a_counter_goes_on_a_square_the_dice_allow_why_not_at() -> None:
    for state in playout("treasure_island_2003", seed=4, plies=50):
        if state.phase == "place" and not state.is_chance_node():
            refused = [state.why_not_at(sq) for sq in places(state)]
            rules = {r.rule for r in refused if r is not None}
            assert rules and all(r is not None and r.startswith("TI2003 §") for r in rules)
            return
    pytest.fail("no placing in 50 plies")


def test_ti2018_the_treasure_is_not_buried_in_the_volcano_why_not_at() -> None:
    state = treasurekit.load_game("treasure_island_2018", players=4).new_initial_state(seed=1)
    refusal = state.why_not_at((17.5, 14.6))
    assert refusal is not None and refusal.rule is not None
    assert refusal.rule.startswith("TI2018 §6") and "volcano" in refusal.reason
    assert state.why_not_at((10, 13)) is None  # state.moves_at offers "bury 10,13" there
