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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.draft import builder, canonical, replacer
from ..core.inputs import parse_decimal
from ..core.notation import Codec, Many, Miss, Notation, Num, Opt, Prefixed, Word
from .cover import Placement, _cm, _deg, _placement

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


def _token(word: str) -> bool:
    return bool(word) and all(c.isascii() and (c.islower() or c.isdigit() or c == "-")
                              for c in word)


class _Placement(Codec):
    """``x,y,angle`` (cm, cm, degrees; the angle may be left out, spaces after the commas
    allowed): the rest of the text, read into the fields ``x, y, angle``."""

    what = "x,y,angle in cm and degrees"
    example = "3.5,-2,30"

    def read(self, words: Sequence[str], i: int) -> tuple[Any, int]:
        parts = " ".join(words[i:]).replace(",", " ").split()
        values = [v for v in map(parse_decimal, parts) if v is not None and abs(v) < 1e6]
        if len(parts) not in (2, 3) or len(values) != len(parts):
            raise Miss(" ".join(words[i:]) if i < len(words) else None, self.what)
        return (*values, 0.0)[:3], len(words)

    def write(self, value: Any) -> str | None:
        return ",".join(map(_num, value))

    helpers: ClassVar[dict[str, Any]] = {"_num": _num}

    def inline_fields(self, exprs: tuple[str, ...], strict: bool) -> str | None:
        return ",".join(f"{{_num({e})}}" for e in exprs)


_ID = Num(digits=6, example="17")
_TOKEN = Word("a word of lower-case letters, digits and '-'", "coin-2", test=_token)


@dataclass(frozen=True)
class Spread:
    """Chance move: the setup spread is seeded layout ``layout`` (SKEL §2)."""

    NOTATION = ("spread", _ID("layout", example="417"))
    layout: int


@dataclass(frozen=True)
class Reveal:
    """Chance move: face-down (or newly spread face-up) card ``card`` is of ``kind``."""

    NOTATION = ("reveal", _ID("card", example="12"), _TOKEN("kind"))
    card: int
    kind: str


@dataclass(frozen=True)
class Take:
    """Take uncovered card ``card`` from the Sand Pile (SKEL §3 standard turn)."""

    NOTATION = ("take", _ID("card"))
    card: int


@dataclass(frozen=True)
class Keep:
    """Keep the card in hand: place it in front of you (SKEL §3)."""

    NOTATION = ("keep",)


@dataclass(frozen=True)
class Rest:
    """Rest the card in hand on the edge of the pile at centre ``x, y`` (cm), ``angle``°.

    Coordinates are rounded to 0.01 cm and the angle to 0.1 degree (in [0, 360)).
    """

    NOTATION = ("rest", _Placement()("x", "y", "angle"))
    x: float
    y: float
    angle: float = 0.0

    def __post_init__(self) -> None:
        canonical(self, x=_cm(self.x), y=_cm(self.y), angle=_deg(self.angle))

    @property
    def placement(self) -> Placement:
        # the fields are already rounded (by __post_init__, or taken from a placement)
        return _placement(self.x, self.y, self.angle)

    @classmethod
    def at(cls, where: Placement) -> Rest:
        """The rest move for a placement (already rounded, so no rounding again: core's
        ``replace`` of a rest move built once)."""
        return _replace_rest(_REST_ORIGIN, x=where.x, y=where.y, angle=where.angle)

    @staticmethod
    def of(x: float, y: float, angle: float) -> Rest:
        """The rest move at values already rounded (a placement's): a bare instance
        given its fields' dict, as core's ``replace`` builds one."""
        return _build_rest(x, y, angle)


#: The rest move the rounded ones are built from (:meth:`Rest.at`).
_REST_ORIGIN = Rest(0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Stop:
    """After resting a card: take no second card and end the standard turn (SKEL §3: the
    second card is a choice; ruling SKEL-7)."""

    NOTATION = ("stop",)


@dataclass(frozen=True)
class Discard:
    """Pirate turn: discard three collected cards for good (SKEL §3). Ids are sorted."""

    NOTATION = ("discard", Many(_ID)("cards", example="3 8 9"))
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        canonical(self, cards=tuple(sorted(self.cards)))


@dataclass(frozen=True)
class Steal:
    """After a discard: take card ``card`` (or, blind, any card) from seat ``victim``."""

    NOTATION = ("steal", Prefixed("p", "a seat such as p1", digits=6)("victim"),
                Opt(_ID)("card", example=("22", "")))
    victim: int
    card: int | None = None


@dataclass(frozen=True)
class Stolen:
    """Chance move: the blind steal takes card ``card``."""

    NOTATION = ("stolen", _ID("card", example="22"))
    card: int


@dataclass(frozen=True)
class Double:
    """After a discard: play two standard turns (SKEL §3)."""

    NOTATION = ("double",)


@dataclass(frozen=True)
class Blow:
    """Blow once on the Sand Pile before the turn (SKEL §3; only 1-2 cards uncovered)."""

    NOTATION = ("blow",)


@dataclass(frozen=True)
class Gust:
    """Chance move: the gust blows towards ``direction`` with ``strength`` (ruling SKEL-11)."""

    NOTATION = ("gust", _TOKEN("direction", example="ne"), _TOKEN("strength", example="strong"))
    direction: str
    strength: str


SkeletonMove = (
    Spread | Reveal | Take | Keep | Rest | Stop | Discard | Steal | Stolen | Double | Blow | Gust
)

MOVE_NOTATION = Notation("a Skeleton Island move", (
    Take, Keep, Rest, Stop, Discard, Steal, Double, Blow, Spread, Reveal, Gust, Stolen))


def parse_move(text: str) -> SkeletonMove:
    """Parse Skeleton Island move text (the forms are the move classes' ``NOTATION``).

    Raises:
        MoveParseError: the text is not one of the accepted forms (the message names the
            word that does not fit and lists the forms).
    """
    move: SkeletonMove = MOVE_NOTATION.parse(text)
    return move


#: ``Rest``'s own ``replace`` (core's ``replacer``: a rest move per spot offered).
_replace_rest = replacer(Rest)
#: ``Rest``'s constructor without its rounding (core's ``builder``): :meth:`Rest.of`.
_build_rest = builder(Rest)
