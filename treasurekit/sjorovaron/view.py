"""What a seat may know in Sjörövarön.

Everything on the table is public: where the pirates are, who is wounded and for how
many more turns, how many map pieces each holds, who has held all eight, the chest
once it is dug up, the raft, the boats and the mortar. Hidden (SJO §3 Set Up, §8):
which pieces another player holds, the piece under the board (and so where the chest
is buried) for anyone who has not held all eight, and the seed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import check_seat
from .flow import OVER, ROLL, SETUP_PHASES
from .moves import PIRATE_NAMES
from .position import SjoDraft
from .text import chest_text, raft_text, round_of, status

__all__ = ["PirateView", "SjoView", "seat_view"]


@dataclass(frozen=True)
class PirateView:
    """One seat's pirate as everyone sees it.

    Attributes:
        seat: the seat; ``pirate``: its id ("hook") or None before the pick;
            ``name``: the display name ("Hook").
        at: hex name, or None (not placed yet, or out of the game).
        status: "standing", "wounded", "floating", "aboard" (on the raft) or "out".
        wound: turns still to miss while wounded (3..0; 0: stands up next turn).
        in_water: floating in the river or lake (wounded or not).
        must_float: fell in this turn: must float next turn (SJO §6).
        pieces: how many map pieces it carries.
        knows: it has held all eight pieces and knows where the chest is.
        chest: it carries the chest.
    """

    seat: int
    pirate: str | None
    name: str
    at: str | None
    status: str
    wound: int | None
    in_water: bool
    must_float: bool
    pieces: int
    knows: bool
    chest: bool


@dataclass(frozen=True)
class SjoView:
    """A seat's view of a Sjörövarön position.

    Attributes:
        player: the seat this view is for.
        to_move: seat to move, or ``CHANCE`` / ``TERMINAL``.
        phase: "order", "pick", "deal", "start", "roll", "walk", "after", "shot" or
            "over" (see :attr:`SjoState.phase`).
        turn: the seat whose turn it is (None during setup).
        action: the declared action waiting for its roll (e.g. "jump i4"), or None.
        die: the movement roll to walk now (phase "walk"), else None.
        shot_used: the seat to move has used this turn's shot.
        pirates: one :class:`PirateView` per seat.
        my_pieces: the map pieces ``player`` holds (ids, sorted).
        spot: the hiding spot id of the chest if ``player`` knows it, else None.
        chest: where the chest is when that is public: "buried" (place hidden unless
            ``spot``), "carried p2", "raft", "land k9", "ravine h5", "water k9", "lost".
        raft: "landing", "afloat k12", "destroyed" or "gone".
        raft_aboard / raft_pilot: seats (or None).
        boats: ``(boat id, start hex, used as a start, wrecked)`` per boat.
        escape: the seat waiting on a rowing boat with the chest, or None.
        bonus_turns: extra turns still due to the first pirate with the whole map.
        lost_pieces: map pieces lost at sea (how many).
        order_rolls: the starting rolls ``(seat, face)`` in order.
        first: the starting seat once known.
        round: the round being played (1-based; 0 during setup).
        ply: moves played so far.
    """

    player: int
    to_move: int
    phase: str
    turn: int | None
    action: str | None
    die: int | None
    shot_used: bool
    pirates: tuple[PirateView, ...]
    my_pieces: tuple[str, ...]
    spot: str | None
    chest: str
    raft: str
    raft_aboard: int | None
    raft_pilot: int | None
    boats: tuple[tuple[str, str, bool, bool], ...]
    escape: int | None
    bonus_turns: int
    lost_pieces: int
    order_rolls: tuple[tuple[int, int], ...]
    first: int | None
    round: int
    ply: int


def seat_view(d: SjoDraft, player: int, *, to_move: int, ply: int) -> SjoView:
    """What seat ``player`` may know of the position ``d`` (SJO §3, §8): his own pieces
    only, the hidden piece only once he has held all eight, no seed.

    Raises:
        SeatError: ``player`` is not a seat of the game (a ValueError).
    """
    check_seat(player, d.n)
    rows = []
    for seat in range(d.n):
        p = d.pirates[seat]
        if p is None:
            rows.append(PirateView(seat, None, f"p{seat}", None, "unpicked", None, False,
                                   False, len(d.pieces[seat]), False, False))
            continue
        rows.append(PirateView(
            seat=seat, pirate=p.name, name=PIRATE_NAMES[p.name],
            at=d.h(p.at) if p.at >= 0 else None, status=status(d, p),
            wound=p.wound, in_water=d.in_water(p), must_float=p.must_float,
            pieces=len(d.pieces[seat]), knows=seat in d.knows,
            chest=d.carrier() == seat,
        ))
    action = None
    if d.phase == ROLL and d.action is not None:
        action = d.action
        if d.action in ("jump", "cross"):
            action += f" {d.h(d.target)}"
    spot = None
    if player in d.knows and d.hidden is not None:
        spot = d.hidden
    boats = tuple((b.id, d.h(b.start), i in d.boats_used, i in d.boats_wrecked)
                  for i, b in enumerate(d.board.boats))
    return SjoView(
        player=player,
        to_move=to_move,
        phase=(OVER if d.result is not None else d.phase).value,
        turn=None if d.phase in SETUP_PHASES else d.turn,
        action=action,
        die=d.die,
        shot_used=d.shot_used,
        pirates=tuple(rows),
        my_pieces=tuple(sorted(d.pieces[player])),
        spot=spot,
        chest=chest_text(d),
        raft=raft_text(d),
        raft_aboard=d.raft_aboard(),
        raft_pilot=d.raft_pilot,
        boats=boats,
        escape=d.escape,
        bonus_turns=d.bonus_left,
        lost_pieces=len(d.lost),
        order_rolls=d.order_rolls,
        first=d.first,
        round=round_of(d),
        ply=ply,
    )
