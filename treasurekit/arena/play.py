"""Playing a batch of seeded games between bots, in parallel (joblib, or Dask).

Definitions used everywhere in the arena:

* **lineup**: the bot names in seat order for game 0 (seat 0 first). The number of
  players is the length of the lineup.
* **seat rotation**: in game ``i`` the bots of the unpinned seats move ``i`` seats up (the
  bot of unpinned seat ``k`` in game 0 sits in unpinned seat ``k + i`` modulo their
  number), so over a multiple of that number of games every bot sits in every seat
  equally often and none always has seat 0. A bot named in ``pinned`` keeps its seat
  (e.g. Long John Silver's seat 0 in Treasure Island 2018).
* **seeds**: game ``i`` is dealt with seed ``seed + i`` (every chance outcome comes from
  the game's own seeded stream), and the bot at seat ``s`` is built fresh by its factory
  with seed ``(seed + i) * 16 + s``. The results depend on nothing else: the same seeds
  give the same table whatever the number of jobs or the backend.
* **win**: a seat's share of the win, 1 shared equally among the winners
  (``Outcome.returns()``): a sole winner scores 1, each of two joint winners 1/2, and a
  game without a winner (e.g. Sjörövarön's round limit) gives every seat 0.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from ..core.bots import Bot
from ..core.registry import GAMES, load_game
from .resume import append_game, call_key, kept_games

__all__ = [
    "ArenaError",
    "BotFactory",
    "GameResult",
    "bot_seed",
    "check_bot",
    "play_game",
    "play_games",
    "run_calls",
    "seating",
]

#: A bot factory: takes a seed, returns a fresh bot, e.g. ``lambda seed: GreedyBot(seed=seed)``.
BotFactory = Callable[[int], Bot]

#: A game longer than this many plies stops the batch with an :class:`ArenaError`.
MAX_PLIES = 100_000


class ArenaError(ValueError):
    """Bad input to the arena (unknown bot or game, a lineup that does not fit...)."""


@dataclass(frozen=True)
class GameResult:
    """One finished game of a batch.

    Attributes:
        index: the game's number in the batch (0-based).
        seed: the game's seed.
        seats: the bot name at each seat.
        scores: each seat's final score (the game's own points, as floats).
        shares: each seat's share of the win (1 shared among the winners).
        plies: moves played, chance included (a ply is one roll of the dice or one move).
        termination: why the game ended, in the engine's words.
        seconds: CPU seconds the game took where it was played (not compared: two runs
            of the same seeds are equal whatever their speed).
        cpu: each seat's bot's CPU seconds in ``choose``, summed over the game (not
            compared).
        decisions: how many times each seat's bot chose a move (not compared).
        longest: each seat's bot's longest decision, CPU seconds (not compared).
    """

    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    shares: tuple[float, ...]
    plies: int
    termination: str
    seconds: float = field(default=0.0, compare=False)
    cpu: tuple[float, ...] = field(default=(), compare=False)
    decisions: tuple[int, ...] = field(default=(), compare=False)
    longest: tuple[float, ...] = field(default=(), compare=False)


def bot_seed(game_seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game dealt with ``game_seed``.

    >>> bot_seed(7, 2)
    114
    """
    return game_seed * 16 + seat


def seating(lineup: Sequence[str], index: int,
            pinned: Mapping[str, int] | None = None) -> tuple[str, ...]:
    """The bot name at each seat in game ``index`` (see the module's seat rotation).

    >>> seating(["a", "b", "c"], 1)
    ('c', 'a', 'b')
    >>> seating(["silver", "a", "b", "c"], 1, pinned={"silver": 0})
    ('silver', 'c', 'a', 'b')
    """
    pins = pinned or {}
    free = [s for s, name in enumerate(lineup) if name not in pins]
    out = list(lineup)
    n = len(free)
    for k, seat in enumerate(free):
        out[free[(k + index) % n]] = lineup[seat]
    return tuple(out)


