"""The soak: thousands of seeded games of every game and option set, with mixed bots,
checking the engine contract (docs/architecture.md §2) at every ply.

``make soak`` runs ``python -m benchmarks.soak`` (1,000 games per game and option set, in
parallel with joblib, a tqdm progress bar); ``tests/test_soak.py`` runs a smaller one in
``make test``. It prints the games and plies played per game and option set and every
exception with the game, options, seed, bots and the record to reproduce it, and exits
non-zero if there was any.

Checked at every ply: the seat to move is a seat or chance; the legal moves are
non-empty, distinct, and a sample of them round-trips through its text and is legal;
chance probabilities are positive ``Fraction``\\ s summing to exactly 1; the view of the
seat to move builds (every seat's view on sampled plies); the chosen move is played as
text (parsed and checked), undone, the position compared and played again; the game
ends within :data:`MAX_PLIES`; the outcome names top-scoring winners. Sampled (one game
in :data:`HEAVY_EVERY`): a copy played on leaves the original untouched, and the final
record survives JSON and replays to the same position.

Bots are mixed by seed so that most games stay fast (:func:`seats`): mostly
``RandomBot``, one game in 5 (40 in Treasure Island 2018) with the game's ``GreedyBot``
in every other seat, one in 50 with an ``MCTSBot`` at a few iterations, and in Treasure
Island (2018) a ``SilverBot`` in seat 0 one game in 16.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import random
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import treasurekit
from treasurekit.core import CHANCE, GameRecord, RandomBot, State
from treasurekit.core.bots import MCTSBot

#: Representative option sets per game: the defaults, then sets that together cover every
#: alternative of every choice option and the range of player counts (file options such
#: as custom boards are left to the data tests and the fuzzing).
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "ahoy": [
        {},
        {"players": 3, "variant": "cunning", "first_player": 2},
        {"players": 4, "overshoot": "bounce", "first_player": 3},
        {"players": 2, "variant": "cunning", "overshoot": "bounce", "first_player": 1},
    ],
    "treasure_island_2003": [
        {},
        {"players": 4, "board": "small", "cannons": "optional", "first_player": 3},
        {"players": 6, "stolen_protection": "same_chest", "cannons": "optional"},
    ],
    "treasure_island_2018": [
        {},
        {"players": 2, "escape_day": 19, "characters": "ben", "escape_rounds": 3},
        {"players": 5, "escape_day": 17, "characters": "charlotte,olivier,ben,anne",
         "escape_rounds": None},
    ],
    "sjorovaron": [
        {},
        {"players": 2, "hit_faces": 1, "line_blockers": "all", "return_to_start": True,
         "max_rounds": 0},
        {"players": 6, "hit_faces": 4, "sea_push": "no", "extra_rule": False,
         "max_rounds": 30},
    ],
    "skeleton_island": [
        {},
        {"players": 3, "steal": "blind", "used_maps": "kept", "first_player": 2},
        {"players": 4, "tie_break": "shared", "first_player": 3},
    ],
}

#: One game in this many has GreedyBots (in every other seat), per game; 5 if not listed.
#: Treasure Island (2018)'s GreedyBot computes a probability map per decision: rarer.
GREEDY_EVERY = {"treasure_island_2018": 40}
#: One game in this many has an MCTSBot in one seat.
MCTS_EVERY = 50
#: One Treasure Island (2018) game in this many has SilverBot in seat 0.
SILVER_EVERY = 16
#: The soak's MCTSBot: a few iterations with short random playouts (it is the search
#: code and the determinization that are exercised, not the play).
MCTS_ITERATIONS = 4
MCTS_PLAYOUT_PLIES = 40
#: A game longer than this many plies counts as not terminating.
MAX_PLIES = 20_000
#: Legal moves checked per ply (round-trip and legality): all of them up to this many,
#: else a seeded sample of this size.
MOVES_CHECKED = 3
#: One game in this many gets the heavy checks (copy independence, record round-trip).
HEAVY_EVERY = 10
#: Every seat's view is built every this many plies (the mover's view every ply).
ALL_VIEWS_EVERY = 10
#: The board text is compared after undo every this many plies (the snapshot every ply).
TEXT_EVERY = 10
#: Games per joblib task (amortizes the process round trip).
CHUNK = 10


@dataclass
class Failure:
    """One exception: what to run to reproduce it."""

    game: str
    options: dict[str, Any]
    seed: int
    bots: list[str]
    ply: int
    error: str
    traceback: str
    record: str

    def describe(self) -> str:
        return (
            f"{self.game} {self.options} seed={self.seed} ply={self.ply} bots={self.bots}\n"
            f"  {self.error}\n  record: {self.record}"
        )


@dataclass
class Tally:
    """Games, plies, CPU seconds and failures of one game and option set."""

    game: str
    options: dict[str, Any]
    games: int = 0
    plies: int = 0
    seconds: float = 0.0
    failures: list[Failure] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.plies += other.plies
        self.seconds += other.seconds
        self.failures += other.failures


class ContractError(AssertionError):
    """The engine broke its contract (docs/architecture.md §2)."""


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise ContractError(what)


def seats(game: Any, seed: int) -> list[Any]:
    """The bots of seeded game ``seed``, seat by seat, mixed by seed.

    Mostly :class:`RandomBot`. When ``seed % GREEDY_EVERY == 1`` (per game, see
    :data:`GREEDY_EVERY`) the game's ``GreedyBot`` takes every other seat; when
    ``seed % MCTS_EVERY == 3`` one seat gets an ``MCTSBot`` at :data:`MCTS_ITERATIONS`
    iterations (random playouts capped at :data:`MCTS_PLAYOUT_PLIES` plies); in Treasure
    Island (2018) a ``SilverBot`` plays seat 0 when ``seed % SILVER_EVERY == 0``.
    """
    n = game.num_players
    module = importlib.import_module(f"treasurekit.{game.name}.bots")
    bots: list[Any] = [RandomBot(seed * 10 + p) for p in range(n)]
    if seed % GREEDY_EVERY.get(game.name, 5) == 1 and hasattr(module, "GreedyBot"):
        for p in range(seed % 2, n, 2):
            bots[p] = module.GreedyBot(seed=seed * 10 + p)
    if seed % MCTS_EVERY == 3:
        p = (seed // MCTS_EVERY) % n
        bots[p] = MCTSBot(iterations=MCTS_ITERATIONS, seed=seed,
                          max_playout_plies=MCTS_PLAYOUT_PLIES)
    if game.name == "treasure_island_2018" and seed % SILVER_EVERY == 0:
        bots[0] = module.SilverBot(seed=seed)
    return bots


def _fingerprint(state: State[Any], text: bool = True) -> tuple[Any, ...]:
    """What must be equal after an undo: the game's own snapshot (everything a move can
    change), the history, the seat to move and (if ``text``) the board text. The history is
    read as the state keeps it: ``state.history`` hands out a fresh copy of every move, and
    two of those a ply made a long game quadratic (Sjörövarön without a round limit: 400 s
    of the CI soak)."""
    return (state._snapshot(), tuple(state._history), state.current_player,
            str(state) if text else None)


def _sample(moves: Sequence[Any], rng: random.Random) -> Sequence[Any]:
    return moves if len(moves) <= MOVES_CHECKED else rng.sample(list(moves), MOVES_CHECKED)


def _check_ply(state: State[Any], rng: random.Random, ply: int) -> list[Any]:
    game = state.game
    player = state.current_player
    _check(player == CHANCE or 0 <= player < game.num_players, f"bad current player {player}")
    moves = state.legal_moves()
    _check(bool(moves), "a non-terminal state offers no move")
    texts = [str(m) for m in moves]
    _check(len(set(texts)) == len(texts), "legal moves are not distinct")
    for m in _sample(moves, rng):
        _check(game.parse_move(str(m)) == m, f"move {m!s} does not round-trip")
        problem = state.why_illegal(m)
        _check(problem is None, f"legal move {m!s} is refused: {problem}")
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        _check(all(isinstance(p, Fraction) and p > 0 for _, p in outcomes),
               "chance probabilities must be positive Fractions")
        total = sum((p for _, p in outcomes), Fraction(0))
        _check(total == 1, f"chance probabilities sum to {total}")
    else:
        _check(state.chance_outcomes() == [], "chance outcomes listed at a player's turn")
        state.view(player)
    if ply % ALL_VIEWS_EVERY == 0:
        for p in range(game.num_players):
            state.view(p)
    return moves


def _check_copy(state: State[Any], rng: random.Random) -> None:
    before = _fingerprint(state)
    twin = state.copy()
    _check(_fingerprint(twin) == before, "a copy differs from its original")
    for _ in range(20):
        if twin.is_terminal():
            break
        if twin.is_chance_node():
            twin.resolve_chance()
        else:
            twin.play(rng.choice(twin.legal_moves()))
    _check(_fingerprint(state) == before, "playing a copy changed the original")


def _check_end(state: State[Any], heavy: bool) -> None:
    game = state.game
    _check(state.legal_moves() == [], "a terminal state offers moves")
    outcome = state.outcome()
    _check(outcome is not None, "a terminal state has no outcome")
    assert outcome is not None
    _check(len(outcome.scores) == game.num_players, "one score per seat")
    _check(all(0 <= w < game.num_players for w in outcome.winners), "winners are seats")
    if outcome.winners:
        best = max(outcome.scores)
        _check(all(outcome.scores[w] == best for w in outcome.winners),
               "winners have the top score")
    if heavy:
        record = state.to_record()
        again = GameRecord.from_json(record.to_json())
        _check(again == record, "the record does not survive JSON")
        replayed = treasurekit.replay(again)
        _check(_fingerprint(replayed) == _fingerprint(state), "the replay differs")
        _check(replayed.outcome() == outcome, "the replay has another outcome")


def play_one(state: State[Any], bots: Sequence[Any] | None = None) -> int:
    """Play a fresh state to the end with the contract checked; return its plies.

    ``bots``: one per seat; default :func:`seats` for the state's seed.

    Raises whatever the engine raises, or :class:`ContractError`.
    """
    game, seed = state.game, state.seed
    bots = seats(game, seed) if bots is None else bots
    rng = random.Random(seed)
    heavy = seed % HEAVY_EVERY == 0
    copy_at = rng.randrange(40)
    while not state.is_terminal():
        ply = state.ply
        _check(ply < MAX_PLIES, f"the game did not end within {MAX_PLIES} plies")
        moves = _check_ply(state, rng, ply)
        if heavy and ply == copy_at:
            _check_copy(state, rng)
        before = _fingerprint(state, text=ply % TEXT_EVERY == 0)
        if state.is_chance_node():
            state.resolve_chance()
            move = state.history[-1]
            _check(move in moves, f"resolved chance outcome {move!s} is not listed")
        else:
            move = bots[state.current_player].choose(state)
            # continuous games list a sample of their moves (docs/architecture.md §2): a bot may
            # choose any move the geometry allows, and play() checks it
            problem = None if move in moves else state.why_illegal(move)
            _check(problem is None, f"bot chose {move!s}, an illegal move: {problem}")
            state.play(str(move))
        state.undo()
        _check(_fingerprint(state, text=ply % TEXT_EVERY == 0) == before,
               f"undo of {move!s} did not restore the position")
        state.play(move)
    _check_end(state, heavy)
    return state.ply


def play_chunk(name: str, options: dict[str, Any], seeds: Sequence[int]) -> Tally:
    """Play the seeded games ``seeds`` of one game and option set; collect failures."""
    tally = Tally(name, options)
    t0 = time.process_time()
    game = treasurekit.load_game(name, **options)
    for seed in seeds:
        state: State[Any] | None = None
        try:
            state = game.new_initial_state(seed=seed)
            tally.plies += play_one(state)
        except Exception as exc:
            tally.failures.append(Failure(
                game=name, options=options, seed=seed,
                bots=[repr(b) for b in seats(game, seed)],
                ply=state.ply if state is not None else 0,
                error=f"{type(exc).__name__}: {exc}",
                traceback="".join(traceback.format_exception(exc)[-6:]),
                record=state.to_record().to_json() if state is not None else "",
            ))
        tally.games += 1
    tally.seconds = time.process_time() - t0
    return tally


def option_sets(name: str) -> list[dict[str, Any]]:
    """The option sets soaked for game ``name``: its :data:`OPTION_SETS`, or the defaults
    alone for a registered game not listed there (a new game is soaked from the start)."""
    return OPTION_SETS.get(name, [{}])


def soaked_games() -> list[str]:
    """Every registered game: those of :data:`OPTION_SETS` first, in its order."""
    return [*OPTION_SETS, *(name for name in treasurekit.GAMES if name not in OPTION_SETS)]


def tasks(games: int, names: Sequence[str] | None = None,
          first_seed: int = 0) -> list[tuple[str, dict[str, Any], list[int]]]:
    """``(game, options, seeds)`` chunks of :data:`CHUNK` seeds, ``games`` seeds per game
    and option set, taken round-robin over the option sets (so an interrupted soak has
    played every set about equally)."""
    per_set: list[list[tuple[str, dict[str, Any], list[int]]]] = []
    seeds = list(range(first_seed, first_seed + games))
    for name in names or soaked_games():
        for options in option_sets(name):
            per_set.append([(name, options, seeds[i:i + CHUNK])
                            for i in range(0, games, CHUNK)])
    return [chunk for row in itertools.zip_longest(*per_set) for chunk in row if chunk]


def _key(name: str, options: dict[str, Any]) -> str:
    return f"{name} {json.dumps(options, sort_keys=True)}"


def soak(games: int, jobs: int = 2, names: Sequence[str] | None = None,
         progress: bool = True, first_seed: int = 0, log: str | None = None,
         ) -> dict[str, Tally]:
    """Play ``games`` seeded games per game and option set on ``jobs`` processes.

    ``log``: a file to which one JSON line per finished chunk is appended (games, plies,
    failures so far), so an interrupted soak still gives its figures.

    Returns:
        ``{"game {options}": Tally}`` in the order of :func:`soaked_games`.
    """
    from joblib import Parallel, delayed  # type: ignore[import-untyped]
    from tqdm.auto import tqdm

    todo = tasks(games, names, first_seed)
    out: dict[str, Tally] = {_key(n, o): Tally(n, o) for n, o, _ in tasks(1, names)}
    total = sum(len(s) for _, _, s in todo)
    runner = Parallel(n_jobs=jobs, return_as="generator_unordered", batch_size=1)
    with tqdm(total=total, unit="game", desc="soak", disable=not progress) as bar:
        for tally in runner(delayed(play_chunk)(n, o, s) for n, o, s in todo):
            out[_key(tally.game, tally.options)].add(tally)
            bar.update(tally.games)
            exceptions = sum(len(t.failures) for t in out.values())
            bar.set_postfix(exceptions=exceptions)
            if log:
                with open(log, "a") as fh:
                    fh.write(json.dumps({
                        "game": tally.game, "options": tally.options, "games": tally.games,
                        "plies": tally.plies, "cpu_s": round(tally.seconds, 2),
                        "failures": [vars(f) for f in tally.failures]}) + "\n")
    return out


def report(results: dict[str, Tally], wall: float | None = None) -> str:
    """The results as a markdown table, then every failure."""
    lines = ["| game | options | games | plies | exceptions | CPU s |", "|---|---|---|---|---|---|"]
    for t in results.values():
        opts = ", ".join(f"{k}={v!r}" for k, v in t.options.items()) or "defaults"
        lines.append(f"| {t.game} | {opts} | {t.games:,} | {t.plies:,} | {len(t.failures)} "
                     f"| {t.seconds:,.0f} |")
    games = sum(t.games for t in results.values())
    plies = sum(t.plies for t in results.values())
    failures = [f for t in results.values() for f in t.failures]
    lines.append(f"\n{games:,} games, {plies:,} plies, {len(failures)} exceptions"
                 + (f", {wall:,.0f} s wall time" if wall is not None else ""))
    for f in failures:
        lines += ["", f.describe(), f.traceback]
    return "\n".join(lines)


def from_log(path: str) -> dict[str, Tally]:
    """The tallies of the chunks a ``--log`` file records (e.g. of an interrupted soak)."""
    out: dict[str, Tally] = {}
    with open(path) as fh:
        for line in fh:
            row = json.loads(line)
            tally = Tally(row["game"], row["options"], row["games"], row["plies"],
                          row["cpu_s"], [Failure(**f) for f in row["failures"]])
            out.setdefault(_key(tally.game, tally.options),
                           Tally(tally.game, tally.options)).add(tally)
    order = {_key(n, o): i for i, (n, o, _) in enumerate(tasks(1))}
    return dict(sorted(out.items(), key=lambda kv: order.get(kv[0], len(order))))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.soak", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000,
                        help="seeded games per game and option set (default 1000)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--game", action="append", choices=sorted(soaked_games()),
                        help="only this game (repeatable)")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--out", help="also write the report to this file")
    parser.add_argument("--log", help="append one JSON line per finished chunk to this file")
    parser.add_argument("--from-log", metavar="LOG",
                        help="play nothing: report what a --log file records")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    if args.from_log:
        results = from_log(args.from_log)
        text = report(results)
    else:
        results = soak(args.games, args.jobs, args.game, first_seed=args.first_seed,
                       log=args.log)
        text = report(results, time.perf_counter() - t0)
    print(text)
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text + "\n")
    return 1 if any(t.failures for t in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
