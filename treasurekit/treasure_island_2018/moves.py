"""Treasure Island (2018) moves and their text notation.

Points are ``x,y`` in miles (x east, y north), rounded to 0.01 mile. Seats are
``p0`` (Long John Silver) to ``p4``; miniatures are named by colour (``red``,
``blue``, ``yellow``, ``green``) and ``silver``; districts ``d1``..``d11``; towers
``t1``..``t9``.

Long John Silver (seat 0):

===================================  ==================================================
``bury 12.5,7``                      bury the treasure (setup)
``hint distance red 4-7 truth``      play a hint with its parameters and an Information
                                     token (``truth`` or ``bluff``); see ``hints.py``
``hint parrot``                      PARROT (its Truth token is placed face up)
``hint confession``                  CONFESSION: the pirates then ask their questions
``confess p2 yes truth``             answer pirate p2's question, with a token
``redraw``                           show a hand of three Chest-icon hints and redraw
``answer none`` / ``answer west``    after a vain search: nothing, or give a Chest token
``card 3`` / ``card none``           give Compass Hint 3 (``none``: no card is true)
``horse silver 12,7``                a Horse move during the escape
===================================  ==================================================

Pirates:

===================================  ==================================================
``horse red 12.5,7``                 Horse move (Olivier may add a second leg:
                                     ``horse blue 10,5 14,9``)
``foot red 12.5,7``                  the Foot move of a Foot move & Small search action
``search small red 12,8``            a Small search centred at 12,8 (``large`` too)
``monkey 12,8`` / ``spyglass 12,8``  Anne's / Olivier's remote search
``compass red``                      Compass special action
``verify 3``                         Verification of hint 3's Information token
``gallop red 12,8``                  Full Gallop
``use move7 red 12,8``               use a Chest item token (``use action``,
                                     ``use search red 12,8``)
``prison t3``                        the Prison event: put Silver on tower t3
``ask near red 5``                   a CONFESSION question (``ask district 3``,
                                     ``ask zone forest``, ``ask north red``...)
``share d4``                         PARROT: the District Hint Charlotte shows
``done``                             end the turn (or leave out the rest of an action)
===================================  ==================================================

Chance moves (listed with exact probabilities by ``chance_outcomes()``):
``deal p1 d7`` (a District Hint for p1), ``draw starting vast``, ``draw blackspot nose``,
``draw compass 3`` and ``reveal d4`` (PARROT shows district 4).

>>> parse_move("horse red 12.50,7")
Horse(mini='red', path=((12.5, 7.0),))
>>> str(parse_move("hint decoy red blue truth"))
'hint decoy blue red truth'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.draft import canonical
from ..core.notation import Choice, Const, Many, Notation, Num, Opt, Prefixed, Word
from .decks import CHEST_IDS, HINT_IDS
from .geometry import Pt, fmt_pt, mi, parse_pt
from .hints import canonical_args

__all__ = [
    "Answer",
    "Ask",
    "Bury",
    "Card",
    "Compass",
    "Confess",
    "Deal",
    "Done",
    "Draw",
    "Foot",
    "Gallop",
    "Horse",
    "PlayHint",
    "Prison",
    "Redraw",
    "Remote",
    "Reveal",
    "Search",
    "Share",
    "TIMove",
    "UseItem",
    "Verify",
    "parse_move",
]

MINIS = ("red", "blue", "yellow", "green", "silver")
DECK_WORDS = ("starting", "blackspot", "compass")


def _pt(p: Pt) -> Pt:
    return (mi(p[0]), mi(p[1]))


class _Point(Word):
    """A point ``x,y`` in miles, rounded to 0.01 (a tuple; bound to two fields, their
    values)."""

    def __init__(self) -> None:
        super().__init__("a point: x,y in miles, e.g. 12.5,7", "12,8", read=parse_pt)

    def write(self, value: Any) -> str | None:
        try:
            return fmt_pt(value)
        except (TypeError, ValueError, LookupError):  # a hand-built move's odd value
            return None

    def inline(self, expr: str, strict: bool) -> str | None:
        return None if strict else f"{{{expr}[0]:g}},{{{expr}[1]:g}}"  # as fmt_pt

    def inline_fields(self, exprs: tuple[str, ...], strict: bool) -> str | None:
        return None if strict else ",".join(f"{{{e}:g}}" for e in exprs)


def _tower(word: str) -> bool:
    return word.startswith("t")


# ----- the words of the notation ------------------------------------------------------
_POINT = _Point()
_SEAT = Prefixed("p", "a seat such as p2")
_DISTRICT = Prefixed("d", "a district such as d4")
_MINI = Choice(MINIS, what="a miniature: " + ", ".join(MINIS))
_HINT = Choice(HINT_IDS, what="a hint: " + ", ".join(HINT_IDS))
_TOKEN = Choice(("truth", "bluff"))


@dataclass(frozen=True)
class Bury:
    """Silver buries the treasure at ``x, y`` (TI2018 §6)."""

    NOTATION = ("bury", _POINT("x", "y", example="12.5,7"))
    x: float
    y: float

    def __post_init__(self) -> None:
        canonical(self, x=mi(self.x), y=mi(self.y))

    @property
    def at(self) -> Pt:
        return (self.x, self.y)


@dataclass(frozen=True)
class Deal:
    """Chance: District Hint ``district`` goes to seat ``seat`` (TI2018 §6)."""

    NOTATION = ("deal", _SEAT("seat"), _DISTRICT("district", example="d7"))
    seat: int
    district: int


@dataclass(frozen=True)
class Draw:
    """Chance: Silver draws ``card`` from ``deck`` (starting, blackspot or compass)."""

    NOTATION = ("draw", Choice(DECK_WORDS)("deck"), Word()("card", example="vast"))
    deck: str
    card: str


@dataclass(frozen=True)
class Reveal:
    """Chance: PARROT shows District Hint ``district`` to everyone (2-3 players)."""

    NOTATION = ("reveal", _DISTRICT("district"))
    district: int


@dataclass(frozen=True)
class PlayHint:
    """Silver plays hint ``kind`` with ``args`` and an Information token (``truth``,
    ``bluff``, or None for PARROT and the announcement of CONFESSION)."""

    NOTATION = ("hint", _HINT("kind", example="distance"),
                Many(Word(), 0)("args", example="red 4-7"), Opt(_TOKEN)("token"))
    kind: str
    args: tuple[str, ...] = ()
    token: str | None = None

    def __post_init__(self) -> None:
        canonical(self, args=canonical_args(self.kind, self.args))


@dataclass(frozen=True)
class Redraw:
    """Silver shows a hand of three Chest-icon hints and draws three new ones (TI2018 §5)."""

    NOTATION = ("redraw",)


@dataclass(frozen=True)
class Ask:
    """A pirate's CONFESSION question (ruling TI2018-18)."""

    NOTATION = ("ask", Many(Word())("question", example="near red 5"))
    question: tuple[str, ...]


