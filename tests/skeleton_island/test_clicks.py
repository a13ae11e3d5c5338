"""``SkeletonState.moves_at``: what a click on the table means (SKEL §3 Game Turn)."""

from __future__ import annotations

import pytest

from treasurekit.core.errors import PlaceError
from treasurekit.skeleton_island import Rest, SkeletonGame, SkeletonState, Take


def turn_start(seed: int = 1) -> SkeletonState:
    """A real position: the first decision after the spread."""
    state = SkeletonGame(players=3).new_initial_state(seed)
    while state.is_chance_node():
        state.resolve_chance()
    return state


def inside(state: SkeletonState, card: int) -> tuple[float, float]:
    """A point of ``card`` that no card above it hides."""
    shape = state.pile.polygon(card)
    for above in state.pile.above(card):
        shape = shape.difference(state.pile.polygon(above))
    point = shape.representative_point()
    return point.x, point.y


def test_moves_at_an_uncovered_card_is_taking_it() -> None:
    state = turn_start()
    for card in state.uncovered():
        assert state.moves_at(inside(state, card)) == [Take(card)]
        assert state.why_illegal(Take(card)) is None


def test_moves_at_the_visible_part_of_a_covered_card_is_none() -> None:
    state = turn_start()
    covered = [c for c in state.pile.cards if not state.pile.is_uncovered(c)
               and not state.pile.polygon(c).difference(
                   state.pile.polygon(next(iter(state.pile.above(c))))).is_empty]
    assert covered
    card = covered[0]
    assert state.pile.card_at(*inside(state, card)) == card
    assert state.moves_at(inside(state, card)) == []


def test_moves_at_the_bare_table_is_none() -> None:
    assert turn_start().moves_at((500.0, 500.0)) == []


def test_moves_at_an_offered_spot_holding_a_card_is_resting_it_there() -> None:
    state = turn_start()
    state.play(Take(state.uncovered()[0]))
    while state.is_chance_node():
        state.resolve_chance()
    rests = [m for m in state.legal_moves() if isinstance(m, Rest)]
    assert rests
    for move in rests:
        assert state.moves_at((move.x, move.y)) == [move]


@pytest.mark.parametrize("place", ["c7", (1.0,), (float("nan"), 0.0), 10_000, -1, None])
def test_moves_at_a_place_that_is_not_on_the_table_is_refused(place: object) -> None:
    with pytest.raises(PlaceError, match="not a"):
        turn_start().moves_at(place)
