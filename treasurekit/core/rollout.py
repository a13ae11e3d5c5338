"""A rollout search bot: :class:`RolloutBot`, the heuristic's best few moves tried in the
same sampled futures.

A *rollout* (Bertsekas' rollout algorithm, a one-step lookahead on a base policy) plays
each candidate move and then lets a base bot (the game's ``GreedyBot``) play every seat
for a while; the candidate whose futures end best is played. Three things make a few
dozen such futures per move enough to improve on the base bot:

* **the same futures for every candidate** (common random numbers): in round ``j`` every
  candidate is played in the same determinization (the hidden items drawn again, as
  ``state.determinize`` does) with the same dice and the same base bots' tie-breaks, so
  the comparison of two candidates is not drowned by the luck of the dice;
* **the base bot's choice stays unless the futures clearly say otherwise**: another
  candidate replaces it only when its mean gain over it, round by round, exceeds
  ``margin`` standard errors;
* **short futures, scored by the standing**: a future may stop after ``max_playout_plies``
  plies and be scored by ``evaluate`` (e.g. Treasure Island 2003's ``playout_value``, the
  Final Reckoning as it would fall now) instead of playing to the end.

The search stops when its CPU budget (``time_limit``) is spent, or after ``rounds``.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import Bot, Candidate, check_time_limit
from .events import CHANCE, TERMINAL
from .game import State

__all__ = ["RolloutBot"]


@dataclass
class _Line:
    """One candidate: its move, the prior's row for it, and its value in each round."""

    move: Any
    prior: Candidate
    values: list[float]


