"""Round robins and every game's bot ladder.

A **round robin** plays every pair of bots head to head: ``games_per_pair`` seeded
two-player games per pair, seats rotating (a pinned bot keeps its seat), then reports
each pair's head-to-head win rates with 95% intervals and a Bradley-Terry rating of
every bot (:mod:`treasurekit.arena.rating`). The pairs, in the order of
``itertools.combinations`` of the bot names, are dealt consecutive runs of seeds from
``seed`` onwards (each pair starts where the previous pair's games ended), so every pair
meets on new deals and the whole table is reproducible.

The **ladder** of a game is the round robin of its bundled bots: ``random``
(:class:`~treasurekit.core.bots.RandomBot`), ``greedy`` (the game's ``GreedyBot``),
``mcts`` (:class:`~treasurekit.core.bots.MCTSBot` with the iterations and playouts of
:data:`MCTS_SETTINGS`) and, in Treasure Island (2018), ``silver``
(:class:`~treasurekit.treasure_island_2018.bots.SilverBot`, pinned to Long John Silver's
seat 0; the other bots play Silver when they hold seat 0, ``greedy`` through a truthful
SilverBot).
"""

from __future__ import annotations

import importlib
import itertools
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..core.bots import Bot, MCTSBot, RandomBot
from ..core.stats import wilson_interval
from .levels import GreedyFactory, strong_factory
from .play import ArenaError, BotFactory, GameResult, check_batch, run_calls, seating
from .rating import Rating, bradley_terry, pairwise_wins
from .stats import BotSummary, summarize

__all__ = [
    "MCTS_SETTINGS",
    "GreedyFactory",
    "MCTSFactory",
    "RoundRobin",
    "ladder",
    "ladder_bots",
    "round_robin",
]


#: The ladder's slow bots: their pairs play ``mcts_games_per_pair`` games.
SLOW = frozenset({"mcts", "strong"})


@dataclass(frozen=True)
class MCTSFactory:
    """Builds an :class:`MCTSBot` with a seed; ``greedy_playouts`` gives it the game's
    ``GreedyBot`` (seeded alike) as its ``playout_bot``, and ``candidates`` searches only
    that many of the GreedyBot's best moves at the root; ``prior_visits`` gives the
    GreedyBot's first choice that many virtual visits (:class:`~treasurekit.core.MCTSBot`)."""

    game: str
    iterations: int
    greedy_playouts: bool = False
    candidates: int | None = None
    prior_visits: int = 0
    playout_plies: int | None = None

    def __call__(self, seed: int) -> Bot:
        greedy = GreedyFactory(self.game)(seed)
        ranks = self.candidates is not None or self.prior_visits > 0
        cut: dict[str, Any] = {}
        if self.playout_plies is not None:
            module = importlib.import_module(f"treasurekit.{self.game}.bots")
            cut = {"max_playout_plies": self.playout_plies, "evaluate": module.playout_value}
        return MCTSBot(iterations=self.iterations, seed=seed,
                       playout_bot=greedy if self.greedy_playouts else None,
                       candidates=self.candidates, prior_visits=self.prior_visits,
                       prior_bot=greedy if ranks else None, **cut)


@dataclass(frozen=True)
class SilverFactory:
    """Builds Treasure Island (2018)'s ``SilverBot`` with a seed."""

    def __call__(self, seed: int) -> Bot:
        from ..treasure_island_2018.bots import SilverBot

        return SilverBot(seed=seed)


class MCTSSetting(NamedTuple):
    """A game's ladder MCTSBot."""

    iterations: int  #: simulations per decision
    greedy_playouts: bool  #: the game's GreedyBot plays the playouts (else random moves)
    candidates: int | None  #: root moves from GreedyBot's ranking (None: every legal move)
    prior_visits: int = 0  #: virtual visits for GreedyBot's first choice at the root
    #: playouts stop after this many plies, scored by the game's ``bots.playout_value``
    #: (None: whole games)
    playout_plies: int | None = None


#: Each game's ladder MCTSBot (:class:`MCTSSetting`).
MCTS_SETTINGS: dict[str, MCTSSetting] = {
    "ahoy": MCTSSetting(30, True, 3),
    "treasure_island_2003": MCTSSetting(32, True, 2, playout_plies=40),
    "treasure_island_2018": MCTSSetting(16, False, 3),
    "sjorovaron": MCTSSetting(24, True, 2),
    "skeleton_island": MCTSSetting(16, True, 2, playout_plies=40),
}


