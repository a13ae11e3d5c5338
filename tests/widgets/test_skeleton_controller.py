"""Skeleton Island's controller driven without any widget (issue 25 point 6).

The pirate turn's selections (own cards chosen for the discard, a refused choice with its
reason, an opponent's card to steal), the slot's buttons (which show, which may be
pressed), a covered card's click refused with the cards covering it, and the hint's
note: each decided by
:class:`~treasurekit_widgets.skeleton_island.controller.SkeletonController` and its
:class:`~treasurekit_widgets.skeleton_island.controller.SkeletonHooks`.
"""

from __future__ import annotations

from typing import Any

from treasurekit import load_game
from treasurekit.skeleton_island import Discard, GreedyBot, Steal, rules
from treasurekit_widgets.skeleton_island.controller import SkeletonController

from .ctl_helpers import WIDGET_LIBRARIES, imports_of


def pirate_position(**options: Any) -> SkeletonController:
    """Player 1 holds five cards (two red map pieces, a blue one, a hook, a coin), Player 2
    two; three human seats, teaching mode (as the widget tests' hand-made positions)."""
    game = load_game("skeleton_island", players=3, **options)
    c = SkeletonController(game, {}, seed=1, teaching=True, auto_roll=True)
    c.state = game.position(  # type: ignore[attr-defined]
        [("coin-1", 0, 0, 0), (None, 10, 0, 0)],
        collections={0: ["map-red-half", "map-red-quarter", "map-blue-quarter",
                         "pirate-hook", "coin-2"],
                     1: ["map-green-half", "coin-3"]})
    c.resync()
    return c


def buttons(c: SkeletonController) -> tuple[set[str], set[str]]:
    """The slot's buttons shown and those enabled, for the live position."""
    c.sort_moves(c.state, c.state.view(c.facing_seat), live=True)
    return ({k for k, v in c.shown_buttons.items() if v},
            {k for k, v in c.enabled.items() if v})


def test_the_controller_imports_no_widget_library() -> None:
    assert not imports_of("skeleton_island") & WIDGET_LIBRARIES


def test_own_cards_are_selected_for_a_discard_and_a_refused_trio_says_why() -> None:
    c = pirate_position()
    assert buttons(c) == ({"blow", "discard"}, {"blow"})
    assert c.click_card(0, 2).kind == "select" and c.click_card(0, 3).kind == "select"
    refused = c.click_card(0, 4)  # two red map cards
    assert refused.kind == "notice" and "2 red map cards" in refused.reason
    assert c.selected == [2, 3, 4]
    assert c.click_card(0, 5).reason.startswith("three cards are chosen already")
    assert c.click_card(0, 2).kind == "select" and c.click_card(0, 5).kind == "select"
    assert c.selected == [3, 4, 5] and "discard" in buttons(c)[1]
    assert c.discard().moves == (Discard((3, 4, 5)),)


def test_after_the_discard_an_opponents_card_is_the_target_of_steal() -> None:
    c = pirate_position()
    assert c.steal_click().reason == "click an opponent's card first, then press Steal"
    c.apply(lambda: c.state.play("discard 3 4 5"))
    assert buttons(c) == ({"blow", "steal", "double"}, {"double"})
    own = c.click_card(0, 2)
    assert own.reason.startswith("you have discarded") and own.rule == rules.PIRATE
    assert c.click_card(1, 8).kind == "select" and c.target == (1, 8)
    assert "steal" in buttons(c)[1]
    assert c.steal_click().moves == (Steal(1, 8),)
    c.forget()
    assert c.target is None and c.selected == []


def test_an_opponents_card_before_a_discard_is_refused() -> None:
    c = pirate_position()
    refused = c.click_card(1, 7)
    assert refused.kind == "notice" and "must first discard three cards" in refused.reason
    assert c.click_card(1, 99).reason == "Player 2 holds no card 99"


def test_a_covered_card_is_refused_and_its_covering_cards_are_outlined() -> None:
    c = SkeletonController(load_game("skeleton_island", players=2), {1: GreedyBot(seed=1)},
                           seed=1, auto_roll=True)
    c.advance()
    assert c.turn_problem() is None
    pile = c.state.pile
    covered = next(i for i in sorted(pile.cards) if not pile.is_uncovered(i)
                   and pile.card_at(pile.cards[i].x, pile.cards[i].y) == i)
    click = c.click((pile.cards[covered].x, pile.cards[covered].y))
    assert click.kind == "notice" and "is covered by" in click.reason and click.rule
    assert c.take_covering() == tuple(sorted(pile.above(covered)))
    assert c.take_covering() == ()
    assert c.hint_note(c.state, live=True) is None and c.ranking(c.state)
    assert c.hint_note(c.state, live=False) == "Hints are for the live position."
