"""The strongest bot for any seat of Treasure Island (2018): :class:`StrongBot`.

Long John Silver's seat is played by the cunning :class:`~.silver_bot.SilverBot` (it
plays to win: burial, hints and answers scored by the danger they leave), a pirate's by
the :class:`~.bots.GreedyBot`. A pirate's search with playouts does not pay here: one
GreedyBot decision costs about 40 ms, so a budget of half a second holds about a dozen
of them, not a playout; MCTS with random playouts only ties the GreedyBot (README).
The GreedyBot itself plays Silver with the *truthful* SilverBot, so against it this bot
differs only in Silver's seat.

>>> bot = StrongBot(seed=1)
>>> bot.silver.policy, bot.pirate.silver.policy
('cunning', 'truthful')
"""

from __future__ import annotations

from typing import Any

from ..core.bots import Candidate
from .bots import GreedyBot
from .flow import SILVER
from .moves import TIMove
from .silver_bot import SilverBot
from .state import TIState

__all__ = ["StrongBot"]


class StrongBot:
    """Silver's seat: the cunning SilverBot; a pirate's seat: the GreedyBot.

    ``StrongBot(seed=1)``; ``explain(state)`` is the explanation of the bot playing the
    seat to move, best first.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.silver = SilverBot(seed=seed, policy="cunning")
        self.pirate = GreedyBot(seed=seed)

    def __repr__(self) -> str:
        return f"StrongBot(seed={self.seed})"

    def _bot(self, state: TIState) -> SilverBot | GreedyBot:
        return self.silver if state.current_player == SILVER else self.pirate

    def choose(self, state: Any) -> TIMove:
        return self._bot(state).choose(state)

    def explain(self, state: TIState) -> list[Candidate]:
        """The explanation of the SilverBot (Silver's seat) or GreedyBot (a pirate's)."""
        return self._bot(state).explain(state)