@dataclass(frozen=True)
class Confess:
    """Silver answers pirate ``seat``'s CONFESSION question, with a token."""

    NOTATION = ("confess", _SEAT("seat"), Choice(("yes", "no"))("answer"), _TOKEN("token"))
    seat: int
    answer: str
    token: str


@dataclass(frozen=True)
class Share:
    """PARROT with 4-5 players: Charlotte chooses the District Hint she shows."""

    NOTATION = ("share", _DISTRICT("district"))
    district: int


@dataclass(frozen=True)
class Prison:
    """The Prison event: the active pirate puts Silver's miniature on tower ``tower``."""

    NOTATION = ("prison", Word("a tower such as t3", "t3", test=_tower)("tower"))
    tower: str


@dataclass(frozen=True)
class Horse:
    """A Horse move of ``mini`` along straight legs ending at each point of ``path``
    (one leg; two for Olivier's Thoroughbred)."""

    NOTATION = ("horse", _MINI("mini"), Many(_POINT, 1, 2)("path", example="12.5,7"))
    mini: str
    path: tuple[Pt, ...]

    def __post_init__(self) -> None:
        canonical(self, path=tuple(_pt(p) for p in self.path))


@dataclass(frozen=True)
class Foot:
    """The Foot move (at most 3 miles) of a Foot move & Small search action."""

    NOTATION = ("foot", _MINI("mini"), _POINT("to"))
    mini: str
    to: Pt

    def __post_init__(self) -> None:
        canonical(self, to=_pt(self.to))


