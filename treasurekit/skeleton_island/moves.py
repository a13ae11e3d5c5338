"""Skeleton Island moves and their text notation.

Player moves (seats are written ``p0``..``p3``; cards by their id on the table):

==========================  ===================================================
text                        meaning
==========================  ===================================================
``take 17``                 take uncovered card 17 from the Sand Pile
``keep``                    keep the card just taken (place it in front of you)
``rest 3.5,-2,30``          rest it on the pile's edge: centre x,y in cm, angle
``stop``                    after resting: take no second card (ruling SKEL-7)
``discard 3 8 9``           pirate turn: discard three collected cards
``steal p1 22``             then take card 22 from seat 1 (``steal="chosen"``)
``steal p1``                then take a card from seat 1 blind (``steal="blind"``)
``double``                  or play two standard turns instead
``blow``                    blow once on the pile (only 1 or 2 cards uncovered)
==========================  ===================================================

Chance moves (listed with exact probabilities by ``chance_outcomes()``):

==========================  ===================================================
``spread 417``              the setup spread is seeded layout 417 (of 1000)
``reveal 12 map-red-half``  card 12 turns out to be a red map half
``gust ne strong``          the gust blows towards the north-east, strongly
``stolen 22``               the blind steal takes card 22
==========================  ===================================================

>>> parse_move("rest 3.50, -2, 30")
Rest(x=3.5, y=-2.0, angle=30.0)
>>> str(parse_move("discard 9 3 8"))
'discard 3 8 9'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import MoveParseError
from ..core.inputs import parse_decimal, parse_int, short
from .pile import Placement, _cm, _deg

__all__ = [
    "Blow",
    "Discard",
    "Double",
    "Gust",
    "Keep",
    "Rest",
    "Reveal",
    "SkeletonMove",
    "Spread",
    "Steal",
    "Stolen",
    "Stop",
    "Take",
    "parse_move",
]


def _num(v: float) -> str:
    """A coordinate (0.01 cm) or angle (0.1 degree) written exactly: ``:g`` keeps only 6
    significant digits, so ``-10000.01`` was written ``-10000`` and read back as
    another move (issue 23 point 8)."""
    return f"{v:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Spread:
    """Chance move: the setup spread is seeded layout ``layout`` (SKEL §2)."""

    layout: int

    def __str__(self) -> str:
        return f"spread {self.layout}"


@dataclass(frozen=True)
class Reveal:
    """Chance move: face-down (or newly spread face-up) card ``card`` is of ``kind``."""

    card: int
    kind: str

    def __str__(self) -> str:
        return f"reveal {self.card} {self.kind}"


@dataclass(frozen=True)
class Take:
    """Take uncovered card ``card`` from the Sand Pile (SKEL §3 standard turn)."""

    card: int

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True)
class Keep:
    """Keep the card in hand: place it in front of you (SKEL §3)."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Rest:
    """Rest the card in hand on the edge of the pile at centre ``x, y`` (cm), ``angle``°.

    Coordinates are rounded to 0.01 cm and the angle to 0.1 degree (in [0, 360)).
    """

    x: float
    y: float
    angle: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "x", _cm(self.x))
        object.__setattr__(self, "y", _cm(self.y))
        object.__setattr__(self, "angle", _deg(self.angle))

    @property
    def placement(self) -> Placement:
        return Placement(self.x, self.y, self.angle)

    @classmethod
    def at(cls, where: Placement) -> Rest:
        """The rest move for a placement (already rounded, so no rounding again)."""
        move = object.__new__(cls)
        object.__setattr__(move, "x", where.x)
        object.__setattr__(move, "y", where.y)
        object.__setattr__(move, "angle", where.angle)
        return move

    def __str__(self) -> str:
        return f"rest {_num(self.x)},{_num(self.y)},{_num(self.angle)}"


