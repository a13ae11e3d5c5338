"""Every registered treasurekit game as an OpenSpiel Python game (optional extra).

``pip install treasurekit[openspiel]`` installs a pinned ``open_spiel``. This is the
only module that imports ``pyspiel``, and it does so lazily: the engine works without
it. After :func:`register_all`, each game is an OpenSpiel game called
``treasurekit_<name>`` whose game parameters are the game's options plus ``seed``::

    from treasurekit.openspiel import load
    game = load("ahoy", players=3, variant="cunning")      # a pyspiel.Game
    # or: treasurekit.openspiel.register_all(); pyspiel.load_game("treasurekit_ahoy(players=3)")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)

How the two worlds meet:

* **Actions.** An action id is the index of the move in the state's legal moves (or
  chance outcomes) sorted by their text notation. The id of a move is therefore a
  pure function of the position: stable within a state, listed in increasing order as
  OpenSpiel requires, and the same for every state with the same legal moves. It is
  not a global move code: the same id means different moves in different positions
  (OpenSpiel's MCTS, evaluation and tabular algorithms key actions by state or
  information state, so that is all they need). Games whose move space is continuous
  or huge (Treasure Island 2018 positions in miles, Skeleton Island placements) use
  the engine's documented finite ``legal_moves()`` sample, so their actions are the
  sample's moves. ``num_distinct_actions`` and ``max_chance_outcomes`` are per-game
  upper bounds on those list lengths (:data:`BOUNDS`); a position that exceeded one
  would raise :class:`ActionBoundError` rather than hand OpenSpiel a wrong id.
* **Action strings** are the move's text notation (``str(move)``), so
  ``state.action_to_string(a)`` can be given straight to ``treasurekit`` ``play``.
* **Chance** nodes list every outcome with its exact probability, converted from the
  engine's ``Fraction`` to ``float``; the engine keeps the Fractions.
* **Observation string** of seat p: a canonical text of ``view(p)`` (sets sorted,
  dataclass fields in order), so hidden information stays hidden. The **information
  state string** adds the seat's own moves so far (a seat always knows what it did);
  nothing else of the history is added, since other moves may carry hidden draws.
* **Returns** are the engine's ``state.returns()``: 1 shared among the winners, 0
  for the others (no winner: all 0). Utility is general-sum in [0, 1].
* **Serialization** goes through the game record: the pickled form of a state is its
  ``GameRecord`` JSON, and unpickling replays it with checked moves.
* ``seed`` (an extra game parameter, default 0) is the engine's seed. Chance outcomes
  come from OpenSpiel's chance nodes, not from it; it matters only where the engine
  decides something from it at the start (e.g. the default Long John Silver's secret).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass
from fractions import Fraction
from typing import Any

from .core.errors import OptionError
from .core.game import Game, Option, State
from .core.records import GameRecord
from .core.registry import GAMES, load_game

__all__ = [
    "BOUNDS",
    "PREFIX",
    "ActionBoundError",
    "Bounds",
    "canonical_text",
    "load",
    "open_spiel_name",
    "register",
    "register_all",
]

#: OpenSpiel names of treasurekit games: ``PREFIX + game name``.
PREFIX = "treasurekit_"


class ActionBoundError(ValueError):
    """A position has more legal moves or chance outcomes than the game's declared bound."""


@dataclass(frozen=True)
class Bounds:
    """OpenSpiel's per-game sizes for one treasurekit game.

    Attributes:
        actions: upper bound on the number of legal moves in any position
            (``num_distinct_actions``).
        chance: upper bound on the number of outcomes of any chance node
            (``max_chance_outcomes``).
        length: upper bound on the number of player moves in a game
            (``max_game_length``; chance moves are not counted).
    """

    actions: int
    chance: int
    length: int


def _rounds_cap(rounds: Any, default: int) -> int:
    return default if not rounds else int(rounds)


