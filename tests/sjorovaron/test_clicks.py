"""``SjoState.moves_at``: what a click on a hex means (SJO §3, §5, §7)."""

from __future__ import annotations

import pytest

from treasurekit.core.errors import PlaceError
from treasurekit.sjorovaron import Pick, Shoot, SjoGame, SjoState

H, S, M = "hook", "svullo", "marquis"


def picking() -> SjoState:
    """A real position: the first pick after the starting rolls."""
    state = SjoGame(players=2).new_initial_state(seed=3)
    while state.is_chance_node():
        state.resolve_chance()
    assert state.phase == "pick"
    return state


def test_moves_at_a_free_starting_hex_offers_every_pirate_still_free() -> None:
    state = picking()
    moves = state.moves_at("g2")
    assert len(moves) > 1 and all(isinstance(m, Pick) and m.at == "g2" for m in moves)
    assert {m.pirate for m in moves} == {m.pirate for m in state.legal_moves()
                                         if isinstance(m, Pick) and m.at == "g2"}
    assert all(state.why_illegal(m) is None for m in moves)


def test_moves_at_a_hex_that_is_not_a_starting_hex_is_none() -> None:
    assert picking().moves_at("k11") == []


def test_moves_at_a_walk_end_is_that_walk_and_elsewhere_none() -> None:
    state = SjoGame().position({H: "q14", S: "e12"}, die=2)
    assert [str(m) for m in state.moves_at("q16")] == ["walk q15 q16"]
    assert state.moves_at("a1") == []
    assert state.moves_at("q14") == []  # the walker's own hex


def test_moves_at_a_pirate_in_the_line_of_fire_is_a_shot_at_him() -> None:
    state = SjoGame(players=3).position({H: "q14", S: "n14", M: "e12"}, chest=S)
    assert Shoot(S) in state.legal_moves()
    assert state.moves_at("n14") == [Shoot(S)]
    assert state.moves_at("e12") == []  # Marquis is not in line


@pytest.mark.parametrize("place", ["zz99", "", 7, (1, 2), None])
def test_moves_at_a_place_that_is_not_a_hex_is_refused(place: object) -> None:
    with pytest.raises(PlaceError, match="not a"):
        picking().moves_at(place)