def ladder_bots(game: str, iterations: int | None = None, greedy_playouts: bool | None = None,
                candidates: int | None = 0) -> dict[str, BotFactory]:
    """The factories of a game's ladder: ``random``, ``greedy``, ``mcts``, ``strong`` (and
    ``silver`` in Treasure Island 2018). ``iterations``, ``greedy_playouts`` and ``candidates``
    (``None``: every legal move; ``0``, the default: the game's setting) override
    :data:`MCTS_SETTINGS`.

    Raises:
        ArenaError: unknown game, ``iterations`` < 1 or ``candidates`` < 0.
    """
    if game not in MCTS_SETTINGS:
        raise ArenaError(f"unknown game {game!r}; choose one of {', '.join(MCTS_SETTINGS)}")
    its, heavy, cands, prior, plies = MCTS_SETTINGS[game]
    its = its if iterations is None else iterations
    heavy = heavy if greedy_playouts is None else greedy_playouts
    cands = cands if candidates == 0 else candidates
    if isinstance(its, bool) or not isinstance(its, int) or its < 1:
        raise ArenaError(f"iterations must be a whole number of at least 1, not {its!r}")
    if cands is not None and (isinstance(cands, bool) or not isinstance(cands, int)
                              or cands < 1):
        raise ArenaError(f"candidates must be None, 0 or a whole number, not {candidates!r}")
    bots: dict[str, BotFactory] = {
        "random": RandomBot,
        "greedy": GreedyFactory(game),
        "mcts": MCTSFactory(game, its, heavy, cands, prior, plies),
        "strong": strong_factory(game),
    }
    if game == "treasure_island_2018":
        bots["silver"] = SilverFactory()
    return bots


@dataclass(frozen=True)
class RoundRobin:
    """The games of a round robin and what they say.

    Attributes:
        game: the game id.
        names: the bots, in the order given.
        pairs: ``(a, b)`` -> the games of that pair, in order.
        ratings: one Bradley-Terry :class:`~treasurekit.arena.rating.Rating` per bot.
    """

    game: str
    names: tuple[str, ...]
    pairs: dict[tuple[str, str], list[GameResult]] = field(repr=False)
    ratings: tuple[Rating, ...]

    def head_to_head(self, a: str, b: str) -> BotSummary:
        """Bot ``a``'s results against ``b`` (win rate and mean score, 95% intervals).

        Raises:
            ArenaError: the pair did not play.
        """
        games = self.pairs.get((a, b)) or self.pairs.get((b, a))
        if not games:
            raise ArenaError(f"{a!r} and {b!r} did not play each other; the bots are "
                             f"{', '.join(map(repr, self.names))}")
        return next(s for s in summarize(games) if s.name == a)

    def score_rate(self, a: str, b: str) -> tuple[float, tuple[float, float]]:
        """Bot ``a``'s pairwise score against ``b``: (wins + half the ties) / games, where a
        tie is a game both ended with the same share (a shared win, or no winner), and its
        95% Wilson interval. Above 0.5 with the whole interval: ``a`` beats ``b``.

        Raises:
            ArenaError: the pair did not play.
        """
        games = self.pairs.get((a, b)) or self.pairs.get((b, a))
        if not games:
            raise ArenaError(f"{a!r} and {b!r} did not play each other")
        _, w = pairwise_wins(games, [a, b])
        n = float(w[0, 1] + w[1, 0])
        return float(w[0, 1]) / n, wilson_interval(float(w[0, 1]), round(n))

    def cpu_per_move(self, name: str) -> float:
        """Bot ``name``'s mean CPU seconds per decision over all its games (0.0 if it
        never chose a move; games kept without the per-seat figures do not count)."""
        cpu = moves = 0.0
        for r in self.results:
            for seat, who in enumerate(r.seats):
                if who == name and seat < len(r.decisions):
                    cpu += r.cpu[seat]
                    moves += r.decisions[seat]
        return cpu / moves if moves else 0.0

    def longest_move(self, name: str) -> float:
        """Bot ``name``'s longest decision over all its games, CPU seconds (0.0 if none
        was recorded)."""
        return max((r.longest[seat] for r in self.results for seat, who in enumerate(r.seats)
                    if who == name and seat < len(r.longest)), default=0.0)

    def verdict(self, a: str, b: str) -> str:
        """``"beats"``, ``"ties"`` or ``"loses to"``: whether ``a``'s pairwise score
        against ``b`` (:meth:`score_rate`) is above, around or below 0.5 with 95%
        confidence."""
        _, (lo, hi) = self.score_rate(a, b)
        return "beats" if lo > 0.5 else "loses to" if hi < 0.5 else "ties"

    @property
    def results(self) -> list[GameResult]:
        return [r for games in self.pairs.values() for r in games]

    def rating(self, name: str) -> Rating:
        return next(r for r in self.ratings if r.name == name)

    def table(self, cpu: bool = False) -> str:
        """A markdown table: each bot's rating, with ``cpu`` its mean CPU per move (it
        varies from run to run), then its win rate against each other bot (row against
        column, 95% Wilson interval)."""
        head = ("| bot | rating (95% CI) | " + ("CPU per move | " if cpu else "")
                + " | ".join(f"vs {n}" for n in self.names) + " |")
        lines = [head, "|---|---|" + ("---|" if cpu else "") + "---|" * len(self.names)]
        for a in self.names:
            r = self.rating(a)
            cells = []
            for b in self.names:
                if a == b:
                    cells.append("")
                    continue
                s = self.head_to_head(a, b)
                lo, hi = s.win_interval
                cells.append(f"{s.win_rate:.0%} ({lo:.0%}-{hi:.0%})")
            per = f"{_ms(self.cpu_per_move(a))} | " if cpu else ""
            lines.append(f"| {a} | {r.rating:.0f} ({r.interval[0]:.0f}-{r.interval[1]:.0f}) | "
                         f"{per}" + " | ".join(cells) + " |")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()


