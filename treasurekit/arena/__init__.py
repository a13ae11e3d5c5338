"""The arena: seeded games between bots, their statistics, ratings and ladders.

>>> from treasurekit.arena import play_games, summarize
>>> from treasurekit import RandomBot
>>> rows = play_games("ahoy", {"a": RandomBot, "b": RandomBot}, games=4, progress=False)
>>> [s.trials for s in summarize(rows)]
[4, 4]

Modules: :mod:`~treasurekit.arena.play` (playing a batch: seats, seeds, what a win is),
:mod:`~treasurekit.arena.stats` (win rates and mean scores with 95% intervals),
:mod:`~treasurekit.arena.rating` (Bradley-Terry ratings), :mod:`~treasurekit.arena.ladder`
(round robins and every game's ladder).
"""

from .ladder import MCTS_SETTINGS, RoundRobin, ladder, ladder_bots, round_robin
from .play import ArenaError, BotFactory, GameResult, play_game, play_games, seating
from .rating import Rating, bradley_terry, pairwise_wins
from .stats import BotSummary, format_table, summarize

__all__ = [
    "MCTS_SETTINGS",
    "ArenaError",
    "BotFactory",
    "BotSummary",
    "GameResult",
    "Rating",
    "RoundRobin",
    "bradley_terry",
    "format_table",
    "ladder",
    "ladder_bots",
    "pairwise_wins",
    "play_game",
    "play_games",
    "round_robin",
    "seating",
    "summarize",
]
