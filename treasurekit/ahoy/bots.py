"""A greedy Ahoy bot that explains its choice."""

from __future__ import annotations

import random
from typing import Any

from ..core.bots import Candidate
from .moves import AhoyMove, Pass, Step
from .state import AhoyState

__all__ = ["GreedyBot"]


class GreedyBot:
    """Scores every legal move with a transparent heuristic and plays the best.

    The score adds up, with the reasons in words:
    reaching the island (+100 and +10 per point of the chest), falling into the water
    (the progress lost and 15 more; 60 in the cunning variant where the pirate is out),
    squares gained, covering an opponent's pirate (+8) or your own (-3), freeing
    your own pirate (+4) or an opponent's (-6), opponents' pirates 1-5 squares behind
    the landing square (-2 each: they may climb on top), unplanked water in the next
    five squares (-1 each). Ties are broken by the bot's seeded generator.

    >>> import treasurekit
    >>> s = treasurekit.load_game("ahoy").new_initial_state(seed=3)
    >>> _ = s.play("roll ship")
    >>> str(GreedyBot(seed=0).choose(s))
    'move start 4'
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def choose(self, state: Any) -> AhoyMove:
        ranked = self.explain(state)
        best = [c for c in ranked if c.score == ranked[0].score]
        move: AhoyMove = self.rng.choice(best).move
        return move

    def explain(self, state: AhoyState) -> list[Candidate]:
        """Every legal move with its score and reasons, best first."""
        rows = [self._score(state, m) for m in state.legal_moves()]
        return sorted(rows, key=lambda c: -c.score)

    def _score(self, state: AhoyState, move: AhoyMove) -> Candidate:
        if isinstance(move, Pass) or not isinstance(move, Step):
            return Candidate(move, 0.0, ("no pirate can move",))
        seat = state.current_player
        board = state.board
        island = board.island_square
        target = state.target(move.source, move.steps)
        assert target is not None
        score = 0.0
        why: list[str] = []
        if target == island:
            number = state.chests.index(None) + 1
            value = board.chests[number - 1].value
            score += 100 + 10 * value
            why.append(f"reaches the island: chest {number} worth {value}")
            return Candidate(move, score, tuple(why))
        if board.kinds[target] == "water" and target not in state.planks:
            loss = 60.0 if state.game.cunning else 15.0 + move.source
            why.append(f"falls into the water at {target} (-{loss:g})")
            return Candidate(move, -loss, tuple(why))
        gain = target - move.source
        score += gain
        why.append(f"+{gain} squares")
        below = state.pile(move.source, seat)[:-1] if move.source else ()
        if below:
            if below[-1] == seat:
                score += 4
                why.append("frees your pirate underneath (+4)")
            else:
                score -= 6
                why.append(f"frees {state.colour(below[-1])}'s pirate underneath (-6)")
        pile = state.pile(target)
        if pile:
            if pile[-1] == seat:
                score -= 3
                why.append("covers your own pirate (-3)")
            else:
                score += 8
                why.append(f"covers {state.colour(pile[-1])}'s pirate (+8)")
        threats = sum(
            1
            for d in range(1, 6)
            if target - d >= 1 and (p := state.pile(target - d)) and p[-1] != seat
        )
        threats += sum(
            1 for other in range(state.game.num_players)
            if other != seat and target <= 5 and state.pile(0, other)
        )
        if threats:
            score -= 2 * threats
            why.append(f"{threats} opposing pile(s) could climb on top (-{2 * threats})")
        water = sum(
            1 for s in range(target + 1, min(island, target + 6))
            if board.kinds[s] == "water" and s not in state.planks
        )
        if water:
            score -= water
            why.append(f"{water} open water square(s) ahead (-{water})")
        return Candidate(move, score, tuple(why))
