"""What a seat may know in Sjörövarön.

Everything on the table is public: where the pirates are, who is wounded and for how
many more turns, how many map pieces each holds, who has held all eight, the chest
once it is dug up, the raft, the boats and the mortar. Hidden (SJO §3 Set Up, §8):
which pieces another player holds, the piece under the board (and so where the chest
is buried) for anyone who has not held all eight, and the seed.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PirateView", "SjoView"]


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
