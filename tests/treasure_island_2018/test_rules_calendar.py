"""TI2018 §7 Game Sequence: the calendar update (whose turn, how many actions) and
the calendar events (``rules/calendar.py``)."""

from __future__ import annotations

from typing import Any

import treasurekit.treasure_island_2018 as ti

T = (10.0, 13.0)  # the treasure in hand-made positions


def advance_to_day(state: ti.TIState, day: int) -> ti.TIState:
    """Fast forward: Silver plays his first legal hint, pirates end their turns, the first
    tower is chosen, chance is resolved."""
    while state.day < day or state.is_chance_node():
        if state.is_terminal():
            raise AssertionError("game over")
        if state.is_chance_node():
            state.resolve_chance()
        elif state.phase == "actions":
            state.play("done")
        elif state.phase == "prison":
            state.play("prison t1")
        else:
            state.play(state.legal_moves()[0])
    return state


# ----- TI2018 §7 Calendar update ----------------------------------------------------------------
def test_calendar_update_gives_each_day_to_the_next_pirate(set_up: Any) -> None:
    s = set_up(0, players=4)
    seen = []
    for day in range(1, 8):
        advance_to_day(s, day)
        while s.phase == "hint":
            s.play(s.legal_moves()[0])
            while s.is_chance_node():
                s.resolve_chance()
        seen.append((s.day, s.active, s.actions_left))
    assert [a for _, a, _ in seen] == [1, 2, 3, 1, 2, 3, 1]  # ruling TI2018-10
    stars = [sp.stars for sp in s.calendar]
    assert [n for _, _, n in seen] == stars[:7]


def test_one_pirate_plays_every_day(set_up: Any) -> None:
    s = set_up(0, players=2)
    advance_to_day(s, 3)
    assert s.active == 1


def test_a_turn_ends_when_its_actions_are_spent() -> None:
    g = ti.TIGame(players=4)
    s = g.position(T, positions={"red": (9.0, 11.0)}, day=1, actions=1)
    s.play("horse red 15,11")
    assert s.day == 2 and s.active == 2  # the next day began on its own


# ----- TI2018 §7 Calendar events ------------------------------------------------------------
def test_event_starting_hint_lets_silver_play_from_his_hand(set_up: Any) -> None:
    s = set_up(3)
    assert s.phase == "hint" and s.current_player == 0
    assert all(isinstance(m, ti.PlayHint) and m.kind in s.data.start_hand
               for m in s.legal_moves() if not isinstance(m, ti.Redraw))


def test_event_bluff_token_reaches_silver_on_day_5(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 4)
    assert s.data.bluff == 0
    advance_to_day(s, 5)
    assert s.data.bluff == 1 and s.data.bluff_received == 1
    advance_to_day(s, 11)
    assert s.data.bluff_received == 2


def test_event_prison_the_active_pirate_chooses_the_tower(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 7)
    while s.day < 8 or s.is_chance_node():
        if s.is_chance_node():
            s.resolve_chance()
        elif s.phase == "actions":
            s.play("done")
        else:
            s.play(s.legal_moves()[0])
    assert s.phase == "prison" and s.current_player == s.active
    assert [str(m) for m in s.legal_moves()] == [f"prison t{i}" for i in range(1, 10)]
    s.play("prison t6")
    assert s.position_of("silver") == s.map.tower("t6").xy
    assert s.phase == "actions"


def test_event_black_spot_discards_starting_hints_and_draws_three(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 9)
    d = s.data
    assert d.start_hand == () and len(d.bs_hand) == 3
    assert len(d.bs_pile) == 8


def test_event_black_spot_hint_is_played_from_the_black_spot_hand(set_up: Any) -> None:
    s = set_up(0)
    advance_to_day(s, 9)
    while s.phase != "hint" or s.day < 10:
        advance_to_day(s, s.day + 1)
    assert s.day == 10
    assert all(getattr(m, "kind", None) in s.data.bs_hand for m in s.legal_moves()
               if isinstance(m, ti.PlayHint))


def test_event_escape_starts_the_escape(set_up: Any) -> None:
    s = set_up(0, players=4)
    advance_to_day(s, 18)
    while s.escape_round == 0:
        advance_to_day(s, s.day + 1)
    assert s.day == 19 and s.phase == "escape" and s.current_player == 0