class RolloutBot:
    """Rollouts of the prior bot's best ``candidates`` moves in shared sampled futures.

    Args:
        prior_bot: ranks the moves (``explain(state)``, best first; e.g. the game's
            ``GreedyBot``); its first choice is played unless the rollouts overturn it.
        playout_bot: ``playout_bot(seed) -> bot``, the bot that plays every seat in the
            futures, built afresh for each round with that round's seed (e.g. the game's
            ``GreedyBot`` class). Default: uniformly random moves.
        candidates: how many of the prior's best moves are tried (ties in the prior's
            score are taken in an order drawn from the bot's generator).
        time_limit: CPU seconds (``time.process_time``) per decision: the search stops
            after the round that reaches it (a round unfinished when it is reached is
            dropped). None: only ``rounds`` bounds it.
        rounds: at most this many rounds (one future per candidate each); None: no bound
            but the time. With a ``time_limit`` the number of rounds depends on the
            machine's speed: the same seed no longer gives the same game.
        max_playout_plies: a future stops after this many plies (chance plies included)
            and is scored by ``evaluate``; it is played to the end otherwise.
        evaluate: ``evaluate(state) -> rewards``, one per seat (each seat's share of the
            win as the game stands); default ``state.returns()`` (zeros while unfinished).
        margin: how many standard errors a candidate's mean gain over the prior's choice
            must exceed to replace it (0: the best mean wins).
        seed: seeds the bot's generator (the rounds' seeds, tie order).

    After each decision ``last_simulations`` holds the number of futures played and
    ``last_cpu`` the CPU seconds; ``cpu`` and ``decisions`` add up every decision's.

    Raises:
        ValueError: a ``prior_bot`` without ``explain``, a ``playout_bot`` that is not
            callable, ``candidates`` or ``rounds`` < 1, ``max_playout_plies`` < 0, a
            ``time_limit`` that is not a positive number, neither a ``time_limit`` nor
            ``rounds``, a negative ``margin``, an ``evaluate`` that is not callable;
            while choosing, an ``evaluate`` that returns a reward count other than the
            number of seats, or a state with no legal move.
    """

    def __init__(self, prior_bot: Bot, playout_bot: Callable[[int], Bot] | None = None, *,
                 candidates: int = 3, time_limit: float | None = 0.5,
                 rounds: int | None = None, max_playout_plies: int = 2000,
                 evaluate: Callable[[State[Any]], Sequence[float]] | None = None,
                 margin: float = 1.0, seed: int = 0) -> None:
        if not callable(getattr(prior_bot, "explain", None)):
            raise ValueError(f"prior_bot must be a bot with explain(state) (e.g. the game's "
                             f"GreedyBot), not {prior_bot!r}")
        if playout_bot is not None and not callable(playout_bot):
            raise ValueError(f"playout_bot must build a bot from a seed (e.g. the game's "
                             f"GreedyBot class), not {playout_bot!r}")
        for name, value, least in (("candidates", candidates, 1), ("rounds", rounds, 1),
                                   ("max_playout_plies", max_playout_plies, 0)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or value < least):
                raise ValueError(f"{name} must be a whole number of at least {least}, "
                                 f"not {value!r}")
        check_time_limit(time_limit)
        if time_limit is None and rounds is None:
            raise ValueError("give a time_limit or a number of rounds: the search must stop")
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) \
                or not 0 <= margin < math.inf:
            raise ValueError(f"margin must be a number of at least 0, not {margin!r}")
        if evaluate is not None and not callable(evaluate):
            raise ValueError(f"evaluate must be a function of the state, not {evaluate!r}")
        self.prior_bot = prior_bot
        self.playout_bot = playout_bot
        self.candidates = candidates
        self.time_limit = time_limit
        self.rounds = rounds
        self.max_playout_plies = max_playout_plies
        self.evaluate = evaluate
        self.margin = margin
        self.seed = seed
        self.rng = random.Random(seed)
        self.last_simulations = 0
        self.last_cpu = 0.0
        self.cpu = 0.0
        self.decisions = 0
        self._lines: list[_Line] = []

    def __repr__(self) -> str:
        play = getattr(self.playout_bot, "__name__", None) or repr(self.playout_bot)
        extra = f", time_limit={self.time_limit:g}" if self.time_limit is not None else ""
        extra += f", rounds={self.rounds}" if self.rounds is not None else ""
        if self.evaluate is not None:
            name = getattr(self.evaluate, "__name__", repr(self.evaluate))
            extra += f", max_playout_plies={self.max_playout_plies}, evaluate={name}"
        return (f"RolloutBot({self.prior_bot!r}, {play}, candidates={self.candidates}"
                f"{extra}, seed={self.seed})")

    # ----- choosing ---------------------------------------------------------------------
    def choose(self, state: State[Any]) -> Any:
        start = time.process_time()
        try:
            return self._search(state, start).move
        finally:
            self.last_cpu = time.process_time() - start
            self.cpu += self.last_cpu
            self.decisions += 1

    def explain(self, state: State[Any]) -> list[Candidate]:
        """Search, then list each candidate (the move objects) with its mean share of the
        win over the futures, best first; the reasons say how many futures, the gain over
        the prior's choice and the prior's own reasons. One legal move: that move alone.

        Raises:
            ValueError: the game is over.
        """
        choice = self.choose(state)
        lines = self._lines
        if len(lines) <= 1:
            why = ("the only legal move",) if len(lines) == 0 else \
                ("the only candidate",)
            return [Candidate(choice, 0.0, why)]
        first = lines[0]
        n = len(first.values)
        rows = []
        for rank, line in enumerate(lines):
            mean = statistics.fmean(line.values) if line.values else 0.0
            head = "played" if str(line.move) == str(choice) else "not played"
            reasons = [f"{head}: mean share of the win {mean:.2f} over {n} sampled "
                       "futures"]
            if rank == 0:
                reasons.append("the prior bot's first choice")
            elif n:
                gain, se = _gain(line.values, first.values)
                reasons.append(f"{gain:+.3f} against the prior's first choice in the same "
                               f"futures (standard error {se:.3f})")
            reasons += [f"prior: {r}" for r in line.prior.reasons[:2]]
            rows.append(Candidate(line.move, mean, tuple(reasons)))
        return sorted(rows, key=lambda c: -c.score)

    def _search(self, state: State[Any], start: float) -> _Line:
        self.last_simulations = 0
        self._lines = []
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        if len(moves) == 1:
            return _Line(moves[0], Candidate(moves[0], 0.0), [])
        lines = self._candidates(state, moves)
        self._lines = lines
        if len(lines) == 1:
            return lines[0]
        me = state.current_player
        limit = None if self.time_limit is None else start + self.time_limit
        clock = time.process_time
        for _ in itertools.count() if self.rounds is None else range(self.rounds):
            seed = self.rng.getrandbits(62)
            values = []
            for line in lines:
                values.append(self._future(state, me, line.move, seed))
                self.last_simulations += 1
                if limit is not None and clock() >= limit and len(values) < len(lines):
                    break  # an unfinished round compares nothing: dropped
            if len(values) == len(lines):
                for line, v in zip(lines, values, strict=True):
                    line.values.append(v)
            if limit is not None and clock() >= limit:
                break
        return self._pick(lines)

    def _candidates(self, state: State[Any], moves: list[Any]) -> list[_Line]:
        rows = self.prior_bot.explain(state)  # type: ignore[attr-defined]
        ranked: list[Candidate] = []
        for _, run in itertools.groupby(rows, key=lambda c: c.score):
            tied = list(run)
            self.rng.shuffle(tied)
            ranked += tied
        picked = [c for c in ranked if state.why_illegal(c.move) is None][: self.candidates]
        if not picked:
            picked = [Candidate(m, 0.0) for m in moves[: self.candidates]]
        return [_Line(c.move, c, []) for c in picked]

    def _pick(self, lines: list[_Line]) -> _Line:
        """The prior's first choice, unless another candidate's mean gain over it in the
        same futures exceeds ``margin`` standard errors (then the largest such gain)."""
        first = lines[0]
        best, best_gain = first, 0.0
        for line in lines[1:]:
            if len(line.values) < 2:
                continue
            gain, se = _gain(line.values, first.values)
            if gain > best_gain and gain > self.margin * se:
                best, best_gain = line, gain
        return best

    def _future(self, state: State[Any], me: int, move: Any, seed: int) -> float:
        """``move`` in the determinization and with the dice of ``seed``, then the
        playout bots; ``me``'s reward at the end (or as ``evaluate`` scores the stop)."""
        world = state.determinize(me, random.Random(seed))
        world.advance(move)
        dice = random.Random(seed + 1)
        bot = self.playout_bot(seed) if self.playout_bot is not None else None
        advance, sample, current = world.advance, world.sample_chance, world._current_player
        for _ in range(self.max_playout_plies):
            player = current()
            if player == TERMINAL:
                return float(world.returns()[me])
            if player == CHANCE:
                advance(sample(dice))
            elif bot is not None:
                advance(bot.choose(world))
            else:
                advance(dice.choice(world.legal_moves()))
        if current() == TERMINAL or self.evaluate is None:
            return float(world.returns()[me])
        rewards = tuple(self.evaluate(world))
        if len(rewards) != world.game.num_players:
            raise ValueError(f"evaluate returned {len(rewards)} rewards for a "
                             f"{world.game.num_players}-seat game: {rewards!r}")
        return float(rewards[me])


def _gain(values: list[float], base: list[float]) -> tuple[float, float]:
    """The mean of ``values - base`` round by round, and its standard error."""
    diffs = [a - b for a, b in zip(values, base, strict=True)]
    if len(diffs) < 2:
        return (diffs[0] if diffs else 0.0), math.inf
    return statistics.fmean(diffs), statistics.stdev(diffs) / math.sqrt(len(diffs))
