"""The play apps' seat menus list each game's levels (issue 26 point 2): Human, then
Beginner, Casual and Strong, weakest first, each with one line on how it plays; a seat
set to a level gets that level's bot."""

from __future__ import annotations

import pytest

from treasurekit.arena.levels import levels
from treasurekit.core.rollout import RolloutBot
from treasurekit_widgets import HUMAN
from treasurekit_widgets.apps import APPS, play_app

ROLLOUT_GAMES = ["ahoy", "treasure_island_2003", "sjorovaron", "skeleton_island"]


@pytest.mark.parametrize("game", list(APPS))
def test_every_players_seat_menu_lists_the_levels_weakest_first(game: str) -> None:
    spec = APPS[game]
    seat = 1  # a player's seat in every game (seat 0 is Long John Silver in TI2018)
    options = spec.seat_options(seat)
    assert options[0][1] == HUMAN
    keys = [key for _, key in options[1:]]
    named = [lv for lv in levels(game) if lv.key in keys]
    assert keys == [lv.key for lv in named]  # in the levels' order, weakest first
    assert [lv.name for lv in named][:2] == ["Beginner", "Casual"]
    for (label, _), level in zip(options[1:], named, strict=True):
        assert label == level.label() and level.how in label and label.startswith(level.name)
    if game in ROLLOUT_GAMES:
        assert keys == ["random", "greedy", "strong"]


@pytest.mark.parametrize("game", ROLLOUT_GAMES)
def test_a_strong_seat_gets_the_rollout_search(game: str) -> None:
    app = play_app(game, seed=11)
    app.seat_picks[1].value = "strong"
    app.start()
    bot = app.board.seats[1]
    assert isinstance(bot, RolloutBot) and bot.time_limit is not None
    assert bot.time_limit <= 0.5


def test_ti2018_silvers_menu_names_the_strong_and_casual_silver() -> None:
    labels = dict((key, text) for text, key in APPS["treasure_island_2018"].seat_options(0))
    assert labels["silver"].startswith("Strong") and "cunning" in labels["silver"]
    assert labels["silver-honest"].startswith("Casual") and "honest" in labels["silver-honest"]
    assert "strong" not in dict(
        (key, text) for text, key in APPS["treasure_island_2018"].seat_options(1))
