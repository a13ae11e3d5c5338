"""SKEL §1 Components (2-4 players) and §2 Setup (the spread, its face-up half, the first player):
one test or more per rule.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.skeleton_island.helpers import P0, P2, game, set_up
from treasurekit.core import CHANCE
from treasurekit.skeleton_island import (
    Reveal,
    Spread,
)


# ----- SKEL §1 Components and players -----------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players: int) -> None:
    assert game(players=players).num_players == players


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        game(players=players)


# ----- SKEL §2 Setup ----------------------------------------------------------------------
def test_setup_the_spread_is_a_chance_move_over_1000_seeded_layouts_ruling_skel_3() -> None:
    s = game().new_initial_state(seed=3)
    assert s.current_player == CHANCE and s.phase == "setup"
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 1000
    assert all(p == Fraction(1, 1000) for _, p in outcomes)
    assert outcomes[417][0] == Spread(417)


def test_setup_half_the_cards_face_up_their_faces_drawn_from_the_pool() -> None:
    s = game().new_initial_state(seed=3)
    events = s.play("spread 5")
    assert "face up" in events[0].text and events[0].rule == "SKEL §2 Setup"
    up = sorted(c.id for c in s.pile.cards.values() if c.face_up)
    assert len(up) in (24, 25)
    outcomes = s.chance_outcomes()
    assert {m.card for m, _ in outcomes if isinstance(m, Reveal)} == {up[0]}
    assert dict((m.kind, p) for m, p in outcomes if isinstance(m, Reveal))["coin-1"] == Fraction(
        6, 49
    )


def test_setup_ends_with_face_down_cards_that_have_no_identity_ruling_skel_20() -> None:
    s = set_up(seed=8)
    face_down = [c for c in s.pile.cards.values() if not c.face_up]
    assert face_down and all(c.kind is None for c in face_down)
    assert all(c.kind is not None for c in s.pile.cards.values() if c.face_up)
    assert sum(s.unseen().values()) == len(face_down)
    assert s.current_player == P0 and s.phase == "start"


def test_setup_first_player_is_seat_0_by_default_and_an_option_ruling_skel_17() -> None:
    assert set_up().current_player == P0
    assert set_up(players=3, first_player=2).current_player == P2
    with pytest.raises(ValueError, match="first_player"):
        game(players=2, first_player=3)
