"""Sjörövarön benchmarks: playouts, checked moves, walk enumeration, bots, exact odds,
the widget."""

from __future__ import annotations

from typing import Any

import treasurekit
from treasurekit.sjorovaron import SjoGame
from treasurekit.sjorovaron.analysis import drift_to_sea, raft_escape_chance
from treasurekit.sjorovaron.bots import GreedyBot

from .harness import Result, best_time, playouts

GAME = "sjorovaron"


def _playouts(players: int, n: int, checked: bool = False, greedy: bool = False) -> int:
    """Plies of ``n`` seeded games, random or between greedy bots (see
    :func:`harness.playouts`)."""
    def greedy_bots(_seed: int) -> list[GreedyBot]:
        return [GreedyBot(seed=p) for p in range(players)]

    game = treasurekit.load_game(GAME, players=players)
    return playouts(game, n, checked, undoable=False, bots=greedy_bots if greedy else None)


def _walk_enumeration() -> float:
    """Seconds to list every walk of a 6 from open land (o14), cache cleared each time."""
    game = SjoGame(players=2)

    def once() -> None:
        for _ in range(20):
            state = game.position({"hook": "o14", "svullo": "e12"}, die=6)
            state.reachable()

    return best_time(once, repeat=3) / 20


def _midgame() -> Any:
    state = treasurekit.load_game(GAME, players=4).new_initial_state(seed=3)
    bots = [GreedyBot(seed=p) for p in range(4)]
    while state.ply < 60 or state.phase != "start":
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))
    return state


def run() -> list[Result]:
    results = []
    for players, n in ((2, 20), (4, 20), (6, 10)):
        plies = _playouts(players, n)
        t = best_time(lambda p=players, n=n: _playouts(p, n), repeat=2)
        results.append(Result(GAME, f"random playouts, {players} players", n / t, "games/s"))
        results.append(Result(GAME, f"moves in random playouts, {players} players",
                              plies / t, "plies/s"))
    n = 5
    plies = _playouts(4, n, checked=True)
    t = best_time(lambda: _playouts(4, n, checked=True), repeat=2)
    results.append(Result(GAME, "checked moves from text (parse, check, play), 4p",
                          plies / t, "moves/s"))
    t = best_time(lambda: _playouts(4, 5, greedy=True), repeat=2)
    results.append(Result(GAME, "GreedyBot games, 4 players (to the end)", 5 / t, "games/s"))
    results.append(Result(GAME, "all walks of a 6 from open land (listed with paths)",
                          _walk_enumeration() * 1e6, "µs"))
    state = _midgame()
    greedy = GreedyBot(seed=0)
    t = best_time(lambda: [greedy.choose(state) for _ in range(20)], repeat=3)
    results.append(Result(GAME, "GreedyBot decision with explanation (turn start, 4p)",
                          t / 20 * 1000, "ms"))
    board = SjoGame(players=2).board
    t = best_time(lambda: drift_to_sea(board, "k9", 12), repeat=3)
    results.append(Result(GAME, "exact drift-to-sea chances, 12 turns from k9", t * 1000, "ms"))
    t = best_time(lambda: raft_escape_chance(board, "k8"), repeat=3)
    results.append(Result(GAME, "exact raft escape chance past the mortar", t * 1000, "ms"))
    results.extend(_widget())
    return results


def _widget() -> list[Result]:
    try:
        from treasurekit_widgets import SjoBoard
    except ImportError:  # the widgets extra is not installed
        return []
    board = SjoBoard(seed=3)

    def one_step() -> None:
        if board.state.is_terminal():
            board.new_game(seed=3)
        if board.state.is_chance_node():
            board.roll()
            return
        move = board.hint()
        if board.state.phase == "pick":
            board.pick_choice.value = move.pirate
        board.play(move)

    t = best_time(lambda: [one_step() for _ in range(30)], repeat=2)
    redraw = best_time(lambda: [board.refresh() for _ in range(20)], repeat=2)
    return [Result(GAME, "widget: one human step (roll or hinted move) + bot replies, redrawn",
                   t / 30 * 1000, "ms"),
            Result(GAME, "widget: one full redraw (map, panels, log)", redraw / 20 * 1000,
                   "ms")]