def _ms(seconds: float) -> str:
    """CPU per move in words: ``"0.31 s"``, ``"4.2 ms"``, ``"0.05 ms"``."""
    return f"{seconds:.2f} s" if seconds >= 0.1 else f"{seconds * 1000:.2g} ms"


def round_robin(game: str, bots: Mapping[str, BotFactory], *,
                games_per_pair: int | Mapping[tuple[str, str], int] = 20,
                pinned: Mapping[str, int] | None = None,
                options: Mapping[str, Any] | None = None, seed: int = 0, jobs: int = 1,
                client: Any = None, progress: bool = True, prior: float = 1.0,
                resume: str | os.PathLike[str] | None = None,
                pair_seeds: Mapping[tuple[str, str], int] | None = None) -> RoundRobin:
    """Every pair of ``bots`` head to head in ``games_per_pair`` seeded 2-player games.

    Args:
        game: a registered game id.
        bots: name -> factory taking a seed (at least two).
        games_per_pair: games per pair (even numbers give each bot each seat equally), or
            ``{(a, b): games}`` for every pair (in either order), e.g. fewer games for
            the pairs of a slow bot.
        pinned: bots that keep their seat, e.g. ``{"silver": 0}``.
        options: the game's options (``players`` is 2).
        seed, jobs, client, progress: as for :func:`~treasurekit.arena.play.play_games`;
            all pairs' games go to the workers as one batch.
        prior: virtual drawn games per pair in the rating (see ``bradley_terry``).
        resume: a JSON-lines file keeping every finished game (:mod:`.resume`): a run
            stopped part-way, or one with more games, plays only the games not in it.
        pair_seeds: ``{(a, b): seed}`` deals the pair's games from ``seed`` with ``a``
            in seat 0 of the first game, instead of following on from the pair before:
            the very games of a round robin of ``a`` and ``b`` alone from that seed, so
            that a ``resume`` file shares them between the two runs. The other pairs'
            seeds do not change.

    Returns:
        A :class:`RoundRobin` (same seeds, same table, whatever ``jobs`` or ``client``).

    Raises:
        ArenaError: fewer than two bots, two bots pinned to one seat, or any error of
            ``play_games``'s checks.
    """
    names = list(bots)
    if len(names) < 2:
        raise ArenaError("a round robin needs at least two bots")
    pins = dict(pinned or {})
    calls: list[tuple[Any, ...]] = []
    keys: list[tuple[str, str]] = []
    own = dict(pair_seeds or {})
    for a, b in own:
        if a not in bots or b not in bots or a == b:
            raise ArenaError(f"pair_seeds names the pair {a!r}, {b!r}, not two of the bots "
                             f"{', '.join(names)}")
    first = seed
    for a, b in itertools.combinations(names, 2):
        n = _pair_games(games_per_pair, a, b)
        lineup = [a, b]
        if a in pins and b in pins:
            raise ArenaError(f"{a!r} and {b!r} are both pinned; they cannot meet")
        pair_pins = {n: pins[n] for n in lineup if n in pins}
        if pins.get(b) == 0 or (b, a) in own:
            lineup = [b, a]
        named = own.get((a, b), own.get((b, a)))
        start = first if named is None else named
        opts = check_batch(game, options or {}, bots, lineup, pair_pins, n, start, jobs)
        for i in range(n):
            calls.append((game, opts, bots, seating(lineup, i, pair_pins), start + i, i))
            keys.append((a, b))
        first += n
    rows = run_calls(calls, jobs=jobs, client=client, progress=progress,
                     desc=f"{game} round robin", resume=resume)
    pairs: dict[tuple[str, str], list[GameResult]] = {}
    for key, row in zip(keys, rows, strict=True):
        pairs.setdefault(key, []).append(row)
    order, wins = pairwise_wins(rows, names)
    ratings = tuple(bradley_terry(order, wins, prior=prior))
    return RoundRobin(game, tuple(names), pairs, ratings)


