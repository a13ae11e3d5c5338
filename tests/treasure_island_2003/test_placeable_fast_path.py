"""TI2003 §4 Landings, Advances: the fast placeable-square search (from the player's
counters) gives exactly the squares of the full scan over every land square."""

from __future__ import annotations

import random

import pytest

import treasurekit
from treasurekit.treasure_island_2003.enclosure import (
    EMPTY,
    _placeable_by_scan,
    _symmetric,
    placeable_squares,
)


@pytest.mark.parametrize("board", ["large", "small"])
def test_landings_and_advances_from_counters_match_the_full_scan(board: str) -> None:
    bd = treasurekit.load_game("treasure_island_2003", board=board).board
    assert _symmetric(bd)  # otherwise placeable_squares itself falls back to the scan
    rng = random.Random(12)
    n = len(bd.neighbours)
    for _ in range(500):
        owner = [rng.choice([EMPTY, EMPTY, EMPTY, 0, 1, 2]) for _ in range(n)]
        player = rng.randrange(3)
        fast = placeable_squares(bd, owner, player)
        assert fast == _placeable_by_scan(bd, owner, player)
        assert all(owner[s] == EMPTY for s in fast)


def test_landings_and_advances_in_played_positions_match_the_full_scan() -> None:
    game = treasurekit.load_game("treasure_island_2003", players=4)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal() and checked < 200:
        owner = list(state.position.owner)
        for player in range(4):
            fast = placeable_squares(game.board, owner, player)
            assert fast == _placeable_by_scan(game.board, owner, player)
        checked += 1
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    assert checked == 200
