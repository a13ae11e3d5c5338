"""MCTSBot's playouts: whole games scored by the outcome, or short ones scored by the
game's ``evaluate`` (issue 13 point 4: heavier, less noisy playouts)."""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit
from treasurekit.core import MCTSBot, RandomBot


def _ahoy() -> Any:
    """An Ahoy position where the player to move has a choice."""
    state = treasurekit.load_game("ahoy", players=2).new_initial_state(3)
    bot = RandomBot(seed=2)
    while state.is_chance_node() or len(state.legal_moves()) < 2:
        state.resolve_chance() if state.is_chance_node() else state.play(bot.choose(state))
    return state


def test_mcts_evaluate_scores_only_the_playouts_stopped_unfinished() -> None:
    state = _ahoy()
    seen: list[int] = []

    def value(s: Any) -> tuple[float, ...]:
        assert not s.is_terminal()
        seen.append(s.ply)
        return (0.25, 0.75)

    bot = MCTSBot(iterations=8, seed=1, max_playout_plies=3, evaluate=value)
    bot.choose(state)
    assert len(seen) == 8
    root = bot.last_root
    assert root is not None
    me = state.current_player
    # every simulation came back with the evaluator's reward for the seat that moved
    assert sum(n.value for n in root.children.values()) == (0.25, 0.75)[me] * 8

    seen.clear()
    MCTSBot(iterations=4, seed=1, max_playout_plies=5000, evaluate=value).choose(state)
    assert seen == []  # whole games are scored by their outcome


@pytest.mark.parametrize(("options", "named"), [
    ({"iterations": 0}, "iterations must be a whole number of at least 1"),
    ({"iterations": 10.5}, "iterations must be a whole number"),
    ({"max_playout_plies": -5}, "max_playout_plies must be a whole number of at least 0"),
    ({"exploration": -1}, "exploration must be a number of at least 0"),
    ({"evaluate": 5}, "evaluate must be a function of the state"),
    ({"playout_bot": "greedy"}, "playout_bot must be a bot with choose"),
    ({"prior_bot": object()}, "prior_bot must be a bot with choose"),
])
def test_mcts_bad_options_are_named(options: dict[str, Any], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        MCTSBot(**options)


def test_mcts_evaluate_with_the_wrong_number_of_rewards_is_named() -> None:
    bot = MCTSBot(iterations=2, seed=1, max_playout_plies=1, evaluate=lambda s: (1.0,))
    with pytest.raises(ValueError, match="evaluate returned 1 rewards for a 2-seat game"):
        bot.choose(_ahoy())


def test_mcts_repr_names_its_playouts() -> None:
    from treasurekit.treasure_island_2003 import GreedyBot, playout_value

    bot = MCTSBot(iterations=16, seed=1, playout_bot=GreedyBot(seed=2), candidates=2,
                  max_playout_plies=40, evaluate=playout_value)
    assert repr(bot) == ("MCTSBot(iterations=16, seed=1, playout_bot=GreedyBot(seed=2), "
                         "candidates=2, max_playout_plies=40, evaluate=playout_value)")
