"""Ahoy Treasures! benchmarks: playouts, moves, bots, exact analyses, widget update."""

from __future__ import annotations

import treasurekit
from treasurekit.ahoy import GreedyBot
from treasurekit.ahoy.analysis import LonePirate, roll_odds
from treasurekit.core import MCTSBot

from .harness import Result, best_time, playouts

GAME = "ahoy"


def _playouts(players: int, n: int, checked: bool = False) -> int:
    """Plies of ``n`` seeded random games (see :func:`harness.playouts`)."""
    return playouts(treasurekit.load_game(GAME, players=players), n, checked)


def run() -> list[Result]:
    results = []
    for players in (2, 4):
        n = 200
        plies = _playouts(players, 5)
        t = best_time(lambda p=players, n=n: _playouts(p, n), repeat=2)
        results.append(Result(GAME, f"random playouts, {players} players", n / t, "games/s"))
        results.append(
            Result(GAME, f"moves in random playouts, {players} players", plies / 5 * n / t,
                   "plies/s")
        )
    n = 50
    plies = _playouts(3, n, checked=True)
    t = best_time(lambda: _playouts(3, n, checked=True), repeat=2)
    results.append(Result(GAME, "checked moves from text (parse, check, play)", plies / t,
                          "moves/s"))

    state = treasurekit.load_game(GAME, players=3).new_initial_state(seed=1)
    state.play("roll 2")
    state.play("move start 2")
    state.play("roll ship")
    bot = MCTSBot(iterations=200, seed=0)
    t = best_time(lambda: bot.choose(state), repeat=2)
    results.append(Result(GAME, "MCTS simulations (3 players, from the first moves)", 200 / t,
                          "sims/s"))
    results.append(Result(GAME, "MCTSBot(iterations=200) decision", t * 1000, "ms"))
    heavy = MCTSBot(iterations=50, seed=0, playout_bot=GreedyBot(seed=0))
    t = best_time(lambda: heavy.choose(state), repeat=2)
    results.append(Result(GAME, "MCTSBot(50 iterations, greedy playouts) decision", t * 1000,
                          "ms"))
    greedy = GreedyBot(seed=0)
    t = best_time(lambda: [greedy.choose(state) for _ in range(100)], repeat=3)
    results.append(Result(GAME, "GreedyBot decision with explanation", t * 10, "ms"))

    # a fresh chain each time: a LonePirate caches its distributions
    t = best_time(lambda: LonePirate().reach_island_within(20), repeat=2)
    results.append(Result(GAME, "exact P(reach island within 20 turns)", t * 1000, "ms"))
    t = best_time(lambda: LonePirate().reach_island_within(30), repeat=2)
    results.append(Result(GAME, "exact P(reach island within 30 turns), as in the notebook",
                          t * 1000, "ms"))
    t = best_time(lambda: LonePirate().landing_chances(8), repeat=2)
    results.append(Result(GAME, "exact landing chance of all 21 squares, 8 turns", t * 1000,
                          "ms"))
    t = best_time(lambda: roll_odds(state), repeat=5)
    results.append(Result(GAME, "exact odds of the next roll", t * 1000, "ms"))
    results.extend(_widget())
    return results


def _widget() -> list[Result]:
    try:
        from treasurekit_widgets import AhoyBoard
    except ImportError:  # the widgets extra is not installed
        return []
    board = AhoyBoard(players=3, seed=3)

    def one_turn() -> None:
        if board.state.is_terminal():
            board.new_game(seed=3)
        board.roll()
        moves = board.state.legal_moves()
        board.play(moves[0])

    t = best_time(lambda: [one_turn() for _ in range(20)], repeat=2)
    return [Result(GAME, "widget: human roll + move + 2 bot turns, redrawn", t / 20 * 1000, "ms")]
