"""Treasure Island (2018) benchmarks: the probability map after a hint, playouts (random
and bots), a map click turned into moves, the widget."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

import treasurekit
from treasurekit.treasure_island_2018 import (
    GreedyBot,
    SilverBot,
    clues_for,
    load_map,
)
from treasurekit.treasure_island_2018.posterior import _posterior_for

from .harness import Result, best_time, playouts

# posterior_for caches by view; time the computation itself
_uncached = getattr(_posterior_for, "__wrapped__", _posterior_for)

GAME = "treasure_island_2018"


def _bots(seed: int, players: int = 4) -> dict[int, Any]:
    bots: dict[int, Any] = {0: SilverBot(seed)}
    for p in range(1, players):
        bots[p] = GreedyBot(seed + p)
    return bots


def _bot_game(seed: int, players: int = 4) -> Any:
    game = treasurekit.load_game(GAME, players=players)
    state = game.new_initial_state(seed)
    bots = _bots(seed, players)
    while not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state.copy()))
    return state


def _random_playouts(n: int, players: int = 4) -> int:
    """``n`` seeded games of random legal moves (the documented legal_moves() sample)."""
    return playouts(treasurekit.load_game(GAME, players=players), n,
                    checked=True, text=False)


def _hint_times(states: list[Any]) -> tuple[list[float], list[float]]:
    """For every hint played in ``states``' games, the seconds p1's probability map takes:
    computed afresh from the view, and updated with the one new clue."""
    imap = load_map()
    fresh, update = [], []
    for final in states:
        s = final.copy()
        while s.ply:
            s.undo()
        seen = 0
        for move in final.history:
            s.play(move)
            if len(s.hints) > seen and s.current_player != treasurekit.CHANCE:
                seen = len(s.hints)
                view = s.view(1)
                t0 = time.perf_counter()
                post = _uncached(view, imap, 0.8, 0.1)
                fresh.append(time.perf_counter() - t0)
                clue = next((c for c in clues_for(view, imap)
                             if c.hint == s.hints[-1].number), None)
                if clue is None:  # PARROT: its clues are the districts it shows
                    continue
                t0 = time.perf_counter()
                post.updated(clue)
                update.append(time.perf_counter() - t0)
    return fresh, update


def run() -> list[Result]:
    results = []
    t0 = time.perf_counter()
    states = [_bot_game(seed) for seed in (1, 2)]  # fresh seeds: nothing cached yet
    t = time.perf_counter() - t0
    results.append(Result(GAME, "bot games (SilverBot + 3 GreedyBots) to the end",
                          t / len(states), "s/game"))
    results.append(Result(GAME, "moves in bot games", sum(s.ply for s in states) / t,
                          "plies/s"))
    plies = _random_playouts(2)
    t = best_time(lambda: _random_playouts(2), repeat=1)
    results.append(Result(GAME, "random playouts, 4 players (checked moves)", 2 / t,
                          "games/s"))
    results.append(Result(GAME, "moves in random playouts, 4 players", plies / t, "plies/s"))

    fresh, update = _hint_times(states)
    results.append(Result(GAME, "probability map after a hint, from the view (median)",
                          statistics.median(fresh) * 1000, "ms"))
    results.append(Result(GAME, "probability map after a hint, from the view (max)",
                          max(fresh) * 1000, "ms"))
    results.append(Result(GAME, "probability map updated with one hint (median)",
                          statistics.median(update) * 1000, "ms"))

    state = states[0].copy()
    while state.phase != "actions" or state.is_chance_node():
        state.undo()
    rng = random.Random(0)
    points = [(rng.uniform(0, 32), rng.uniform(0, 24)) for _ in range(50)]
    t = best_time(lambda: [state.moves_at(p) for p in points], repeat=3)
    results.append(Result(GAME, "map click -> legal moves there (moves_at)",
                          t / len(points) * 1000, "ms"))
    bot = GreedyBot(seed=0)
    _posterior_for.cache_clear()  # the game's own bot already mapped this view
    t0 = time.perf_counter()
    bot.choose(state.copy())
    t = time.perf_counter() - t0
    results.append(Result(GAME, "GreedyBot decision (probability map + candidates)",
                          t * 1000, "ms"))
    results.extend(_widget())
    return results


def _widget() -> list[Result]:
    try:
        from treasurekit_widgets import LongJohnBoard
    except ImportError:  # the widgets extra is not installed
        return []
    board = LongJohnBoard(players=4, seed=3)

    def click_and_ride() -> None:
        board.click_at(8.0, 11.0)
        board.decide("horse red 8,11")
        board.undo()

    t = best_time(lambda: [click_and_ride() for _ in range(3)], repeat=2)
    redraw = best_time(lambda: [board.refresh() for _ in range(5)], repeat=2)
    board.heat_toggle.value = False
    plain = best_time(lambda: [board.refresh() for _ in range(5)], repeat=2)
    return [Result(GAME, "widget: map click, choice, ride, bot turns, undo, redrawn",
                   t / 3 * 1000, "ms"),
            Result(GAME, "widget: one full redraw with the probability map (map cached)",
                   redraw / 5 * 1000, "ms"),
            Result(GAME, "widget: one full redraw without it", plain / 5 * 1000, "ms")]


if __name__ == "__main__":
    for r in run():
        print(r.row())
