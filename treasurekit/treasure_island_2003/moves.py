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

from ..core.draft import canonical
from ..core.notation import Choice, Const, Flag, Notation, Num, Word

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

# ----- the words of the notation ------------------------------------------------------
_DIE = Num(1, 6, digits=1)
_KIND = Word("a card kind such as rubies", "rubies", test=_ID.match)
_CHEST = Word("a chest (a pirate id such as flint)", "flint", test=_ID.match)
_SEAT = Choice(COLOURS, range(len(COLOURS)), what="a colour: " + ", ".join(COLOURS))
_CANNON = Choice(_CANNONS, what="a cannon: purple or gold")
_FROM_LOCKER = Flag("from", "locker")


@dataclass(frozen=True)
class Roll:
    """Chance: two dice show ``low`` and ``high`` (``low <= high``)."""

    NOTATION = ("roll", _DIE("low"), _DIE("high", example="5"))
    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            low, high = self.high, self.low
            canonical(self, low=low, high=high)

    @property
    def doubles(self) -> bool:
        return self.low == self.high

    @property
    def total(self) -> int:
        return self.low + self.high


@dataclass(frozen=True)
class Reveal:
    """Chance: the next card of the chest being opened is of ``kind``."""

    NOTATION = ("reveal", _KIND("kind", example="rum"))
    kind: str


@dataclass(frozen=True)
class Hit:
    """Chance: one skirmish round; ``seat`` scores a hit, or nobody (``None``)."""

    NOTATION = (("hit", _SEAT("seat")), ("no", "hit", Const(None)("seat")))
    seat: int | None


@dataclass(frozen=True)
class Place:
    """Put a counter on ``square`` (a name such as ``"c7"``)."""

    NOTATION = ("place", Word("a square such as c7", "c7", test=_SQUARE.match)("square"))
    square: str


@dataclass(frozen=True)
class Pass:
    """No counter can be placed with the dice thrown (TI2003 §4 Advances)."""

    NOTATION = ("pass",)


@dataclass(frozen=True)
class Open:
    """Open this chest next, when several were won at once (TI2003 §4)."""

    NOTATION = ("open", _CHEST("chest"))
    chest: str


@dataclass(frozen=True)
class Fire:
    """Fire a ``cannon`` ("purple"/"gold") at ``target``'s pile of ``kind`` (TI2003 §5)."""

    NOTATION = ("fire", _CANNON("cannon"), _FROM_LOCKER("from_locker"), "at",
                _SEAT("target", example="blue"), _KIND("kind"))
    cannon: str
    target: int
    kind: str
    from_locker: bool = False


@dataclass(frozen=True)
class Protect:
    """Put a purple cannon under your own pile of ``kind`` (TI2003 §5 Purple Cannons)."""

    NOTATION = ("protect", _KIND("kind"), _FROM_LOCKER("from_locker"))
    kind: str
    from_locker: bool = False


@dataclass(frozen=True)
class Stash:
    """Put a cannon found in the chest into Davy Jones' Locker (TI2003 §6)."""

    NOTATION = ("stash", _CANNON("cannon"))
    cannon: str


@dataclass(frozen=True)
class Take:
    """Take every card of treasure type ``kind`` out of the Locker (TI2003 §6)."""

    NOTATION = ("take", _KIND("kind", example="pearls"))
    kind: str


@dataclass(frozen=True)
class End:
    """End the turn without (further) Locker moves."""

    NOTATION = ("end",)


@dataclass(frozen=True)
class Discard:
    """Put every card of treasure type ``kind`` into the Locker (TI2003 §6)."""

    NOTATION = ("discard", _KIND("kind", example="pearls"))
    kind: str


TIMove = (
    Roll | Reveal | Hit | Place | Pass | Open | Fire | Protect | Stash | Take | End | Discard
)

MOVE_NOTATION = Notation("a Treasure Island move", (
    Roll, Reveal, Hit, Place, Pass, Open, Fire, Protect, Stash, Take, End, Discard))


def parse_move(text: str) -> TIMove:
    """Parse Treasure Island move text (case and spacing do not matter; the forms are the
    move classes' ``NOTATION``).

    Raises:
        MoveParseError: the text is not one of the accepted forms (the message names the
            word that does not fit and lists the forms).
    """
    move: TIMove = MOVE_NOTATION.parse(text)
    return move
