"""TI2018 §7 Game Sequence: a Small search, a Large search, the templates, searches from
afar and Fortune (``rules/searches.py``)."""

from __future__ import annotations

import treasurekit.treasure_island_2018 as ti

T = (10.0, 13.0)  # the treasure in hand-made positions


def test_small_search_template_must_show_the_cross() -> None:  # ruling TI2018-12
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)})
    problem = s.why_illegal("search small red 9,10.01")
    assert problem and "cross must show inside the template" in problem
    assert s.why_illegal("search small red 9,10") is None


def test_large_search_template_must_show_the_cross() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)})
    assert s.why_illegal("search large red 9,11") is None
    assert "template" in (s.why_illegal("search large red 9,11.01") or "")


def test_search_finds_the_treasure_on_the_circles_edge() -> None:
    """A treasure exactly on the circle counts as touched (TI2018 §7 Small search)."""
    s = ti.TIGame().position(T, positions={"red": (10.0, 11.5)})
    events = s.play("search small red 10,12")  # the treasure is exactly 1 mile away
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.winners == (1,) and out.scores == (0, 1, 0, 0)
    assert "finds" in events[-2].text


def test_search_just_missing_the_treasure_finds_nothing() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 11.5)})
    s.play("search small red 10,11.99")
    assert not s.is_terminal() and s.phase == "answer"
    assert len(s.data.searches) == 1


def test_large_search_finds_within_2_miles() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.5)})
    s.play("search large red 10,11")  # 2 miles exactly
    assert s.is_terminal()


def test_search_template_may_overflow_but_not_lie_wholly_over_restricted_ground() -> None:
    s = ti.TIGame(players=4).position(T, positions={"blue": (14.0, 9.5)}, day=2)
    assert s.why_illegal("spyglass 17.5,14.6") is None  # 2-mile circle pokes out
    s2 = ti.TIGame(players=4).position(T, day=1)
    assert "wholly over a restricted area" in (s2.why_illegal("monkey 0.5,0.5") or "")


# ----- TI2018 §7 Special abilities -------------------------------------------------------------
def test_ability_king_georges_small_search_anywhere() -> None:
    s = ti.TIGame().position(T, positions={"red": (27.0, 9.0)})
    s.play("monkey 10,14")
    assert s.is_terminal() and s.outcome().winners == (1,)  # type: ignore[union-attr]


def test_ability_king_georges_is_annes_only() -> None:
    s = ti.TIGame().position(T, day=2)
    assert "Anne" in (s.why_illegal("monkey 10,14") or "")


def test_ability_spyglass_large_search_anywhere() -> None:
    s = ti.TIGame().position(T, day=2)
    s.play("spyglass 11,14.5")
    assert s.is_terminal() and s.outcome().winners == (2,)  # type: ignore[union-attr]


def test_ability_fortune_traces_the_outer_edge_of_the_large_template() -> None:
    g = ti.TIGame(players=4, characters="ben,olivier,charlotte")
    s = g.position(T, positions={"green": (10.0, 8.5)})
    s.play("search large green 10,10.5")  # the treasure is 2.5 miles away
    assert s.is_terminal()
    g2 = ti.TIGame(players=4)
    s2 = g2.position(T, positions={"red": (10.0, 8.5)})
    s2.play("search large red 10,10.5")
    assert not s2.is_terminal()
