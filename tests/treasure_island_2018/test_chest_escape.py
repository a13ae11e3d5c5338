"""TI2018 §5/§11 Chest tokens, TI2018 §8 Long John Silver's Escape and TI2018 §1 the two
ways to win."""

from __future__ import annotations

import pytest

import treasurekit.treasure_island_2018 as ti

T = (10.0, 13.0)


def searched(**kw: object) -> ti.TIState:
    """Red (Anne) has just searched in vain from 9,9: Silver answers."""
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, **kw)  # type: ignore[arg-type]
    s.play("search small red 9,9.5")
    assert s.phase == "answer"
    return s


# ----- TI2018 §7 Small search: the three answers --------------------------------------------------
def test_answer_nothing_after_a_vain_search() -> None:
    s = searched()
    events = s.play("answer none")
    assert "unsuccessful" in events[0].text and s.phase == "actions"
    assert s.data.chest_counts[1] == 0


def test_answer_with_a_chest_token_counts_for_chest_icon_hints() -> None:
    s = searched()
    s.play("answer move7")
    d = s.data
    assert d.chest_credit == 1 and d.chest_counts[1] == 1 and "move7" not in d.chest_left
    assert s.view(1).my_chest_items == ("move7",)
    assert s.view(2).my_chest_items == () and s.view(2).chest_counts[1] == 1


def test_information_chest_tokens_must_be_true() -> None:  # ruling TI2018-14
    s = searched()
    # the treasure (x=10) is east of red at x=9, in red's district (d3)
    assert "would be false" in (s.why_illegal("answer west") or "")
    assert s.why_illegal("answer east") is None
    assert "would be false" in (s.why_illegal("answer district") or "")
    s.play("answer east")
    (info,) = s.view(1).my_chest_info
    assert info.token == "east" and info.at == (9.0, 9.0)
    assert s.view(2).my_chest_info == ()


def test_information_chest_token_district_of_the_searching_miniature() -> None:
    s = ti.TIGame().position(T, positions={"red": (16.0, 9.0)})
    s.play("search small red 16,9.5")
    assert s.why_illegal("answer district") is None and s.why_illegal("answer west") is None
    s.play("answer district")
    (info,) = s.view(1).my_chest_info
    assert info.district == s.map.district_at((16.0, 9.0)) == 6


def test_no_chest_token_left_means_no_answer_to_choose() -> None:
    g = ti.TIGame()
    s = g.position(T, positions={"red": (9.0, 9.0)})
    s._restore(__import__("dataclasses").replace(s.data, chest_left=()))
    s.play("search small red 9,9.5")
    assert s.phase == "actions"


# ----- TI2018 §11 Item tokens ------------------------------------------------------------------
def test_item_move7_is_an_additional_straight_move() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, actions=1, items={1: ["move7"]})
    assert "at most 7 miles" in (s.why_illegal("use move7 red 16.01,9") or "")
    s.play("use move7 red 16,9")
    assert s.actions_left == 1 and s.position_of("red") == (16.0, 9.0)


def test_item_action_gives_one_more_action() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, actions=1, items={1: ["action"]})
    s.play("use action")
    assert s.actions_left == 2


def test_item_search_is_an_additional_small_search() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 11.5)}, actions=1,
                             items={1: ["search"]})
    s.play("use search red 10,12")
    assert s.is_terminal() and s.outcome().winners == (1,)  # type: ignore[union-attr]


def test_a_turn_waits_for_done_while_an_item_is_held() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, actions=1, items={1: ["action"]})
    s.play("horse red 9,3.5")
    assert s.day == 1 and s.actions_left == 0
    s.play("done")
    assert s.day == 2


def test_a_chest_token_is_used_once() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, actions=2, items={1: ["action"]})
    s.play("use action")
    assert "holds no Chest item token" in (s.why_illegal("use action") or "")


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
