"""MCTSBot's root candidates (issue 13 point 4): the search refines the playout bot's
best moves instead of trying most legal moves once."""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit
from treasurekit.core import MCTSBot
from treasurekit.sjorovaron.bots import GreedyBot as SjoGreedy


def _decision(seed: int = 4) -> treasurekit.core.State:  # type: ignore[type-arg]
    """A Sjörövarön position where the player to move has many legal moves."""
    state = treasurekit.load_game("sjorovaron", players=2).new_initial_state(seed)
    bots = [SjoGreedy(seed=1), SjoGreedy(seed=2)]
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        elif len(state.legal_moves()) > 6 and state.ply > 10:
            return state
        else:
            state.play(bots[state.current_player].choose(state))
    raise AssertionError("no decision with many moves")


def _scores(state: Any) -> dict[str, float]:
    """The GreedyBot's score of each legal move, by move text."""
    return {str(c.move): c.score for c in SjoGreedy(seed=9).explain(state)}


def _best(state: Any, k: int) -> list[float]:
    """The k best scores (the candidates' scores, whichever of equal moves are taken)."""
    return sorted(_scores(state).values(), reverse=True)[:k]


def test_mcts_candidates_needs_a_playout_bot_that_explains() -> None:
    with pytest.raises(ValueError, match="prior_bot or playout_bot with"):
        MCTSBot(candidates=3)
    with pytest.raises(ValueError, match="candidates must be"):
        MCTSBot(candidates=0, playout_bot=SjoGreedy())


def test_mcts_candidates_searches_only_the_greedy_best_moves() -> None:
    state = _decision()
    scores = _scores(state)
    bot = MCTSBot(iterations=6, seed=3, playout_bot=SjoGreedy(seed=9), candidates=3)
    roots = [str(m) for m in bot.root_moves(state)]
    assert [scores[t] for t in roots] == _best(state, 3)
    before = state.to_record()
    choice = bot.choose(state)
    assert scores[str(choice)] >= _best(state, 3)[-1]
    assert state.to_record() == before  # the search leaves the position alone
    assert bot.last_root is not None
    assert all(scores[t] >= _best(state, 3)[-1] for t in bot.last_root.children)
    assert sum(n.visits for n in bot.last_root.children.values()) == 6


def test_mcts_with_one_candidate_plays_the_greedy_move() -> None:
    state = _decision()
    bot = MCTSBot(iterations=5, seed=3, playout_bot=SjoGreedy(seed=9), candidates=1)
    assert _scores(state)[str(bot.choose(state))] == _best(state, 1)[0]


def test_mcts_candidates_from_a_prior_bot_with_random_playouts() -> None:
    state = _decision()
    scores = _scores(state)
    bot = MCTSBot(iterations=4, seed=3, prior_bot=SjoGreedy(seed=9), candidates=2,
                  max_playout_plies=50)
    assert bot.playout_bot is None
    assert [scores[str(m)] for m in bot.root_moves(state)] == _best(state, 2)
    assert scores[str(bot.choose(state))] >= _best(state, 2)[-1]


def test_mcts_candidates_break_the_prior_ties_at_random() -> None:
    # Moves the GreedyBot scores equal are taken in an order drawn by the MCTSBot's own
    # generator, so a tie is not always settled for the first move in legal-move order.
    state = _decision(4)
    scores = _scores(state)
    best = _best(state, 1)[0]
    tied = {t for t, v in scores.items() if v == best}
    assert len(tied) > 1, "the position should have a tie at the top"
    firsts = {str(MCTSBot(seed=s, playout_bot=SjoGreedy(seed=9), candidates=1)
                  .root_moves(state)[0]) for s in range(12)}
    assert len(firsts) > 1 and firsts <= tied


def test_mcts_prior_visits_needs_a_bot_that_explains() -> None:
    with pytest.raises(ValueError, match="prior_visits needs a prior_bot"):
        MCTSBot(prior_visits=2)
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="prior_visits must be"):
            MCTSBot(prior_visits=bad, playout_bot=SjoGreedy())  # type: ignore[arg-type]


def test_mcts_prior_visits_go_to_the_greedy_first_choice_only() -> None:
    state = _decision()
    bot = MCTSBot(iterations=6, seed=3, playout_bot=SjoGreedy(seed=9), candidates=3,
                  prior_visits=2)
    assert "prior_visits=2" in repr(bot)
    bot.choose(state)
    root = bot.last_root
    assert root is not None
    primed = [t for t, n in root.children.items() if n.virtual]
    assert len(primed) == 1 and root.children[primed[0]].virtual == 2
    first = primed[0]
    assert _scores(state)[first] == _best(state, 1)[0]
    # virtual visits are not simulations: the real visits still add up to the iterations
    assert sum(n.visits for n in root.children.values()) == 6
    rows = {str(c.move): c for c in bot.explain(state)}
    assert rows[first].reasons[0].endswith("(+2 prior)")


def test_mcts_prior_visits_keep_the_greedy_move_unless_playouts_outvote_it() -> None:
    # Three candidates each get one simulation before any is chosen twice, so with as
    # many virtual visits as simulations no other move can reach the first choice's count.
    state = _decision(3)  # the GreedyBot's best move is a point ahead of the next two
    best = _best(state, 1)[0]
    assert _best(state, 2)[1] < best
    chosen = [_scores(state)[str(MCTSBot(iterations=6, seed=s, playout_bot=SjoGreedy(seed=9),
                                         candidates=3, prior_visits=6).choose(state))]
              for s in range(6)]
    assert chosen == [best] * 6
    unprimed = [_scores(state)[str(MCTSBot(iterations=6, seed=s, playout_bot=SjoGreedy(seed=9),
                                           candidates=3).choose(state))] for s in range(6)]
    assert unprimed != [best] * 6  # without the prior the playouts do overturn it here


def test_mcts_prior_visits_without_candidates_search_every_legal_move() -> None:
    state = _decision()
    bot = MCTSBot(iterations=3, seed=3, prior_bot=SjoGreedy(seed=9), prior_visits=1,
                  max_playout_plies=30)
    assert len(bot.root_moves(state)) == len(state.legal_moves())
    assert bot.choose(state) in state.legal_moves()
