"""Hidden information in views, the move notation, records, undo, ``str(state)`` and
MCTS determinization for Treasure Island (2018)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import treasurekit
import treasurekit.treasure_island_2018 as ti
from treasurekit.core import GameRecord, MCTSBot, MoveParseError, RandomBot

T = (10.0, 13.0)


# ----- views -------------------------------------------------------------------------------------
def test_silver_sees_the_treasure_pirates_never(set_up: Any) -> None:
    for seed in range(3):
        s = set_up(seed)
        rng = random.Random(seed)
        for _ in range(120):
            if s.is_terminal():
                break
            assert s.view(0).treasure == s.treasure
            for p in s.pirates:
                v = s.view(p)
                assert v.treasure is None and v.set_aside is None and v.hand == ()
                assert v.compass_hand == () and v.dealt == () and v.compass_given == ()
                assert "seed" not in vars(v)
            if s.is_chance_node():
                s.resolve_chance()
            else:
                s.play(rng.choice(s.legal_moves()))


def test_a_pirates_district_and_compass_hints_are_private(set_up: Any) -> None:
    s = set_up(4)
    d = s.data
    for p in s.pirates:
        assert s.view(p).my_districts == d.dealt[p]
    assert s.view(1).my_districts != s.view(2).my_districts
    g = ti.TIGame().position(T, positions={"red": (10.0, 9.0)}, compass_hand=(3, 4))
    g.play("compass red")
    g.play("card 3")
    assert len(g.view(1).my_compass) == 1 and g.view(2).my_compass == ()
    assert len(g.view(0).compass_given) == 1


def test_views_are_hashable_and_equal_for_equal_positions(set_up: Any) -> None:
    a, b = set_up(7), set_up(7)
    assert hash(a.view(1)) == hash(b.view(1)) and a.view(1) == b.view(1)


def test_view_of_a_non_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="seat"):
        ti.TIGame().new_initial_state(0).view(4)


# ----- notation and records ----------------------------------------------------------------------
@pytest.mark.parametrize("text", [
    "bury 12.5,7", "hint distance red 4-7 truth", "hint parrot", "hint confession",
    "hint bearings blue:s red:n bluff", "confess p2 yes truth", "redraw", "answer none",
    "answer west", "card 3", "card none", "horse red 12.5,7", "horse blue 10,5 14,9",
    "foot red 12.5,7", "search small red 12,8", "search large blue 1,2", "monkey 3,4",
    "spyglass 3,4", "compass red", "verify 3", "gallop red 12,8", "use move7 red 12,8",
    "use action", "use search red 12,8", "prison t3", "ask near red 5", "share d4", "done",
    "deal p1 d7", "draw starting vast", "draw compass 3", "reveal d4",
])
def test_move_text_round_trips(text: str) -> None:
    assert str(ti.parse_move(text)) == text


def test_points_round_to_a_hundredth_of_a_mile() -> None:
    assert str(ti.parse_move("horse red 12.504,7.0")) == "horse red 12.5,7"
    assert ti.Horse("red", ((1.234567, 2.0),)).path == ((1.23, 2.0),)


@pytest.mark.parametrize("text", ["fly red 1,2", "horse red 1;2", "horse purple 1,2",
                                  "hint treasure red", "search tiny red 1,2", "pass", ""])
def test_bad_move_text_is_refused_with_the_forms(text: str) -> None:
    with pytest.raises(MoveParseError):
        ti.parse_move(text)


def test_record_replays_to_the_same_state(set_up: Any, play_until: Any) -> None:
    s = set_up(3)
    play_until(s, lambda st: st.day >= 6, seed=3)
    rec = GameRecord.from_json(s.to_record().to_json())
    again = treasurekit.replay(rec) if "treasure_island_2018" in treasurekit.GAMES else None
    if again is None:  # not registered yet: replay by hand
        again = ti.TIGame(**rec.options).new_initial_state(rec.seed)
        for m in rec.moves:
            again.play(m)
    assert str(again) == str(s) and again.view(0) == s.view(0)


def test_undo_restores_the_exact_position(set_up: Any) -> None:
    s = set_up(5)
    rng = random.Random(5)
    snaps = []
    for _ in range(60):
        if s.is_terminal():
            break
        snaps.append((str(s), s.view(0), s.view(1)))
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(rng.choice(s.legal_moves()))
    while snaps:
        s.undo()
        assert (str(s), s.view(0), s.view(1)) == snaps.pop()


def test_sampled_legal_moves_pass_the_full_check(set_up: Any) -> None:
    """The legal_moves() sample is checked by the shortcut; the full geometric check must
    agree (ruling TI2018-33)."""
    for players in (2, 5):
        s = set_up(players, players=players)
        rng = random.Random(players)
        for _ in range(150):
            if s.is_terminal():
                break
            if s.is_chance_node():
                s.resolve_chance()
                continue
            moves = s.legal_moves()
            for m in moves:
                assert s._slow_check(m) is None, (str(m), s._slow_check(m))
            s.play(rng.choice(moves))


# ----- str(state) ---------------------------------------------------------------------------
def test_str_is_a_stable_plain_text_board() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 11.0)},
                             hints=[("vast", ["red"], "truth")])
    s.play("horse red 15,11")
    assert str(s) == (
        "Treasure Island (2018), 4 players - ply 1, day 2 of June: p2 (Olivier) to act "
        "(2 actions left)\n"
        "calendar: 1*S [2**] 3** 4*S 5**B 6** 7*S 8**P 9**X 10*H 11**B 12*H 13** 14*H 15** "
        "16*H 17** 18** 19:Escape\n"
        "miniatures: red 15,11  blue 15.5,5  yellow 26.5,13  silver -\n"
        "lines drawn: 1; searches: none\n"
        "hint 1 (day 1): VAST EXPANSE: red is within 8 miles of the treasure [truth]\n"
        "chest tokens received: p1 0, p2 0, p3 0\n"
        "treasure: buried; Silver's hand: 0 hints, 6 Compass Hints; Information tokens "
        "played: 1")
    assert "10,13" not in str(s)  # the treasure is not printed


# ----- bots -------------------------------------------------------------------------------------
def test_determinize_resamples_the_treasure_consistently(set_up: Any, play_until: Any) -> None:
    s = set_up(6)
    play_until(s, lambda st: st.day >= 3 and not st.is_chance_node(), seed=6)
    rng = random.Random(1)
    seen = set()
    for _ in range(5):
        twin = s.determinize(1, rng)
        t = twin.treasure
        assert t is not None and s.map.treasure_problem(t) is None
        assert twin.data.set_aside == s.map.district_at(t)
        assert s.map.district_at(t) not in twin.data.dealt[1]
        seen.add(t)
    assert len(seen) > 1
    assert s.determinize(0, rng).treasure == s.treasure


def test_mcts_bot_plays_a_pirate_seat() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)})
    bot = MCTSBot(iterations=4, seed=1, max_playout_plies=60)
    move = bot.choose(s)
    assert move in s.legal_moves()
    assert RandomBot(seed=1).choose(s) in s.legal_moves()
