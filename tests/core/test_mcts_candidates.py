"""MCTSBot's root candidates (issue 13 point 4): the search refines the playout bot's
best moves instead of trying most legal moves once."""

from __future__ import annotations

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


def test_mcts_candidates_needs_a_playout_bot_that_explains() -> None:
    with pytest.raises(ValueError, match="prior_bot or playout_bot with"):
        MCTSBot(candidates=3)
    with pytest.raises(ValueError, match="candidates must be"):
        MCTSBot(candidates=0, playout_bot=SjoGreedy())


def test_mcts_candidates_searches_only_the_greedy_best_moves() -> None:
    state = _decision()
    ranked = [str(c.move) for c in SjoGreedy(seed=9).explain(state)]
    bot = MCTSBot(iterations=6, seed=3, playout_bot=SjoGreedy(seed=9), candidates=3)
    assert [str(m) for m in bot.root_moves(state)] == ranked[:3]
    before = state.to_record()
    choice = bot.choose(state)
    assert str(choice) in ranked[:3]
    assert state.to_record() == before  # the search leaves the position alone
    assert set(bot.last_root.children) <= set(ranked[:3])  # type: ignore[union-attr]
    assert sum(n.visits for n in bot.last_root.children.values()) == 6  # type: ignore[union-attr]


def test_mcts_with_one_candidate_plays_the_greedy_move() -> None:
    state = _decision()
    best = SjoGreedy(seed=9).explain(state)[0].move
    bot = MCTSBot(iterations=5, seed=3, playout_bot=SjoGreedy(seed=9), candidates=1)
    assert bot.choose(state) == best


def test_mcts_candidates_from_a_prior_bot_with_random_playouts() -> None:
    state = _decision()
    ranked = [str(c.move) for c in SjoGreedy(seed=9).explain(state)]
    bot = MCTSBot(iterations=4, seed=3, prior_bot=SjoGreedy(seed=9), candidates=2,
                  max_playout_plies=50)
    assert bot.playout_bot is None
    assert [str(m) for m in bot.root_moves(state)] == ranked[:2]
    assert str(bot.choose(state)) in ranked[:2]


def test_mcts_prior_visits_needs_a_bot_that_explains() -> None:
    with pytest.raises(ValueError, match="prior_visits needs a prior_bot"):
        MCTSBot(prior_visits=2)
    for bad in (-1, 1.5, True):
        with pytest.raises(ValueError, match="prior_visits must be"):
            MCTSBot(prior_visits=bad, playout_bot=SjoGreedy())  # type: ignore[arg-type]


def test_mcts_prior_visits_go_to_the_greedy_first_choice_only() -> None:
    state = _decision()
    first = str(SjoGreedy(seed=9).explain(state)[0].move)
    bot = MCTSBot(iterations=6, seed=3, playout_bot=SjoGreedy(seed=9), candidates=3,
                  prior_visits=2)
    assert "prior_visits=2" in repr(bot)
    bot.choose(state)
    root = bot.last_root
    assert root is not None
    assert {t: n.virtual for t, n in root.children.items()} == {
        t: (2 if t == first else 0) for t in root.children}
    # virtual visits are not simulations: the real visits still add up to the iterations
    assert sum(n.visits for n in root.children.values()) == 6
    rows = {str(c.move): c for c in bot.explain(state)}
    assert rows[first].reasons[0].endswith("(+2 prior)")


def test_mcts_prior_visits_keep_the_greedy_move_unless_playouts_outvote_it() -> None:
    # Three candidates each get one simulation before any is chosen twice, so with as
    # many virtual visits as simulations no other move can reach the first choice's count.
    state = _decision()
    first = SjoGreedy(seed=9).explain(state)[0].move
    chosen = {str(MCTSBot(iterations=6, seed=s, playout_bot=SjoGreedy(seed=9), candidates=3,
                          prior_visits=6).choose(state)) for s in range(4)}
    assert chosen == {str(first)}
    unprimed = {str(MCTSBot(iterations=6, seed=s, playout_bot=SjoGreedy(seed=9), candidates=3,
                            ).choose(state)) for s in range(4)}
    assert unprimed != {str(first)}  # without the prior the playouts do overturn it here


def test_mcts_prior_visits_without_candidates_search_every_legal_move() -> None:
    state = _decision()
    bot = MCTSBot(iterations=3, seed=3, prior_bot=SjoGreedy(seed=9), prior_visits=1,
                  max_playout_plies=30)
    assert len(bot.root_moves(state)) == len(state.legal_moves())
    assert bot.choose(state) in state.legal_moves()
