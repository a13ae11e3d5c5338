"""Treasure Island (2018)'s controller driven without any widget (issue 25 point 6).

A click on the map that offers a choice, a refused click with its reason and rule, and
the "Your move" box's decisions (buttons, Done, a typed move): each decided by
:class:`~treasurekit_widgets.treasure_island_2018.controller.TI2018Controller`.
"""

from __future__ import annotations

from treasurekit import load_game
from treasurekit.treasure_island_2018 import Compass, Done, GreedyBot, Horse, SilverBot
from treasurekit_widgets.treasure_island_2018.controller import TI2018Controller

from .ctl_helpers import WIDGET_LIBRARIES, imports_of


def pirate_to_act() -> TI2018Controller:
    """Anne (seat 1, human) to act on 1 June; Silver and seat 2 bots."""
    c = TI2018Controller(load_game("treasure_island_2018", players=3),
                         {0: SilverBot(seed=3), 2: GreedyBot(seed=2)}, seed=3)
    c.advance()
    assert c.turn_problem() is None and c.state.current_player == 1
    c.sort_moves(c.state.legal_moves(), acting=True)
    return c


def test_the_controller_imports_no_widget_library() -> None:
    assert not imports_of("treasure_island_2018") & WIDGET_LIBRARIES


def test_moves_without_a_map_point_are_buttons_and_done_is_offered() -> None:
    c = pirate_to_act()
    assert c.decisions == [Compass(mini="red"), Compass(mini="yellow")]
    assert c.done_moves == [Done()]
    assert c.move_title(game_over=False) == ("click the map, or a button below", False)
    c.sort_moves([], acting=False)
    assert c.decisions == [] and c.done_moves == []
    assert c.move_title(game_over=False) == ("wait: it is not your turn", True)
    assert c.move_title(game_over=True) == ("the game is over", True)
    assert c.move_title(game_over=False, waiting="press Start") == ("press Start", True)


def test_a_click_on_the_map_offers_a_choice_and_a_button_picks_it() -> None:
    c = pirate_to_act()
    click = c.click((6.0, 12.0))
    assert click.kind == "offer" and c.offered == list(click.moves)
    assert c.move_title(game_over=False) == ("", False)
    ride = Horse(mini="red", path=((6.0, 12.0),))
    assert c.decide(str(ride)).moves == (ride,)
    c.apply(lambda: c.state.play(ride))
    assert c.offered == [] and c.state.ply == 14


def test_a_refused_click_says_why_with_its_rule() -> None:
    c = pirate_to_act()
    click = c.click((0.0, 0.0))
    assert click.kind == "notice" and click.reason.startswith("a Horse move goes at most 6")
    assert click.rule == "TI2018 §7 Game Sequence: Horse move"


def test_decide_plays_a_button_by_its_words_and_refuses_a_missing_one() -> None:
    c = pirate_to_act()
    assert c.decide("done").moves == (Done(),)
    words = {str(Compass(mini="red")): "Compass of the red pirate"}.get
    assert c.decide("Compass of the red pirate", lambda m: words(str(m)) or str(m)).moves \
        == (Compass(mini="red"),)
    refused = c.decide("nope")
    assert (refused.kind, refused.reason) == ("notice", "no button 'nope' now")


def test_the_hooks_say_what_to_do_and_what_a_search_reveals() -> None:
    c = pirate_to_act()
    assert c.hooks.prompt(c.state).startswith("Your turn, Anne: 1 action left. Click the map")
    assert c.hooks.seat_name(0) == "Long John Silver"
    search = next(m for m in c.state.legal_moves() if type(m).__name__ == "Search")
    assert c.hooks.reveal_of(c.state, search) == "the search has been answered"
