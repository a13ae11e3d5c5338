"""Treasure Island (2003) moves and their text notation.

Squares are named ``a1`` (north-west) to ``n14``; seats by colour (``red``, ``blue``,
``green``, ``yellow``, ``black``, ``white``); card kinds by their ids in ``cards.json``
(``diamonds``, ``rum``, ``jolly-roger``...); chests by pirate id (``flint``).

Chance moves (played by ``resolve_chance`` or named in a record):

==================================  ===================================================
``roll 3 5``                        two dice show 3 and 5 (smaller first; ``roll 4 4``
                                    is doubles); also the opening throws
``reveal diamonds``                 the next card of the chest being opened
``hit red`` / ``no hit``            one round of a skirmish
==================================  ===================================================

A player's moves:

==================================  ===================================================
``place c7``                        put a counter on c7 (a landing or an advance)
``pass``                            no counter can be placed with these dice
``open flint``                      open this chest next (several won at once)
``fire purple at blue rubies``      steal all of Blue's Rubies with a purple cannon
``fire gold at blue jolly-roger``   steal one of Blue's Jolly Rogers (gold only)
``fire gold from locker at ...``    take a cannon out of the Locker and fire it
``protect rubies``                  put a purple cannon under your Rubies
``protect rubies from locker``      ... with a purple cannon from the Locker
``stash purple`` / ``stash gold``   put a cannon from the chest into the Locker
``take pearls``                     take all the Pearls out of the Locker
``end``                             end the turn (when Locker moves were possible)
``discard pearls``                  put all your Pearls in the Locker (too many types)
==================================  ===================================================

>>> parse_move("fire gold from locker at blue jolly-roger")
Fire(cannon='gold', target=1, kind='jolly-roger', from_locker=True)
>>> str(parse_move("roll 5 2"))
'roll 2 5'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import MoveParseError
from ..core.inputs import parse_int, short

__all__ = [
    "COLOURS",
    "Discard",
    "End",
    "Fire",
    "Hit",
    "Open",
    "Pass",
    "Place",
    "Protect",
    "Reveal",
    "Roll",
    "Stash",
    "TIMove",
    "Take",
    "parse_move",
]

#: Seat colours in seat order (TI2003 §1 Components: six sets of counters).
COLOURS = ("red", "blue", "green", "yellow", "black", "white")
_CANNONS = ("purple", "gold")
_ID = re.compile(r"^[a-z][a-z0-9-]*$")
_SQUARE = re.compile(r"^[a-z][1-9][0-9]?$")


@dataclass(frozen=True)
class Roll:
    """Chance: two dice show ``low`` and ``high`` (``low <= high``)."""

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            low, high = self.high, self.low
            object.__setattr__(self, "low", low)
            object.__setattr__(self, "high", high)

    @property
    def doubles(self) -> bool:
        return self.low == self.high

    @property
    def total(self) -> int:
        return self.low + self.high

    def __str__(self) -> str:
        return f"roll {self.low} {self.high}"


@dataclass(frozen=True)
class Reveal:
    """Chance: the next card of the chest being opened is of ``kind``."""

    kind: str

    def __str__(self) -> str:
        return f"reveal {self.kind}"


@dataclass(frozen=True)
class Hit:
    """Chance: one skirmish round; ``seat`` scores a hit, or nobody (``None``)."""

    seat: int | None

    def __str__(self) -> str:
        return "no hit" if self.seat is None else f"hit {COLOURS[self.seat]}"


@dataclass(frozen=True)
class Place:
    """Put a counter on ``square`` (a name such as ``"c7"``)."""

    square: str

    def __str__(self) -> str:
        return f"place {self.square}"


@dataclass(frozen=True)
class Pass:
    """No counter can be placed with the dice thrown (TI2003 §4 Advances)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Open:
    """Open this chest next, when several were won at once (TI2003 §4)."""

    chest: str

    def __str__(self) -> str:
        return f"open {self.chest}"


@dataclass(frozen=True)
class Fire:
    """Fire a ``cannon`` ("purple"/"gold") at ``target``'s pile of ``kind`` (TI2003 §5)."""

    cannon: str
    target: int
    kind: str
    from_locker: bool = False

    def __str__(self) -> str:
        src = " from locker" if self.from_locker else ""
        return f"fire {self.cannon}{src} at {COLOURS[self.target]} {self.kind}"


