"""Ahoy Treasures!' controller driven without any widget (issue 25 point 6).

A click before the roll refused with its reason and rule, the ship roll's step choice (a
click on a pirate that picks it and offers 1 to 5 squares, then the number of squares),
a click on another seat's pirate refused: each decided by
:class:`~treasurekit_widgets.ahoy.controller.AhoyController` and its
:class:`~treasurekit_widgets.ahoy.controller.AhoyHooks`.
"""

from __future__ import annotations

from treasurekit import load_game
from treasurekit.ahoy import SHIP, GreedyBot, Step
from treasurekit.ahoy import rules as ahoy_rules
from treasurekit_widgets.ahoy.controller import AhoyController

from .ctl_helpers import WIDGET_LIBRARIES, imports_of


def red_against_a_bot() -> AhoyController:
    """Red (seat 0, human) to roll; Blue a bot."""
    return AhoyController(load_game("ahoy", players=2), {1: GreedyBot(seed=1)}, seed=1)


def at_a_ship_roll() -> AhoyController:
    """Red has rolled the ship (ply 17 of seed 1, Red playing its first move each turn)."""
    c = red_against_a_bot()
    while not (c.state.ply and c.state.die == SHIP and c.turn_problem() is None):
        if c.state.is_chance_node():
            c.apply(c.state.resolve_chance)
        else:
            c.apply(lambda: c.state.play(c.state.legal_moves()[0]))
        c.advance()
    return c


def test_the_controller_imports_no_widget_library() -> None:
    assert not imports_of("ahoy") & WIDGET_LIBRARIES


def test_a_click_before_the_roll_is_refused_with_its_reason_and_rule() -> None:
    c = red_against_a_bot()
    c.sort_moves(c.state, live=True)
    assert not c.acting and c.movable == set() and not c.can_pass
    click = c.click((0, 0))
    assert (click.kind, click.reason, click.rule) == (
        "notice", "Red must roll the die first: press Roll the die", ahoy_rules.DIE)


def test_a_ship_roll_picks_the_clicked_pirate_and_offers_its_steps() -> None:
    c = at_a_ship_roll()
    c.sort_moves(c.state, live=True)
    assert c.acting and c.movable == {0, 1, 2} and not c.can_pass
    assert c.picked() is None
    assert c.choose_steps(2).reason == "click a pirate first, then choose how many squares"
    click = c.click((0, 0))
    assert click.kind == "offer" and click.moves == tuple(Step(0, k) for k in range(1, 6))
    assert c.picked() == 0
    assert c.hooks.prompt(c.state) == ("Your turn, Red: the ship: how many squares for the "
                                       "pirate on the starting square? Choose below")
    assert c.hooks.describe_move(Step(0, 2)) == "Move Red's pirate 2 squares to square 2"
    assert c.choose_steps(2).moves == (Step(0, 2),)


def test_a_click_on_another_seats_pirate_is_refused_with_its_rule() -> None:
    c = at_a_ship_roll()
    click = c.click((0, 1))
    assert click.kind == "notice" and click.reason.startswith("that is Blue's starting pile")
    assert click.rule == "AHOY §4 How to play"
    assert c.hint_note(c.state, live=True) is None
    assert c.hint_note(c.state, live=False) == "Hints are for the live position."