@dataclass(frozen=True)
class Search:
    """A Small or Large search by ``mini`` with the circle centred at ``at``."""

    NOTATION = ("search", Choice(("small", "large"))("size"), _MINI("mini"), _POINT("at"))
    size: str
    mini: str
    at: Pt

    def __post_init__(self) -> None:
        canonical(self, at=_pt(self.at))


@dataclass(frozen=True)
class Remote:
    """Anne's monkey (``monkey``: a Small search anywhere) or Olivier's spyglass
    (``spyglass``: a Large search anywhere)."""

    NOTATION = (Choice(("monkey", "spyglass"))("kind", example=("monkey", "spyglass")),
                _POINT("at"))
    kind: str
    at: Pt

    def __post_init__(self) -> None:
        canonical(self, at=_pt(self.at))


@dataclass(frozen=True)
class Compass:
    """The Compass special action around ``mini``."""

    NOTATION = ("compass", _MINI("mini"))
    mini: str


@dataclass(frozen=True)
class Verify:
    """The Verification special action on played hint number ``number``."""

    NOTATION = ("verify", Num()("number"))
    number: int


@dataclass(frozen=True)
class Gallop:
    """The Full Gallop special action: ``mini`` goes to ``to`` without a line."""

    NOTATION = ("gallop", _MINI("mini"), _POINT("to"))
    mini: str
    to: Pt

    def __post_init__(self) -> None:
        canonical(self, to=_pt(self.to))


@dataclass(frozen=True)
class UseItem:
    """Use a Chest item token: ``move7`` (with ``mini`` and ``to``), ``action``, or
    ``search`` (a Small search by ``mini`` centred at ``to``)."""

    NOTATION = (("use", Choice(("move7", "search"))("item"), _MINI("mini"), _POINT("to")),
                ("use", Choice(("action",))("item"), Const(None)("mini"), Const(None)("to")))
    item: str
    mini: str | None = None
    to: Pt | None = None

    def __post_init__(self) -> None:
        if self.to is not None:
            canonical(self, to=_pt(self.to))


@dataclass(frozen=True)
class Done:
    """End the turn now (or leave out the second half of a Foot move & Small search)."""

    NOTATION = ("done",)


@dataclass(frozen=True)
class Answer:
    """Silver's answer to a vain search: ``none`` or the Chest token he gives."""

    NOTATION = ("answer", Choice(("none", *CHEST_IDS), what="none or a Chest token")("token",
                example=("none", "west")))
    token: str


@dataclass(frozen=True)
class Card:
    """The Compass Hint Silver gives (``None``: no card of his hand is true)."""

    NOTATION = ("card", Num(words={None: "none"})("card", example=("3", "none")))
    card: int | None



TIMove = (
    Bury | Deal | Draw | Reveal | PlayHint | Redraw | Ask | Confess | Share | Prison | Horse
    | Foot | Search | Remote | Compass | Verify | Gallop | UseItem | Done | Answer | Card
)

MOVE_NOTATION = Notation("a Treasure Island move", (
    Bury, PlayHint, Redraw, Confess, Answer, Card, Horse, Foot, Search, Remote, Compass,
    Verify, Gallop, UseItem, Prison, Ask, Share, Done, Deal, Draw, Reveal))


def parse_move(text: str) -> TIMove:
    """Parse Treasure Island move text (the forms are the move classes' ``NOTATION``).

    Raises:
        MoveParseError: the text is not one of the forms (the message names the word that
            does not fit and lists the forms).
    """
    move: TIMove = MOVE_NOTATION.parse(text)
    return move