@dataclass(frozen=True)
class Protect:
    """Put a purple cannon under your own pile of ``kind`` (TI2003 §5 Purple Cannons)."""

    kind: str
    from_locker: bool = False

    def __str__(self) -> str:
        return f"protect {self.kind}" + (" from locker" if self.from_locker else "")


@dataclass(frozen=True)
class Stash:
    """Put a cannon found in the chest into Davy Jones' Locker (TI2003 §6)."""

    cannon: str

    def __str__(self) -> str:
        return f"stash {self.cannon}"


@dataclass(frozen=True)
class Take:
    """Take every card of treasure type ``kind`` out of the Locker (TI2003 §6)."""

    kind: str

    def __str__(self) -> str:
        return f"take {self.kind}"


@dataclass(frozen=True)
class End:
    """End the turn without (further) Locker moves."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Discard:
    """Put every card of treasure type ``kind`` into the Locker (TI2003 §6)."""

    kind: str

    def __str__(self) -> str:
        return f"discard {self.kind}"


TIMove = (
    Roll | Reveal | Hit | Place | Pass | Open | Fire | Protect | Stash | Take | End | Discard
)

_FORMS = (
    "'roll 3 5', 'reveal rum', 'hit red', 'no hit', 'place c7', 'pass', 'open flint', "
    "'fire purple at blue rubies', 'fire gold from locker at blue jolly-roger', "
    "'protect rubies', 'protect rubies from locker', 'stash purple', 'take pearls', "
    "'end' or 'discard pearls'"
)


def parse_move(text: str) -> TIMove:
    """Parse Treasure Island move text (case and spacing do not matter).

    Raises:
        MoveParseError: the text is not one of the accepted forms (listed in the message).
    """
    if not isinstance(text, str):
        raise MoveParseError(text, f"{short(text)} is not move text; write {_FORMS}")
    words = text.strip().lower().split()
    bad = MoveParseError(text, f"{short(text)} is not a Treasure Island move; write {_FORMS}")
    if not words:
        raise bad
    head, rest = words[0], words[1:]
    if head == "roll" and len(rest) == 2:
        a, b = parse_int(rest[0], max_digits=1), parse_int(rest[1], max_digits=1)
        if a is not None and b is not None and 1 <= a <= 6 and 1 <= b <= 6:
            return Roll(a, b)
        raise bad
    if head == "reveal" and len(rest) == 1 and _ID.match(rest[0]):
        return Reveal(rest[0])
    if words == ["no", "hit"]:
        return Hit(None)
    if head == "hit" and len(rest) == 1 and rest[0] in COLOURS:
        return Hit(COLOURS.index(rest[0]))
    if head == "place" and len(rest) == 1 and _SQUARE.match(rest[0]):
        return Place(rest[0])
    if words == ["pass"]:
        return Pass()
    if words == ["end"]:
        return End()
    if head == "open" and len(rest) == 1 and _ID.match(rest[0]):
        return Open(rest[0])
    if head == "fire" and rest and rest[0] in _CANNONS:
        cannon, tail = rest[0], rest[1:]
        from_locker = tail[:2] == ["from", "locker"]
        if from_locker:
            tail = tail[2:]
        if len(tail) == 3 and tail[0] == "at" and tail[1] in COLOURS and _ID.match(tail[2]):
            return Fire(cannon, COLOURS.index(tail[1]), tail[2], from_locker)
        raise bad
    if head == "protect" and rest and _ID.match(rest[0]):
        if len(rest) == 1:
            return Protect(rest[0])
        if rest[1:] == ["from", "locker"]:
            return Protect(rest[0], True)
        raise bad
    if head == "stash" and len(rest) == 1 and rest[0] in _CANNONS:
        return Stash(rest[0])
    if head == "take" and len(rest) == 1 and _ID.match(rest[0]):
        return Take(rest[0])
    if head == "discard" and len(rest) == 1 and _ID.match(rest[0]):
        return Discard(rest[0])
    raise bad
