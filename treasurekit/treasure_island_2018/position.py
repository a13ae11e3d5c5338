"""A Treasure Island (2018) position as one frozen value (docs/architecture.md §4).

:class:`TIPosition` holds everything a move can change: the treasure and the District
Hints (TI2018 §6), Silver's piles and hands of hints and Compass Hints, his Information
and Chest tokens (TI2018 §5), the hints on the calendar, the miniatures with their lines,
crosses and search circles, the characters' used boxes, the day and phase, the queued
chance draws and the winner. It holds every secret: give a seat ``state.view(p)``.

Rules never mutate a position. While one ply is applied they write into a core
:class:`~..core.draft.Draft` of it (``d.day = 2``; reads see the changes made so far),
which ``freeze()`` turns into the next position: one new position per ply.

The small records below are parts of a position that views also show (``view.py``
re-exports them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from ..core.draft import Draft
from .context import TI2018Context
from .flow import Phase
from .geometry import Pt
from .hints import Situation

__all__ = [
    "ChestInfoView",
    "CompassView",
    "LineView",
    "PlayedHint",
    "PositionOrDraft",
    "SearchView",
    "TIPosition",
    "initial_position",
    "position_of",
    "seat_minis",
    "situation",
    "uses_left",
]


@dataclass(frozen=True)
class LineView:
    """A drawn movement line: ``kind`` is ``horse``, ``foot``, ``item`` or ``escape``."""

    mini: str
    kind: str
    a: Pt
    b: Pt


@dataclass(frozen=True)
class SearchView:
    """A search circle drawn in vain: by seat ``seat`` with miniature ``mini``;
    ``kind`` is ``small``, ``large``, ``monkey``, ``spyglass`` or ``item``."""

    seat: int
    mini: str
    kind: str
    x: float
    y: float
    radius: float


@dataclass(frozen=True)
class CompassView:
    """A Compass Hint given: card number, its two skull sectors (0 = north, clockwise),
    the miniature and the point the compass was centred on."""

    card: int
    skulls: tuple[int, ...]
    mini: str
    at: Pt


@dataclass(frozen=True)
class ChestInfoView:
    """A Chest information token: ``west``/``east`` of ``at``, or not in ``district``."""

    token: str
    at: Pt
    district: int | None


@dataclass(frozen=True)
class PlayedHint:
    """A hint on the calendar: number, deck, kind, args, Information token (``truth``,
    ``bluff``), whether the token lies face up, the situation and the day."""

    number: int
    deck: str
    kind: str
    args: tuple[str, ...]
    token: str
    face_up: bool
    situation: Situation
    day: int


@dataclass(frozen=True)
class TIPosition:
    """The whole position (frozen; every field an immutable value).

    Per-seat fields are tuples indexed by seat (``dealt[2]`` is p2's District Hints);
    ``pos``/``last_line`` are indexed like ``ctx.miniatures``. ``chance`` queues the
    draws still to make (``("deal", seat)``, ``("draw", deck)``, ``("reveal",)``).

    Not slotted on purpose: core's ``Draft`` and ``replace`` build the next position by
    copying the fields' dict, about ten times cheaper per ply than
    ``dataclasses.replace`` on a slotted class of 45 fields.
    """

    treasure: Pt | None
    set_aside: int | None
    dealt: tuple[tuple[int, ...], ...]
    undealt: tuple[int, ...]
    start_pile: tuple[str, ...]
    start_hand: tuple[str, ...]
    bs_pile: tuple[str, ...]
    bs_hand: tuple[str, ...]
    compass_pile: tuple[int, ...]
    compass_hand: tuple[int, ...]
    truth: int
    bluff: int
    bluff_received: int
    chest_left: tuple[str, ...]
    chest_credit: int
    chest_items: tuple[tuple[str, ...], ...]
    chest_info: tuple[tuple[ChestInfoView, ...], ...]
    chest_counts: tuple[int, ...]
    played: tuple[PlayedHint, ...]
    verified: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[int, str], ...]
    shared: tuple[tuple[tuple[int, int], ...], ...]
    compass_given: tuple[tuple[int, CompassView], ...]
    questions: tuple[tuple[int, tuple[str, ...]], ...]
    pos: tuple[Pt | None, ...]
    lines: tuple[LineView, ...]
    crosses: tuple[tuple[str, Pt], ...]
    last_line: tuple[tuple[Pt, Pt] | None, ...]
    searches: tuple[SearchView, ...]
    uses: tuple[tuple[tuple[str, int], ...], ...]
    day: int
    phase: Phase
    active: int | None
    actions_left: int
    turn_mini: str | None
    pending: str | None
    hint_deck: str | None
    chance: tuple[tuple[Any, ...], ...]
    last_search: tuple[int, str, Pt] | None
    compass_at: tuple[str, Pt] | None
    share_seats: tuple[int, ...]
    share_choice: tuple[tuple[int, int], ...]
    escape_round: int
    winner: int | None
    end: str


#: What the read-only helpers below (and the rules' own) accept: a position, or the
#: draft of the next one while a ply is applied (its fields read the same).
PositionOrDraft: TypeAlias = "TIPosition | Draft[TIPosition]"


def initial_position(ctx: TI2018Context) -> TIPosition:
    """Before burying: full piles, no hands, the pirates on their starting locations,
    Silver off the board, every character's limited actions unused (TI2018 §4, §6)."""
    d, imap, minis = ctx.decks, ctx.map, ctx.miniatures
    n = ctx.num_players
    start: tuple[Pt | None, ...] = tuple(imap.starts[m] if m != "silver" else None
                                         for m in minis)
    uses = tuple(() if c is None else tuple((u, k) for u, k in c.uses.items() if k > 0)
                 for c in ctx.seat_characters)
    return TIPosition(
        treasure=None, set_aside=None, dealt=((),) * n,
        undealt=tuple(x.id for x in imap.districts),
        start_pile=tuple(h.id for h in d.starting), start_hand=(),
        bs_pile=tuple(h.id for h in d.black_spot), bs_hand=(),
        compass_pile=tuple(c.id for c in d.compass_cards), compass_hand=(),
        truth=d.truth_tokens, bluff=0, bluff_received=0,
        chest_left=tuple(t.id for t in d.chest_tokens), chest_credit=0,
        chest_items=((),) * n, chest_info=((),) * n, chest_counts=(0,) * n,
        played=(), verified=((),) * n, revealed=(), shared=((),) * n,
        compass_given=(), questions=(), pos=start, lines=(),
        crosses=tuple((m, p) for m, p in zip(minis, start, strict=True) if p is not None),
        last_line=(None,) * len(minis), searches=(), uses=uses, day=0, phase=Phase.BURY,
        active=None, actions_left=0, turn_mini=None, pending=None, hint_deck=None,
        chance=(), last_search=None, compass_at=None, share_seats=(), share_choice=(),
        escape_round=0, winner=None, end="")


def position_of(pos: PositionOrDraft, ctx: TI2018Context, mini: str) -> Pt | None:
    """Where miniature ``mini`` stands (None for Silver before the Prison event)."""
    return pos.pos[ctx.mini_index[mini]]


def seat_minis(ctx: TI2018Context, seat: int) -> tuple[str, ...]:
    """The miniatures a seat moves (Silver's only during the escape)."""
    return tuple(m for m, s in ctx.owners if s == seat)


def uses_left(pos: PositionOrDraft, seat: int, action: str) -> int:
    """How many times ``seat`` may still use a limited special action."""
    left: int = dict(pos.uses[seat]).get(action, 0)
    return left


def has_ability(ctx: TI2018Context, seat: int, ability: str) -> bool:
    """Whether seat ``seat``'s character has special ability ``ability``."""
    c = ctx.seat_characters[seat]
    return c is not None and ability in c.abilities


def situation(pos: PositionOrDraft, ctx: TI2018Context) -> Situation:
    """The board now, as hints see it (miniatures on the board, their lines and crosses,
    last moves, search circles)."""
    minis = ctx.miniatures
    positions = tuple((m, p) for m, p in zip(minis, pos.pos, strict=True) if p is not None)
    trails = []
    for m, _ in positions:
        segs = [(ln.a, ln.b) for ln in pos.lines if ln.mini == m]
        segs += [(p, p) for mm, p in pos.crosses if mm == m]
        trails.append((m, tuple(segs)))
    index = ctx.mini_index
    last = tuple((m, ln[0], ln[1]) for m, ln in zip(minis, pos.last_line, strict=True)
                 if ln is not None and pos.pos[index[m]] is not None)
    searches = tuple(((s.x, s.y), s.radius) for s in pos.searches)
    return Situation(positions, tuple(trails), last, searches)