# Per-game bounds, as functions of the game's options. Each is the largest list the
# game's move generator can produce (reasoned in the comment, checked by measuring
# random playouts), with a margin; ActionBoundError guards them at run time.
BOUNDS: dict[str, Callable[[Any], Bounds]] = {
    # At most one move per pirate stack and die face (1-5 or ship: 1-5), plus rolls.
    "ahoy": lambda g: Bounds(actions=64, chance=16, length=4000),
    # Placements/decisions on a 14 x 14 board; chance: two dice (36 ordered throws) or
    # one card kind of at most ~20; games end when the treasure board is emptied.
    "treasure_island_2003": lambda g: Bounds(actions=512, chance=64, length=20000),
    # Burying: one move per point of the map's 0.5-mile lattice (1,512 on the standard
    # map), the largest list; hints, questions and horse moves are fewer.
    "treasure_island_2018": lambda g: Bounds(
        actions=max(2048, len(g.map.lattice) + 256), chance=128, length=20000
    ),
    # Walks of up to 6 hexes (with paths merged by end hex), shots and pushes; the
    # game ends after max_rounds rounds (0: no limit, bounded here at 2000 rounds).
    "sjorovaron": lambda g: Bounds(
        actions=512,
        chance=64,
        length=_rounds_cap(g.options["max_rounds"], 2000) * g.num_players * 64,
    ),
    # Uncovered cards, rest spots of the sampled placements, discards and steals.
    # Chance: the seeded layouts of the spread (1,000 in the standard data), the gusts
    # (directions x strengths) or a card of the unseen pool.
    "skeleton_island": lambda g: Bounds(
        actions=512,
        chance=max(
            64,
            g.deck.layouts,
            len(g.deck.gust_directions) * len(g.deck.gust_strengths),
        ),
        length=20000,
    ),
}

# Options that take a number or one word (or None): OpenSpiel parameters have one type,
# and a game string's "17" is always read as a number, so these are whole-number
# parameters with one number standing for the word: (parameter value, option value).
_SENTINELS: dict[tuple[str, str], tuple[int, Any]] = {
    ("treasure_island_2003", "first_player"): (-1, "roll"),
    ("treasure_island_2018", "escape_day"): (0, "by_players"),
    ("treasure_island_2018", "escape_rounds"): (0, None),
}

# Options whose value is a comma-separated list: OpenSpiel's game strings use commas
# between parameters, so these are written with "+" instead ("anne+ben").
_LIST_OPTIONS: dict[str, frozenset[str]] = {
    "treasure_island_2018": frozenset({"characters"}),
}

# Games whose state holds nothing a seat cannot see (undrawn cards are not decided
# before they are revealed), per their view modules' docstrings.
_PERFECT_INFORMATION = frozenset({"ahoy", "treasure_island_2003"})

_REGISTERED: dict[str, Any] = {}


def open_spiel_name(game: str) -> str:
    """The OpenSpiel name of treasurekit game ``game``, e.g. ``'treasurekit_ahoy'``."""
    return PREFIX + game


_PLAIN = frozenset({int, float, str, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}


def canonical_text(obj: Any) -> str:
    """A stable text for a view: dataclass fields in order, sets and dicts sorted.

    >>> canonical_text(frozenset({10, 3, 1}))
    '{1, 3, 10}'
    """
    kind = type(obj)
    if kind in _PLAIN:
        return repr(obj)
    if kind is tuple or kind is list:
        return "(" + ", ".join(map(canonical_text, obj)) + ")"
    names = _FIELDS.get(kind)
    if names is None and is_dataclass(obj) and not isinstance(obj, type):
        names = _FIELDS[kind] = tuple(f.name for f in fields(obj))
    if names is not None:
        inner = ", ".join(f"{n}={canonical_text(getattr(obj, n))}" for n in names)
        return f"{kind.__name__}({inner})"
    if isinstance(obj, (set, frozenset)):
        try:
            items = sorted(obj)
        except TypeError:  # mixed kinds: order by text
            items = sorted(obj, key=canonical_text)
        return "{" + ", ".join(map(canonical_text, items)) + "}"
    if isinstance(obj, Mapping):
        pairs = sorted(f"{canonical_text(k)}: {canonical_text(v)}" for k, v in obj.items())
        return "{" + ", ".join(pairs) + "}"
    if isinstance(obj, (list, tuple)):
        return "(" + ", ".join(map(canonical_text, obj)) + ")"
    if isinstance(obj, Fraction):
        return str(obj)
    if hasattr(obj, "tolist"):  # numpy arrays: every element, never an elided repr
        return canonical_text(obj.tolist())
    return repr(obj)


def _to_parameter(game: str, name: str, option: Option, value: Any) -> Any:
    """An option value as an OpenSpiel parameter value."""
    sentinel = _SENTINELS.get((game, name))
    if sentinel is not None:
        return sentinel[0] if value == sentinel[1] else value
    if name in _LIST_OPTIONS.get(game, frozenset()):
        return str(value).replace(",", "+")
    if option.default is None:  # a file path or None: "" stands for None
        return "" if value is None else str(value)
    return value


def _from_parameter(game: str, name: str, option: Option, value: Any) -> Any:
    """An OpenSpiel parameter value as the option's value."""
    sentinel = _SENTINELS.get((game, name))
    if sentinel is not None:
        return sentinel[1] if value == sentinel[0] else value
    if name in _LIST_OPTIONS.get(game, frozenset()):
        return str(value).replace("+", ",")
    if option.default is None:
        return value or None
    return value


def _options_from_params(game: str, params: Mapping[str, Any]) -> tuple[dict[str, Any], int]:
    cls = GAMES[game]
    options: dict[str, Any] = {}
    seed = 0
    for key, value in params.items():
        if key == "seed":
            seed = int(value)
            continue
        option = cls.OPTIONS.get(key)
        if option is None:
            raise OptionError(f"{open_spiel_name(game)} has no parameter {key!r}")
        options[key] = _from_parameter(game, key, option, value)
    return options, seed


def _player_range(cls: type[Game[Any]]) -> tuple[int, int]:
    ok = []
    for n in range(1, 11):
        try:
            cls(players=n)
        except ValueError:
            continue
        ok.append(n)
    if not ok:
        return 1, 1
    return min(ok), max(ok)


class _Holder:
    """The one Python attribute of an OpenSpiel state (OpenSpiel deep-copies each
    attribute when it clones a state and pickles them to serialize it).

    Deep copy uses the engine's cheap ``copy``; pickling stores the game record. The
    treasurekit state of a fresh OpenSpiel state is created on first use, since
    OpenSpiel's ``clone`` builds a new initial state only to overwrite it.
    """

    __slots__ = ("_state", "factory", "moves", "own")

    def __init__(
        self,
        factory: Callable[[], State[Any]] | None,
        state: State[Any] | None = None,
        own: tuple[tuple[str, ...], ...] = (),
    ) -> None:
        self.factory = factory
        self._state = state
        self.own = own  # each seat's own moves, as text
        self.moves: list[Any] | None = None  # sorted legal moves (or chance outcomes)

    @property
    def state(self) -> State[Any]:
        if self._state is None:
            assert self.factory is not None
            self._state = self.factory()
            self.own = tuple(() for _ in range(self._state.game.num_players))
        return self._state

    def __deepcopy__(self, memo: Any) -> _Holder:
        if self._state is None:
            return _Holder(self.factory)
        new = _Holder(None, self._state.copy(), self.own)
        new.moves = self.moves  # never mutated in place, so sharing is safe
        return new

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_holder_from_record, (self.state.to_record().to_json(indent=None),))


