"""TI2018 §8 Long John Silver's Escape and TI2018 §1 the two ways to win
(``rules/escape.py``)."""

from __future__ import annotations

import pytest

import treasurekit.treasure_island_2018 as ti

T = (10.0, 13.0)


# ----- TI2018 §8 Long John Silver's Escape -------------------------------------------------------
def escape(**positions: tuple[float, float]) -> ti.TIState:
    return ti.TIGame().position(T, positions={"silver": (14.0, 9.5), **positions},
                                phase="escape", escape_round=1)


def test_escape_silver_makes_horse_moves_only() -> None:
    s = escape()
    assert s.current_player == 0
    moves = s.legal_moves()
    assert moves and all(isinstance(m, ti.Horse) and m.mini == "silver" for m in moves)
    assert "at most 6 miles" in (s.why_illegal("horse silver 14,15.51") or "")
    assert "Silver must now" in (s.why_illegal("gallop silver 20,20") or "") or \
        "make a Horse move" in (s.why_illegal("gallop silver 20,20") or "")


def test_escape_order_is_silver_then_each_pirate_with_two_actions() -> None:
    s = escape()
    s.play("horse silver 14,15.5")
    order = []
    for _ in range(3):
        order.append((s.current_player, s.actions_left))
        s.play("done")
    assert order == [(1, 2), (2, 2), (3, 2)]
    assert s.current_player == 0 and s.escape_round == 2


def test_escape_silver_wins_on_the_treasures_site() -> None:
    s = escape()
    assert ti.Horse("silver", (T,)) in s.legal_moves()  # the sample includes the site
    s.play("horse silver 10,13")
    out = s.outcome()
    assert out is not None and out.winners == (0,) and out.scores == (1, 0, 0, 0)
    assert "reached" in out.termination


def test_escape_silver_must_stop_on_the_site_not_near_it() -> None:  # ruling TI2018-24
    s = escape()
    s.play("horse silver 10.2,13")
    assert not s.is_terminal()


def test_escape_pirates_can_still_win_by_searching() -> None:
    s = escape(red=(10.0, 11.5))
    s.play("horse silver 14,15.5")
    s.play("search small red 10,12")
    assert s.outcome().winners == (1,)  # type: ignore[union-attr]


def test_escape_round_limit_gives_silver_the_win() -> None:  # ruling TI2018-24
    s = ti.TIGame(escape_rounds=2).position(T, positions={"silver": (14.0, 9.5)},
                                            phase="escape", escape_round=1)
    for _ in range(2):
        s.play("horse silver 14,15.5" if s.position_of("silver") == (14.0, 9.5)
               else "horse silver 14,9.5")
        for _ in range(3):
            s.play("done")
    out = s.outcome()
    assert out is not None and out.winners == (0,) and "2 rounds" in out.termination


def test_no_escape_limit_option() -> None:
    assert ti.TIGame(escape_rounds=None).escape_rounds is None


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_games_end_with_one_of_the_two_wins(seed: int, set_up: object,
                                                   play_until: object) -> None:
    s = set_up(seed)  # type: ignore[operator]
    play_until(s, lambda st: st.is_terminal(), seed=seed)  # type: ignore[operator]
    out = s.outcome()
    assert out is not None and len(out.winners) == 1
    assert out.termination in ("a pirate found the treasure", "Long John Silver reached his "
                               "treasure") or "rounds of escape" in out.termination
