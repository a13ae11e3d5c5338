"""Treasure Island (2003)'s controller driven without any widget (issue 25 point 6).

The yellow squares after a throw and a click that places a counter, a refused click with
its reason and rule, the decision buttons (the hint's best first) and what a pressed one
means: each decided by
:class:`~treasurekit_widgets.treasure_island_2003.controller.TI2003Controller` and its
:class:`~treasurekit_widgets.treasure_island_2003.controller.TI2003Hooks`.
"""

from __future__ import annotations

from treasurekit import load_game
from treasurekit.treasure_island_2003 import GreedyBot, Place, Protect
from treasurekit.treasure_island_2003 import rules as ti_rules
from treasurekit_widgets.treasure_island_2003.controller import TI2003Controller

from .ctl_helpers import WIDGET_LIBRARIES, imports_of


def red_against_a_bot() -> TI2003Controller:
    """Red (seat 0, human) to throw first; Blue a bot."""
    return TI2003Controller(load_game("treasure_island_2003", players=2, first_player=0),
                            {1: GreedyBot(seed=1)}, seed=1)


def test_the_controller_imports_no_widget_library() -> None:
    assert not imports_of("treasure_island_2003") & WIDGET_LIBRARIES


def test_a_click_before_the_throw_is_refused_with_its_reason_and_rule() -> None:
    c = red_against_a_bot()
    c.sort_moves(c.state, live=True)
    assert not c.acting and c.squares == [] and c.decisions == []
    assert c.decisions_head(c.state) == ("Decisions", "(press Roll the dice)")
    click = c.click("c7")
    assert (click.kind, click.reason, click.rule) == (
        "notice", "Red must throw the dice first: press Roll the dice", ti_rules.PLACING)


def test_after_the_throw_a_yellow_square_places_and_the_sea_is_refused() -> None:
    c = red_against_a_bot()
    c.apply(c.state.resolve_chance)
    c.sort_moves(c.state, live=True, hint=True)
    assert c.acting and c.squares == [17, 30, 98, 142, 177, 188] and c.decisions == []
    assert c.best == Place(square="c3")
    assert c.decisions_head(c.state) == ("Decisions", "(click a yellow square)")
    board = c.game.board
    assert c.click(board.name_of(17)).moves == (Place(square="d2"),)
    click = c.click(0)
    assert (click.kind, click.reason, click.rule) == (
        "notice", "a1 is sea; counters go on land squares", "TI2003 §1 Components: Game Board")


def test_a_cannon_is_a_decision_button_and_a_missing_one_is_refused() -> None:
    c = red_against_a_bot()
    for _ in range(50):  # play the hint's choice until a decision is a button
        c.sort_moves(c.state, live=True, hint=True)
        if c.decisions:
            break
        if c.state.is_chance_node():
            c.apply(c.state.resolve_chance)
        else:
            c.apply(lambda: c.state.play(c.best))
        c.advance()
    assert c.state.phase == "cannon" and c.decisions == [Protect(kind="rubies")]
    assert c.decisions_head(c.state) == ("Your decision", "")
    assert c.decide("Purple: protect your 1 Ruby").moves == (Protect(kind="rubies"),)
    assert c.decide("protect rubies").kind == "play"
    refused = c.decide("x")
    assert (refused.kind, refused.reason) == (
        "notice", "no decision 'x' now; the buttons offer: Purple: protect your 1 Ruby")
    assert c.hint_note(c.state, live=True) is None
    assert c.hint_note(c.state, live=False) == "Hints are for the live position."
