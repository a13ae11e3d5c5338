"""What a seat sees and keeps: views, records, and the move notation they are written in."""

from __future__ import annotations

import pytest

import treasurekit
from tests.ahoy.helpers import B, G, R, game
from treasurekit.ahoy import SHIP
from treasurekit.core import IllegalMoveError, RandomBot, SeatError


# ----- the move notation and errors --------------------------------------------------
@pytest.mark.parametrize("text", ["move", "roll 7", "move x 3", "jump 2", "", "move start"])
def test_unknown_move_text_is_refused_with_the_accepted_forms(text: str) -> None:
    s = game().new_initial_state()
    with pytest.raises(IllegalMoveError, match="not an Ahoy move"):
        s.play(text)
    assert s.history == ()


# ----- views (docs/architecture.md §5) ---------------------------------------------------
def test_view_shows_every_seat_the_whole_table_and_nothing_of_the_seed() -> None:
    s = game(players=3).position({4: "RB", 7: "G"}, chests="B", planks=(3,), die=SHIP, turn=G)
    views = [s.view(seat) for seat in range(3)]
    assert [v.player for v in views] == [0, 1, 2]
    assert all(v.squares[3] == (R, B) and v.squares[6] == (G,) for v in views)
    assert all(v.chests[0] == B and v.planks == frozenset({3}) and v.die == SHIP for v in views)
    assert all(v.to_move == G and v.start == (3, 2, 3) for v in views)
    assert not any(hasattr(v, "seed") for v in views)


@pytest.mark.parametrize("seat", [-1, 2, 7, "0", True, 1.0])
def test_view_of_a_seat_that_is_not_at_the_table_is_refused_naming_it(seat: object) -> None:
    s = game().new_initial_state()
    with pytest.raises(SeatError, match=r"player must be a seat 0-1, got"):
        s.view(seat)  # type: ignore[arg-type]


# ----- records ---------------------------------------------------------------------------
def test_a_record_replays_to_the_same_position() -> None:
    s = game(players=3, variant="cunning").new_initial_state(seed=4)
    bot = RandomBot(seed=4)
    for _ in range(40):
        s.resolve_chance() if s.is_chance_node() else s.play(bot.choose(s))
    again = treasurekit.replay(s.to_record().to_json())
    assert again.position == s.position
    assert str(again) == str(s)


def test_a_seat_record_keeps_no_seed() -> None:
    s = game().new_initial_state(seed=9)
    s.resolve_chance()
    mine = s.to_record(seat=0)
    assert "seed" not in mine.to_json()
    assert str(s.history[0]) in mine.to_json()  # the die is on the table: no secret
