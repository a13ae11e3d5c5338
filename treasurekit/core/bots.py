"""Bots: the protocol, :class:`RandomBot` and a generic :class:`MCTSBot`.

Every bot takes a seed and is reproducible. A bot is called only when a player
(not chance) is to move; ``choose(state)`` returns one of ``state.legal_moves()``.
Bots that can explain themselves also offer ``explain(state)`` returning
:class:`Candidate` rows, best first.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .events import CHANCE, TERMINAL
from .game import State

__all__ = ["Bot", "Candidate", "MCTSBot", "RandomBot"]


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(state) -> move``."""

    def choose(self, state: State[Any]) -> Any: ...


@dataclass(frozen=True)
class Candidate:
    """One move a bot considered: its score and the reasons, in words."""

    move: Any
    score: float
    reasons: tuple[str, ...] = ()

    def __str__(self) -> str:
        why = "; ".join(self.reasons)
        return f"{self.move!s:<16} {self.score:8.2f}  {why}"


class RandomBot:
    """Plays a uniformly random legal move. ``RandomBot(seed=1)``."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State[Any]) -> Any:
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        return self.rng.choice(moves)

    def explain(self, state: State[Any]) -> list[Candidate]:
        """Every legal move, each with the same chance of being played (score 1/n, the
        probability), in legal-move order: the Beginner level has no reason but chance.

        Raises:
            ValueError: the game is over.
        """
        moves = state.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        why = (f"chosen at random: each of the {len(moves)} legal moves is as likely",)
        return [Candidate(m, 1 / len(moves), why) for m in moves]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


def check_time_limit(time_limit: Any) -> None:
    """Raises ValueError unless ``time_limit`` is None or a positive number of seconds."""
    if time_limit is not None and (isinstance(time_limit, bool)
                                   or not isinstance(time_limit, (int, float))
                                   or not 0 < time_limit < math.inf):
        raise ValueError(f"time_limit must be a positive number of CPU seconds or None, "
                         f"not {time_limit!r}")


def _whole(name: str, value: Any, least: int) -> None:
    """Raises ValueError unless ``value`` is a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be a whole number of at least {least}, not {value!r}")


@dataclass
class _Node:
    visits: int = 0
    available: int = 0
    virtual: int = 0  # the prior's visits: in the exploration term and the final choice only
    value: float = 0.0  # summed reward of the player who made the move into this node
    children: dict[str, _Node] = field(default_factory=dict)


