"""Treasure Island (2003) benchmarks: playouts on both boards, checked moves, enclosure
detection, bots, the widget."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import treasurekit
from treasurekit.core import MCTSBot
from treasurekit.treasure_island_2003 import GreedyBot, Place
from treasurekit.treasure_island_2003.enclosure import enclosed_areas, placeable_squares

from .harness import Result, best_time, playouts

GAME = "treasure_island_2003"


def _game(board: str, players: int) -> Any:
    return treasurekit.load_game(GAME, board=board, players=players)


def _playouts(board: str, players: int, n: int, checked: bool = False) -> int:
    """Plies of ``n`` seeded random games (see :func:`harness.playouts`)."""
    return playouts(_game(board, players), n, checked, undoable=False)


def _placement_times(games: int) -> tuple[list[float], list[float]]:
    """Seconds per ``enclosed_areas`` call after each placement, and per
    ``placeable_squares`` call before it, in random 4-player games on the Large Board
    (the checks the engine makes at every placement and every throw)."""
    game = _game("large", 4)
    rng = random.Random(1)
    enclosure, placeable = [], []
    for seed in range(games):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                state.resolve_chance()
                continue
            move = rng.choice(state.legal_moves())
            if isinstance(move, Place):
                owner = list(state.position.owner)
                t0 = time.perf_counter()
                placeable_squares(state.board, owner, state.turn, numbers=state.usable)
                placeable.append(time.perf_counter() - t0)
                sq = state.board.square(move.square)
                owner[sq] = state.turn
                t0 = time.perf_counter()
                enclosed_areas(state.board, owner, state.turn, sq)
                enclosure.append(time.perf_counter() - t0)
            state.apply(move, undoable=False)
    return enclosure, placeable


def _midgame(players: int, plies: int = 120) -> Any:
    """A Large Board position after ``plies`` greedy plies, at a placement with at least
    three squares to choose from."""
    game = _game("large", players)
    state = game.new_initial_state(seed=3)
    bots = [GreedyBot(seed=p) for p in range(players)]
    while state.ply < plies or state.phase != "place" or len(state.legal_moves()) < 3:
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))
    return state


def run() -> list[Result]:
    results = []
    for board, players, n in (("large", 2, 16), ("large", 4, 16), ("small", 2, 24),
                              ("small", 4, 24)):
        plies = _playouts(board, players, 4)
        t = best_time(lambda b=board, p=players, n=n: _playouts(b, p, n), repeat=2)
        name = f"{board} board, {players} players"
        results.append(Result(GAME, f"random playouts, {name}", n / t, "games/s"))
        results.append(Result(GAME, f"moves in random playouts, {name}", plies / 4 * n / t,
                              "plies/s"))
    n = 4
    plies = _playouts("large", 4, n, checked=True)
    t = best_time(lambda: _playouts("large", 4, n, checked=True), repeat=2)
    results.append(Result(GAME, "checked moves from text (parse, check, play), large, 4p",
                          plies / t, "moves/s"))

    times, open_squares = _placement_times(4)
    results.append(Result(GAME, "enclosure detection per placement, large board (median)",
                          statistics.median(times) * 1e6, "µs"))
    results.append(Result(GAME, "enclosure detection per placement, large board (max)",
                          max(times) * 1e6, "µs"))
    results.append(Result(GAME, "squares open to the dice (placeable_squares), large (median)",
                          statistics.median(open_squares) * 1e6, "µs"))

    state = _midgame(4)
    greedy = GreedyBot(seed=0)
    t = best_time(lambda: [greedy.choose(state) for _ in range(20)], repeat=3)
    results.append(Result(GAME, "GreedyBot decision with explanation (placement, 4p)",
                          t / 20 * 1000, "ms"))
    two = _midgame(2)
    bot = MCTSBot(iterations=50, seed=0)
    t = best_time(lambda: bot.choose(two), repeat=2)
    results.append(Result(GAME, "MCTS simulations (2 players, random playouts to the end)",
                          50 / t, "sims/s"))
    results.append(Result(GAME, "MCTSBot(iterations=50) decision", t * 1000, "ms"))
    results.extend(_widget())
    return results


def _widget() -> list[Result]:
    try:
        from treasurekit_widgets import TreasureIslandBoard
    except ImportError:  # the widgets extra is not installed
        return []
    board = TreasureIslandBoard(players=4, board="large", seed=3)
    advisor = GreedyBot(seed=0)

    def one_turn() -> None:
        if board.state.is_terminal():
            board.new_game(seed=3)
        board.roll()
        while not board.state.is_chance_node() and not board.state.is_terminal():
            board.play(advisor.choose(board.state))

    t = best_time(lambda: [one_turn() for _ in range(10)], repeat=2)
    redraw = best_time(lambda: [board.refresh() for _ in range(20)], repeat=2)
    return [Result(GAME, "widget: human throw + decisions + 3 bot turns, redrawn",
                   t / 10 * 1000, "ms"),
            Result(GAME, "widget: one full redraw (board, panels, log)", redraw / 20 * 1000,
                   "ms")]