def _holder_from_record(text: str) -> _Holder:
    rec = GameRecord.from_json(text)
    state = load_game(rec.game, **rec.options).new_initial_state(rec.seed)
    own: list[tuple[str, ...]] = [() for _ in range(state.game.num_players)]
    for move in rec.moves:
        player = state.current_player
        state.play(move)
        if player >= 0:
            own[player] += (move,)
    return _Holder(None, state, tuple(own))


def _sorted_moves(state: State[Any], bound: int, what: str) -> list[Any]:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        items: list[Any] = sorted(((str(m), m, p) for m, p in outcomes), key=lambda t: t[0])
    else:
        items = sorted(((str(m), m, None) for m in state.legal_moves()), key=lambda t: t[0])
    if len(items) > bound:
        raise ActionBoundError(
            f"{state.game.name}: {len(items)} {what} here, more than the declared bound "
            f"{bound} (treasurekit.openspiel.BOUNDS)"
        )
    return items


def _build(game_name: str) -> tuple[Any, type[Any]]:
    """Make the OpenSpiel GameType and the pyspiel.Game subclass for one game."""
    import pyspiel  # type: ignore[import-not-found,import-untyped,unused-ignore]

    cls = GAMES[game_name]
    lo, hi = _player_range(cls)
    params = {
        name: _to_parameter(game_name, name, opt, opt.default) for name, opt in cls.OPTIONS.items()
    }
    params["seed"] = 0
    info_kind = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if game_name in _PERFECT_INFORMATION
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    game_type = pyspiel.GameType(
        short_name=open_spiel_name(game_name),
        long_name=f"treasurekit {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info_kind,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=hi,
        min_num_players=lo,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification=params,
    )

    class _Observer:
        """Strings only (no tensors): the canonical view, plus own moves if perfect recall."""

        def __init__(self, perfect_recall: bool) -> None:
            self.perfect_recall = perfect_recall
            self.tensor = None
            self.dict: dict[str, Any] = {}

        def set_from(self, state: Any, player: int) -> None:
            pass

        def string_from(self, state: Any, player: int) -> str:
            holder: _Holder = state._tk
            text = canonical_text(holder.state.view(player))
            if self.perfect_recall:
                text += "\nown moves: " + ", ".join(holder.own[player])
            return text

    class TreasurekitState(pyspiel.State):  # type: ignore[misc]
        """An OpenSpiel state wrapping a treasurekit state (``state.treasurekit_state``)."""

        def __init__(self, game: Any, holder: _Holder) -> None:
            super().__init__(game)
            self._tk = holder

        @property
        def treasurekit_state(self) -> State[Any]:
            """The wrapped engine state (do not play on it directly while wrapped)."""
            return self._tk.state

        def _items(self) -> list[Any]:
            holder: _Holder = self._tk
            items = holder.moves
            if items is None:
                state = holder.state
                if state.is_chance_node():
                    items = _sorted_moves(state, self.get_game().max_chance_outcomes(),
                                          "chance outcomes")
                else:
                    items = _sorted_moves(state, self.get_game().num_distinct_actions(),
                                          "legal moves")
                holder.moves = items
            return items

        def current_player(self) -> int:
            # treasurekit's CHANCE (-1) and TERMINAL (-4) are OpenSpiel's PlayerId values.
            return self._tk.state.current_player

        def is_terminal(self) -> bool:
            return self._tk.state.is_terminal()

        def _legal_actions(self, player: int) -> list[int]:
            return list(range(len(self._items())))

        def chance_outcomes(self) -> list[tuple[int, float]]:
            return [(i, float(p)) for i, (_, _, p) in enumerate(self._items())]

        def _move(self, action: int) -> Any:
            items = self._items()
            if not 0 <= action < len(items):
                raise ValueError(
                    f"action {action} is not legal here: ids run from 0 to {len(items) - 1}"
                )
            return items[action]

        def _apply_action(self, action: int) -> None:
            text, move, _ = self._move(action)
            holder: _Holder = self._tk
            state = holder.state
            player = state.current_player
            state.apply(move, undoable=False)
            holder.moves = None
            if player >= 0:
                own = list(holder.own)
                own[player] += (text,)
                holder.own = tuple(own)

        def _action_to_string(self, player: int, action: int) -> str:
            return str(self._move(action)[0])

        def returns(self) -> list[float]:
            return list(self._tk.state.returns())

        def __str__(self) -> str:
            return str(self._tk.state)

    class TreasurekitGame(pyspiel.Game):  # type: ignore[misc]
        """OpenSpiel game for one treasurekit game with its options."""

        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            all_params = dict(game_type.parameter_specification)
            all_params.update(params or {})
            options, seed = _options_from_params(game_name, all_params)
            tk_game = load_game(game_name, **options)
            bounds = BOUNDS[game_name](tk_game)
            info = pyspiel.GameInfo(
                num_distinct_actions=bounds.actions,
                max_chance_outcomes=bounds.chance,
                num_players=tk_game.num_players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=bounds.length,
            )
            super().__init__(game_type, info, all_params)
            self.treasurekit_game = tk_game
            self.seed = seed

        def new_initial_state(self) -> TreasurekitState:
            tk_game, seed = self.treasurekit_game, self.seed
            return TreasurekitState(self, _Holder(lambda: tk_game.new_initial_state(seed)))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
            return _Observer(bool(iig_obs_type is not None and iig_obs_type.perfect_recall))

    TreasurekitState.__name__ = TreasurekitState.__qualname__ = f"{cls.__name__}OpenSpielState"
    TreasurekitGame.__name__ = TreasurekitGame.__qualname__ = f"{cls.__name__}OpenSpielGame"
    return game_type, TreasurekitGame


