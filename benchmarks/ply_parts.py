"""Where a checked action's time goes, beside tic-tac-toe's whole action:
``python -m benchmarks.ply_parts [GAMES] [--games N]``.

The checked random playout of ``benchmarks/openspiel.py`` (``state.play(rng.choice(
state.legal_moves()))``, chance by ``resolve_chance()``), played over N seeded games per
game and timed in parts, in microseconds of CPU time per action (chance included):

* **listing**: the rules list the legal moves (``State._offered``: generation, the
  game's own caches);
* **copies**: :meth:`~treasurekit.core.game.State.legal_moves` hands those moves out as
  fresh objects (``fresh_moves``, issue 23 point 7: nothing shared is mutable);
* **play**: the chosen move found among the offered ones and applied (the next position);
* **chance**: ``resolve_chance()`` at chance nodes;
* **collector**: the garbage collector's share (the same games untimed, with ``gc`` on
  minus off); the parts above are timed with it off, so that no collection is charged to
  the part that happened to allocate past its threshold.

The last columns set the game's whole action beside OpenSpiel's Python tic-tac-toe's, in
the same process, and say what is left for the rules (listing, play and chance) once the
contract's copies and the collector are paid: the budget the 1.0x goal of issue 25 point 7
leaves them. Moves per decision is the mean length of a legal-move list.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from dataclasses import dataclass

import treasurekit

from .harness import playouts
from .openspiel import GAMES, openspiel_runner

CLOCK = time.process_time


@dataclass
class Parts:
    """Microseconds of CPU per action, by part (see the module docstring)."""

    game: str
    actions: int
    moves_per_decision: float
    listing: float
    copies: float
    play: float
    chance: float
    collector: float

    @property
    def total(self) -> float:
        return self.listing + self.copies + self.play + self.chance + self.collector


def _timed_games(name: str, games: int) -> tuple[int, int, int, dict[str, float]]:
    game = treasurekit.load_game(name)
    rng = random.Random(0)
    spent = dict.fromkeys(("listing", "copies", "play", "chance"), 0.0)
    actions = decisions = listed = 0
    for seed in range(games):
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            actions += 1
            t0 = CLOCK()
            if state.is_chance_node():
                state.resolve_chance()
                spent["chance"] += CLOCK() - t0
                continue
            state._offered()  # the rules' list (kept for this position)
            t1 = CLOCK()
            moves = state.legal_moves()  # the kept list, handed out as fresh copies
            t2 = CLOCK()
            state.play(rng.choice(moves))
            t3 = CLOCK()
            spent["listing"] += t1 - t0
            spent["copies"] += t2 - t1
            spent["play"] += t3 - t2
            decisions += 1
            listed += len(moves)
    return actions, decisions, listed, spent


def _untimed(name: str, games: int) -> float:
    game = treasurekit.load_game(name)
    t0 = CLOCK()
    playouts(game, games, checked=True, text=False)
    return CLOCK() - t0


def measure(name: str, games: int = 20) -> Parts:
    """The parts of ``games`` seeded checked playouts of ``name`` (after one warm-up game)."""
    _untimed(name, 1)  # import-time and first-use tables out of the way
    gc.disable()  # the parts without collections (one would land in whichever part
    try:          # allocated past the threshold: mostly the copies); the collector apart
        actions, decisions, listed, spent = _timed_games(name, games)
        without_gc = _untimed(name, games)
    finally:
        gc.enable()
    with_gc = _untimed(name, games)
    us = 1e6 / actions
    return Parts(name, actions, listed / max(decisions, 1), spent["listing"] * us,
                 spent["copies"] * us, spent["play"] * us, spent["chance"] * us,
                 max(with_gc - without_gc, 0.0) * us)


def tic_tac_toe_us(seconds: float = 2.0) -> float:
    """OpenSpiel's Python tic-tac-toe: CPU microseconds per random-playout action."""
    import pyspiel
    from open_spiel.python import games as _python_games  # noqa: F401  (registers them)

    runner = openspiel_runner("tic-tac-toe", pyspiel.load_game("python_tic_tac_toe"))
    runner.run(seconds)
    return 1e6 / runner.rate


def table(games: tuple[str, ...] = GAMES, n: int = 20) -> list[str]:
    ttt = tic_tac_toe_us()
    lines = [
        f"OpenSpiel Python tic-tac-toe, same process: {ttt:.1f} µs per action.",
        "",
        "| game | moves per decision | listing | copies | play | chance | collector "
        "| whole action | its CPU ÷ tic-tac-toe's | left for the rules at 1.0x |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name in games:
        p = measure(name, n)
        left = ttt - p.copies - p.collector
        lines.append(
            f"| {name} | {p.moves_per_decision:.1f} | {p.listing:.1f} | {p.copies:.1f} | "
            f"{p.play:.1f} | {p.chance:.1f} | {p.collector:.1f} | {p.total:.1f} | "
            f"{p.total / ttt:.2f} | {left:.1f} µs (now {p.listing + p.play + p.chance:.1f}) |")
    ttt_after = tic_tac_toe_us()
    lines.append("")
    lines.append(f"Tic-tac-toe again after the games: {ttt_after:.1f} µs per action.")
    return lines


def main(argv: list[str]) -> None:
    n = 20
    if "--games" in argv:
        i = argv.index("--games")
        n = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    unknown = [g for g in argv if g not in GAMES]
    if unknown:
        raise SystemExit(f"unknown game(s) {unknown}; choose from {', '.join(GAMES)}")
    print("\n".join(table(tuple(argv) or GAMES, n)))


if __name__ == "__main__":
    main(sys.argv[1:])
