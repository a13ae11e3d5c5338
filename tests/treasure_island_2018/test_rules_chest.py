"""TI2018 §5/§11 Chest tokens: Silver's answer to a vain search and the item tokens
(``rules/chest.py``, ``rules/actions.py``)."""

from __future__ import annotations

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
    s = g.state_at(__import__("dataclasses").replace(s.data, chest_left=()))
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
