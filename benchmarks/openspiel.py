"""treasurekit beside OpenSpiel, in one interleaved run: ``python -m benchmarks openspiel``.

1. Random playouts: treasurekit's checked path (``state.play(rng.choice(state.legal_moves()))``,
   chance nodes resolved with ``resolve_chance()``) beside OpenSpiel's Python tic-tac-toe and
   Kuhn poker (``state.apply_action(rng.choice(state.legal_actions()))``, chance sampled from
   ``chance_outcomes()``). Every applied action counts, chance included. The contenders take
   turns in short slices, round after round, so machine load falls on all of them alike.
2. MCTS at a mid-game decision: treasurekit's ``MCTSBot`` beside OpenSpiel's Python
   ``MCTSBot`` (random-rollout evaluator, one rollout, no solver) playing the same game through
   ``treasurekit.openspiel``, from the same position with the same number of simulations,
   alternating, best of the rounds. OpenSpiel's bot searches the true state (it cannot
   determinize); treasurekit's resamples what the player to move cannot know at every
   simulation, which costs it a little.

Times are the process's CPU time (``time.process_time``), so other work on a shared machine
does not count against whichever contender it happens to overlap.

Goals (issue 12): playouts at least as many actions/s as tic-tac-toe; MCTSBot at least as
many simulations/s as OpenSpiel's on the same game, and at least 2,000/s on Ahoy and 200/s
on every other game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import treasurekit
from treasurekit.core import MCTSBot

GAMES = ("ahoy", "sjorovaron", "treasure_island_2003", "skeleton_island", "treasure_island_2018")
SLICE = 0.25  # seconds per contender per round (playouts)
ROUNDS = 8
MCTS_ROUNDS = 2
MCTS_PLY = 30  # the decision: the first player decision with a choice from this ply on
MCTS_GOAL = {"ahoy": 2000.0}
MCTS_GOAL_DEFAULT = 200.0


class Runner:
    """Plays random games back to back; ``run(seconds)`` returns (actions, elapsed)."""

    def __init__(self, label: str, new_game: Callable[[], Any], step: Callable[[Any], None],
                 done: Callable[[Any], bool]) -> None:
        self.label = label
        self.new_game = new_game
        self.step = step
        self.done = done
        self.state = new_game()
        self.actions = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        clock = time.process_time
        state, step, done = self.state, self.step, self.done
        n = 0
        t0 = clock()
        end = t0 + seconds
        while True:
            for _ in range(50):
                if done(state):
                    state = self.new_game()
                step(state)
                n += 1
            if clock() >= end:
                break
        self.elapsed += clock() - t0
        self.actions += n
        self.state = state

    @property
    def rate(self) -> float:
        return self.actions / self.elapsed if self.elapsed else 0.0


def treasurekit_runner(name: str, seed: int = 0) -> Runner:
    game = treasurekit.load_game(name)
    rng = random.Random(seed)
    seeds = iter(range(10**9))

    def step(state: Any) -> None:
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))

    return Runner(name, lambda: game.new_initial_state(next(seeds)), step,
                  lambda s: s.is_terminal())


def openspiel_runner(label: str, game: Any, seed: int = 0) -> Runner:
    rng = random.Random(seed)

    def step(state: Any) -> None:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))

    return Runner(label, game.new_initial_state, step, lambda s: s.is_terminal())


def mid_game(name: str, seed: int = 3) -> tuple[Any, list[str]]:
    """A seeded random position at a player's decision with a choice, and its move texts."""
    state = treasurekit.load_game(name).new_initial_state(seed)
    rng = random.Random(seed)
    while True:
        if state.is_terminal():
            raise RuntimeError(f"{name}: the seeded game ended before ply {MCTS_PLY}")
        if state.is_chance_node():
            state.resolve_chance()
            continue
        moves = state.legal_moves()
        if state.ply >= MCTS_PLY and len(moves) > 1:
            return state, [str(m) for m in state.history]
        state.play(rng.choice(moves))


def openspiel_position(name: str, texts: list[str], seed: int = 3) -> tuple[Any, Any]:
    """The OpenSpiel game and the same position, reached through action strings."""
    from treasurekit.openspiel import load

    game = load(name, seed=seed)
    state = game.new_initial_state()
    for text in texts:
        player = state.current_player()
        ids = {state.action_to_string(player, a): a for a in state.legal_actions()}
        state.apply_action(ids[text])
    return game, state


@dataclass
class MctsFigures:
    game: str
    iterations: int
    treasurekit: float  # simulations/s
    openspiel: float

    @property
    def ratio(self) -> float:
        return self.treasurekit / self.openspiel if self.openspiel else float("inf")

    @property
    def goal(self) -> float:
        return MCTS_GOAL.get(self.game, MCTS_GOAL_DEFAULT)


