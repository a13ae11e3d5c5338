"""Skeleton Island benchmarks: playouts, moves, the uncovered set, bots, exact odds, widget."""

from __future__ import annotations

import treasurekit
from treasurekit.core import MCTSBot
from treasurekit.skeleton_island import GreedyBot, SkeletonState, uncovered_cards
from treasurekit.skeleton_island.analysis import spread_uncovered, unknown_card
from treasurekit.skeleton_island.spread import spread_layout
from treasurekit.skeleton_island.studies import blow_study

from .harness import Result, best_time, playouts

GAME = "skeleton_island"


def _playouts(players: int, n: int, checked: bool = False) -> int:
    """Plies of ``n`` seeded random games (see :func:`harness.playouts`)."""
    return playouts(treasurekit.load_game(GAME, players=players), n, checked)


def _midgame(players: int = 3, ply: int = 100) -> SkeletonState:
    """A seeded game between greedy bots, stopped at a player's decision after ``ply``."""
    state = treasurekit.load_game(GAME, players=players).new_initial_state(seed=4)
    bots = [GreedyBot(seed=p) for p in range(players)]
    while state.ply < ply or state.is_chance_node():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))
    assert isinstance(state, SkeletonState)
    return state


def run() -> list[Result]:
    results = []
    for players in (2, 4):
        n = 40
        plies = _playouts(players, 5)
        t = best_time(lambda p=players, n=n: _playouts(p, n), repeat=2)
        results.append(Result(GAME, f"random playouts, {players} players", n / t, "games/s"))
        results.append(
            Result(GAME, f"moves in random playouts, {players} players", plies / 5 * n / t,
                   "plies/s")
        )
    n = 10
    plies = _playouts(3, n, checked=True)
    t = best_time(lambda: _playouts(3, n, checked=True), repeat=2)
    results.append(Result(GAME, "checked moves from text (parse, check, play)", plies / t,
                          "moves/s"))

    deck = treasurekit.load_game(GAME).deck
    cards = list(spread_layout(7, deck.total, deck.spread_radius_cm, deck.size_cm)
                 .cards.values())
    t = best_time(lambda: [uncovered_cards(cards, deck.size_cm) for _ in range(50)], repeat=3)
    results.append(Result(GAME, "uncovered set of 49 cards from scratch (shapely)", t / 50 * 1000,
                          "ms"))

    t = best_time(lambda: spread_uncovered(), repeat=2)
    results.append(Result(GAME, "exact uncovered cards over all 1000 spreads (vectorised)",
                          t * 1000, "ms"))
    t = best_time(lambda: blow_study(games=10, seed=0, players=3), repeat=1)
    results.append(Result(GAME, "blow study, 3 greedy bots (as in the notebook)", 10 / t,
                          "games/s"))

    mid = _midgame()
    greedy = GreedyBot(seed=0)
    t = best_time(lambda: [greedy.choose(mid) for _ in range(20)], repeat=3)
    results.append(Result(GAME, "GreedyBot decision with explanation (mid-game)", t / 20 * 1000,
                          "ms"))
    start = treasurekit.load_game(GAME, players=3).new_initial_state(seed=1)
    while start.is_chance_node():
        start.resolve_chance()
    bot = MCTSBot(iterations=50, seed=0)
    t = best_time(lambda: bot.choose(start), repeat=2)
    results.append(Result(GAME, "MCTS simulations (3 players, after the spread)", 50 / t,
                          "sims/s"))
    results.append(Result(GAME, "MCTSBot(iterations=50) decision", t * 1000, "ms"))
    t = best_time(lambda: [unknown_card(mid) for _ in range(100)], repeat=3)
    results.append(Result(GAME, "exact distribution of a face-down card", t / 100 * 1000, "ms"))
    results.extend(_widget())
    return results


def _widget() -> list[Result]:
    try:
        from treasurekit_widgets import SkeletonBoard
    except ImportError:  # the widgets extra is not installed
        return []
    board = SkeletonBoard(players=3, seed=3)

    def one_turn() -> None:
        if board.state.is_terminal():
            board.new_game(seed=3)
        board.play(f"take {board.state.uncovered()[0]}")
        board.play("keep")

    t = best_time(lambda: [one_turn() for _ in range(10)], repeat=2)
    return [Result(GAME, "widget: take + keep + 2 bot turns, redrawn", t / 10 * 1000, "ms")]
