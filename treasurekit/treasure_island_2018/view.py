"""What a seat may know in Treasure Island (2018).

Public: the calendar, every miniature, every line, cross and search circle drawn,
every Starting and Black Spot Hint played (with its drawing), the districts shown by
MANUSCRIPT and PARROT, the CONFESSION questions, how many Chest tokens each pirate
received, the character sheets and their used boxes.

Private to a pirate: its own District Hints (and those shown to it by PARROT), the
Compass Hints it received, its Chest tokens and what its Verifications showed. A
pirate never sees the treasure, Silver's hands or the face-down Information tokens.

Long John Silver (seat 0) sees all of that plus the treasure, his hands of hints
and Compass Hints, his tokens, the District Hints he dealt and the one set aside.

No view carries the seed (it would tell every future draw). Views are frozen and
hashable, so a probability map can be cached by view.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.errors import check_seat
from ..core.seat import HIDDEN
from .context import TI2018Context
from .decks import CalendarSpace
from .flow import SILVER, current_player, shown_phase, status
from .geometry import Pt
from .hints import Situation
from .moves import Answer, Bury, Card, Confess, Deal, Draw, PlayHint, Share, TIMove
from .position import ChestInfoView, CompassView, LineView, SearchView, TIPosition

__all__ = [
    "ChestInfoView",
    "CompassView",
    "HintView",
    "LineView",
    "MiniView",
    "SearchView",
    "TIView",
    "seat_move_text",
    "seat_view",
]


@dataclass(frozen=True)
class MiniView:
    """A miniature: name (colour or ``silver``), owner seat, position (None off board)."""

    name: str
    owner: int
    at: Pt | None


@dataclass(frozen=True)
class HintView:
    """A Starting or Black Spot Hint on the calendar.

    Attributes:
        number: 1 for the first hint played, 2 for the next...
        deck: ``"starting"`` or ``"black_spot"``; kind: its id; name: printed name.
        args: its parameters (as in the notation); situation: the board it refers to.
        token: ``"truth"`` or ``"bluff"`` when this seat knows it, else ``"hidden"``.
        face_up: its Information token lies face up (the first hint, PARROT).
        day: the day it was played.
    """

    number: int
    deck: str
    kind: str
    name: str
    args: tuple[str, ...]
    situation: Situation
    token: str
    face_up: bool
    day: int


@dataclass(frozen=True)
class TIView:
    """A seat's view of a Treasure Island (2018) position (see the module docstring).

    Silver-only attributes are None or empty in a pirate's view.
    """

    player: int
    role: str
    to_move: int
    phase: str
    status: str
    day: int
    escape_day: int
    calendar: tuple[CalendarSpace, ...]
    active: int | None
    actions_left: int
    turn_mini: str | None
    pending: str | None
    escape_round: int
    characters: tuple[tuple[int, str], ...]
    miniatures: tuple[MiniView, ...]
    lines: tuple[LineView, ...]
    crosses: tuple[tuple[str, Pt], ...]
    searches: tuple[SearchView, ...]
    hints: tuple[HintView, ...]
    revealed: tuple[tuple[int, str], ...]
    questions: tuple[tuple[int, tuple[str, ...]], ...]
    chest_counts: tuple[int, ...]
    uses: tuple[tuple[tuple[str, int], ...], ...]
    bluff_received: int
    hand_sizes: tuple[int, int, int]
    my_districts: tuple[int, ...]
    shared_districts: tuple[tuple[int, int], ...]
    my_compass: tuple[CompassView, ...]
    my_chest_items: tuple[str, ...]
    my_chest_info: tuple[ChestInfoView, ...]
    winner: int | None
    ply: int
    treasure: Pt | None = None
    hand: tuple[str, ...] = ()
    compass_hand: tuple[int, ...] = ()
    truth_left: int | None = None
    bluff_left: int | None = None
    chest_left: tuple[str, ...] = ()
    chest_credit: int | None = None
    undealt: tuple[int, ...] = ()
    set_aside: int | None = None
    dealt: tuple[tuple[int, tuple[int, ...]], ...] = ()
    compass_given: tuple[tuple[int, CompassView], ...] = ()


def seat_view(pos: TIPosition, ctx: TI2018Context, player: int, ply: int) -> TIView:
    """What seat ``player`` may know of ``pos`` (see the module docstring); never the seed.

    Raises:
        SeatError: ``player`` is not a seat of this game (a ValueError).
    """
    check_seat(player, ctx.num_players)
    d = pos
    silver = player == SILVER
    mine = set(d.verified[player]) if not silver else set()
    hints = tuple(
        HintView(
            h.number, h.deck, h.kind, ctx.decks.hint(h.kind).name, h.args, h.situation,
            h.token if (silver or h.face_up or h.number in mine) else "hidden",
            h.face_up, h.day)
        for h in d.played)
    own_compass = tuple(c for s, c in d.compass_given if s == player)
    view = TIView(
        player=player,
        role="silver" if silver else "pirate",
        to_move=current_player(d, ctx),
        phase=shown_phase(d).value,
        status=status(d, ctx),
        day=d.day,
        escape_day=ctx.escape_day,
        calendar=ctx.calendar[: ctx.escape_day],
        active=d.active,
        actions_left=d.actions_left,
        turn_mini=d.turn_mini,
        pending=d.pending,
        escape_round=d.escape_round,
        characters=tuple((s, c.id) for s, c in enumerate(ctx.seat_characters) if c),
        miniatures=tuple(MiniView(m, ctx.owner[m], p)
                         for m, p in zip(ctx.miniatures, d.pos, strict=True)),
        lines=d.lines,
        crosses=d.crosses,
        searches=d.searches,
        hints=hints,
        revealed=d.revealed,
        questions=d.questions,
        chest_counts=d.chest_counts,
        uses=d.uses,
        bluff_received=d.bluff_received,
        hand_sizes=(len(d.start_hand), len(d.bs_hand), len(d.compass_hand)),
        my_districts=d.dealt[player],
        shared_districts=d.shared[player],
        my_compass=own_compass,
        my_chest_items=d.chest_items[player],
        my_chest_info=d.chest_info[player],
        winner=d.winner,
        ply=ply,
    )
    if not silver:
        return view
    return replace(
        view,
        treasure=d.treasure,
        hand=d.start_hand + d.bs_hand,
        compass_hand=d.compass_hand,
        truth_left=d.truth,
        bluff_left=d.bluff,
        chest_left=d.chest_left,
        chest_credit=d.chest_credit,
        undealt=tuple(x for x in d.undealt if x != d.set_aside),
        set_aside=d.set_aside,
        dealt=tuple((s, d.dealt[s]) for s in ctx.pirates),
        compass_given=d.compass_given,
    )


def seat_move_text(pos: TIPosition, ctx: TI2018Context, move: TIMove, seat: int) -> str:
    """``move`` as ``seat`` may know it (played next from ``pos``), hidden parts ``?``.

    Hidden from the pirates: where Silver buries (TI2018 §6), his draws, the face-down
    Information token of a hint or CONFESSION answer (the first hint's and PARROT's lie
    face up). Hidden from all but the receiver (and Silver, who dealt or gave it): a
    District Hint dealt, a Chest token or Compass Hint given. A District Hint shown
    under PARROT is seen by the two neighbours only (ruling TI2018-19).
    """
    d = pos
    silver = seat == SILVER
    if isinstance(move, Bury) and not silver:
        return f"bury {HIDDEN}"
    if isinstance(move, Deal) and not silver and move.seat != seat:
        return f"deal p{move.seat} {HIDDEN}"
    if isinstance(move, Draw) and not silver:
        return f"draw {move.deck} {HIDDEN}"
    if isinstance(move, PlayHint) and not silver:
        # the first hint's token and PARROT's lie face up (TI2018 §5 Information tokens)
        face_down = move.token is not None and move.kind != "parrot" and bool(d.played)
        return " ".join(["hint", move.kind, *move.args, HIDDEN]) if face_down else str(move)
    if isinstance(move, Confess) and not silver:
        return f"confess p{move.seat} {move.answer} {HIDDEN}"
    if isinstance(move, Answer) and move.token != "none" and not silver:
        searcher = d.last_search[0] if d.last_search is not None else None
        if seat != searcher:
            return f"answer {HIDDEN}"
    if isinstance(move, Card) and not silver and seat != d.active:
        return f"card {HIDDEN}"
    if isinstance(move, Share) and d.share_seats:
        ring = list(ctx.pirates)
        sharer = d.share_seats[0]
        i = ring.index(sharer)
        sees = {sharer, ring[(i - 1) % len(ring)], ring[(i + 1) % len(ring)]}
        if seat not in sees:
            return f"share {HIDDEN}"
    return str(move)