def _best(fn: Callable[[], object]) -> float:
    t0 = time.process_time()
    fn()
    return time.process_time() - t0


def mcts_figures(name: str, iterations: int) -> MctsFigures:
    import numpy as np
    from open_spiel.python.algorithms import mcts

    state, texts = mid_game(name)
    game, os_state = openspiel_position(name, texts)
    assert str(os_state) == str(state)
    tk_times, os_times = [], []
    for r in range(MCTS_ROUNDS):
        bot = MCTSBot(iterations=iterations, exploration=1.4, seed=r)
        tk_times.append(_best(lambda b=bot: b.choose(state)))
        os_bot = mcts.MCTSBot(
            game, uct_c=1.4, max_simulations=iterations,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(r)),
            solve=False, random_state=np.random.RandomState(r),
        )
        os_times.append(_best(lambda b=os_bot: b.step(os_state)))
    return MctsFigures(name, iterations, iterations / min(tk_times), iterations / min(os_times))


def openspiel_tic_tac_toe_mcts(iterations: int = 200) -> float:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_tic_tac_toe")
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, uct_c=1.4, max_simulations=iterations,
                       evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       solve=False, random_state=np.random.RandomState(0))
    return iterations / min(_best(lambda: bot.step(state)) for _ in range(MCTS_ROUNDS))


def playout_table(games: tuple[str, ...] = GAMES) -> tuple[list[str], dict[str, float]]:
    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401  (registers them)

    ttt = openspiel_runner("OpenSpiel Python tic-tac-toe", pyspiel.load_game("python_tic_tac_toe"))
    kuhn = openspiel_runner("OpenSpiel Python Kuhn poker", pyspiel.load_game("python_kuhn_poker"))
    runners = [ttt, kuhn, *(treasurekit_runner(g) for g in games)]
    for _ in range(ROUNDS):
        for runner in runners:
            runner.run(SLICE)
    lines = [
        "| game | treasurekit checked actions/s | ÷ OpenSpiel tic-tac-toe | ÷ OpenSpiel Kuhn poker "
        "| goal (≥ 1 × tic-tac-toe) |",
        "|---|---|---|---|---|",
    ]
    rates = {r.label: r.rate for r in runners}
    for r in runners[2:]:
        met = "met" if r.rate >= ttt.rate else "not met"
        lines.append(f"| {r.label} | {r.rate:,.0f} | {r.rate / ttt.rate:.2f} | "
                     f"{r.rate / kuhn.rate:.2f} | {met} |")
    lines.append(f"| (OpenSpiel Python tic-tac-toe) | {ttt.rate:,.0f} | 1.00 | "
                 f"{ttt.rate / kuhn.rate:.2f} | |")
    lines.append(f"| (OpenSpiel Python Kuhn poker) | {kuhn.rate:,.0f} | "
                 f"{kuhn.rate / ttt.rate:.2f} | 1.00 | |")
    return lines, rates


def mcts_table(games: tuple[str, ...] = GAMES) -> list[str]:
    lines = [
        "| game | simulations per decision | treasurekit MCTSBot sims/s | OpenSpiel MCTSBot "
        "(through the adapter) sims/s | ratio | goal ≥ 1× OpenSpiel | goal sims/s |",
        "|---|---|---|---|---|---|---|",
    ]
    for name in games:
        iterations = 200 if name == "ahoy" else 100
        f = mcts_figures(name, iterations)
        same = "met" if f.ratio >= 1.0 else "not met"
        fast = "met" if f.treasurekit >= f.goal else "not met"
        lines.append(f"| {name} | {iterations} | {f.treasurekit:,.0f} | {f.openspiel:,.0f} | "
                     f"{f.ratio:.2f} | {same} | ≥ {f.goal:,.0f}: {fast} |")
    ttt = openspiel_tic_tac_toe_mcts()
    lines.append(f"| (OpenSpiel Python tic-tac-toe, from the empty board) | 200 | | "
                 f"{ttt:,.0f} | | | |")
    return lines


def run(games: tuple[str, ...] = GAMES) -> str:
    """Both tables as a markdown section."""
    playouts, _ = playout_table(games)
    searches = mcts_table(games)
    return "\n".join([
        "## treasurekit beside OpenSpiel (`python -m benchmarks openspiel`)",
        "",
        "Random playouts, checked moves, one interleaved run "
        f"({ROUNDS} rounds of {SLICE} s slices per contender):",
        "",
        *playouts,
        "",
        f"MCTS at a mid-game decision (seed 3, first choice from ply {MCTS_PLY}), "
        f"same position and simulations, best of {MCTS_ROUNDS} alternating rounds:",
        "",
        *searches,
    ])
