"""Named levels of play for every game: Beginner, Casual and Strong, weakest first.

A level is a bot a student can seat, with a name and one line on how it plays. The
order is the ladders' (``python -m benchmarks ladder``; the README gives each level's
rating and its win rate against the level below):

* **Beginner** (``random``): :class:`~treasurekit.core.bots.RandomBot`;
* **Casual** (``greedy``): the game's ``GreedyBot``;
* **Strong** (``strong``): :class:`~treasurekit.core.rollout.RolloutBot` over the
  GreedyBot's best moves (:data:`STRONG_SETTINGS`), in Treasure Island (2018)
  :class:`~treasurekit.treasure_island_2018.strong.StrongBot` (the cunning Silver in
  Silver's seat, the GreedyBot in a pirate's).

>>> [level.name for level in levels("ahoy")]
['Beginner', 'Casual', 'Strong']
>>> level_bot("ahoy", "greedy", 3)
GreedyBot(seed=3)
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core.bots import Bot, RandomBot
from ..core.rollout import RolloutBot
from .play import ArenaError, BotFactory

__all__ = ["LEVELS", "STRONG_SETTINGS", "GreedyFactory", "Level", "RolloutSetting", "StrongFactory",
           "level_bot", "levels", "strong_factory"]


class RolloutSetting(NamedTuple):
    """A game's Strong level: a :class:`RolloutBot` with the game's GreedyBot as prior
    and playout bot."""

    candidates: int  #: GreedyBot's best moves tried
    time_limit: float  #: CPU seconds per decision
    #: futures stop after this many plies, scored by the game's ``bots.playout_value``
    #: (None: played to the end)
    playout_plies: int | None = None


#: Each game's Strong level (Treasure Island 2018 has no rollout: see StrongBot).
STRONG_SETTINGS: dict[str, RolloutSetting] = {
    "ahoy": RolloutSetting(3, 0.25),
    "treasure_island_2003": RolloutSetting(3, 0.45, 40),
    "sjorovaron": RolloutSetting(3, 0.45),
    "skeleton_island": RolloutSetting(3, 0.45, 40),
}


@dataclass(frozen=True)
class StrongFactory:
    """Builds a game's Strong bot with a seed (picklable, for worker processes; its
    ``repr`` names every setting, so resumed runs keep only games of the same bot)."""

    game: str
    setting: RolloutSetting | None = None

    def __call__(self, seed: int) -> Bot:
        module = importlib.import_module(f"treasurekit.{self.game}.bots")
        if self.setting is None:
            strong = importlib.import_module(f"treasurekit.{self.game}.strong")
            bot: Bot = strong.StrongBot(seed=seed)
            return bot
        cands, limit, plies = self.setting
        cut: dict[str, Any] = {}
        if plies is not None:
            cut = {"max_playout_plies": plies, "evaluate": module.playout_value}
        return RolloutBot(module.GreedyBot(seed=seed), module.GreedyBot, candidates=cands,
                          time_limit=limit, seed=seed, **cut)


def strong_factory(game: str) -> StrongFactory:
    """The factory of ``game``'s Strong level."""
    return StrongFactory(game, STRONG_SETTINGS.get(game))


@dataclass(frozen=True)
class Level:
    """One level: its app key, name, one line on how it plays, and its bot factory."""

    key: str
    name: str
    how: str
    factory: BotFactory

    def label(self) -> str:
        """The seat menus' text: ``"Casual bot: the best-looking move now, and why"``."""
        return f"{self.name} bot: {self.how}"


@dataclass(frozen=True)
class GreedyFactory:
    """Builds a game's ``GreedyBot`` with a seed (picklable, for worker processes)."""

    game: str

    def __call__(self, seed: int) -> Bot:
        module = importlib.import_module(f"treasurekit.{self.game}.bots")
        bot: Bot = module.GreedyBot(seed=seed)
        return bot


def _levels(game: str) -> tuple[Level, ...]:
    if game == "treasure_island_2018":
        strong = "as Silver hides and hints to win; as a pirate plays as Casual"
    else:
        setting = STRONG_SETTINGS[game]
        strong = (f"looks ahead: Casual's best {setting.candidates} moves tried in "
                  f"sampled futures ({setting.time_limit:g} s a move)")
    return (
        Level("random", "Beginner", "any legal move, at random", RandomBot),
        Level("greedy", "Casual", "the move that looks best right now", GreedyFactory(game)),
        Level("strong", "Strong", strong, strong_factory(game)),
    )


GAMES = ("ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
         "skeleton_island")

#: Every game's levels, weakest first.
LEVELS: dict[str, tuple[Level, ...]] = {game: _levels(game) for game in GAMES}


def levels(game: str) -> tuple[Level, ...]:
    """``game``'s levels, weakest first.

    Raises:
        ArenaError: unknown game.
    """
    if game not in LEVELS:
        raise ArenaError(f"unknown game {game!r}; choose one of {', '.join(LEVELS)}")
    return LEVELS[game]


def level_bot(game: str, key: str, seed: int) -> Bot:
    """A fresh bot of ``game``'s level ``key`` (``"random"``, ``"greedy"``, ``"strong"``).

    Raises:
        ArenaError: unknown game or level.
    """
    for level in levels(game):
        if level.key == key:
            return level.factory(seed)
    raise ArenaError(f"unknown level {key!r} for {game}; choose one of "
                     f"{', '.join(level.key for level in levels(game))}")
