"""``TIState.moves_at``: what a click on a square means (TI2003 §4 Landings, Advances)."""

from __future__ import annotations

import pytest

from treasurekit.core.errors import PlaceError
from treasurekit.treasure_island_2003 import Place, TIGame, TIState


def placing(seed: int = 1) -> TIState:
    """A real position: the first player to place a counter after a throw."""
    state = TIGame(players=2, first_player=0).new_initial_state(seed)
    while state.phase != "place" or state.current_player < 0:
        state.resolve_chance() if state.is_chance_node() else state.play(state.legal_moves()[0])
    return state


def test_moves_at_a_square_the_dice_allow_is_placing_there() -> None:
    state = placing()
    legal = [m for m in state.legal_moves() if isinstance(m, Place)]
    assert legal
    for move in legal:
        assert state.moves_at(move.square) == [move]
        assert state.moves_at(state.board.square(move.square)) == [move]  # by index


def test_moves_at_a_square_the_dice_refuse_is_none() -> None:
    state = placing()
    allowed = {m.square for m in state.legal_moves() if isinstance(m, Place)}
    board = state.board
    refused = [board.name_of(i) for i in range(board.size * board.size)
               if board.name_of(i) not in allowed]
    assert refused
    for name in refused:
        assert state.moves_at(name) == []
        assert state.why_illegal(Place(name)) is not None


def test_moves_at_before_the_throw_is_none() -> None:
    state = TIGame(players=2, first_player=0).new_initial_state(1)
    assert state.is_chance_node()
    assert state.moves_at("c7") == []


@pytest.mark.parametrize("place", ["z99", "", 10_000, -1, (1, 2), None, True])
def test_moves_at_a_place_that_is_not_a_square_is_refused(place: object) -> None:
    with pytest.raises(PlaceError, match="not a"):
        placing().moves_at(place)
