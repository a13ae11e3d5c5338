"""A Sjörövarön position and every rule of play.

Where each rule lives (SJO = the rulebook, see ``rules.py`` for the sections):

* §3 starting rolls, picks, the hidden piece, the deal: ``_apply_order/_pick/_deal``
* §4 one action and one shot before or after the roll: ``_start_moves``, ``_check``
* §5 walking exactly the roll, each hex once: ``movement.py``, ``_walk_problem``
* §6 jumps (3+), crossings (2+), failures, floating: ``_resolve_jump/_cross``, ``_float``
* §7 named target, the line, wounds, pushing: ``_shoot_problem``, ``_hit``, ``_apply_push``
* §8 taking map pieces, all eight, the five moves: ``_visit``, ``_take_pieces``
* §9 digging, dragging, carrying and losing the chest: ``_resolve_dig``, ``_hit``
* §10 the raft: ``_launch``, ``_move_raft``, ``_resolve_board``
* §11 the mortar: ``_fire_targets``, ``_resolve_fire``
* §12 winning and the endings without a winner: ``_turn_body``, ``_check_over``
* §13 the extra rule for 5-6 players: ``_killing``

Hidden information: the map pieces in each hand are fixed when dealt (each player
sees his own at once); the hidden piece is whatever was not dealt. ``view(p)`` shows
p only his own pieces, and the hidden piece only once p has held all eight.
``determinize`` reshuffles every piece p has not seen (MCTS).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..core.events import CHANCE, TERMINAL, Event, Outcome
from ..core.game import State
from ..core.seat import HIDDEN
from . import clicks, rules
from .board import KINDS, SjoMap
from .flow import Phase
from .movement import Walker, walker
from .moves import (
    LETTERS,
    PIRATE_NAMES,
    PIRATES,
    Climb,
    Cross,
    Deal,
    Dig,
    Drag,
    End,
    Fire,
    Float,
    Go,
    Jump,
    Launch,
    Order,
    Pick,
    Push,
    Roll,
    Shoot,
    Shot,
    SjoMove,
    Stay,
    Wait,
    Walk,
)
from .shooting import line_problem
from .view import PirateView, SjoView

if TYPE_CHECKING:
    from .game import SjoGame

__all__ = ["Pirate", "SjoState"]

SIXTH = Fraction(1, 6)
_ROLLS: list[tuple[SjoMove, Fraction]] = [(Roll(f), SIXTH) for f in range(1, 7)]
_ORDERS: list[list[tuple[SjoMove, Fraction]]] = [
    [(Order(seat, f), SIXTH) for f in range(1, 7)] for seat in range(6)]
_SHOTS: list[list[tuple[SjoMove, Fraction]]] = [
    [(Shot(True), Fraction(k, 6)), (Shot(False), Fraction(6 - k, 6))] for k in range(6)]
#: What each declared action needs on the die (SJO §6, §9, §10).
NEED = {"jump": 3, "cross": 2, "board": 3, "dig": 4, "drag": 4}
BONUS_TURNS = 5  # SJO §8: the first pirate with the whole map rolls five times
WOUND_TURNS = 3  # SJO §7: a wounded pirate misses three turns

Problem = tuple[str, str | None] | None


@dataclass(frozen=True)
class Pirate:
    """A pirate on the island.

    Attributes:
        seat: its player's seat; ``name``: its id ("hook").
        at: its hex (board index); -1 once out of the game.
        wound: None while unharmed, else the turns it still has to miss (3..0).
        out: out of the game (drifted or pushed out to sea, or killed, SJO §13).
        aboard: on the raft.
        must_float: fell into the water this turn: must float at its next turn.
    """

    seat: int
    name: str
    at: int
    wound: int | None = None
    out: bool = False
    aboard: bool = False
    must_float: bool = False


_FIELDS = (
    "_phase", "_order_pending", "_order_round", "_order_rolls", "_first", "_picks_left",
    "_deal_left", "_pirates", "_pieces", "_seen", "_knows", "_finder", "_lost", "_hidden",
    "_chest", "_raft", "_raft_prev", "_raft_state", "_raft_pilot", "_boats_used",
    "_boats_wrecked", "_escape", "_turn", "_action", "_target", "_die", "_shot_used",
    "_acted", "_shot", "_shot_return", "_pushable", "_bonus_left", "_extra_turn",
    "_raft_done", "_turns", "_result", "_dug", "_normal_turn",
)


class SjoState(State[SjoMove]):
    """One Sjörövarön position. Create it with ``game.new_initial_state(seed)``.

    The game starts with chance moves (the starting rolls), then the picks in turn
    order, then the deal (chance). Each turn the seat to move declares one action;
    the movement die (a chance move) follows; a shot may come before the action, after
    the roll or after the action.

    For boards and notebooks: ``phase``, ``turn``, ``die``, ``action``, ``view(seat)``
    (what to draw), ``moves_at(hex)`` (what a click on a hex means), ``walk_to(hex)``,
    ``reachable()`` (end hex -> path after a land roll), ``chest``/``chest_hex``,
    ``raft``, ``escape``, ``knows``, ``bonus_turns``, ``winner``, ``map_text()``;
    the map's drawing data is ``state.board`` (see ``board.py``).

    >>> import treasurekit.sjorovaron as sjo
    >>> s = sjo.SjoGame(players=2).new_initial_state(seed=3)
    >>> while s.is_chance_node():
    ...     _ = s.resolve_chance()
    >>> s.phase, s.current_player
    ('pick', 0)
    >>> print(s.why_illegal("pick hook k11"))
    k11 is not a starting hex: choose a free one of g2, t2, v10, t17, e16, c11 [SJO §3 Set Up: ...]
    """

    game: SjoGame

    def __init__(self, game: SjoGame, seed: int) -> None:
        super().__init__(game, seed)
        self.board: SjoMap = game.board
        self.walker: Walker = walker(game.board)
        n = game.num_players
        self._n = n
        self._ev: list[Event] = []
        self._cache: dict[str, Any] = {}
        self._phase = Phase.ORDER
        self._order_pending: tuple[int, ...] = tuple(range(n))
        self._order_round: tuple[tuple[int, int], ...] = ()
        self._order_rolls: tuple[tuple[int, int], ...] = ()
        self._first: int | None = None
        self._picks_left: tuple[int, ...] = ()
        self._deal_left: tuple[int, ...] = ()
        self._pirates: tuple[Pirate | None, ...] = (None,) * n
        self._pieces: tuple[frozenset[str], ...] = (frozenset(),) * n
        self._seen: tuple[frozenset[str], ...] = (frozenset(),) * n
        self._knows: frozenset[int] = frozenset()
        self._finder: int | None = None
        self._lost: frozenset[str] = frozenset()
        self._hidden: str | None = None
        self._chest: tuple[str, int] = ("buried", -1)
        self._raft = self.board.raft_hex
        self._raft_prev = -1
        self._raft_state = "landing"
        self._raft_pilot: int | None = None
        self._boats_used: frozenset[int] = frozenset()
        self._boats_wrecked: frozenset[int] = frozenset()
        self._escape: int | None = None
        self._turn = 0
        self._action: str | None = None
        self._target = -1
        self._die: int | None = None
        self._shot_used = False
        self._acted = False
        self._shot: tuple[str, int] | None = None
        self._shot_return = Phase.START
        self._pushable = False
        self._bonus_left = 0
        self._extra_turn = False
        self._raft_done = False
        self._turns = 0
        self._result: tuple[int | None, str, str] | None = None
        self._dug = False
        self._normal_turn = True

    # ----- snapshot ------------------------------------------------------------------
    def _snapshot(self) -> Any:
        return tuple(getattr(self, f) for f in _FIELDS)

    def _restore(self, snap: Any) -> None:
        for f, v in zip(_FIELDS, snap, strict=True):
            setattr(self, f, v)
        self._cache = {}
        self._ev = []

    # ----- names -----------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """How events name a seat: its pirate's name, or ``p0`` before the pick."""
        p = self._pirates[seat]
        return PIRATE_NAMES[p.name] if p is not None else f"p{seat}"

    def _h(self, h: int) -> str:
        return self.board.label(h)

    # ----- public queries -------------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """``"order"``, ``"pick"``, ``"deal"`` (setup), ``"start"`` (declare an action or
        shoot), ``"roll"`` (the die is due), ``"walk"`` (choose a path), ``"after"``
        (shoot, push or end), ``"shot"`` (the shooting die is due) or ``"over"``."""
        return Phase.OVER if self._result is not None else self._phase

    @property
    def turn(self) -> int:
        """The seat whose turn it is (during setup: the seat to roll, pick or be dealt)."""
        if self._phase == Phase.ORDER and self._order_pending:
            return self._order_pending[0]
        if self._phase == Phase.PICK and self._picks_left:
            return self._picks_left[0]
        if self._phase == Phase.DEAL and self._deal_left:
            return self._deal_left[0]
        return self._turn

    @property
    def first_player(self) -> int | None:
        """The starting seat, once the starting rolls have decided it (SJO §3)."""
        return self._first

    def pirate(self, seat: int) -> Pirate | None:
        """Seat ``seat``'s pirate (None before it is picked)."""
        return self._pirates[seat]

    @property
    def pirates(self) -> tuple[Pirate | None, ...]:
        return self._pirates

    def seat_of(self, pirate: str) -> int | None:
        """The seat playing pirate ``pirate`` (an id such as "hook"), or None."""
        for p in self._pirates:
            if p is not None and p.name == pirate:
                return p.seat
        return None

    def pieces(self, seat: int) -> frozenset[str]:
        """The map pieces seat ``seat`` holds (hidden from the others: use ``view``)."""
        return self._pieces[seat]

    @property
    def hidden_piece(self) -> str | None:
        """The piece under the board: where the chest is buried (None before the deal)."""
        return self._hidden

    @property
    def knows(self) -> frozenset[int]:
        """Seats that have held all eight pieces and know the hiding spot (SJO §8)."""
        return self._knows

    @property
    def chest(self) -> tuple[str, int]:
        """``(where, n)``: ``("buried", -1)``, ``("carried", seat)``, ``("raft", -1)``,
        ``("land", hex)``, ``("ravine", hex)``, ``("water", hex)`` or ``("lost", -1)``."""
        return self._chest

    @property
    def chest_hex(self) -> int | None:
        """The hex where the chest is now (None when lost or not yet dealt)."""
        where, n = self._chest
        if where == "buried":
            return self.board.spot(self._hidden).hex if self._hidden else None
        if where == "carried":
            p = self._pirates[n]
            return p.at if p is not None else None
        if where == "raft":
            return self._raft
        return None if where == "lost" else n

    @property
    def raft(self) -> tuple[str, int]:
        """``(state, hex)``: state "landing", "afloat", "destroyed" or "gone"."""
        return self._raft_state, self._raft

    @property
    def raft_aboard(self) -> int | None:
        """The seat on the raft, or None."""
        for p in self._pirates:
            if p is not None and p.aboard:
                return p.seat
        return None

    @property
    def die(self) -> int | None:
        """The movement roll waiting to be walked (phase "walk"), else None."""
        return self._die

    @property
    def action(self) -> str | None:
        """The declared action waiting for its roll ("move", "jump", ...), else None."""
        return self._action

    @property
    def escape(self) -> int | None:
        """The seat waiting on a rowing boat with the chest (SJO §11-12), or None."""
        return self._escape

    @property
    def bonus_turns(self) -> int:
        """Extra turns still due to the first pirate with the whole map (SJO §8)."""
        return self._bonus_left

    @property
    def round(self) -> int:
        """The round being played (1-based; 0 during setup)."""
        return 0 if self._turns == 0 else (self._turns - 1) // self._n + 1

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over, or None (also for no winner)."""
        return self._result[0] if self._result is not None else None

    def used_boats(self) -> tuple[int, ...]:
        """Indices (into ``board.boats``) of boats used as starting spots, not wrecked."""
        return tuple(sorted(self._boats_used - self._boats_wrecked))

    def shooting_chance(self) -> Fraction:
        """P(hit) of one roll of the shooting die (option ``hit_faces``; ruling SJO-8)."""
        return Fraction(int(self.game.options["hit_faces"]), 6)

    # ----- helpers on pirates -------------------------------------------------------------
    def _p(self, seat: int) -> Pirate:
        p = self._pirates[seat]
        assert p is not None
        return p

    def _set(self, seat: int, **changes: Any) -> Pirate:
        p = replace(self._p(seat), **changes)
        pirates = list(self._pirates)
        pirates[seat] = p
        self._pirates = tuple(pirates)
        return p

    def _on_land(self, p: Pirate) -> bool:
        return not p.out and not p.aboard and p.at >= 0 and self.board.is_land(p.at)

    def _in_water(self, p: Pirate) -> bool:
        return not p.out and not p.aboard and p.at >= 0 and self.board.is_water(p.at)

    def _alive(self) -> list[Pirate]:
        return [p for p in self._pirates if p is not None and not p.out]

    def _carrier(self) -> int | None:
        where, n = self._chest
        if where == "carried":
            return n
        if where == "raft":
            return self.raft_aboard
        return None

    def _killing(self) -> bool:
        """SJO §13: with 5-6 players, once the chest is dug up, every hit kills."""
        return bool(self.game.options["extra_rule"]) and self._n >= 5 and self._dug

    def _standing_at(self, h: int, seat: int) -> Pirate | None:
        for p in self._pirates:
            if (p is not None and p.seat != seat and p.at == h and not p.out
                    and not p.aboard and p.wound is None and self.board.is_land(h)):
                return p
        return None

    def _lying_at(self, h: int, seat: int) -> list[Pirate]:
        return [p for p in self._pirates
                if p is not None and p.seat != seat and p.at == h and not p.out
                and p.wound is not None and self.board.is_land(h)]

    def _landing_problem(self, h: int, seat: int) -> Problem:
        """Why seat may not end a move on land hex ``h`` (occupied), or None."""
        stand = self._standing_at(h, seat)
        if stand is not None:
            return (f"{PIRATE_NAMES[stand.name]} stands unharmed on {self._h(h)}",
                    rules.OPPONENTS)
        for p in self._lying_at(h, seat):
            if p.wound == 0:
                return (f"{PIRATE_NAMES[p.name]} lies on {self._h(h)} and stands up at his "
                        "next turn: no pirate may end a move there", rules.STANDING_UP)
        return None

    def _jump_problem(self, at: int, to: int, seat: int) -> Problem:
        """Why seat may not jump from ``at`` to ``to``: the landing hex is occupied, or (a
        cliff jump) the ravine bottom a failure drops into is (ruling SJO-7)."""
        problem = self._landing_problem(to, seat)
        if problem is not None:
            return problem
        jump = dict(self.board.jump_sites(at))[to]
        if jump.kind == "cliff":
            fall = self._landing_problem(jump.fail, seat)
            if fall is not None:
                return (f"a failed jump drops into the ravine at {self._h(jump.fail)}, where "
                        f"no pirate may end a move now: {fall[0]} (ruling SJO-7)", rules.CLIFF)
        return None

    # ----- phases -----------------------------------------------------------------------------
    def _current_player(self) -> int:
        if self._result is not None:
            return TERMINAL
        if self._phase in (Phase.ORDER, Phase.DEAL, Phase.ROLL, Phase.SHOT):
            return CHANCE
        if self._phase == Phase.PICK:
            return self._picks_left[0]
        return self._turn

    def _chance_outcomes(self) -> list[tuple[SjoMove, Fraction]]:
        if self._phase == Phase.ORDER:
            return list(_ORDERS[self._order_pending[0]])
        if self._phase == Phase.DEAL:
            pool = self._undealt()
            p = Fraction(1, len(pool))
            return [(Deal(self._deal_left[0], piece), p) for piece in pool]
        if self._phase == Phase.SHOT:
            return list(_SHOTS[int(self.game.options["hit_faces"])])
        return list(_ROLLS)

    def _undealt(self) -> list[str]:
        dealt: set[str] = set().union(*self._pieces)
        return [s for s in self.board.piece_ids if s not in dealt]

    # ----- legal moves -------------------------------------------------------------------------
    def _legal_moves(self) -> list[SjoMove]:
        phase = self._phase
        if phase == Phase.PICK:
            free = self._free_starts()
            taken = {p.name for p in self._pirates if p is not None}
            return [Pick(name, self._h(h)) for name in PIRATES if name not in taken
                    for h in free]
        if phase == Phase.START:
            return self._start_moves()
        moves: list[SjoMove] = []
        if phase == Phase.WALK:
            walks = self._walks()
            moves += self.walker.walk_moves(walks)
            moves += self._shoot_moves()
            if not walks:
                moves.append(Stay())
            return moves
        # Phase.AFTER
        moves += self._shoot_moves()
        moves += [Push(self._h(w)) for w in self._push_targets()]
        moves.append(End())
        return moves

    def _free_starts(self) -> list[int]:
        taken = {p.at for p in self._pirates if p is not None}
        return [b.start for b in self.board.boats if b.start not in taken]

    def _start_moves(self) -> list[SjoMove]:
        p = self._p(self._turn)
        moves: list[SjoMove] = []
        if p.aboard:
            return [Float(), *self._shoot_moves()]
        if self._in_water(p):
            moves.append(Float())
            if not p.must_float:
                moves += [Climb(self._h(h)) for h in self._climb_targets(p)]
            return moves
        if not self._shot_used:
            moves += [Fire(t) for t in self._fire_targets()]
        moves += self._shoot_moves()
        moves.append(Go())
        board = self.board
        for to, _ in board.jump_sites(p.at):
            if self._jump_problem(p.at, to, p.seat) is None:
                moves.append(Jump(self._h(to)))
        for to, _, _ in board.crossing_sites(p.at):
            if self._landing_problem(to, p.seat) is None:
                moves.append(Cross(self._h(to)))
        if self._board_problem(p) is None:
            moves.append(Jump(None))
        if self._dig_problem(p) is None:
            moves.append(Dig())
        if self._drag_problem(p) is None:
            moves.append(Drag())
        if self._launch_problem(p) is None:
            moves.append(Launch())
        if p.at == board.mortar:
            moves.append(Wait())
        return moves

    def _shoot_moves(self) -> list[SjoMove]:
        if not self._can_shoot():
            return []
        return [Shoot(self._p(t).name) for t in self._targets()]

    def _can_shoot(self) -> bool:
        if self._shot_used or self._phase not in (Phase.START, Phase.WALK, Phase.AFTER):
            return False
        p = self._p(self._turn)
        return p.wound is None and (p.aboard or self._on_land(p))

    def _shot_blockers(self, seat: int) -> dict[int, str]:
        out: dict[int, str] = {}
        all_block = self.game.options["line_blockers"] == "all"
        for p in self._pirates:
            if p is None or p.out or p.seat == seat:
                continue
            at = self._raft if p.aboard else p.at
            if p.wound is not None:
                out[at] = f"the wounded {PIRATE_NAMES[p.name]}"
            elif all_block and at not in out:
                out[at] = f"{PIRATE_NAMES[p.name]}"
        return out

    def _targets(self) -> list[int]:
        """Seats the seat to move could shoot at now (line of fire, unharmed)."""
        key = (self._turn, self._pirates, self._raft)
        hit = self._cache.get("targets")
        if hit is not None and hit[0] == key:
            cached: list[int] = hit[1]
            return cached
        seat = self._turn
        me = self._p(seat)
        here = self._raft if me.aboard else me.at
        blockers = self._shot_blockers(seat)
        out = []
        for p in self._pirates:
            if p is None or p.seat == seat or p.out or p.wound is not None:
                continue
            there = self._raft if p.aboard else p.at
            blockers_here = {h: w for h, w in blockers.items() if h != there}
            if line_problem(self.board, here, there, blockers_here) is None:
                out.append(p.seat)
        self._cache["targets"] = (key, out)
        return out

    def _climb_targets(self, p: Pirate) -> list[int]:
        return [h for h in self.board.neighbours[p.at]
                if self.board.can_climb(p.at, h) and self._landing_problem(h, p.seat) is None]

    def _fire_targets(self) -> list[str | None]:
        """Mortar targets at the start of the turn in the tower (SJO §11)."""
        p = self._p(self._turn)
        if p.at != self.board.mortar or p.aboard or p.wound is not None or self._acted:
            return []
        out: list[str | None] = []
        if self._escape is not None and self._escape != p.seat:
            out.append(self._p(self._escape).name)
        if (self._raft_state == "afloat" and self._chest[0] == "raft"
                and self._raft in self.board.marked):
            out.append(None)
        return out

    def _board_problem(self, p: Pirate) -> Problem:
        """Why ``p`` may not try to jump aboard the raft now (SJO §10), or None."""
        if self._raft_state != "afloat":
            return ("the raft is not in the water", rules.RAFT_JUMP)
        if not self._on_land(p):
            return ("a pirate can jump aboard the raft only from a land hex", rules.RAFT_JUMP)
        if self._raft not in self.board.neighbours[p.at]:
            return (f"the raft at {self._h(self._raft)} is not next to {self._h(p.at)}",
                    rules.RAFT_JUMP)
        aboard = self.raft_aboard
        if aboard is not None:
            return (f"{self.who(aboard)} is aboard the raft", rules.ruling(17))
        return None

    def _dig_problem(self, p: Pirate) -> Problem:
        where, n = self._chest
        if not self._on_land(p):
            return ("dig from a land hex", rules.DIG)
        if where == "ravine" and n == p.at:
            return None
        if where != "buried" or self._hidden is None:
            return ("there is nothing to dig here", rules.DIG)
        if p.seat not in self._knows:
            return (f"{self.who(p.seat)} has never held all eight map pieces and does not "
                    "know where the chest is buried", rules.ALL_EIGHT)
        spot = self.board.spot(self._hidden)
        if spot.hex != p.at:
            return (f"the chest is not buried at {self._h(p.at)}: it lies under "
                    f"{spot.name} ({self._h(spot.hex)})", rules.DIG)
        return None

    def _drag_problem(self, p: Pirate) -> Problem:
        where, n = self._chest
        if where != "water":
            return ("the chest is not in the water", rules.DRAG)
        if not self._on_land(p) or n not in self.board.neighbours[p.at]:
            return (f"drag from a land hex next to the chest's water hex {self._h(n)}",
                    rules.DRAG)
        return None

    def _launch_problem(self, p: Pirate) -> Problem:
        if self._raft_state != "landing":
            return ("the raft has already left its hex", rules.RAFT)
        if p.at != self.board.raft_hex:
            return (f"the raft ride starts from the raft's hex {self._h(self.board.raft_hex)}",
                    rules.RAFT)
        if self._carrier() != p.seat:
            return ("only the pirate with the chest may use the raft", rules.RAFT)
        return None

    def _push_targets(self) -> list[int]:
        if not self._pushable:
            return []
        p = self._p(self._turn)
        if not self._on_land(p) or not any(x.wound for x in self._lying_at(p.at, p.seat)):
            return []
        raft = self._raft if self._raft_state == "afloat" else -1
        sea = self.game.options["sea_push"] == "out"
        return [w for w in self.board.shore(p.at)
                if w != raft and (sea or not self.board.is_sea(w))]

    # ----- walks ------------------------------------------------------------------------------
    def _blockers(self, seat: int) -> tuple[int, int]:
        blocked = no_end = 0
        for p in self._pirates:
            if p is None or p.seat == seat or p.out or p.aboard or p.at < 0:
                continue
            if not self.board.is_land(p.at):
                continue
            if p.wound is None:
                blocked |= 1 << p.at
            elif p.wound == 0:
                no_end |= 1 << p.at
        return blocked, no_end

    def _loot_hexes(self, seat: int) -> list[int]:
        """Hexes worth passing: a chest lying free, wounded pirates' map pieces."""
        out = []
        if self._chest[0] == "land":
            out.append(self._chest[1])
        for p in self._pirates:
            if p is None or p.seat == seat or p.out or p.wound is None or p.aboard:
                continue
            if not self._pieces[p.seat]:
                continue
            if self.board.is_land(p.at):
                out.append(p.at)
            else:
                out += [h for h in self.board.neighbours[p.at] if self.board.is_land(h)]
        return list(dict.fromkeys(out))

    def _walks(self) -> dict[int, tuple[int, ...]]:
        """End hex -> path for the rolled land move of the seat to move."""
        key = (self._turn, self._die, self._pirates, self._chest, self._pieces)
        hit = self._cache.get("walks")
        if hit is not None and hit[0] == key:
            cached: dict[int, tuple[int, ...]] = hit[1]
            return cached
        assert self._die is not None
        p = self._p(self._turn)
        blocked, no_end = self._blockers(p.seat)
        walks = self.walker.walks(
            p.at, self._die, blocked, no_end, prefer=self._loot_hexes(p.seat),
            revisit_start=bool(self.game.options["return_to_start"]))
        self._cache["walks"] = (key, walks)
        return walks

    def walk_to(self, hex_name: str) -> Walk | None:
        """The listed walk ending on ``hex_name`` (phase "walk"), or None: what a widget
        plays when a destination hex is clicked."""
        if self._phase != Phase.WALK or self._result is not None:
            return None
        try:
            h = self.board.hex(hex_name)
        except ValueError:
            return None
        path = self._walks().get(h)
        return None if path is None else self.walker.walk_move(path)

    def moves_at(self, place: object) -> list[SjoMove]:
        """What a click on hex ``place`` (a name such as ``"k11"``) can mean: the legal
        moves aimed at it (a walk ending there, a jump, crossing or climb to it, a push
        into it, a pick of it, a shot or mortar fire at a pirate standing there); empty
        when nothing is aimed there. See :mod:`.clicks`.

        Raises:
            PlaceError: ``place`` is not a hex of the map.
        """
        return clicks.moves_at(self, place)

    def reachable(self) -> dict[str, tuple[str, ...]]:
        """End hex -> path of the rolled land move (phase "walk"), by name."""
        if self._phase != Phase.WALK or self._result is not None:
            return {}
        return {self._h(e): tuple(self._h(h) for h in path)
                for e, path in sorted(self._walks().items())}

    def _walk_problem(self, move: Walk) -> Problem:
        assert self._die is not None
        p = self._p(self._turn)
        die = self._die
        if len(move.path) != die:
            return (f"you rolled {die}: the path must enter exactly {die} hexes, not "
                    f"{len(move.path)}", rules.EXACT)
        board = self.board
        try:
            path = [board.hex(x) for x in move.path]
        except ValueError as exc:
            return (str(exc), rules.MOVE)
        blocked, no_end = self._blockers(p.seat)
        prev = p.at
        seen = {p.at} if not self.game.options["return_to_start"] else set()
        for h in path:
            if h not in board.steps[prev]:
                what = board.kinds[h]
                return (f"{self._h(prev)} to {self._h(h)} is not a step over land "
                        f"({self._h(h)} is {what}; water, rocks, cliffs and hexes that are "
                        "not neighbours cannot be walked)", rules.MOVE)
            if h in seen:
                if h == p.at:
                    return (f"the walk comes back to its starting hex {self._h(h)}",
                            rules.ruling(5))
                return (f"the path enters {self._h(h)} twice; a hex may be entered only "
                        "once in a turn", rules.ONCE)
            if blocked >> h & 1:
                stand = self._standing_at(h, p.seat)
                assert stand is not None
                return (f"{PIRATE_NAMES[stand.name]} stands unharmed on {self._h(h)}: no "
                        "passing through or stopping on an unharmed opponent",
                        rules.OPPONENTS)
            seen.add(h)
            prev = h
        if no_end >> path[-1] & 1:
            problem = self._landing_problem(path[-1], p.seat)
            assert problem is not None
            return problem
        return None

    # ----- checks ------------------------------------------------------------------------
    def _check(self, move: SjoMove) -> Problem:
        phase = self._phase
        if isinstance(move, (Order, Deal, Roll, Shot)):
            return (f"'{move}' is a chance move (dice and the deal); the player to move is "
                    f"{self.who(self._current_player())}", rules.TURN)
        if phase == Phase.PICK:
            if not isinstance(move, Pick):
                return (f"setup: {self.who(self._picks_left[0])} picks a pirate and a "
                        "starting hex first, e.g. 'pick hook g2'", rules.PICK)
            return self._pick_problem(move)
        if isinstance(move, Pick):
            return ("the pirates were picked at the start of the game", rules.PICK)
        if isinstance(move, Shoot):
            return self._shoot_problem(move)
        if phase == Phase.WALK:
            if isinstance(move, Walk):
                return self._walk_problem(move)
            if isinstance(move, Stay):
                if self._walks():
                    ends = ", ".join(sorted(self._h(e) for e in self._walks()))
                    return (f"you can still walk {self._die} hexes (to {ends}); only a pirate "
                            "locked in loses his move", rules.LOCKED)
                return None
            return (f"you rolled {self._die} for a move over land: walk exactly that many "
                    "hexes ('walk ...'), or shoot first", rules.EXACT)
        if phase == Phase.AFTER:
            if isinstance(move, End):
                return None
            if isinstance(move, Push):
                return self._push_problem(move)
            return (f"{self.who(self._turn)} has had this turn's action; shoot, push or "
                    "'end' the turn", rules.TURN)
        # Phase.START
        if isinstance(move, (Walk, Stay)):
            return ("declare a move over land ('move') and roll first", rules.MOVE)
        if isinstance(move, Push):
            return ("push a wounded pirate only after ending your move on his hex",
                    rules.PUSH)
        if isinstance(move, End):
            return (f"{self.who(self._turn)} must take one action this turn (move, jump, "
                    "cross, float, dig or drag; only the mortar lets a pirate wait)",
                    rules.TURN)
        return self._action_problem(move)

    def _pick_problem(self, move: Pick) -> Problem:
        taken = {p.name: p.seat for p in self._pirates if p is not None}
        if move.pirate in taken:
            return (f"{PIRATE_NAMES[move.pirate]} is already p{taken[move.pirate]}'s pirate",
                    rules.PICK)
        free = self._free_starts()
        starts = ", ".join(self._h(h) for h in free)
        try:
            h = self.board.hex(move.at)
        except ValueError as exc:
            return (str(exc), rules.PICK)
        if h not in self.board.starts:
            return (f"{move.at} is not a starting hex: choose a free one of {starts}",
                    rules.PICK)
        if h not in free:
            return (f"another pirate already starts on {move.at}: choose a free one of "
                    f"{starts}", rules.PICK)
        return None

    def _shoot_problem(self, move: Shoot) -> Problem:
        phase = self._phase
        seat = self._turn
        if phase not in (Phase.START, Phase.WALK, Phase.AFTER):
            return ("no shot now", rules.SHOT_TIMING)
        if self._shot_used:
            return (f"{self.who(seat)} has used this turn's shot (one roll of the shooting "
                    "die per turn)", rules.SHOT_TIMING)
        me = self._p(seat)
        if me.wound is not None:
            return ("a wounded pirate cannot shoot", rules.WOUND)
        if self._in_water(me):
            return (f"{self.who(seat)} is in the water: no shooting while floating",
                    rules.SHOOT)
        t = self.seat_of(move.target)
        if t is None:
            return (f"{PIRATE_NAMES[move.target]} is not in this game; name one of "
                    f"{', '.join(self.who(p.seat) for p in self._alive() if p.seat != seat)}",
                    rules.NAMED)
        if t == seat:
            return ("a pirate cannot shoot at himself", rules.NAMED)
        target = self._p(t)
        if target.out:
            return (f"{self.who(t)} is out of the game", rules.NAMED)
        if target.wound is not None:
            return (f"{self.who(t)} is wounded and cannot be shot at until he recovers",
                    rules.NO_WOUNDED_TARGET)
        here = self._raft if me.aboard else me.at
        there = self._raft if target.aboard else target.at
        blockers = {h: w for h, w in self._shot_blockers(seat).items() if h != there}
        problem = line_problem(self.board, here, there, blockers)
        if problem is not None:
            return (f"no line of fire to {self.who(t)}: {problem}", rules.LINE)
        return None

    def _push_problem(self, move: Push) -> Problem:
        targets = self._push_targets()
        if not targets:
            return ("there is no wounded pirate on your hex to push (only right after "
                    "ending a move there)", rules.PUSH)
        try:
            h = self.board.hex(move.into)
        except ValueError as exc:
            return (str(exc), rules.PUSH)
        if h not in targets:
            where = ", ".join(self._h(w) for w in targets)
            return (f"{move.into} is not a water hex next to you (push into {where})",
                    rules.PUSH)
        return None

    def _action_problem(self, move: SjoMove) -> Problem:
        seat = self._turn
        p = self._p(seat)
        who = self.who(seat)
        board = self.board
        if isinstance(move, Fire):
            return self._fire_problem(move)
        if p.aboard:
            if isinstance(move, Float):
                return None
            return (f"{who} is on the raft: roll for the raft ('float') or shoot; he cannot "
                    "leave it", rules.RAFT)
        if self._in_water(p):
            if isinstance(move, Float):
                return None
            if isinstance(move, Climb):
                if p.must_float:
                    return (f"{who} fell in this turn and must float along the river first",
                            rules.RIVER_FAIL)
                try:
                    h = board.hex(move.to)
                except ValueError as exc:
                    return (str(exc), rules.CLIMB)
                if not board.can_climb(p.at, h):
                    return (f"{move.to} is not land next to the water at {self._h(p.at)} "
                            "that a swimmer can reach", rules.CLIMB)
                return self._landing_problem(h, seat)
            return (f"{who} is in the water at {self._h(p.at)}: float along the arrows or "
                    "climb out onto neighbouring land", rules.FLOAT)
        if isinstance(move, (Float, Climb)):
            return (f"{who} is on land, not in the water", rules.FLOAT)
        if isinstance(move, Go):
            return None
        if isinstance(move, Jump) and move.to is None:
            return self._board_problem(p)
        if isinstance(move, (Jump, Cross)):
            assert move.to is not None
            try:
                to = board.hex(move.to)
            except ValueError as exc:
                return (str(exc), rules.DECLARE)
            verb = "jump" if isinstance(move, Jump) else "cross"
            sites: list[int]
            if isinstance(move, Jump):
                sites = [t for t, _ in board.jump_sites(p.at)]
            else:
                sites = [t for t, _, _ in board.crossing_sites(p.at)]
            if to not in sites:
                if not sites:
                    other = "a jump" if board.crossing_sites(p.at) else "a crossing" if (
                        board.jump_sites(p.at)) else None
                    hint = f" (this is {other} site)" if other else ""
                    return (f"{who} must end a turn on a striped hex at a {verb} site to "
                            f"{verb}; {self._h(p.at)} is not one{hint}", rules.DECLARE)
                opts = ", ".join(self._h(t) for t in sites)
                return (f"from {self._h(p.at)} the {verb} goes to {opts}, not {move.to}",
                        rules.DECLARE)
            if isinstance(move, Jump):
                return self._jump_problem(p.at, to, seat)
            return self._landing_problem(to, seat)
        if isinstance(move, Dig):
            return self._dig_problem(p)
        if isinstance(move, Drag):
            return self._drag_problem(p)
        if isinstance(move, Launch):
            return self._launch_problem(p)
        if isinstance(move, Wait):
            if p.at != board.mortar:
                return ("only a pirate at the mortar in the tower may skip his turn",
                        rules.MORTAR_WAIT)
            return None
        return (f"'{move}' cannot be played now", rules.TURN)

    def _fire_problem(self, move: Fire) -> Problem:
        p = self._p(self._turn)
        if p.at != self.board.mortar or p.aboard:
            return (f"the mortar stands on {self._h(self.board.mortar)} in the tower; only a "
                    "pirate who ended his move there fires it", rules.MORTAR)
        if self._shot_used:
            return ("the mortar is fired at the start of the turn, instead of the shot",
                    rules.MORTAR)
        targets = self._fire_targets()
        if move.target not in targets:
            if move.target is None:
                return ("the mortar may fire at the raft only while it carries the chest on "
                        "one of the double-marked water hexes", rules.MORTAR_RAFT)
            return (f"the mortar fires only at the pirate with the chest waiting on a rowing "
                    f"boat; {PIRATE_NAMES[move.target]} is not", rules.MORTAR_BOAT)
        return None

    # ----- effects -----------------------------------------------------------------------------
    def _apply(self, move: SjoMove) -> list[Event]:
        self._ev = []
        if isinstance(move, Order):
            self._apply_order(move)
        elif isinstance(move, Pick):
            self._apply_pick(move)
        elif isinstance(move, Deal):
            self._apply_deal(move)
        elif isinstance(move, Roll):
            self._resolve_roll(move.face)
        elif isinstance(move, Shot):
            self._resolve_shot(move.hit)
        elif isinstance(move, Shoot):
            self._declare_shot(move)
        elif isinstance(move, Fire):
            self._declare_fire(move)
        elif isinstance(move, Walk):
            self._apply_walk(move)
        elif isinstance(move, Stay):
            self._say(f"{self.who(self._turn)} is locked in and loses the move",
                      rules.LOCKED, "locked")
            self._after_action()
        elif isinstance(move, Push):
            self._apply_push(move)
        elif isinstance(move, End):
            self._end_turn()
        elif isinstance(move, Wait):
            self._say(f"{self.who(self._turn)} waits by the mortar", rules.MORTAR_WAIT, "wait")
            self._after_action()
        elif isinstance(move, Climb):
            self._apply_climb(move)
        else:
            self._declare(move)
        self._check_over()
        events, self._ev = self._ev, []
        return events

    def _say(self, text: str, rule: str | None, kind: str = "info") -> None:
        self._ev.append(Event(text, rule, kind))

    # setup ------------------------------------------------------------------------------------
    def _apply_order(self, move: Order) -> None:
        self._order_rolls += ((move.seat, move.face),)
        self._order_round += ((move.seat, move.face),)
        self._order_pending = self._order_pending[1:]
        self._say(f"p{move.seat} rolls {move.face} for the starting order", rules.ORDER, "roll")
        if self._order_pending:
            return
        best = max(f for _, f in self._order_round)
        top = tuple(s for s, f in self._order_round if f == best)
        self._order_round = ()
        if len(top) > 1:
            self._order_pending = top
            self._say(f"{' and '.join(f'p{s}' for s in top)} tie with {best} and roll again "
                      "(ruling SJO-2)", rules.ORDER, "tie")
            return
        first = top[0]
        self._first = first
        self._picks_left = tuple((first + k) % self._n for k in range(self._n))
        self._phase = Phase.PICK
        self._say(f"p{first} rolled highest and starts; the pirates are picked clockwise",
                  rules.ORDER, "first")

    def _apply_pick(self, move: Pick) -> None:
        seat = self._picks_left[0]
        h = self.board.hex(move.at)
        pirates = list(self._pirates)
        pirates[seat] = Pirate(seat, move.pirate, h)
        self._pirates = tuple(pirates)
        boat = next(i for i, b in enumerate(self.board.boats) if b.start == h)
        self._boats_used |= {boat}
        self._picks_left = self._picks_left[1:]
        self._say(f"p{seat} takes {PIRATE_NAMES[move.pirate]} and starts on {move.at} by the "
                  f"{self.board.boats[boat].id} rowing boat", rules.PICK, "pick")
        if not self._picks_left:
            assert self._first is not None
            self._phase = Phase.DEAL
            self._deal_left = tuple((self._first + k) % self._n for k in range(8))
            self._say("One map piece is hidden under the board unseen; the other eight are "
                      "dealt clockwise from the starting player (ruling SJO-3)",
                      rules.DEAL, "deal")

    def _apply_deal(self, move: Deal) -> None:
        seat = move.seat
        pieces = list(self._pieces)
        pieces[seat] = pieces[seat] | {move.piece}
        self._pieces = tuple(pieces)
        seen = list(self._seen)
        seen[seat] = seen[seat] | {move.piece}
        self._seen = tuple(seen)
        self._deal_left = self._deal_left[1:]
        self._say(f"{self.who(seat)} is dealt a map piece ({len(pieces[seat])} in hand)",
                  rules.DEAL, "deal")
        if self._deal_left:
            return
        (self._hidden,) = self._undealt()
        assert self._first is not None
        self._begin_turn(self._first, normal=True)

    # declarations -----------------------------------------------------------------------------
    def _declare(self, move: SjoMove) -> None:
        seat = self._turn
        p = self._p(seat)
        who = self.who(seat)
        board = self.board
        if isinstance(move, Go):
            self._action = "move"
            text, rule = f"{who} will move over land", rules.MOVE
        elif isinstance(move, Jump) and move.to is None:
            self._action = "board"
            text, rule = f"{who} says \"Jump!\" to get aboard the raft (3 or more)", rules.RAFT_JUMP
        elif isinstance(move, Jump):
            assert move.to is not None
            self._action, self._target = "jump", board.hex(move.to)
            text, rule = f"{who} says \"Jump!\" towards {move.to} (3 or more)", rules.DECLARE
        elif isinstance(move, Cross):
            self._action, self._target = "cross", board.hex(move.to)
            text, rule = f"{who} says \"Cross!\" towards {move.to} (2 or more)", rules.DECLARE
        elif isinstance(move, Dig):
            self._action = "dig"
            text, rule = f"{who} says \"I dig\" (4 or more)", rules.DIG
        elif isinstance(move, Drag):
            self._action = "drag"
            text, rule = f"{who} says \"I drag\" (4 or more)", rules.DRAG
        elif isinstance(move, Float):
            self._action = "float"
            if p.aboard:
                text, rule = f"{who} rolls for the raft", rules.RAFT
            else:
                text, rule = f"{who} floats along the river", rules.FLOAT
        elif isinstance(move, Launch):
            self._action = "launch"
            text, rule = f"{who} pushes off on the raft with the chest", rules.RAFT
        else:  # pragma: no cover - _check lets nothing else through
            raise TypeError(f"not an action: {move!r}")
        self._phase = Phase.ROLL
        self._say(text, rule, "declare")

    def _declare_shot(self, move: Shoot) -> None:
        t = self.seat_of(move.target)
        assert t is not None
        self._shot = ("pistol", t)
        self._shot_used = True
        self._shot_return = self._phase
        self._phase = Phase.SHOT
        self._say(f"{self.who(self._turn)}: \"Shooting at {self.who(t)}!\"", rules.NAMED, "aim")

    def _declare_fire(self, move: Fire) -> None:
        if move.target is None:
            self._shot = ("mortar", -1)
            what = "the raft"
        else:
            t = self.seat_of(move.target)
            assert t is not None
            self._shot = ("mortar", t)
            what = self.who(t)
        self._shot_used = True
        self._acted = True
        self._phase = Phase.SHOT
        self._say(f"{self.who(self._turn)} fires the mortar: \"Shooting at {what}!\"",
                  rules.MORTAR, "aim")

    # the die --------------------------------------------------------------------------------
    def _resolve_roll(self, face: int) -> None:
        action = self._action
        seat = self._turn
        who = self.who(seat)
        self._action = None
        if action == "raft-duty":
            self._say(f"{who} rolls {face} for the raft with nobody aboard", rules.RAFT_SHOT,
                      "roll")
            self._raft_done = True
            self._move_raft(face)
            if self._result is None:
                self._turn_body()
            return
        if action == "drift":
            self._say(f"{who} rolls {face} and drifts, wounded", rules.WOUNDED_WATER, "roll")
            self._float(seat, face)
            p = self._p(seat)
            if not p.out and p.wound is not None:
                self._set(seat, wound=max(0, p.wound - 1))
            self._end_turn()
            return
        if action == "move":
            self._say(f"{who} rolls {face}", rules.EXACT, "roll")
            self._die = face
            self._settle_walk_phase()
            return
        assert action is not None
        need = NEED.get(action)
        if need is not None:
            ok = face >= need
            self._say(f"{who} rolls {face}: {'success' if ok else 'failure'} (needs {need} or "
                      "more)", rules.JUMP if action in ("jump", "cross") else
                      rules.RAFT_JUMP if action == "board" else
                      rules.DIG if action == "dig" else rules.DRAG, "roll")
        else:
            self._say(f"{who} rolls {face}", rules.FLOAT, "roll")
        if action == "jump":
            self._resolve_jump(face >= 3)
        elif action == "cross":
            self._resolve_cross(face >= 2)
        elif action == "board":
            self._resolve_board(face >= 3)
        elif action in ("dig", "drag"):
            self._resolve_dig(action, face >= 4)
        elif action == "float":
            if self._p(seat).aboard:
                self._move_raft(face)
            else:
                self._float(seat, face)
        elif action == "launch":
            self._launch(face)
        if self._result is None:
            self._after_action()

    def _settle_walk_phase(self) -> None:
        if self._walks() or self._targets_now():
            self._phase = Phase.WALK
            return
        self._say(f"{self.who(self._turn)} is locked in: no path of {self._die} hexes; the "
                  "move is lost", rules.LOCKED, "locked")
        self._after_action()

    def _targets_now(self) -> bool:
        self._phase = Phase.WALK  # shooting is allowed between the roll and the walk
        return bool(self._can_shoot() and self._targets())

    def _apply_walk(self, move: Walk) -> None:
        seat = self._turn
        path = [self.board.hex(x) for x in move.path]
        start = self._p(seat).at
        self._set(seat, at=path[-1])
        self._say(f"{self.who(seat)} walks {self._h(start)} -> {' -> '.join(move.path)}",
                  rules.EXACT, "walk")
        for h in path:
            self._visit(seat, h)
        self._arrive(seat)
        self._die = None
        self._after_action()

    def _apply_climb(self, move: Climb) -> None:
        seat = self._turn
        h = self.board.hex(move.to)
        self._set(seat, at=h, must_float=False)
        self._say(f"{self.who(seat)} climbs out of the water onto {move.to}", rules.CLIMB,
                  "climb")
        self._visit(seat, h)
        self._arrive(seat)
        self._after_action()

    def _resolve_jump(self, ok: bool) -> None:
        seat = self._turn
        p = self._p(seat)
        sites = dict(self.board.jump_sites(p.at))
        jump = sites[self._target]
        if ok:
            self._land_on(seat, self._target, f"jumps over to {self._h(self._target)}")
            return
        carrying = self._chest == ("carried", seat)
        if jump.kind == "cliff":
            self._set(seat, at=jump.fail)
            self._say(f"{self.who(seat)} falls to the bottom of the ravine at "
                      f"{self._h(jump.fail)}", rules.CLIFF, "fall")
            if carrying:
                self._chest = ("ravine", jump.fail)
                self._say(f"The chest lies in the ravine at {self._h(jump.fail)}: it must "
                          "be dug up again", rules.CHEST, "chest")
            # he ends his move there like any other: a wounded pirate lying there is
            # robbed of his map pieces (and a chest he dropped), SJO §5, §8, §9
            self._visit(seat, jump.fail)
            self._arrive(seat)
            return
        rule = rules.WATERFALL if jump.kind == "waterfall" else rules.RIVER_FAIL
        self._fall_in(seat, jump.fail, rule, carrying)

    def _resolve_cross(self, ok: bool) -> None:
        seat = self._turn
        p = self._p(seat)
        for to, water, crossing in self.board.crossing_sites(p.at):
            if to != self._target:
                continue
            if ok:
                rest = ""
                if crossing.double and to == crossing.stones[1]:
                    rest = "; the other bank needs a second crossing"
                self._land_on(seat, to, f"crosses to {self._h(to)}{rest}")
            else:
                self._fall_in(seat, water, rules.RIVER_FAIL, self._chest == ("carried", seat))
            return

    def _land_on(self, seat: int, h: int, what: str) -> None:
        self._set(seat, at=h)
        self._say(f"{self.who(seat)} {what}", rules.JUMP, "jump")
        self._visit(seat, h)
        self._arrive(seat)

    def _fall_in(self, seat: int, water: int, rule: str, carrying: bool) -> None:
        at = self._free_water(water)
        self._set(seat, at=at, must_float=True)
        self._say(f"{self.who(seat)} falls into the water at {self._h(at)} and must float "
                  "along the river next turn", rule, "fall")
        if carrying:
            self._chest = ("water", water)
            self._say(f"The chest sinks in the water at {self._h(water)}: it can be dragged "
                      "up from the bank", rules.CHEST, "chest")

    def _free_water(self, h: int) -> int:
        """``h``, or the space behind the raft if the raft lies on ``h`` (SJO §10)."""
        if self._raft_state == "afloat" and self._raft == h:
            return self._behind_raft()
        return h

    def _behind_raft(self) -> int:
        if self._raft_prev >= 0 and self.board.is_water(self._raft_prev):
            return self._raft_prev
        up = self.board.upstream(self._raft)
        return up[0] if up else self._raft

    def _resolve_board(self, ok: bool) -> None:
        seat = self._turn
        who = self.who(seat)
        if ok:
            self._set(seat, at=self._raft, aboard=True, must_float=False)
            self._raft_pilot = seat
            self._say(f"{who} lands on the raft at {self._h(self._raft)} and now steers it "
                      "with the chest", rules.RAFT_JUMP, "board")
            return
        at = self._behind_raft()
        self._set(seat, at=at, must_float=True)
        self._say(f"{who} misses the raft and falls into the water behind it at "
                  f"{self._h(at)}", rules.RAFT_JUMP, "fall")

    def _resolve_dig(self, action: str, ok: bool) -> None:
        seat = self._turn
        who = self.who(seat)
        verb = "digs" if action == "dig" else "drags"
        if not ok:
            self._say(f"{who} {verb} in vain; he may try again next turn",
                      rules.DIG if action == "dig" else rules.DRAG, action)
            return
        where = self._chest[0]
        self._chest = ("carried", seat)
        if where == "buried":
            self._dug = True
            self._say(f"{who} digs up the treasure chest and carries it!", rules.DIG, "dig")
            if self._killing():
                self._say("With 5 or 6 players every shot now kills", rules.EXTRA, "extra")
        else:
            self._say(f"{who} {'drags' if action == 'drag' else 'digs'} up the chest and "
                      "carries it", rules.DIG if action == "dig" else rules.DRAG, action)

    # floating and the raft --------------------------------------------------------------
    def _float(self, seat: int, face: int) -> None:
        p = self._p(seat)
        board = self.board
        path = board.river_path(p.at, face)
        over = board.lip in [p.at, *path[:-1]] and board.splash in path
        via = " over the waterfall" if over else ""
        lake = " through the Sulfur Lake" if any(h in board.lake for h in path) else ""
        if path and board.is_sea(path[-1]):
            self._drown(seat, f"{self.who(seat)} drifts{lake}{via} out to sea and is out of "
                        "the game", rules.SEA)
            return
        end = path[-1]
        if self._raft_state == "afloat" and end == self._raft:
            end = path[-2] if len(path) > 1 else p.at
            self._say(f"{self.who(seat)} stops behind the raft", rules.RAFT_SPACE, "raft")
        self._set(seat, at=end, must_float=False)
        self._say(f"{self.who(seat)} floats{lake}{via} to {self._h(end)}", rules.FLOAT, "float")

    def _drown(self, seat: int, text: str, rule: str) -> None:
        lost = self._pieces[seat]
        if self._finder == seat:
            self._bonus_left = 0
        self._set(seat, at=-1, out=True, aboard=False, wound=None, must_float=False)
        self._say(text, rule, "out")
        if lost:
            self._lose_pieces(seat)
        if self._escape == seat:
            self._escape = None

    def _lose_pieces(self, seat: int) -> None:
        lost = self._pieces[seat]
        pieces = list(self._pieces)
        pieces[seat] = frozenset()
        self._pieces = tuple(pieces)
        self._lost |= lost
        self._say(f"{self.who(seat)}'s {len(lost)} map piece{'s' if len(lost) > 1 else ''} "
                  "are lost with him (ruling SJO-13)", rules.ruling(13), "lost")

    def _launch(self, face: int) -> None:
        seat = self._turn
        board = self.board
        self._raft_state = "afloat"
        self._raft_pilot = seat
        self._chest = ("raft", -1)
        self._set(seat, aboard=True)
        self._say(f"{self.who(seat)} launches the raft into the river at "
                  f"{self._h(board.raft_launch)}", rules.RAFT, "raft")
        self._move_raft(face, [board.raft_launch, *board.river_path(board.raft_launch, face - 1)])

    def _move_raft(self, face: int, path: list[int] | None = None) -> None:
        board = self.board
        aboard = self.raft_aboard
        if path is None:
            path = board.river_path(self._raft, face)
        swimmers = {p.at for p in self._pirates
                    if p is not None and not p.out and not p.aboard and p.at >= 0
                    and board.is_water(p.at)}
        while path and not board.is_sea(path[-1]) and path[-1] in swimmers:
            path.append(board.flow[path[-1]])  # the raft never stops on a swimmer (§10)
        if path and board.is_sea(path[-1]):
            if aboard is not None:
                self._set(aboard, at=-1)
                self._raft_state = "gone"
                self._result = (aboard, f"{self.who(aboard)} escaped on the raft with the "
                                "treasure", rules.WIN)
                self._say(f"{self.who(aboard)} floats past the double-marked hexes out to sea "
                          "on the raft with the treasure chest and wins!", rules.WIN, "win")
            else:
                self._raft_state = "gone"
                self._chest = ("lost", -1)
                self._result = (None, "the raft with the chest drifted out to sea with "
                                "nobody aboard", rules.NO_WINNER)
                self._say("The raft drifts out to sea with the chest and nobody aboard: the "
                          "game ends without a winner", rules.NO_WINNER, "end")
            return
        prev = self._raft
        self._raft_prev = path[-2] if len(path) > 1 else prev
        self._raft = path[-1]
        if aboard is not None:
            self._set(aboard, at=self._raft)
        self._say(f"The raft floats to {self._h(self._raft)}", rules.RAFT, "raft")
        self._raft_landed()

    def _raft_landed(self) -> None:
        if self._raft in self.board.marked:
            k = self.board.marked.index(self._raft) + 1
            self._say(f"The raft is on double-marked hex {k} of 3 ({self._h(self._raft)}): "
                      "the mortar may fire at it", rules.MORTAR_RAFT, "marked")

    # arriving, looting, pushing -------------------------------------------------------------
    def _visit(self, seat: int, h: int) -> None:
        """Seat's pirate enters land hex ``h`` (passing or ending): SJO §8, §9."""
        board = self.board
        for p in self._pirates:
            if p is None or p.seat == seat or p.out or p.wound is None or p.aboard:
                continue
            if not self._pieces[p.seat]:
                continue
            if (p.at == h and board.is_land(h)) or (
                    board.is_water(p.at) and p.at in board.neighbours[h]):
                self._take_pieces(seat, p.seat)
        if self._chest == ("land", h):
            self._chest = ("carried", seat)
            self._say(f"{self.who(seat)} picks up the treasure chest at {self._h(h)}",
                      rules.CHEST, "chest")

    def _take_pieces(self, seat: int, victim: int) -> None:
        got = self._pieces[victim]
        pieces = list(self._pieces)
        pieces[seat] = pieces[seat] | got
        pieces[victim] = frozenset()
        self._pieces = tuple(pieces)
        seen = list(self._seen)
        seen[seat] = seen[seat] | got
        self._seen = tuple(seen)
        self._say(f"{self.who(seat)} takes {len(got)} map piece{'s' if len(got) > 1 else ''} "
                  f"from the wounded {self.who(victim)} (now {len(pieces[seat])})",
                  rules.STEAL, "steal")
        if len(pieces[seat]) == 8 and seat not in self._knows:
            self._knows |= {seat}
            seen[seat] = frozenset(self.board.piece_ids)
            self._seen = tuple(seen)
            self._say(f"{self.who(seat)} holds all eight map pieces and now knows where the "
                      "treasure is hidden", rules.ALL_EIGHT, "map")
            if self._finder is None:
                self._finder = seat
                self._bonus_left = BONUS_TURNS
                self._say(f"{self.who(seat)} is the first with the whole map: after this turn "
                          f"he rolls {BONUS_TURNS} more times while nobody else acts",
                          rules.FIVE_MOVES, "bonus")

    def _arrive(self, seat: int) -> None:
        """Seat's pirate ends a move on land: pushing becomes possible (SJO §7)."""
        p = self._p(seat)
        self._pushable = any(x.wound for x in self._lying_at(p.at, seat)) and bool(
            self.board.shore(p.at))
        if (self._chest == ("carried", seat) and p.at == self.board.raft_hex
                and self._raft_state == "landing"):
            self._say(f"{self.who(seat)} stands by the raft with the chest and may launch "
                      "it next turn", rules.RAFT, "raft")

    def _check_escape(self, seat: int) -> None:
        """After an action: is the pirate with the chest on a usable boat (SJO §11-12)?"""
        p = self._p(seat)
        on_boat = None
        if self._chest == ("carried", seat) and self._on_land(p):
            for i, b in enumerate(self.board.boats):
                if b.start == p.at and i in self._boats_used and i not in self._boats_wrecked:
                    on_boat = b
        if on_boat is None:
            if self._escape == seat:
                self._escape = None
            return
        if self._escape != seat:
            self._escape = seat
            self._say(f"{self.who(seat)} reaches the {on_boat.id} rowing boat with the chest: "
                      "the others have one more turn to stop him", rules.MORTAR_BOAT, "boat")

    def _apply_push(self, move: Push) -> None:
        seat = self._turn
        into = self.board.hex(move.into)
        here = self._p(seat).at
        self._pushable = False
        for p in self._lying_at(here, seat):
            if not p.wound:
                continue
            if self.board.is_sea(into):
                self._drown(p.seat, f"{self.who(seat)} pushes the wounded {self.who(p.seat)} "
                            f"into the sea at {move.into}: he is out of the game "
                            "(ruling SJO-12)", rules.PUSH)
                continue
            self._set(p.seat, at=into)
            self._say(f"{self.who(seat)} pushes the wounded {self.who(p.seat)} into the water "
                      f"at {move.into}; he drifts for the {p.wound} turn"
                      f"{'s' if p.wound > 1 else ''} he still lies wounded", rules.PUSH, "push")
        self._after_or_end()

    # shooting --------------------------------------------------------------------------------
    def _resolve_shot(self, hit: bool) -> None:
        assert self._shot is not None
        kind, t = self._shot
        self._shot = None
        shooter = self._turn
        if kind == "mortar":
            self._resolve_fire(t, hit)
            return
        if not hit:
            self._say(f"{self.who(shooter)} misses {self.who(t)} (a blank side)", rules.SHOOT,
                      "miss")
        else:
            self._hit(t, f"{self.who(shooter)} hits {self.who(t)}")
        self._phase = self._shot_return
        if self._result is not None:
            return
        if self._phase == Phase.WALK:
            self._settle_walk_phase()
        elif self._phase == Phase.AFTER:
            self._after_or_end()

    def _hit(self, t: int, text: str) -> None:
        p = self._p(t)
        effects: list[tuple[str, str, str]] = []  # told after the hit itself: cause, then effect
        if self._chest == ("carried", t):
            self._chest = ("land", p.at)
            effects.append((f"{self.who(t)} drops the treasure chest at {self._h(p.at)}",
                            rules.CHEST, "chest"))
        if self._escape == t:
            self._escape = None
        if p.aboard:
            behind = self._behind_raft()
            p = self._set(t, at=behind, aboard=False)
            effects.append((f"{self.who(t)} falls off the raft into the water at "
                            f"{self._h(behind)}; the chest stays on the raft",
                            rules.RAFT_SHOT, "fall"))
        if self._killing():
            self._drown(t, f"{text}: with 5 or 6 players and the chest dug up, the shot kills; "
                        f"{self.who(t)} is out of the game", rules.EXTRA)
        else:
            self._set(t, wound=WOUND_TURNS, must_float=False)
            where = "in the water" if self._in_water(p) else f"on {self._h(p.at)}"
            self._say(f"{text}: {self.who(t)} lies wounded {where} and misses 3 turns",
                      rules.WOUND, "hit")
        for effect in effects:
            self._say(*effect)

    def _resolve_fire(self, t: int, hit: bool) -> None:
        seat = self._turn
        if not hit:
            self._say(f"The mortar misses {'the raft' if t < 0 else self.who(t)}",
                      rules.MORTAR, "miss")
            self._end_turn()
            return
        if t >= 0:
            p = self._p(t)
            boat = next(i for i, b in enumerate(self.board.boats) if b.start == p.at)
            self._boats_wrecked |= {boat}
            self._say(f"The mortar hits the {self.board.boats[boat].id} rowing boat: it is "
                      "wrecked", rules.MORTAR_BOAT, "wreck")
            self._hit(t, f"The shrapnel hits {self.who(t)}")
        else:
            h = self._raft
            aboard = self.raft_aboard
            self._raft_state = "destroyed"
            self._raft_pilot = None
            if aboard is not None:
                self._drown(aboard, f"The mortar hits the raft: {self.who(aboard)} is wounded "
                            "and floats out to sea, out of the game", rules.MORTAR_RAFT)
            else:
                self._say("The mortar hits the raft", rules.MORTAR_RAFT, "wreck")
            if h == self.board.marked[-1]:
                self._chest = ("lost", -1)
                self._result = (None, "the mortar sank the raft on the last double-marked hex",
                                rules.NO_WINNER)
                self._say("The chest sinks where no bank is near: the game ends without a "
                          "winner", rules.NO_WINNER, "end")
                return
            self._chest = ("water", h)
            self._say(f"The raft breaks up and the chest sinks at {self._h(h)}", rules.MORTAR_RAFT,
                      "chest")
        self._say(f"{self.who(seat)} gets a turn at once", rules.MORTAR_TURN, "extra")
        self._extra_turn = True
        self._end_turn()

    # turn order ----------------------------------------------------------------------------
    def _after_action(self) -> None:
        self._acted = True
        if self._result is None:
            self._check_escape(self._turn)
        self._after_or_end()

    def _after_or_end(self) -> None:
        if self._result is not None:
            return
        self._phase = Phase.AFTER
        if (self._can_shoot() and self._targets()) or self._push_targets():
            return
        self._end_turn()

    def _end_turn(self) -> None:
        if self._result is not None:
            return
        seat = self._turn
        if self._bonus_left > 0 and self._finder == seat:
            self._bonus_left -= 1
            self._say(f"{self.who(seat)} takes extra turn {BONUS_TURNS - self._bonus_left} of "
                      f"{BONUS_TURNS}", rules.FIVE_MOVES, "bonus")
            self._begin_turn(seat, normal=False)
            return
        if self._extra_turn:
            self._extra_turn = False
            self._begin_turn(seat, normal=False)
            return
        self._begin_turn((seat + 1) % self._n, normal=True)

    def _begin_turn(self, seat: int, normal: bool) -> None:
        self._turn = seat
        self._action = None
        self._die = None
        self._shot_used = False
        self._acted = False
        self._pushable = False
        self._raft_done = False
        self._shot = None
        self._normal_turn = normal
        if normal:
            self._turns += 1
            limit = int(self.game.options["max_rounds"])
            if limit and self._turns > limit * self._n:
                self._result = (None, f"nobody won within {limit} rounds", rules.ruling(16))
                self._say(f"{limit} rounds are over: the game ends without a winner "
                          "(ruling SJO-16)", rules.ruling(16), "end")
                return
        self._turn_body()

    def _turn_body(self) -> None:
        seat = self._turn
        self._check_over()
        if self._result is not None:
            return
        p = self._p(seat)
        if (self._raft_state == "afloat" and self.raft_aboard is None
                and self._raft_pilot == seat and not self._raft_done):
            self._phase, self._action = Phase.ROLL, "raft-duty"
            return
        if p.out:
            self._begin_turn((seat + 1) % self._n, normal=True)
            return
        if self._escape == seat and self._normal_turn:  # not during his five moves (SJO-26)
            self._result = (seat, f"{self.who(seat)} rowed away with the treasure",
                            rules.WIN)
            self._say(f"Nobody stopped {self.who(seat)}: he rows away with the treasure chest "
                      "and wins!", rules.WIN, "win")
            return
        if p.wound is not None:
            if self.board.is_land(p.at):
                if p.wound > 0:
                    self._set(seat, wound=p.wound - 1)
                    left = p.wound - 1
                    self._say(f"{self.who(seat)} lies wounded and misses a turn"
                              f"{' (stands up next turn)' if left == 0 else f' ({left} more)'}",
                              rules.WOUND, "wounded")
                    self._begin_turn((seat + 1) % self._n, normal=True)
                    return
                self._set(seat, wound=None)
                self._say(f"{self.who(seat)} stands up again", rules.WOUND, "recover")
                if self._chest == ("land", p.at):
                    self._chest = ("carried", seat)
                    self._say(f"{self.who(seat)} picks up the chest lying by him "
                              "(ruling SJO-11)", rules.ruling(11), "chest")
            elif p.wound > 0:
                self._phase, self._action = Phase.ROLL, "drift"
                return
            else:
                self._set(seat, wound=None)
                self._say(f"{self.who(seat)} has recovered in the water", rules.WOUNDED_WATER,
                          "recover")
        self._phase = Phase.START

    # the end --------------------------------------------------------------------------------
    def _check_over(self) -> None:
        if self._result is not None or self._phase in (Phase.ORDER, Phase.PICK, Phase.DEAL):
            return
        alive = self._alive()
        if not alive:
            self._end_without_winner("every pirate is out of the game")
            return
        where, n = self._chest
        if where == "buried" and self._lost and not any(p.seat in self._knows for p in alive):
            self._end_without_winner("map pieces were lost at sea, so nobody can learn where "
                                     "the chest is (ruling SJO-13)")
            return
        if where == "water" and not any(self.board.is_land(x) for x in self.board.neighbours[n]):
            self._end_without_winner("the chest lies in water no bank can reach")
            return
        if where not in ("buried", "lost") and not self.used_boats() and (
                self._raft_state in ("destroyed", "gone")):
            self._end_without_winner("no rowing boat and no raft is left to escape with "
                                     "(ruling SJO-15)")

    def _end_without_winner(self, why: str) -> None:
        self._result = (None, why, rules.NO_WINNER)
        self._say(f"The game ends without a winner: {why}", rules.NO_WINNER, "end")

    def outcome(self) -> Outcome | None:
        """The winner, or (for the endings without a winner) a draw shared by every
        seat with all scores 0 (ruling SJO-14). SJO §12."""
        if self._result is None:
            return None
        winner, why, _ = self._result
        if winner is None:
            return Outcome(why, (0,) * self._n, tuple(range(self._n)),
                           "no winner: recorded as a draw among all seats (ruling SJO-14)")
        scores = tuple(1 if s == winner else 0 for s in range(self._n))
        return Outcome(why, scores, (winner,))

    # ----- hidden information ------------------------------------------------------------------
    def determinize(self, player: int, rng: Any) -> SjoState:
        """A copy in which every map piece ``player`` has not seen is reshuffled among the
        places ``player`` cannot tell apart (other hands, the hidden piece, pieces lost
        at sea). Counts per hand are public and kept."""
        twin = self.copy()
        if self._phase in (Phase.ORDER, Phase.PICK):
            return twin
        known = self._seen[player] if 0 <= player < self._n else frozenset()
        unknown = sorted(set(self.board.piece_ids) - known)
        if len(unknown) < 2:
            return twin
        shuffled = list(unknown)
        (rng if rng is not None else random.Random(0)).shuffle(shuffled)
        sigma = dict(zip(unknown, shuffled, strict=True))

        def m(s: frozenset[str]) -> frozenset[str]:
            return frozenset(sigma.get(x, x) for x in s)

        twin._pieces = tuple(m(s) for s in self._pieces)
        twin._seen = tuple(s if i == player else m(s) for i, s in enumerate(self._seen))
        twin._lost = m(self._lost)
        if self._hidden is not None:
            twin._hidden = sigma.get(self._hidden, self._hidden)
        return twin

    def _seat_move_text(self, move: SjoMove, seat: int) -> str:
        """A map piece dealt to another seat is written ``deal p2 ?`` (SJO §3 Set Up)."""
        if isinstance(move, Deal) and move.seat != seat:
            return f"deal p{move.seat} {HIDDEN}"
        return str(move)

    # ----- views and text ---------------------------------------------------------------------
    def _status(self, p: Pirate) -> str:
        if p.out:
            return "out"
        if p.aboard:
            return "aboard"
        if p.wound is not None:
            return "wounded"
        if self._in_water(p):
            return "floating"
        return "standing"

    def _chest_text(self) -> str:
        where, n = self._chest
        if where == "carried":
            return f"carried p{n}"
        if where in ("land", "ravine", "water"):
            return f"{where} {self._h(n)}"
        return where

    def _raft_text(self) -> str:
        if self._raft_state == "afloat":
            return f"afloat {self._h(self._raft)}"
        return self._raft_state

    def view(self, player: int) -> SjoView:
        """What seat ``player`` may know (SJO §3, §8): his own pieces only, the hidden
        piece only once he has held all eight, no seed."""
        if not 0 <= player < self._n:
            raise ValueError(f"player must be a seat 0-{self._n - 1}, got {player}")
        rows = []
        for seat in range(self._n):
            p = self._pirates[seat]
            if p is None:
                rows.append(PirateView(seat, None, f"p{seat}", None, "unpicked", None, False,
                                       False, len(self._pieces[seat]), False, False))
                continue
            rows.append(PirateView(
                seat=seat, pirate=p.name, name=PIRATE_NAMES[p.name],
                at=self._h(p.at) if p.at >= 0 else None, status=self._status(p),
                wound=p.wound, in_water=self._in_water(p), must_float=p.must_float,
                pieces=len(self._pieces[seat]), knows=seat in self._knows,
                chest=self._carrier() == seat,
            ))
        action = None
        if self._phase == Phase.ROLL and self._action is not None:
            action = self._action
            if self._action in ("jump", "cross"):
                action += f" {self._h(self._target)}"
        spot = None
        if player in self._knows and self._hidden is not None:
            spot = self._hidden
        boats = tuple((b.id, self._h(b.start), i in self._boats_used, i in self._boats_wrecked)
                      for i, b in enumerate(self.board.boats))
        raft = self._raft_text()
        return SjoView(
            player=player,
            to_move=self._current_player(),
            phase=self.phase.value,
            turn=None if self._phase in (Phase.ORDER, Phase.PICK, Phase.DEAL) else self._turn,
            action=action,
            die=self._die,
            shot_used=self._shot_used,
            pirates=tuple(rows),
            my_pieces=tuple(sorted(self._pieces[player])),
            spot=spot,
            chest=self._chest_text(),
            raft=raft,
            raft_aboard=self.raft_aboard,
            raft_pilot=self._raft_pilot,
            boats=boats,
            escape=self._escape,
            bonus_turns=self._bonus_left,
            lost_pieces=len(self._lost),
            order_rolls=self._order_rolls,
            first=self._first,
            round=self.round,
            ply=self.ply,
        )

    def map_text(self) -> str:
        """The island as text: terrain characters (see ``board.py``), pirates as letters
        (H M P S K Q; lower case while wounded; ``+`` for several), ``R`` the raft,
        ``$`` the chest when it lies in the open."""
        board = self.board
        grid: dict[int, str] = {}
        for p in self._pirates:
            if p is None or p.out or p.at < 0:
                continue
            ch = LETTERS[p.name]
            ch = ch.lower() if p.wound is not None else ch
            grid[p.at] = "+" if p.at in grid else ch
        if self._raft_state in ("landing", "afloat"):
            grid[self._raft] = grid.get(self._raft, "R")
        where, n = self._chest
        if where in ("land", "ravine", "water") and n not in grid:
            grid[n] = "$"
        chars = {v: k for k, v in KINDS.items()}
        rows: dict[int, list[str]] = {}
        for i, (_, r) in enumerate(board.hexes):
            c = grid.get(i) or chars[(board.kinds[i], board.heights[i])]
            rows.setdefault(r, []).append(c)
        width = max(len(v) for v in rows.values())
        head = "    " + " ".join(chr(97 + c) for c in range(width))
        lines = [head]
        for r in sorted(rows):
            lines.append(f"{r + 1:>3} " + (" " if r % 2 else "") + " ".join(rows[r]))
        return "\n".join(lines)

    def __str__(self) -> str:
        phase = self.phase
        if phase == Phase.OVER:
            assert self._result is not None
            winner = self._result[0]
            status = (f"game over: {self.who(winner)} wins" if winner is not None
                      else "game over: no winner") + f" ({self._result[1]})"
        elif phase in (Phase.ORDER, Phase.PICK, Phase.DEAL):
            status = f"setup ({phase})"
        else:
            status = f"round {self.round}, {self.who(self._turn)} - {phase}"
            if phase == Phase.ROLL and self._action:
                status += f" ({self._action})"
            if self._die is not None:
                status += f", rolled {self._die}"
            if self._bonus_left:
                status += f", {self._bonus_left} bonus turns left"
        lines = [f"Sjörövarön, {self._n} players - ply {self.ply}, {status}"]
        for seat in range(self._n):
            p = self._pirates[seat]
            if p is None:
                lines.append(f"p{seat}: not picked; {len(self._pieces[seat])} pieces")
                continue
            st = self._status(p)
            if p.wound is not None:
                st += f" {p.wound}"
            extra = []
            if seat in self._knows:
                extra.append("knows the spot")
            if self._carrier() == seat:
                extra.append("has the chest")
            if p.must_float:
                extra.append("must float")
            at = self._h(p.at) if p.at >= 0 else "-"
            lines.append(f"p{seat} {PIRATE_NAMES[p.name]:<9} {at:<4} {st:<10} "
                         f"{len(self._pieces[seat])} pieces"
                         + (f"; {', '.join(extra)}" if extra else ""))
        lines.append(f"chest: {self._chest_text()}; raft: {self._raft_text()}; lost pieces: "
                     f"{len(self._lost)}")
        lines.append(self.map_text())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SjoState ply={self.ply} seed={self.seed}>"

    # ----- hand-made positions ---------------------------------------------------------------
    @classmethod
    def from_position(
        cls,
        game: SjoGame,
        pirates: Mapping[str, str | None],
        *,
        wounded: Mapping[str, int],
        pieces: Mapping[str, Sequence[str]] | None,
        spot: str | None,
        knows: Sequence[str],
        chest: str | None,
        raft: str | None,
        boats: Sequence[str] | None,
        wrecked: Sequence[str],
        turn: str | None,
        die: int | None,
        must_float: Sequence[str],
        escape: str | None,
        dug: bool | None,
        seed: int,
    ) -> SjoState:
        """See :meth:`SjoGame.position`."""
        from .moves import pirate_id

        state = cls(game, seed)
        board = state.board
        n = state._n
        if len(pirates) != n:
            raise ValueError(f"a {n}-player game needs {n} pirates, got {len(pirates)}")
        names: dict[str, int] = {}
        plist: list[Pirate] = []
        for seat, (raw, where) in enumerate(pirates.items()):
            name = pirate_id(raw)
            if name is None or name in names:
                raise ValueError(f"pirates: {raw!r} is not one of {', '.join(PIRATES)} (or is "
                                 "repeated)")
            names[name] = seat
            if where is None:
                plist.append(Pirate(seat, name, -1, out=True))
                continue
            h = board.hex(where)
            if not (board.is_land(h) or board.is_water(h)):
                raise ValueError(f"pirates[{raw!r}]: {where} is {board.kinds[h]}; a pirate "
                                 "stands on land or floats in the river or lake")
            plist.append(Pirate(seat, name, h))

        def seat_of(raw: str, key: str) -> int:
            name = pirate_id(raw)
            if name is None or name not in names:
                raise ValueError(f"{key}: {raw!r} is not a pirate of this position")
            return names[name]

        for raw, w in wounded.items():
            s = seat_of(raw, "wounded")
            if not isinstance(w, int) or not 0 <= w <= WOUND_TURNS:
                raise ValueError(f"wounded[{raw!r}] must be 0-3 turns still to miss")
            plist[s] = replace(plist[s], wound=w)
        for raw in must_float:
            s = seat_of(raw, "must_float")
            plist[s] = replace(plist[s], must_float=True)
        ids = list(board.piece_ids)
        hidden = spot or ids[0]
        if hidden not in ids:
            raise ValueError(f"spot: {hidden!r} is not a hiding spot ({', '.join(ids)})")
        hands: list[set[str]] = [set() for _ in range(n)]
        if pieces is None:
            rest = [x for x in ids if x != hidden]
            for k, x in enumerate(rest):
                hands[k % n].add(x)
        else:
            for raw, held in pieces.items():
                s = seat_of(raw, "pieces")
                for x in held:
                    if x not in ids or x == hidden or any(x in hd for hd in hands):
                        raise ValueError(f"pieces[{raw!r}]: {x!r} is unknown, the hidden "
                                         "piece, or held twice")
                    hands[s].add(x)
        state._hidden = hidden
        state._pieces = tuple(frozenset(h) for h in hands)
        state._lost = frozenset(ids) - {hidden} - set().union(*hands)
        know = {seat_of(k, "knows") for k in knows}
        for s, hand in enumerate(hands):
            if len(hand) == 8:
                know.add(s)
        state._knows = frozenset(know)
        state._seen = tuple(frozenset(ids) if s in know else frozenset(hands[s])
                            for s in range(n))
        state._finder = min(know) if know else None
        state._boats_used = frozenset(
            i for i, b in enumerate(board.boats) if boats is None or b.id in boats)
        state._boats_wrecked = frozenset(
            i for i, b in enumerate(board.boats) if b.id in wrecked)
        if raft is not None:
            h = board.hex(raft)
            if not board.is_water(h):
                raise ValueError(f"raft: {raft} is not river or lake water")
            state._raft, state._raft_state = h, "afloat"
        if chest is None or chest == "buried":
            state._chest = ("buried", -1)
        elif chest == "raft":
            if state._raft_state != "afloat":
                raise ValueError("chest='raft' needs raft= (the raft's water hex)")
            state._chest = ("raft", -1)
        elif pirate_id(chest) is not None:
            state._chest = ("carried", seat_of(chest, "chest"))
        else:
            h = board.hex(chest)
            kind = board.kinds[h]
            where = ("ravine" if kind == "ravine" else "land" if board.is_land(h)
                     else "water" if board.is_water(h) else "")
            if not where:
                raise ValueError(f"chest: {chest} is {kind}")
            state._chest = (where, h)
        state._dug = state._chest[0] != "buried" if dug is None else dug
        for p in plist:
            if state._raft_state == "afloat" and p.at == state._raft and not p.out:
                if state._chest[0] != "raft" or any(q.aboard for q in plist):
                    raise ValueError(f"{p.name} shares the raft's hex: only the pirate "
                                     "with the chest rides it (chest='raft')")
                plist[p.seat] = replace(p, aboard=True)
                state._raft_pilot = p.seat
        state._pirates = tuple(plist)
        occupied: dict[int, str] = {}
        for p in plist:
            if p.out or p.aboard or not board.is_land(p.at) or p.wound is not None:
                continue
            if p.at in occupied:
                raise ValueError(f"{p.name} and {occupied[p.at]} both stand on "
                                 f"{board.label(p.at)}")
            occupied[p.at] = p.name
        if escape is not None:
            s = seat_of(escape, "escape")
            state._escape = s
        state._first = 0
        state._order_pending = ()
        state._turns = 1
        turn_seat = seat_of(turn, "turn") if turn is not None else 0
        state._turn = turn_seat
        state._phase = Phase.START
        state._turn_body()
        if die is not None:
            p = state._p(turn_seat)
            if state._phase != Phase.START or not state._on_land(p):
                raise ValueError("die= needs the pirate to move standing on land")
            state._acted = False
            state._die = die
            state._settle_walk_phase()
        state._ev = []
        return state