def _pair_games(games: int | Mapping[tuple[str, str], int], a: str, b: str) -> int:
    n = games.get((a, b), games.get((b, a))) if isinstance(games, Mapping) else games
    if n is None:
        raise ArenaError(f"games_per_pair gives no number of games for the pair {a!r}, {b!r}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ArenaError(f"games_per_pair must give a whole number of at least 1 games for "
                         f"the pair {a!r}, {b!r}, not {n!r}")
    return n


def ladder(game: str, games_per_pair: int = 20, *, iterations: int | None = None,
           greedy_playouts: bool | None = None, candidates: int | None = 0,
           options: Mapping[str, Any] | None = None,
           seed: int = 0, jobs: int = 1, client: Any = None,
           progress: bool = True, bots: Sequence[str] | None = None,
           mcts_games_per_pair: int | None = None,
           pair_games: Mapping[tuple[str, str], int] | None = None,
           resume: str | os.PathLike[str] | None = None,
           pair_seeds: Mapping[tuple[str, str], int] | None = None) -> RoundRobin:
    """The round robin of a game's bundled bots (:func:`ladder_bots`).

    ``bots`` keeps only the named ones (e.g. ``["random", "greedy"]``; default every one
    but ``strong``, whose games take a CPU budget per move: name it to play it); Silver is pinned to
    seat 0 in Treasure Island (2018). ``mcts_games_per_pair`` (default ``games_per_pair``)
    is the number of games of the pairs with a slow bot (``mcts``, ``strong``); ``pair_games`` gives
    the number of games of named pairs, in either order (e.g. ``{("mcts", "greedy"): 24}``),
    over both. ``resume`` and ``pair_seeds``: as for :func:`round_robin`.

    >>> r = ladder("ahoy", 2, bots=["random", "greedy"], progress=False)
    >>> [len(g) for g in r.pairs.values()]
    [2]
    """
    every = ladder_bots(game, iterations, greedy_playouts, candidates)
    chosen = [b for b in every if b != "strong"] if bots is None else list(bots)
    unknown = [b for b in chosen if b not in every]
    if unknown:
        raise ArenaError(f"unknown ladder bot {unknown[0]!r}; choose from {', '.join(every)}")
    pinned = {"silver": 0} if "silver" in chosen else None
    per_pair: int | dict[tuple[str, str], int] = games_per_pair
    if mcts_games_per_pair is not None or pair_games:
        mcts = games_per_pair if mcts_games_per_pair is None else mcts_games_per_pair
        named = dict(pair_games or {})
        for a, b in named:
            if a not in chosen or b not in chosen or a == b:
                raise ArenaError(f"pair_games names the pair {a!r}, {b!r}, not two of the "
                                 f"chosen bots {', '.join(chosen)}")
        per_pair = {(a, b): named.get((a, b), named.get((b, a), mcts if {a, b} & SLOW
                                                         else games_per_pair))
                    for a, b in itertools.combinations(chosen, 2)}
    return round_robin(game, {b: every[b] for b in chosen}, games_per_pair=per_pair,
                       pinned=pinned, options=options, seed=seed, jobs=jobs, client=client,
                       progress=progress, resume=resume, pair_seeds=pair_seeds)
