"""The Sjörövarön state: a thin facade over one frozen position (docs/architecture.md
§2, §4).

Where each rule lives (SJO = the rulebook; the citations are in ``rules/__init__.py``):

* §3 the starting rolls, the picks, the hidden piece, the deal: ``rules/setup.py``
* §4 one action and one shot before or after the roll: ``rules/turn.py``
* §5 walking exactly the roll, each hex once: ``rules/movement.py`` (walks: ``paths.py``)
* §6 jumps (3+), crossings (2+) and failures: ``rules/jumping.py``; floating and
  climbing out: ``rules/river.py``
* §7 the named target, the line, pushing: ``rules/shooting.py`` (lines: ``lines.py``);
  wounds and §13 the extra rule: ``rules/wounds.py``
* §8 taking map pieces, all eight, the five moves: ``rules/map_pieces.py``
* §9 digging and dragging: ``rules/digging.py``
* §10 the raft: ``rules/raft.py``; §11 the mortar: ``rules/mortar.py``
* whose turn, how a turn ends, §12 winning and the endings without a winner: ``flow.py``

Each move type has one section (its problem and its effect) in the one table
``rules/sections.py``; :func:`apply` is the whole step from one position to the next,
a pure function of (position, context, move); the context (``game.context``, a
:class:`~.context.SjoContext`) is all the rules read of the game.

Hidden information: the map pieces in each hand are fixed when dealt (each player
sees his own at once); the hidden piece is whatever was not dealt. ``view(p)`` shows
p only his own pieces, and the hidden piece only once p has held all eight.
``determinize`` reshuffles every piece p has not seen (MCTS).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, cast

from ..core.chance import chance_table, exact_table
from ..core.draft import replace
from ..core.errors import Refusal
from ..core.events import CHANCE, TERMINAL, Event, Outcome
from ..core.game import Game, State
from ..core.seat import HIDDEN
from . import clicks, flow
from .context import SjoContext
from .flow import DEAL, ORDER, OVER, PICK, ROLL, SHOT, WALK, Phase
from .island import SjoMap
from .moves import (
    Deal,
    SjoMove,
    Walk,
)
from .paths import Walker
from .position import Pirate, SjoDraft, SjoPosition, draft
from .rules import movement, sections, setup, turn
from .rules.sections import EFFECTS, TABLE
from .text import chest_text, describe, map_text, round_of
from .view import SjoView, seat_view

__all__ = ["Pirate", "SjoState", "apply", "step"]

_CHANCE_PHASES = (ORDER, DEAL, ROLL, SHOT)
NOTHING = flow.Next.NOTHING

#: The dice as fixed chance tables, built once (``State._exact_chance_table``,
#: ``State._chance_table``): the same picks as sampling the outcomes at every roll. The
#: movement die; the shooting die by ``hit_faces``; the starting rolls by seat.
#: The fixed chance nodes' tables, (exact table, float table): the movement die, the
#: shooting die per number of hit faces, the starting order per seats still to place.
_ROLL_TABLES = (exact_table(flow.ROLLS), chance_table(flow.ROLLS))
_SHOT_TABLES = {k: (exact_table(flow._SHOTS[k]), chance_table(flow._SHOTS[k]))
                for k in range(1, 6)}
_ORDER_TABLES = [(exact_table(o), chance_table(o)) for o in flow._ORDERS]

def step(pos: SjoPosition, ctx: SjoContext, move: SjoMove,
         cache: dict[str, Any] | None = None) -> tuple[SjoPosition, SjoDraft]:
    """The position after the legal ``move`` and its draft (which holds the same fields,
    and in ``events`` what happened; only read from now on); ``pos`` is not changed."""
    d = draft(pos, ctx, cache)
    effect = EFFECTS.get(type(move))
    if effect is None:  # not a move of this game: TABLE says so
        effect = TABLE.of(move).apply
    then = effect(d, move)
    if then is not NOTHING:
        turn.proceed(d, then)
    flow.check_over(d)
    return d.freeze(), d


def apply(pos: SjoPosition, ctx: SjoContext, move: SjoMove,
          cache: dict[str, Any] | None = None) -> tuple[SjoPosition, list[Event]]:
    """The position after the legal ``move`` and what happened (pure: ``pos`` is not
    changed; ``cache`` only keeps walks and lines of fire between calls). ``ctx`` is the
    game's :class:`~.context.SjoContext` (``game.context``)."""
    after, d = step(pos, ctx, move, cache)
    return after, d.events