def play_game(game_name: str, options: Mapping[str, Any],
              factories: Mapping[str, BotFactory], seats: Sequence[str],
              seed: int, index: int = 0) -> GameResult:
    """Play one seeded game to the end: chance from the game's seeded stream, each seat
    by a fresh bot built with :func:`bot_seed`.

    Raises:
        ArenaError: a bot is not a bot or is another game's (:func:`check_bot`), a bot
            returned an illegal move, or the game passed ``MAX_PLIES``.
    """
    start = time.process_time()
    game = load_game(game_name, **dict(options))
    state = game.new_initial_state(seed)
    bots = [factories[name](bot_seed(seed, s)) for s, name in enumerate(seats)]
    for name, bot in zip(seats, bots, strict=True):
        check_bot(game_name, name, bot)
    cpu = [0.0] * len(seats)
    longest = [0.0] * len(seats)
    decisions = [0] * len(seats)
    clock = time.process_time
    while not state.is_terminal():
        if state.ply >= MAX_PLIES:
            raise ArenaError(f"{game_name} seed {seed} did not end within {MAX_PLIES:,} plies")
        if state.is_chance_node():
            state.resolve_chance()
            continue
        seat = state.current_player
        t0 = clock()
        move = bots[seat].choose(state)
        spent = clock() - t0
        cpu[seat] += spent
        longest[seat] = max(longest[seat], spent)
        decisions[seat] += 1
        problem = state.why_illegal(move)
        if problem is not None:
            raise ArenaError(f"bot {seats[seat]!r} at seat {seat} chose the illegal move "
                             f"{move} at ply {state.ply} of {game_name} seed {seed}: {problem}")
        state.apply(state.parse_move(move))
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(index=index, seed=seed, seats=tuple(seats),
                      scores=tuple(float(x) for x in outcome.scores),
                      shares=outcome.returns(), plies=state.ply,
                      termination=outcome.termination,
                      seconds=time.process_time() - start, cpu=tuple(cpu),
                      decisions=tuple(decisions), longest=tuple(longest))