class MCTSBot:
    """Open-loop Monte Carlo tree search (UCT) for any registered game.

    Chance nodes are sampled with the bot's own generator on every iteration (the
    tree is keyed by the players' moves only), and hidden information is handled
    by ``state.determinize(player, rng)`` at the root of every iteration. Children
    are selected among the moves legal in the sampled state (availability counts).

    Args:
        iterations: simulations per decision.
        exploration: the UCT constant.
        seed: seeds the bot's generator (chance sampling, playouts, tie-breaks).
        max_playout_plies: a playout stops after this many plies (chance plies
            included); an unfinished game is scored by ``evaluate``.
        evaluate: ``evaluate(state) -> rewards``, one float per seat, for a playout
            stopped unfinished: a game's estimate of each seat's share of the win (e.g.
            TI2003's ``playout_value``, the Final Reckoning as it would fall now). A
            short playout scored this way is cheaper than a whole game and not as
            swayed by the later dice. Default ``state.returns()`` (all zeros).
        playout_bot: plays every seat in the playouts (e.g. a game's ``GreedyBot``);
            default uniformly random moves. Heavier playouts are slower but wiser.
        candidates: search only the ``candidates`` best moves that ``prior_bot.explain``
            (default ``playout_bot.explain``) ranks at the root (a heuristic prior, as
            pruning; moves it scores equal are taken in a random order). With fewer
            iterations than legal moves an unpruned search tries most moves once and
            picks among them by a single playout; pruned, every candidate gets several
            simulations and the search refines the heuristic's choice.
            ``None`` (default) searches every legal move; so does an explanation that
            lists no move.
        prior_bot: the bot whose ``explain`` ranks the root moves for ``candidates``
            (e.g. the game's ``GreedyBot`` with random playouts, where greedy playouts
            would be too slow); default ``playout_bot``.
        prior_visits: the prior bot's first choice at the root starts with this many
            virtual visits. They count in UCT's exploration term and in the final choice
            (most visits) but not in its mean reward, so the search keeps the prior's
            choice unless another move's playouts earn it more visits than the first
            choice's real and virtual visits together. With few simulations per move a
            handful of win-or-lose playouts cannot tell two moves the heuristic ranks
            close apart; this keeps noise from overturning the heuristic. 0 (default):
            no prior.
        time_limit: CPU seconds (``time.process_time``, this process) a decision may take:
            the search stops after the simulation that reaches it, or at ``iterations``,
            whichever comes first (``iterations=None``: only the time). A budget in time
            makes the number of simulations, hence the move, depend on the machine's
            speed: the same seed no longer gives the same game. None (default): no limit.

    After each search, ``last_simulations`` holds its number of simulations and
    ``last_cpu`` its CPU seconds; ``cpu`` and ``decisions`` add up every decision's.

    Raises:
        ValueError: ``iterations`` < 1 (or None without a ``time_limit``), ``time_limit``
            not a positive number, ``max_playout_plies`` or ``prior_visits`` < 0 (or
            not whole numbers), ``exploration`` negative, ``candidates`` < 1, a bot
            without ``choose``, an ``evaluate`` that is not callable, or ``candidates``
            or ``prior_visits`` without a ``prior_bot`` or ``playout_bot`` that has
            ``explain``; while choosing, an ``evaluate`` that returns a reward count
            other than the number of seats.
    """

    def __init__(
        self,
        iterations: int | None = 300,
        exploration: float = 1.4,
        seed: int = 0,
        max_playout_plies: int = 2000,
        playout_bot: Bot | None = None,
        candidates: int | None = None,
        prior_bot: Bot | None = None,
        prior_visits: int = 0,
        evaluate: Callable[[State[Any]], Sequence[float]] | None = None,
        time_limit: float | None = None,
    ) -> None:
        check_time_limit(time_limit)
        if iterations is not None or time_limit is None:
            _whole("iterations", iterations, 1)
        _whole("max_playout_plies", max_playout_plies, 0)
        if isinstance(exploration, bool) or not isinstance(exploration, (int, float)) \
                or not 0 <= exploration < math.inf:
            raise ValueError(f"exploration must be a number of at least 0, not {exploration!r}")
        if evaluate is not None and not callable(evaluate):
            raise ValueError(f"evaluate must be a function of the state, not {evaluate!r}")
        for name, bot in (("playout_bot", playout_bot), ("prior_bot", prior_bot)):
            if bot is not None and not callable(getattr(bot, "choose", None)):
                raise ValueError(f"{name} must be a bot with choose(state), not {bot!r}")
        if candidates is not None and (isinstance(candidates, bool)
                                       or not isinstance(candidates, int) or candidates < 1):
            raise ValueError(f"candidates must be a whole number of at least 1 or None, "
                             f"not {candidates!r}")
        _whole("prior_visits", prior_visits, 0)
        for name, used in (("candidates", candidates is not None),
                           ("prior_visits", prior_visits > 0)):
            if used and not callable(getattr(prior_bot or playout_bot, "explain", None)):
                raise ValueError(f"{name} needs a prior_bot or playout_bot with "
                                 "explain(state) (e.g. the game's GreedyBot) to rank the "
                                 "root moves")
        self.candidates = candidates
        self.prior_visits = prior_visits
        self.evaluate = evaluate
        self.prior_bot = prior_bot or playout_bot
        self.iterations = iterations
        self.time_limit = time_limit
        self.last_simulations = 0
        self.last_cpu = 0.0
        self.cpu = 0.0
        self.decisions = 0
        self.exploration = exploration
        self.seed = seed
        self.max_playout_plies = max_playout_plies
        self.playout_bot = playout_bot
        self.rng = random.Random(seed)
        self.last_root: _Node | None = None
        self._prior: str | None = None

    def __repr__(self) -> str:
        extra = f", playout_bot={self.playout_bot!r}" if self.playout_bot is not None else ""
        extra += f", candidates={self.candidates}" if self.candidates is not None else ""
        extra += f", prior_visits={self.prior_visits}" if self.prior_visits else ""
        if self.evaluate is not None:
            name = getattr(self.evaluate, "__name__", repr(self.evaluate))
            extra += f", max_playout_plies={self.max_playout_plies}, evaluate={name}"
        if self.time_limit is not None:
            extra += f", time_limit={self.time_limit:g}"
        return f"MCTSBot(iterations={self.iterations}, seed={self.seed}{extra})"

    def root_moves(self, state: State[Any]) -> list[Any]:
        """The moves searched at the root: every legal move, or the ``candidates`` best
        of the prior bot's explanation (all legal there, checked; moves it scores equal
        in an order drawn from the bot's generator, which this call advances)."""
        return self._root(state)[0]

    def _root(self, state: State[Any]) -> tuple[list[Any], str | None]:
        """The root moves and the text of the prior's first legal choice (None without
        a prior)."""
        moves = state.legal_moves()
        if (self.candidates is None and not self.prior_visits) or len(moves) <= 1:
            return moves, None
        ranked = self._ranked(self.prior_bot.explain(state))  # type: ignore[union-attr]
        first = next((str(m) for m in ranked if state.why_illegal(m) is None),
                     None) if self.prior_visits else None
        if self.candidates is None:
            return moves, first
        picked = [m for m in ranked[: self.candidates] if state.why_illegal(m) is None]
        return picked or moves, first

    def _ranked(self, rows: list[Candidate]) -> list[Any]:
        """The prior's moves in its order, each run of equal scores shuffled with the bot's
        generator: a heuristic that ties several moves has no first choice among them, and
        taking them in legal-move order would always search and prefer the same one."""
        out: list[Any] = []
        for _, run in itertools.groupby(rows, key=lambda c: c.score):
            moves = [c.move for c in run]
            self.rng.shuffle(moves)
            out += moves
        return out

    def choose(self, state: State[Any]) -> Any:
        start = time.process_time()
        try:
            return self._choose(state, start)
        finally:
            self.last_cpu = time.process_time() - start
            self.cpu += self.last_cpu
            self.decisions += 1

    def _choose(self, state: State[Any], start: float) -> Any:
        self.last_simulations = 0
        moves, self._prior = self._root(state)
        if not moves:
            raise ValueError("no legal move: the game is over")
        if len(moves) == 1:
            return moves[0]
        root = _Node()
        me = state.current_player
        pruned = moves if self.candidates is not None else None
        limit = None if self.time_limit is None else start + self.time_limit
        clock = time.process_time
        runs = itertools.count() if self.iterations is None else range(self.iterations)
        for n in runs:
            self._iterate(root, state.determinize(me, self.rng), pruned)
            self.last_simulations = n + 1
            if limit is not None and clock() >= limit:
                break
        self.last_root = root
        by_text = {str(m): m for m in moves}
        best = max(
            (c for c in root.children.items() if c[0] in by_text),
            key=lambda kv: (kv[1].visits + kv[1].virtual, kv[1].value),
        )
        return by_text[best[0]]

    def explain(self, state: State[Any]) -> list[Candidate]:
        """Search, then list each root move (the move objects, as a ``GreedyBot``'s
        ``explain`` does) with its mean reward and visit count, best first. With one
        move to search there is no search: that move alone, scored 0.

        Raises:
            ValueError: the game is over.
        """
        self.last_root = None
        choice = self.choose(state)
        if self.last_root is None:
            return [Candidate(move=choice, score=0.0, reasons=("the only move searched",))]
        legal = {str(m): m for m in state.legal_moves()}
        rows = [
            Candidate(
                move=legal[text],
                score=node.value / node.visits if node.visits else 0.0,
                reasons=(f"{node.visits} of {self.last_simulations} simulations"
                         + (f" (+{node.virtual} prior)" if node.virtual else ""),),
            )
            for text, node in self.last_root.children.items() if text in legal
        ]
        return sorted(rows, key=lambda c: -c.score)

    def _iterate(self, root: _Node, state: State[Any],
                 root_moves: list[Any] | None = None) -> None:
        path: list[tuple[_Node, int]] = []  # (node, player who moved into it)
        node = root
        rng = self.rng
        current, advance = state._current_player, state.advance
        while True:
            player = current()
            if player == TERMINAL:
                break
            if player == CHANCE:
                advance(state.sample_chance(rng))
                continue
            moves: list[Any] = (root_moves if node is root and root_moves is not None
                                else state.legal_moves())
            children = node.children
            texts = [str(m) for m in moves]
            untried = []
            for i, t in enumerate(texts):
                child = children.get(t)
                if child is None:
                    untried.append(i)
                else:
                    child.available += 1
            if untried:  # expand one untried move, then go to the playout
                i = rng.choice(untried)
                child = _Node(available=1, virtual=self.prior_visits
                              if node is root and texts[i] == self._prior else 0)
                children[texts[i]] = child
                advance(moves[i])
                path.append((child, player))
                break
            log_n = math.log(max(1, sum(children[t].available for t in texts)))
            ucb = self._ucb
            best_i = max(range(len(texts)), key=lambda i: ucb(children[texts[i]], log_n))
            advance(moves[best_i])
            node = children[texts[best_i]]
            path.append((node, player))
        rewards = self._playout(state)
        for n, player in path:
            n.visits += 1
            n.value += rewards[player]

    def _ucb(self, child: _Node, log_n: float) -> float:
        if child.visits == 0:
            return math.inf
        mean = child.value / child.visits
        return mean + self.exploration * math.sqrt(log_n / (child.visits + child.virtual))

    def _playout(self, state: State[Any]) -> tuple[float, ...]:
        # The search path (State.advance: unchecked, no undo, no events) with the hot
        # attributes in locals. For a seat to move, ``legal_moves`` is ``_legal_moves``
        # (the player was just read), unless the game has its own ``legal_moves``.
        rng, bot = self.rng, self.playout_bot
        advance, sample, current = state.advance, state.sample_chance, state._current_player
        own = type(state).legal_moves is not State.legal_moves
        legal, pick = state.legal_moves if own else state._legal_moves, rng.choice
        for _ in range(self.max_playout_plies):
            player = current()
            if player == TERMINAL:
                break
            if player == CHANCE:
                advance(sample(rng))
            elif bot is not None:
                advance(bot.choose(state))
            else:
                advance(pick(legal()))
        else:
            if self.evaluate is not None and current() != TERMINAL:
                rewards = tuple(self.evaluate(state))
                if len(rewards) != state.game.num_players:
                    raise ValueError(f"evaluate returned {len(rewards)} rewards for a "
                                     f"{state.game.num_players}-seat game: {rewards!r}")
                return rewards
        return state.returns()
