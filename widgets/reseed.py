"""Bots seeded by their game: every game a board deals gets bots seeded from its seed.

A board keeps each seat's bot as a template. The first game seats copies as given;
every game of another seed seats copies whose random generators are seeded from the
game's seed, the seat and the template's own seed (:func:`bot_seed`): a new game never
repeats a hidden setup that a bot chooses (Silver's burial), and a seed typed again
deals its game again.
"""

from __future__ import annotations

import copy
import hashlib
import random
from typing import Any

__all__ = ["bot_seed", "seeded_bot"]

#: Attributes through which a bot holds other bots (MCTS playouts and priors).
_INNER_BOTS = ("playout_bot", "prior_bot")


def bot_seed(game_seed: int, seat: int, own: object, part: str = "") -> int:
    """The seed of the bot at ``seat`` in the game of ``game_seed``: 63 bits of a SHA-256
    of the game's seed, the seat, ``own`` (the template bot's seed) and ``part`` (which
    bot inside it: ``"playout_bot"``...), so that no two seats, games or inner bots share
    a stream and the game's seed cannot be read back from a bot's."""
    key = f"treasurekit-bot:{game_seed}:{seat}:{own!r}:{part}"
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:8], "big") >> 1


def _reseed(bot: Any, game_seed: int, seat: int, part: str, seen: set[int]) -> None:
    if id(bot) in seen:
        return
    seen.add(id(bot))
    if isinstance(getattr(bot, "rng", None), random.Random):
        seed = bot_seed(game_seed, seat, getattr(bot, "seed", None), part)
        if hasattr(bot, "seed"):
            bot.seed = seed
        bot.rng = random.Random(seed)
    for name in _INNER_BOTS:
        inner = getattr(bot, name, None)
        if inner is not None:
            _reseed(inner, game_seed, seat, f"{part}/{name}", seen)


def seeded_bot(template: Any, game_seed: int, seat: int) -> Any:
    """A deep copy of bot ``template`` for seat ``seat`` of the game of ``game_seed``:
    its generator (``rng``, and ``seed``), and those of the bots it holds
    (``playout_bot``, ``prior_bot``), seeded by :func:`bot_seed`. A bot without a
    ``random.Random`` ``rng`` is copied as it is. ``"human"`` stays ``"human"``."""
    if isinstance(template, str):
        return template
    bot = copy.deepcopy(template)
    _reseed(bot, game_seed, seat, "", set())
    return bot
