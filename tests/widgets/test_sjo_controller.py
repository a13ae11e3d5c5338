"""Sjörövarön's controller driven without any widget (issue 25 point 6).

The pick (a pirate chosen, then a click on a starting hex), a refused click with its
reason and rule, the decision buttons and what a pressed one means: each decided by
:class:`~treasurekit_widgets.sjorovaron.controller.SjoController` and its
:class:`~treasurekit_widgets.sjorovaron.controller.SjoHooks`.
"""

from __future__ import annotations

from treasurekit import load_game
from treasurekit.sjorovaron import Pick
from treasurekit.sjorovaron import rules as sjo_rules
from treasurekit.sjorovaron.bots import GreedyBot
from treasurekit_widgets.sjorovaron.controller import SjoController

from .ctl_helpers import WIDGET_LIBRARIES, imports_of


def at_the_pick() -> SjoController:
    """Player 1 (human) to pick a pirate; Player 2 a bot."""
    c = SjoController(load_game("sjorovaron", players=2), {1: GreedyBot(seed=1)}, seed=1)
    assert c.turn_problem() is None and c.state.is_chance_node()  # the starting roll
    c.apply(c.state.resolve_chance)
    c.advance()
    assert c.state.phase == "pick" and c.turn_problem() is None
    c.sort_moves(c.state, live=True)
    return c


def test_the_controller_imports_no_widget_library() -> None:
    assert not imports_of("sjorovaron") & WIDGET_LIBRARIES


def test_a_roll_comes_first_and_a_button_press_says_so() -> None:
    c = SjoController(load_game("sjorovaron", players=2), {}, seed=1)
    c.sort_moves(c.state, live=True)
    assert not c.acting and c.decisions == [] and c.targets == []
    assert c.decisions_head(c.state, live=True) == ("Decisions", "(press Roll the die)")
    refused = c.decide("End the turn")
    assert refused.kind == "notice"
    assert refused.reason == "cannot press 'End the turn': no buttons now: press Roll the die"
    click = c.click("k11")
    assert click.kind == "notice" and click.reason.endswith("press Roll the die")
    assert click.rule == sjo_rules.MOVE


def test_the_pick_offers_the_free_pirates_and_their_starting_hexes() -> None:
    c = at_the_pick()
    assert c.picking and c.free_pirates == ["hannibal", "tjopang", "svullo", "hook", "marquis"]
    assert c.targets == ["g2", "t2", "c11", "e16", "t17"]
    assert c.decisions_head(c.state, live=True) == ("Decisions", "(click a yellow hex)")
    c.pirate = "hook"  # chosen in the list
    click = c.click("g2")
    assert click.kind == "play" and click.moves == (Pick(pirate="hook", at="g2"),)
    c.pirate = None  # nothing chosen: the list's first free pirate
    assert c.click("t2").moves == (Pick(pirate="hannibal", at="t2"),)


def test_a_refused_click_at_the_pick_says_why_with_its_rule() -> None:
    c = at_the_pick()
    click = c.click("k11")
    assert click.kind == "notice"
    assert click.reason == "k11 is not a starting hex: choose a free one of g2, t2, t17, e16, c11"
    assert click.rule == "SJO §3 Set Up: pirates and starting hexes"


def test_decision_buttons_and_what_a_press_plays() -> None:
    c = at_the_pick()
    c.apply(lambda: c.state.play(Pick(pirate="hook", at="g2")))
    c.advance()
    while c.state.is_chance_node() and c.turn_problem() is None:
        c.apply(c.state.resolve_chance)
        c.advance()
    c.sort_moves(c.state, live=True)
    assert c.acting and c.decisions, c.state.phase
    first = c.decisions[0]
    assert c.decisions_head(c.state, live=True) == ("Your decision", "(one button per move)")
    assert c.decide(str(first)).moves == (first,)
    refused = c.decide("fly")
    assert refused.kind == "notice" and refused.reason.startswith(
        "no decision 'fly' now; the buttons offer: ")
    assert c.hint() in c.decisions
    assert c.hint_note(c.state, live=True) is None
    assert c.hint_note(c.state, live=False) == "Hints are for the live position."