def check_batch(game_name: str, options: Mapping[str, Any], factories: Mapping[str, BotFactory],
           lineup: Sequence[str], pinned: Mapping[str, int], games: int, seed: int,
           jobs: int) -> dict[str, Any]:
    """Validate the input; return the game's options with ``players`` filled in."""
    if game_name not in GAMES:
        raise ArenaError(f"unknown game {game_name!r}; choose one of {', '.join(GAMES)}")
    if not factories:
        raise ArenaError("give at least one bot: {'name': factory taking a seed}")
    for name, factory in factories.items():
        if not isinstance(name, str) or not callable(factory):
            raise ArenaError(f"bot {name!r}: expected a name (text) and a factory taking a seed")
    unknown = [name for name in lineup if name not in factories]
    if unknown:
        raise ArenaError(f"unknown bot {unknown[0]!r} in the lineup; the bots are "
                         f"{', '.join(map(repr, factories))}")
    for name, seat in pinned.items():
        if name not in factories:
            raise ArenaError(f"unknown pinned bot {name!r}; the bots are "
                             f"{', '.join(map(repr, factories))}")
        if lineup.count(name) != 1 or lineup.index(name) != seat:
            raise ArenaError(f"pinned bot {name!r} must sit exactly once, at seat {seat}, in "
                             f"the lineup {list(lineup)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ArenaError(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ArenaError(f"seed must be a whole number of at least 0, not {seed!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs == 0 or jobs < -1:
        raise ArenaError(f"jobs must be a positive whole number or -1 (every core), not {jobs!r}")
    opts = dict(options)
    given = opts.get("players")
    if given is not None and given != len(lineup):
        raise ArenaError(f"option players={given!r} does not match the lineup of "
                         f"{len(lineup)} seats {list(lineup)}")
    game_cls = GAMES[game_name]
    if "players" in game_cls.OPTIONS:
        opts["players"] = len(lineup)
    try:
        game = load_game(game_name, **opts)
    except ValueError as exc:
        raise ArenaError(f"{game_name} cannot seat the lineup {list(lineup)}: {exc}") from exc
    if game.num_players != len(lineup):
        raise ArenaError(f"{game_name} has {game.num_players} seats; the lineup has "
                         f"{len(lineup)}: {list(lineup)}")
    return opts


def check_bot(game_name: str, name: str, bot: Any) -> None:
    """Refuse bot ``name`` (as its factory built it) if it is not a bot, or if it is
    another game's bot of this package (e.g. Skeleton Island's ``GreedyBot`` seated in
    Ahoy: it would score moves by the wrong rules).

    Raises:
        ArenaError: naming the bot and what is wrong with it.
    """
    if not callable(getattr(bot, "choose", None)):
        raise ArenaError(f"bot {name!r}: its factory returned {bot!r:.60}, not a bot with "
                         "choose(state)")
    home = type(bot).__module__.split(".")[:2]
    if home[0] != "treasurekit" or len(home) < 2:
        return  # the core's bots and the user's own play any game
    games_of = [g for g in GAMES if GAMES.module(g).split(".")[:2] == home]
    if games_of and game_name not in games_of:
        raise ArenaError(f"bot {name!r} is {games_of[0]}'s {type(bot).__name__} "
                         f"({type(bot).__module__}); it cannot play {game_name}: use "
                         f"treasurekit.{GAMES.module(game_name).split('.')[1]}'s bots "
                         "or the core's")


def play_games(game: str, bots: Mapping[str, BotFactory], *, games: int = 100,
               lineup: Sequence[str] | None = None, pinned: Mapping[str, int] | None = None,
               options: Mapping[str, Any] | None = None, seed: int = 0, jobs: int = 1,
               client: Any = None, progress: bool = True) -> list[GameResult]:
    """Play ``games`` seeded games of ``game`` between ``bots``; return them in order.

    Args:
        game: a registered game id, e.g. ``"ahoy"``.
        bots: name -> factory taking a seed and returning a fresh bot, e.g.
            ``{"greedy": lambda seed: GreedyBot(seed=seed), "random": RandomBot}``.
        games: how many games.
        lineup: the bot name at each seat in game 0 (a name may sit at several seats);
            default one seat per bot, in the order given. Its length is the number of
            players. Seats rotate from game to game (module docstring).
        pinned: bots that keep their seat, e.g. ``{"silver": 0}``.
        options: the game's options (``players`` is taken from the lineup).
        seed: game ``i`` is dealt with seed ``seed + i``.
        jobs: worker processes (joblib, loky backend); 1 plays in this process, -1 uses
            every core. Ignored when ``client`` is given.
        client: a ``distributed.Client``: the games run on its Dask cluster through
            joblib's Dask backend (``pip install 'treasurekit[dask]'``).
        progress: show a tqdm progress bar.

    Returns:
        One :class:`GameResult` per game, by game index: the same list whatever ``jobs``
        or ``client``.

    Raises:
        ArenaError: unknown game or bot name, a lineup the game cannot seat (too few or
            too many players), a bad ``games``, ``seed`` or ``jobs``, an illegal move by
            a bot.

    >>> from treasurekit.core.bots import RandomBot
    >>> rows = play_games("ahoy", {"a": RandomBot, "b": RandomBot}, games=2, progress=False)
    >>> [r.seats for r in rows]
    [('a', 'b'), ('b', 'a')]
    """
    lineup = list(bots) if lineup is None else list(lineup)
    pins = dict(pinned or {})
    opts = check_batch(game, options or {}, bots, lineup, pins, games, seed, jobs)
    calls = [(game, opts, bots, seating(lineup, i, pins), seed + i, i) for i in range(games)]
    return run_calls(calls, jobs=jobs, client=client, progress=progress, desc=f"{game} games")


def run_calls(calls: Sequence[tuple[Any, ...]], *, jobs: int = 1, client: Any = None,
              progress: bool = True, desc: str = "games",
              resume: str | os.PathLike[str] | None = None) -> list[GameResult]:
    """Run checked :func:`play_game` argument tuples (in this process, on ``jobs`` joblib
    workers, or on ``client``'s Dask cluster); return the results in the order given.

    ``resume``: a JSON-lines file (:mod:`.resume`) where every finished game is appended
    as it comes; the games already kept there are read back, not played again, so a run
    stopped part-way is finished later (or extended with more games)."""
    from tqdm.auto import tqdm

    kept = kept_games(resume)
    keys = [call_key(call) for call in calls] if resume is not None else []
    done: dict[int, GameResult] = {k: GameResult(**{**kept[key], "index": k})
                                   for k, key in enumerate(keys) if key in kept}
    todo = [(k, call) for k, call in enumerate(calls) if k not in done]
    bar = tqdm(total=len(calls), initial=len(done), unit="game", desc=desc,
               disable=not progress)
    try:
        if jobs == 1 and client is None:
            rows: Iterator[tuple[int, GameResult]] = (_numbered(k, c) for k, c in todo)
        else:
            rows = _parallel(todo, jobs, client, bar)
        for k, row in rows:
            done[k] = row
            if resume is not None:
                append_game(resume, keys[k], asdict(row))
            if jobs == 1 and client is None:
                bar.update(1)
        return [done[k] for k in range(len(calls))]
    finally:
        bar.close()


def _numbered(k: int, call: tuple[Any, ...]) -> tuple[int, GameResult]:
    return k, play_game(*call)


def _parallel(calls: list[tuple[int, tuple[Any, ...]]], jobs: int, client: Any, bar: Any,
              ) -> Iterator[tuple[int, GameResult]]:
    from joblib import Parallel, delayed, parallel_config  # type: ignore[import-untyped]

    config: contextlib.AbstractContextManager[Any]
    if client is not None:
        config = parallel_config(backend="dask", client=client)
        jobs = -1
    else:
        config = contextlib.nullcontext()
    with config:
        runner = Parallel(n_jobs=jobs, return_as="generator_unordered")
        for out in runner(delayed(_numbered)(k, call) for k, call in calls):
            bar.update(1)
            yield out
