"""The Sjörövarön position: the whole state of a game as one frozen value
(docs/architecture.md §4), and :class:`SjoDraft`, core's :class:`~..core.draft.Draft`
of it with what the rules need while a move is applied.

A :class:`SjoPosition` holds the set-up (the starting rolls, the picks, the deal), the
pirates (:class:`Pirate`: hex, wound, in or out, aboard), the map pieces (who holds
which, who has seen which, who knows the spot, pieces lost at sea, the hidden piece),
the chest, the raft, the rowing boats, and the turn (whose, the declared action, the
die, the shot, the bonus turns of SJO §8) and the result. Every part is immutable
(tuples, frozensets, frozen dataclasses), so equal positions are equal games and a
position hashes.

Rules never change a position: ``SjoDraft(position, ctx)`` copies its fields into a
mutable draft, the rules of one move change the draft and write events, and
``draft.freeze()`` makes the next position (one new position per ply).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.draft import Draft, builder, drafter
from ..core.events import Event
from ..core.phases import PhaseEnum
from .context import SjoContext
from .island import SjoMap
from .moves import PIRATE_NAMES
from .paths import Walker

__all__ = ["Pirate", "Problem", "SjoDraft", "SjoPosition", "draft", "raft_aboard", "seat_of"]


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True)
class SjoPosition:
    """One Sjörövarön position (hex numbers are board indices; seats 0..n-1).

    Set-up (SJO §3): ``phase`` (a :class:`~.flow.Phase`), ``order_pending`` (seats
    still to roll for the start), ``order_round``/``order_rolls`` (this round's and all
    starting rolls, ``(seat, face)``), ``first`` (the starting seat), ``picks_left``,
    ``deal_left`` (seats still to pick, to be dealt a piece).

    Pirates and map pieces (SJO §5-§8): ``pirates`` (per seat, None before the pick),
    ``pieces`` and ``seen`` (per seat), ``knows`` (seats that held all eight),
    ``finder`` (the first of them), ``lost`` (pieces lost at sea), ``hidden`` (the
    piece under the board).

    Chest, raft, boats (SJO §9-§11): ``chest`` (``(where, n)``, see
    ``SjoState.chest``), ``raft``/``raft_prev`` (its hex and the one before),
    ``raft_state`` ("landing", "afloat", "destroyed", "gone"), ``raft_pilot``,
    ``boats_used``/``boats_wrecked`` (board boat indices), ``escape`` (the seat on a
    boat with the chest).

    The turn (SJO §4): ``turn``, ``action`` (declared, waiting for the die),
    ``target`` (its hex), ``die`` (a land roll to walk), ``shot_used``, ``acted``,
    ``shot`` (``("pistol"|"mortar", seat)`` waiting for the shooting die),
    ``shot_return`` (the phase to go back to), ``pushable``, ``bonus_left``,
    ``extra_turn``, ``raft_done``, ``turns`` (turns begun), ``normal_turn`` (not a
    bonus or extra turn), ``dug`` (the chest has been dug up), ``result``
    (``(winner or None, why, rule)`` once over).

    Not ``slots``: the fields live in the instance dict, so a draft is made from a
    position, and the next position from a draft, by one dict copy each (38 fields per
    ply; docs/architecture.md §4 asks ``_apply`` to stay cheap).
    """

    phase: PhaseEnum
    order_pending: tuple[int, ...]
    order_round: tuple[tuple[int, int], ...]
    order_rolls: tuple[tuple[int, int], ...]
    first: int | None
    picks_left: tuple[int, ...]
    deal_left: tuple[int, ...]
    pirates: tuple[Pirate | None, ...]
    pieces: tuple[frozenset[str], ...]
    seen: tuple[frozenset[str], ...]
    knows: frozenset[int]
    finder: int | None
    lost: frozenset[str]
    hidden: str | None
    chest: tuple[str, int]
    raft: int
    raft_prev: int
    raft_state: str
    raft_pilot: int | None
    boats_used: frozenset[int]
    boats_wrecked: frozenset[int]
    escape: int | None
    turn: int
    action: str | None
    target: int
    die: int | None
    shot_used: bool
    acted: bool
    shot: tuple[str, int] | None
    shot_return: PhaseEnum
    pushable: bool
    bonus_left: int
    extra_turn: bool
    raft_done: bool
    turns: int
    result: tuple[int | None, str, str] | None
    dug: bool
    normal_turn: bool


#: The fields of a pirate the rules change (``SjoDraft.set``).
_PIRATE_CHANGES = frozenset(("at", "wound", "out", "aboard", "must_float"))

#: ``Pirate(...)`` with every field, without the frozen ``__init__`` (core's ``builder``):
#: the same value, made at almost every walk.
_build_pirate = builder(Pirate)


class SjoDraft(Draft[SjoPosition]):
    """The next position while one move is being applied: the fields of a position
    (core's :class:`~..core.draft.Draft`: the position's own fields, assignable by
    name), the game's :class:`~.context.SjoContext` and the events written so far.

    Also what the rules read a position through (the state keeps a draft of its
    position for its queries; such a draft is only read). It asks the small questions
    every section asks (``who``, ``on_land``, ``standing_at``...). ``cache`` is a dict
    the state keeps between plies for the walks and targets (keyed by what they depend
    on).

    Working extras (not fields, never frozen): ``ctx`` and its shortcuts ``board``,
    ``walker``, ``n`` (the seats), ``cache`` and ``events``.
    """

    __slots__ = ("board", "cache", "ctx", "events", "n", "walker")

    def __init__(self, pos: SjoPosition, ctx: SjoContext,
                 cache: dict[str, Any] | None = None) -> None:
        self._fill(pos)  # Draft.__init__, inlined: a draft is made every ply
        self.ctx = ctx
        self.board: SjoMap = ctx.board
        self.walker: Walker = ctx.walker
        self.n: int = ctx.players
        self.cache: dict[str, Any] = {} if cache is None else cache
        self.events: list[Event] = []

    # ----- events --------------------------------------------------------------------
    def say(self, text: str, rule: str | None, kind: str = "info") -> None:
        """Write one event of this move."""
        self.events.append(Event(text, rule, kind))

    # ----- names -----------------------------------------------------------------------
    def who(self, seat: int) -> str:
        """How events name a seat: its pirate's name, or ``p0`` before the pick."""
        p = self.pirates[seat]
        return PIRATE_NAMES[p.name] if p is not None else f"p{seat}"

    def h(self, h: int) -> str:
        """A hex's name ("k11")."""
        return self.board.label(h)

    # ----- pirates ---------------------------------------------------------------------
    def p(self, seat: int) -> Pirate:
        """Seat's pirate (it has been picked)."""
        p: Pirate | None = self.pirates[seat]
        assert p is not None
        return p

    def set(self, seat: int, **changes: Any) -> Pirate:
        """Change seat's pirate (fields ``at``, ``wound``, ``out``, ``aboard``,
        ``must_float``); returns the changed pirate.

        Raises:
            TypeError: a field a pirate has not, or ``seat``/``name`` (like ``replace``).
        """
        fields: Any = self  # the fields are the position's (not attributes of a draft)
        pirates: tuple[Pirate | None, ...] = fields.pirates
        p = pirates[seat]
        assert p is not None
        if not changes.keys() <= _PIRATE_CHANGES:
            raise TypeError(f"a pirate's {', '.join(sorted(changes.keys() - _PIRATE_CHANGES))} "
                            "cannot be changed")
        get = changes.get
        # every field, built without __init__: several times cheaper than dataclasses.replace
        p = _build_pirate(p.seat, p.name, get("at", p.at), get("wound", p.wound),
                          get("out", p.out), get("aboard", p.aboard),
                          get("must_float", p.must_float))
        fields.pirates = (*pirates[:seat], p, *pirates[seat + 1:])
        return p

    def put(self, seat: int, at: int) -> None:
        """``set(seat, at=at)`` (a walk's end), without the keyword checks."""
        fields: Any = self
        pirates: tuple[Pirate | None, ...] = fields.pirates
        p = pirates[seat]
        assert p is not None
        fields.pirates = (*pirates[:seat], _build_pirate(
            p.seat, p.name, at, p.wound, p.out, p.aboard, p.must_float), *pirates[seat + 1:])

    def on_land(self, p: Pirate) -> bool:
        return not p.out and not p.aboard and p.at >= 0 and self.board.is_land(p.at)

    def in_water(self, p: Pirate) -> bool:
        return not p.out and not p.aboard and p.at >= 0 and self.board.is_water(p.at)

    def alive(self) -> list[Pirate]:
        """The pirates still in the game."""
        return [p for p in self.pirates if p is not None and not p.out]

    def seat_of(self, pirate: str) -> int | None:
        """The seat playing pirate ``pirate`` (an id such as "hook"), or None."""
        return seat_of(self.pirates, pirate)

    def raft_aboard(self) -> int | None:
        """The seat on the raft, or None."""
        return raft_aboard(self.pirates)

    def carrier(self) -> int | None:
        """The seat with the chest (carrying it, or aboard the raft with it), or None."""
        where: str
        n: int
        where, n = self.chest
        if where == "carried":
            return n
        if where == "raft":
            return self.raft_aboard()
        return None

    def killing(self) -> bool:
        """SJO §13: with 5-6 players, once the chest is dug up, every hit kills."""
        return self.ctx.extra_rule and self.n >= 5 and bool(self.dug)

    def standing_at(self, h: int, seat: int) -> Pirate | None:
        """An unharmed opponent of ``seat`` standing on land hex ``h``, or None."""
        pirates: tuple[Pirate | None, ...] = self.pirates
        for p in pirates:
            if (p is not None and p.seat != seat and p.at == h and not p.out
                    and not p.aboard and p.wound is None and self.board.is_land(h)):
                return p
        return None

    def lying_at(self, h: int, seat: int) -> list[Pirate]:
        """The wounded opponents of ``seat`` lying on land hex ``h``."""
        return [p for p in self.pirates
                if p is not None and p.seat != seat and p.at == h and not p.out
                and p.wound is not None and self.board.is_land(h)]

    # ----- map pieces, boats, the raft -------------------------------------------------------
    def undealt(self) -> list[str]:
        """The map pieces no hand holds (before the deal ends: still to deal)."""
        dealt: set[str] = set().union(*self.pieces)
        return [s for s in self.board.piece_ids if s not in dealt]

    def used_boats(self) -> tuple[int, ...]:
        """Indices (into ``board.boats``) of boats used as starting spots, not wrecked."""
        return tuple(sorted(self.boats_used - self.boats_wrecked))

    def free_water(self, h: int) -> int:
        """``h``, or the space behind the raft if the raft lies on ``h`` (SJO §10)."""
        if self.raft_state == "afloat" and self.raft == h:
            return self.behind_raft()
        return h

    def behind_raft(self) -> int:
        """The water hex behind the raft (where it came from, else upstream)."""
        prev: int = self.raft_prev
        if prev >= 0 and self.board.is_water(prev):
            return prev
        raft: int = self.raft
        up = self.board.upstream(raft)
        return up[0] if up else raft


#: ``SjoDraft(pos, ctx, cache)`` for the hot paths (a draft a ply), made by core's
#: :func:`~treasurekit.core.draft.drafter` (no lookup of the generated class each time).
draft: Callable[[SjoPosition, SjoContext, dict[str, Any] | None], SjoDraft] = \
    drafter(SjoDraft, SjoPosition)


def seat_of(pirates: tuple[Pirate | None, ...], pirate: str) -> int | None:
    """The seat playing pirate ``pirate`` (an id such as "hook"), or None."""
    for p in pirates:
        if p is not None and p.name == pirate:
            return p.seat
    return None


def raft_aboard(pirates: tuple[Pirate | None, ...]) -> int | None:
    """The seat on the raft, or None."""
    for p in pirates:
        if p is not None and p.aboard:
            return p.seat
    return None


#: Why a move is illegal, as ``(reason, rule)``, or None when it is legal.
Problem = tuple[str, str | None] | None