def register(game: str) -> str:
    """Register treasurekit game ``game`` with OpenSpiel (once); return its OpenSpiel name.

    Raises:
        UnknownGameError: no such treasurekit game.
        ImportError: ``open_spiel`` is not installed (``pip install treasurekit[openspiel]``).
    """
    load_game(game)  # the registry's clear error for an unknown name
    name = open_spiel_name(game)
    if name not in _REGISTERED:
        try:
            import pyspiel
        except ImportError as exc:  # pragma: no cover - depends on the environment
            raise ImportError(
                "OpenSpiel is not installed: pip install 'treasurekit[openspiel]'"
            ) from exc
        game_type, game_cls = _build(game)
        if name not in pyspiel.registered_names():
            pyspiel.register_game(game_type, game_cls)
        _REGISTERED[name] = game_cls
    return name


def register_all() -> list[str]:
    """Register every treasurekit game with OpenSpiel; return their OpenSpiel names."""
    return [register(name) for name in sorted(GAMES)]


def load(game: str, *, seed: int = 0, **options: Any) -> Any:
    """``game`` with ``options`` as an OpenSpiel game (a ``pyspiel.Game``).

    Options take the engine's values (None, numbers and words alike); they are checked
    by the engine as in ``treasurekit.load_game``.

    Raises:
        OptionError: an unknown option or a bad value.
    """
    import pyspiel

    name = register(game)
    load_game(game, **options)  # the engine's own option errors, before OpenSpiel's
    cls = GAMES[game]
    params: dict[str, Any] = {"seed": seed}
    for key, value in options.items():
        params[key] = _to_parameter(game, key, cls.OPTIONS[key], value)
    return pyspiel.load_game(name, params)