@dataclass(frozen=True)
class Stop:
    """After resting a card: take no second card and end the standard turn (SKEL §3: the
    second card is a choice; ruling SKEL-7)."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Discard:
    """Pirate turn: discard three collected cards for good (SKEL §3). Ids are sorted."""

    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return "discard " + " ".join(map(str, self.cards))


@dataclass(frozen=True)
class Steal:
    """After a discard: take card ``card`` (or, blind, any card) from seat ``victim``."""

    victim: int
    card: int | None = None

    def __str__(self) -> str:
        tail = "" if self.card is None else f" {self.card}"
        return f"steal p{self.victim}{tail}"


@dataclass(frozen=True)
class Stolen:
    """Chance move: the blind steal takes card ``card``."""

    card: int

    def __str__(self) -> str:
        return f"stolen {self.card}"


@dataclass(frozen=True)
class Double:
    """After a discard: play two standard turns (SKEL §3)."""

    def __str__(self) -> str:
        return "double"


@dataclass(frozen=True)
class Blow:
    """Blow once on the Sand Pile before the turn (SKEL §3; only 1-2 cards uncovered)."""

    def __str__(self) -> str:
        return "blow"


@dataclass(frozen=True)
class Gust:
    """Chance move: the gust blows towards ``direction`` with ``strength`` (ruling SKEL-11)."""

    direction: str
    strength: str

    def __str__(self) -> str:
        return f"gust {self.direction} {self.strength}"


SkeletonMove = (
    Spread | Reveal | Take | Keep | Rest | Stop | Discard | Steal | Stolen | Double | Blow | Gust
)

_FORMS = (
    "'take 17', 'keep', 'rest 3.5,-2,30', 'stop', 'discard 3 8 9', 'steal p1 22', 'steal p1', "
    "'double', 'blow' (chance: 'spread 4', 'reveal 12 coin-2', 'gust ne strong', 'stolen 22')"
)


def _id(word: str) -> int | None:
    return parse_int(word, max_digits=6)


def _token(word: str) -> bool:
    return bool(word) and all(c.isascii() and (c.islower() or c.isdigit() or c == "-")
                              for c in word)


def parse_move(text: str) -> SkeletonMove:
    """Parse Skeleton Island move text.

    Raises:
        MoveParseError: the text is not one of the accepted forms (listed in the message).
    """
    if not isinstance(text, str):
        raise MoveParseError(text, f"{short(text)} is not move text; write {_FORMS}")
    words = text.strip().lower().split()
    bad = MoveParseError(text, f"{short(text)} is not a Skeleton Island move; write {_FORMS}")
    if not words:
        raise bad
    head, args = words[0], words[1:]
    if not args and head in ("keep", "stop", "double", "blow"):
        simple: dict[str, SkeletonMove] = {"keep": Keep(), "stop": Stop(), "double": Double(),
                                           "blow": Blow()}
        return simple[head]
    if head in ("take", "spread", "stolen") and len(args) == 1:
        n = _id(args[0])
        if n is None:
            raise bad
        return Take(n) if head == "take" else Spread(n) if head == "spread" else Stolen(n)
    if head == "reveal" and len(args) == 2:
        n = _id(args[0])
        if n is None or not _token(args[1]):
            raise bad
        return Reveal(n, args[1])
    if head == "gust" and len(args) == 2 and _token(args[0]) and _token(args[1]):
        return Gust(args[0], args[1])
    if head == "discard" and args:
        ids = [_id(a) for a in args]
        if any(i is None for i in ids):
            raise bad
        return Discard(tuple(i for i in ids if i is not None))
    if head == "steal" and len(args) in (1, 2):
        victim = args[0]
        seat = _id(victim[1:]) if victim.startswith("p") else None
        if seat is None:
            raise bad
        if len(args) == 1:
            return Steal(seat)
        card = _id(args[1])
        if card is None:
            raise bad
        return Steal(seat, card)
    if head == "rest" and args:
        parts = " ".join(args).replace(",", " ").split()
        if len(parts) not in (2, 3):
            raise bad
        numbers = [parse_decimal(p) for p in parts]
        values = [v for v in numbers if v is not None and abs(v) < 1e6]
        if len(values) != len(parts):
            raise bad
        return Rest(*values)
    raise bad
