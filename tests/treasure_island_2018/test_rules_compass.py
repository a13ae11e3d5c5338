"""TI2018 §7 Game Sequence: Compass, and Silver's true Compass Hint (``rules/compass.py``)."""

from __future__ import annotations

import treasurekit.treasure_island_2018 as ti

T = (10.0, 13.0)  # the treasure in hand-made positions


# ----- TI2018 §7 Special actions (limited uses) --------------------------------------------------
def test_compass_action_asks_silver_for_a_true_compass_hint() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.0)}, compass_hand=(1, 3, 4, 5))
    s.play("compass red")
    assert s.phase == "compass" and s.current_player == 0
    # the treasure is due north (sector n): cards 1 (n, ne) would lie
    assert [str(m) for m in s.legal_moves()] == ["card 3", "card 4", "card 5"]
    assert "false" in (s.why_illegal("card 1") or "")
    s.play("card 4")
    assert s.data.compass_given[-1][1].skulls == (3, 4)
    assert s.uses_left(1, "compass") == 1  # Anne may use it twice (TI2018 §7 Compass ability)


def test_compass_action_uses_run_out() -> None:
    s = ti.TIGame().position(T, day=2, positions={"blue": (10.0, 9.0)},
                             compass_hand=(3, 4, 5))
    s.play("compass blue")
    s.play("card 3")
    assert s.uses_left(2, "compass") == 0
    assert "no Compass action left" in (s.why_illegal("compass blue") or "")


def test_compass_with_no_true_card_teaches_nothing() -> None:  # ruling TI2018-5
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.0)}, compass_hand=(1, 8))
    events = s.play("compass red")
    assert any("learns nothing" in e.text for e in events)
    assert s.phase == "actions"


def test_ability_compass_anne_has_two_compass_actions() -> None:
    s = ti.TIGame().position(T)
    assert s.uses_left(1, "compass") == 2 and s.uses_left(2, "compass") == 1
