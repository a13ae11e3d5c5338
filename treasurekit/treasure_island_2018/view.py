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

from dataclasses import dataclass

from .decks import CalendarSpace
from .geometry import Pt
from .hints import Situation

__all__ = [
    "ChestInfoView",
    "CompassView",
    "HintView",
    "LineView",
    "MiniView",
    "SearchView",
    "TIView",
]


@dataclass(frozen=True)
class MiniView:
    """A miniature: name (colour or ``silver``), owner seat, position (None off board)."""

    name: str
    owner: int
    at: Pt | None


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