class SjoState(State[SjoMove]):
    """One Sjörövarön game. Create it with ``game.new_initial_state(seed)``.

    The game starts with chance moves (the starting rolls), then the picks in turn
    order, then the deal (chance). Each turn the seat to move declares one action;
    the movement die (a chance move) follows; a shot may come before the action, after
    the roll or after the action.

    For boards and notebooks: ``phase``, ``turn``, ``die``, ``action``, ``view(seat)``
    (what to draw), ``moves_at(hex)`` (what a click on a hex means), ``walk_to(hex)``,
    ``reachable()`` (end hex -> path after a land roll), ``chest``/``chest_hex``,
    ``raft``, ``escape``, ``knows``, ``bonus_turns``, ``winner``, ``map_text()``;
    the map's drawing data is ``state.board`` (see ``board.py``); the whole position
    is ``state.position`` (a :class:`~.position.SjoPosition`).

    >>> import treasurekit.sjorovaron as sjo
    >>> s = sjo.SjoGame(players=2).new_initial_state(seed=3)
    >>> while s.is_chance_node():
    ...     _ = s.resolve_chance()
    >>> s.phase, s.current_player
    (<Phase.PICK: 'pick'>, 0)
    >>> print(s.why_illegal("pick hook k11"))
    k11 is not a starting hex: choose a free one of g2, t2, v10, t17, e16, c11 [SJO §3 Set Up: ...]
    """

    _position: SjoPosition

    def __init__(self, game: Game[SjoMove], seed: int,
                 position: SjoPosition | None = None) -> None:
        """The one constructor (``game.state_type(game, seed, position)``; see
        ``Game.state_at``): at ``position``, or before the starting rolls.

        Raises:
            TypeError: ``game`` has no :class:`~.context.SjoContext` (not a ``SjoGame``).
            OptionError: ``seed`` is not a non-negative integer."""
        ctx = getattr(game, "context", None)
        if not isinstance(ctx, SjoContext):
            raise TypeError(f"a Sjörövarön state needs a SjoGame, got {type(game).__name__}")
        #: The rules' context: the map and the option values (``game.context``).
        self.context: SjoContext = ctx
        self.board: SjoMap = ctx.board
        self.walker: Walker = ctx.walker
        self._n = ctx.players
        self._hit_faces = ctx.hit_faces
        self._cache: dict[str, Any] = {}
        #: A draft of ``_facts_at`` (by identity), read by the queries and the rules.
        self._facts_of: SjoDraft | None = None
        self._facts_at: SjoPosition | None = None
        super().__init__(game, seed, position)

    def _initial_position(self) -> SjoPosition:
        """Before the starting rolls: every seat rolls the die first (SJO §3)."""
        return setup.initial(self.context)

    def _facts(self) -> SjoDraft:
        """The current position read through a draft (never changed: only read)."""
        d = self._facts_of
        pos = self._position
        if d is None or self._facts_at is not pos:
            d = self._facts_of = draft(pos, self.context, self._cache)
            self._facts_at = pos
        return d

    @property
    def facts(self) -> SjoDraft:
        """The current position with the rules' questions (``who``, ``on_land``,
        ``carrier``...): for bots and analysis. Read it; never change it."""
        return self._facts()

    # ----- names -----------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """How events name a seat: its pirate's name, or ``p0`` before the pick."""
        return self._facts().who(seat)

    # ----- public queries -------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """``"order"``, ``"pick"``, ``"deal"`` (setup), ``"start"`` (declare an action or
        shoot), ``"roll"`` (the die is due), ``"walk"`` (choose a path), ``"after"``
        (shoot, push or end), ``"shot"`` (the shooting die is due) or ``"over"``: a
        :class:`~.flow.Phase`, equal to those words."""
        pos = self._position
        return OVER if pos.result is not None else cast(Phase, pos.phase)

    @property
    def turn(self) -> int:
        """The seat whose turn it is (during setup: the seat to roll, pick or be dealt)."""
        pos = self._position
        if pos.phase == ORDER and pos.order_pending:
            return pos.order_pending[0]
        if pos.phase == PICK and pos.picks_left:
            return pos.picks_left[0]
        if pos.phase == DEAL and pos.deal_left:
            return pos.deal_left[0]
        return pos.turn

    @property
    def first_player(self) -> int | None:
        """The starting seat, once the starting rolls have decided it (SJO §3)."""
        return self._position.first

    def pirate(self, seat: int) -> Pirate | None:
        """Seat ``seat``'s pirate (None before it is picked)."""
        return self._position.pirates[seat]

    @property
    def pirates(self) -> tuple[Pirate | None, ...]:
        return self._position.pirates

    def seat_of(self, pirate: str) -> int | None:
        """The seat playing pirate ``pirate`` (an id such as "hook"), or None."""
        return self._facts().seat_of(pirate)

    def pieces(self, seat: int) -> frozenset[str]:
        """The map pieces seat ``seat`` holds (hidden from the others: use ``view``)."""
        return self._position.pieces[seat]

    @property
    def _seen(self) -> tuple[frozenset[str], ...]:
        """The map pieces each seat has seen (kept for older tests; see ``position``)."""
        return self._position.seen

    @property
    def hidden_piece(self) -> str | None:
        """The piece under the board: where the chest is buried (None before the deal)."""
        return self._position.hidden

    @property
    def knows(self) -> frozenset[int]:
        """Seats that have held all eight pieces and know the hiding spot (SJO §8)."""
        return self._position.knows

    @property
    def chest(self) -> tuple[str, int]:
        """``(where, n)``: ``("buried", -1)``, ``("carried", seat)``, ``("raft", -1)``,
        ``("land", hex)``, ``("ravine", hex)``, ``("water", hex)`` or ``("lost", -1)``."""
        return self._position.chest

    @property
    def chest_hex(self) -> int | None:
        """The hex where the chest is now (None when lost or not yet dealt)."""
        pos = self._position
        where, n = pos.chest
        if where == "buried":
            return self.board.spot(pos.hidden).hex if pos.hidden else None
        if where == "carried":
            p = pos.pirates[n]
            return p.at if p is not None else None
        if where == "raft":
            return pos.raft
        return None if where == "lost" else n

    @property
    def carrier(self) -> int | None:
        """The seat with the chest (carrying it or aboard the raft with it), or None."""
        return self._facts().carrier()

    @property
    def raft(self) -> tuple[str, int]:
        """``(state, hex)``: state "landing", "afloat", "destroyed" or "gone"."""
        return self._position.raft_state, self._position.raft

    @property
    def raft_aboard(self) -> int | None:
        """The seat on the raft, or None."""
        return self._facts().raft_aboard()

    @property
    def die(self) -> int | None:
        """The movement roll waiting to be walked (phase "walk"), else None."""
        return self._position.die

    @property
    def action(self) -> str | None:
        """The declared action waiting for its roll ("move", "jump", ...), else None."""
        return self._position.action

    @property
    def escape(self) -> int | None:
        """The seat waiting on a rowing boat with the chest (SJO §11-12), or None."""
        return self._position.escape

    @property
    def bonus_turns(self) -> int:
        """Extra turns still due to the first pirate with the whole map (SJO §8)."""
        return self._position.bonus_left

    @property
    def shot_used(self) -> bool:
        """The seat to move has used this turn's shot (or fired the mortar)."""
        return self._position.shot_used

    @property
    def round(self) -> int:
        """The round being played (1-based; 0 during setup)."""
        return round_of(self._facts())

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over, or None (also for no winner)."""
        result = self._position.result
        return result[0] if result is not None else None

    def used_boats(self) -> tuple[int, ...]:
        """Indices (into ``board.boats``) of boats used as starting spots, not wrecked."""
        return self._facts().used_boats()

    def shooting_chance(self) -> Fraction:
        """P(hit) of one roll of the shooting die (option ``hit_faces``; ruling SJO-8)."""
        return Fraction(self._hit_faces, 6)

    # ----- the engine contract -------------------------------------------------------------
    def _current_player(self) -> int:
        # flow.current_player, inlined: asked several times a ply
        pos = self._position
        if pos.result is not None:
            return TERMINAL
        phase = pos.phase
        if phase in _CHANCE_PHASES:
            return CHANCE
        if phase == PICK:
            return pos.picks_left[0]
        return pos.turn

    def _chance_outcomes(self) -> list[tuple[SjoMove, Fraction]]:
        if self._position.phase == ROLL:  # the movement die: most chance nodes
            return list(flow.ROLLS)
        return flow.chance_outcomes(self._facts(), self._hit_faces)

    def _fixed_tables(self) -> tuple[Any, Any] | None:
        """(exact table, float table) of a fixed chance node; None for the deal (the
        pieces not yet dealt)."""
        pos = self._position
        phase = pos.phase
        if phase == ROLL:
            return _ROLL_TABLES
        if phase == SHOT:
            return _SHOT_TABLES.get(self._hit_faces)
        if phase == ORDER:
            return _ORDER_TABLES[pos.order_pending[0]]
        return None

    def _exact_chance_table(self) -> tuple[Sequence[SjoMove], int, Sequence[int]] | None:
        tables = self._fixed_tables()
        return None if tables is None else tables[0]

    def _chance_table(self) -> tuple[Sequence[SjoMove], Sequence[float]] | None:
        tables = self._fixed_tables()
        return None if tables is None else tables[1]

    def _legal_moves(self) -> list[SjoMove]:
        return turn.legal(self._facts())

    def _check(self, move: SjoMove) -> tuple[str, str | None] | None:
        return sections.problem(self._facts(), move)

    def _apply(self, move: SjoMove) -> list[Event]:
        pos, d = step(self._position, self.context, move, self._cache)
        self._position = self._facts_at = pos
        self._facts_of = d  # it holds the new position's fields: no copy for the queries
        return d.events

    def outcome(self) -> Outcome | None:
        """The winner, or (for the endings without a winner) a draw shared by every
        seat with all scores 0 (ruling SJO-14). SJO §12."""
        result = self._position.result
        if result is None:
            return None
        winner, why, _ = result
        if winner is None:
            return Outcome(why, (0,) * self._n, tuple(range(self._n)),
                           "no winner: recorded as a draw among all seats (ruling SJO-14)")
        scores = tuple(1 if s == winner else 0 for s in range(self._n))
        return Outcome(why, scores, (winner,))

    # ----- walks and clicks ------------------------------------------------------------------
    def walk_to(self, hex_name: str) -> Walk | None:
        """The listed walk ending on ``hex_name`` (phase "walk"), or None: what a widget
        plays when a destination hex is clicked."""
        if self.phase != WALK:
            return None
        try:
            h = self.board.hex(hex_name)
        except ValueError:
            return None
        path = movement.walks(self._facts()).get(h)
        return None if path is None else self.walker.walk_move(path)

    def moves_at(self, place: object) -> list[SjoMove]:
        """What a click on hex ``place`` (a name such as ``"k11"``) can mean: the legal
        moves aimed at it (a walk ending there, a jump, crossing or climb to it, a push
        into it, a pick of it, a shot or mortar fire at a pirate standing there); empty
        when nothing is aimed there. See :mod:`.clicks`.

        Raises:
            PlaceError: ``place`` is not a hex of the map.
        """
        return clicks.moves_at(self.board, self._position.pirates, self.legal_moves(), place)

    def _why_not_at(self, place: object) -> Refusal:
        return clicks.why_not_at(self, place)

    def reachable(self) -> dict[str, tuple[str, ...]]:
        """End hex -> path of the rolled land move (phase "walk"), by name."""
        if self.phase != WALK:
            return {}
        h = self.board.label
        return {h(e): tuple(h(x) for x in path)
                for e, path in sorted(movement.walks(self._facts()).items())}

    # ----- hidden information ------------------------------------------------------------------
    def determinize(self, player: int, rng: Any) -> SjoState:
        """A copy in which every map piece ``player`` has not seen is reshuffled among the
        places ``player`` cannot tell apart (other hands, the hidden piece, pieces lost
        at sea). Counts per hand are public and kept."""
        twin = self.copy()
        pos = self._position
        if pos.phase in (ORDER, PICK):
            return twin
        known = pos.seen[player] if 0 <= player < self._n else frozenset()
        unknown = sorted(set(self.board.piece_ids) - known)
        if len(unknown) < 2:
            return twin
        shuffled = list(unknown)
        (rng if rng is not None else random.Random(0)).shuffle(shuffled)
        sigma = dict(zip(unknown, shuffled, strict=True))

        def m(s: frozenset[str]) -> frozenset[str]:
            return frozenset(sigma.get(x, x) for x in s)

        twin._restore(replace(
            pos,
            pieces=tuple(m(s) for s in pos.pieces),
            seen=tuple(s if i == player else m(s) for i, s in enumerate(pos.seen)),
            lost=m(pos.lost),
            hidden=sigma.get(pos.hidden, pos.hidden) if pos.hidden is not None else None,
        ))
        return twin

    def _seat_move_text(self, move: SjoMove, seat: int) -> str:
        """A map piece dealt to another seat is written ``deal p2 ?`` (SJO §3 Set Up)."""
        if isinstance(move, Deal) and move.seat != seat:
            return f"deal p{move.seat} {HIDDEN}"
        return str(move)

    # ----- views and text ---------------------------------------------------------------------
    def view(self, player: int) -> SjoView:
        """What seat ``player`` may know (SJO §3, §8): his own pieces only, the hidden
        piece only once he has held all eight, no seed.

        Raises:
            SeatError: ``player`` is not a seat of this game (a ValueError).
        """
        return seat_view(self._facts(), player, to_move=self._current_player(), ply=self.ply)

    def chest_text(self) -> str:
        """Where the chest is, in words ("buried", "carried p1", "land k11", ...)."""
        return chest_text(self._facts())

    def map_text(self) -> str:
        """The island as text: terrain characters (see ``board.py``), pirates as letters
        (H M P S K Q; lower case while wounded; ``+`` for several), ``R`` the raft,
        ``$`` the chest when it lies in the open."""
        return map_text(self._facts())

    def __str__(self) -> str:
        return describe(self._facts(), self.ply)

    def __repr__(self) -> str:
        return f"<SjoState ply={self.ply} seed={self.seed}>"
