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

from ..core.errors import MoveParseError
from ..core.inputs import is_digits, short
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


@dataclass(frozen=True)
class Bury:
    """Silver buries the treasure at ``x, y`` (TI2018 §6)."""

    x: float
    y: float

    def __post_init__(self) -> None:
        object.__setattr__(self, "x", mi(self.x))
        object.__setattr__(self, "y", mi(self.y))

    @property
    def at(self) -> Pt:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"bury {fmt_pt(self.at)}"


@dataclass(frozen=True)
class Deal:
    """Chance: District Hint ``district`` goes to seat ``seat`` (TI2018 §6)."""

    seat: int
    district: int

    def __str__(self) -> str:
        return f"deal p{self.seat} d{self.district}"


@dataclass(frozen=True)
class Draw:
    """Chance: Silver draws ``card`` from ``deck`` (starting, blackspot or compass)."""

    deck: str
    card: str

    def __str__(self) -> str:
        return f"draw {self.deck} {self.card}"


@dataclass(frozen=True)
class Reveal:
    """Chance: PARROT shows District Hint ``district`` to everyone (2-3 players)."""

    district: int

    def __str__(self) -> str:
        return f"reveal d{self.district}"


@dataclass(frozen=True)
class PlayHint:
    """Silver plays hint ``kind`` with ``args`` and an Information token (``truth``,
    ``bluff``, or None for PARROT and the announcement of CONFESSION)."""

    kind: str
    args: tuple[str, ...] = ()
    token: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "args", canonical_args(self.kind, self.args))

    def __str__(self) -> str:
        words = ["hint", self.kind, *self.args]
        if self.token is not None:
            words.append(self.token)
        return " ".join(words)


@dataclass(frozen=True)
class Redraw:
    """Silver shows a hand of three Chest-icon hints and draws three new ones (TI2018 §5)."""

    def __str__(self) -> str:
        return "redraw"


@dataclass(frozen=True)
class Ask:
    """A pirate's CONFESSION question (ruling TI2018-18)."""

    question: tuple[str, ...]

    def __str__(self) -> str:
        return "ask " + " ".join(self.question)


@dataclass(frozen=True)
class Confess:
    """Silver answers pirate ``seat``'s CONFESSION question, with a token."""

    seat: int
    answer: str
    token: str

    def __str__(self) -> str:
        return f"confess p{self.seat} {self.answer} {self.token}"


@dataclass(frozen=True)
class Share:
    """PARROT with 4-5 players: Charlotte chooses the District Hint she shows."""

    district: int

    def __str__(self) -> str:
        return f"share d{self.district}"


@dataclass(frozen=True)
class Prison:
    """The Prison event: the active pirate puts Silver's miniature on tower ``tower``."""

    tower: str

    def __str__(self) -> str:
        return f"prison {self.tower}"


@dataclass(frozen=True)
class Horse:
    """A Horse move of ``mini`` along straight legs ending at each point of ``path``
    (one leg; two for Olivier's Thoroughbred)."""

    mini: str
    path: tuple[Pt, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", tuple(_pt(p) for p in self.path))

    def __str__(self) -> str:
        return f"horse {self.mini} " + " ".join(fmt_pt(p) for p in self.path)


@dataclass(frozen=True)
class Foot:
    """The Foot move (at most 3 miles) of a Foot move & Small search action."""

    mini: str
    to: Pt

    def __post_init__(self) -> None:
        object.__setattr__(self, "to", _pt(self.to))

    def __str__(self) -> str:
        return f"foot {self.mini} {fmt_pt(self.to)}"


@dataclass(frozen=True)
class Search:
    """A Small or Large search by ``mini`` with the circle centred at ``at``."""

    size: str
    mini: str
    at: Pt

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _pt(self.at))

    def __str__(self) -> str:
        return f"search {self.size} {self.mini} {fmt_pt(self.at)}"


@dataclass(frozen=True)
class Remote:
    """Anne's monkey (``monkey``: a Small search anywhere) or Olivier's spyglass
    (``spyglass``: a Large search anywhere)."""

    kind: str
    at: Pt

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", _pt(self.at))

    def __str__(self) -> str:
        return f"{self.kind} {fmt_pt(self.at)}"


@dataclass(frozen=True)
class Compass:
    """The Compass special action around ``mini``."""

    mini: str

    def __str__(self) -> str:
        return f"compass {self.mini}"


@dataclass(frozen=True)
class Verify:
    """The Verification special action on played hint number ``number``."""

    number: int

    def __str__(self) -> str:
        return f"verify {self.number}"


@dataclass(frozen=True)
class Gallop:
    """The Full Gallop special action: ``mini`` goes to ``to`` without a line."""

    mini: str
    to: Pt

    def __post_init__(self) -> None:
        object.__setattr__(self, "to", _pt(self.to))

    def __str__(self) -> str:
        return f"gallop {self.mini} {fmt_pt(self.to)}"


@dataclass(frozen=True)
class UseItem:
    """Use a Chest item token: ``move7`` (with ``mini`` and ``to``), ``action``, or
    ``search`` (a Small search by ``mini`` centred at ``to``)."""

    item: str
    mini: str | None = None
    to: Pt | None = None

    def __post_init__(self) -> None:
        if self.to is not None:
            object.__setattr__(self, "to", _pt(self.to))

    def __str__(self) -> str:
        if self.item == "action" or self.to is None or self.mini is None:
            return f"use {self.item}"
        return f"use {self.item} {self.mini} {fmt_pt(self.to)}"


@dataclass(frozen=True)
class Done:
    """End the turn now (or leave out the second half of a Foot move & Small search)."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Answer:
    """Silver's answer to a vain search: ``none`` or the Chest token he gives."""

    token: str

    def __str__(self) -> str:
        return f"answer {self.token}"


@dataclass(frozen=True)
class Card:
    """The Compass Hint Silver gives (``None``: no card of his hand is true)."""

    card: int | None

    def __str__(self) -> str:
        return f"card {'none' if self.card is None else self.card}"


TIMove = (
    Bury | Deal | Draw | Reveal | PlayHint | Redraw | Ask | Confess | Share | Prison | Horse
    | Foot | Search | Remote | Compass | Verify | Gallop | UseItem | Done | Answer | Card
)

_FORMS = (
    "'bury x,y', 'hint <kind> <args> truth|bluff', 'redraw', 'confess pN yes|no truth', "
    "'answer none|<token>', 'card N|none', 'horse <mini> x,y', 'foot <mini> x,y', "
    "'search small|large <mini> x,y', 'monkey x,y', 'spyglass x,y', 'compass <mini>', "
    "'verify N', 'gallop <mini> x,y', 'use move7|action|search ...', 'prison tN', "
    "'ask ...', 'share dN', 'done' (chance: 'deal pN dN', 'draw <deck> <card>', 'reveal dN')"
)


def _seat(word: str) -> int | None:
    if len(word) >= 2 and word[0] == "p" and is_digits(word[1:]):
        return int(word[1:])
    return None


def _district(word: str) -> int | None:
    if len(word) >= 2 and word[0] == "d" and is_digits(word[1:]):
        return int(word[1:])
    return None


def parse_move(text: str) -> TIMove:
    """Parse Treasure Island move text.

    Raises:
        MoveParseError: the text is not one of the forms (listed in the message).
    """
    words = text.strip().lower().split()
    bad = MoveParseError(text, f"{short(text)} is not a Treasure Island move; write {_FORMS}")
    if not words:
        raise bad
    head, rest = words[0], words[1:]

    def pt(word: str) -> Pt:
        p = parse_pt(word)
        if p is None:
            raise MoveParseError(text, f"{short(word)} is not a point: write x,y in miles, "
                                       "e.g. 12.5,7")
        return p

    def mini(word: str) -> str:
        if word not in MINIS:
            raise MoveParseError(text, f"{short(word)} is not a miniature; use {', '.join(MINIS)}")
        return word

    if head == "bury" and len(rest) == 1:
        p = pt(rest[0])
        return Bury(p[0], p[1])
    if head == "deal" and len(rest) == 2:
        seat, d = _seat(rest[0]), _district(rest[1])
        if seat is not None and d is not None:
            return Deal(seat, d)
    if head == "draw" and len(rest) == 2 and rest[0] in DECK_WORDS:
        return Draw(rest[0], rest[1])
    if head == "reveal" and len(rest) == 1 and (d := _district(rest[0])) is not None:
        return Reveal(d)
    if head == "hint" and rest:
        kind = rest[0]
        if kind not in HINT_IDS:
            raise MoveParseError(text, f"{short(kind)} is not a hint; hints are "
                                       f"{', '.join(HINT_IDS)}")
        args = rest[1:]
        token = None
        if args and args[-1] in ("truth", "bluff"):
            token = args[-1]
            args = args[:-1]
        return PlayHint(kind, tuple(args), token)
    if words == ["redraw"]:
        return Redraw()
    if head == "ask" and rest:
        return Ask(tuple(rest))
    if head == "confess" and len(rest) == 3:
        seat = _seat(rest[0])
        if seat is not None and rest[1] in ("yes", "no") and rest[2] in ("truth", "bluff"):
            return Confess(seat, rest[1], rest[2])
    if head == "share" and len(rest) == 1 and (d := _district(rest[0])) is not None:
        return Share(d)
    if head == "prison" and len(rest) == 1 and rest[0].startswith("t"):
        return Prison(rest[0])
    if head == "horse" and 2 <= len(rest) <= 3:
        return Horse(mini(rest[0]), tuple(pt(w) for w in rest[1:]))
    if head == "foot" and len(rest) == 2:
        return Foot(mini(rest[0]), pt(rest[1]))
    if head == "search" and len(rest) == 3 and rest[0] in ("small", "large"):
        return Search(rest[0], mini(rest[1]), pt(rest[2]))
    if head in ("monkey", "spyglass") and len(rest) == 1:
        return Remote(head, pt(rest[0]))
    if head == "compass" and len(rest) == 1:
        return Compass(mini(rest[0]))
    if head == "verify" and len(rest) == 1 and is_digits(rest[0]):
        return Verify(int(rest[0]))
    if head == "gallop" and len(rest) == 2:
        return Gallop(mini(rest[0]), pt(rest[1]))
    if head == "use" and rest and rest[0] in ("move7", "action", "search"):
        if rest[0] == "action" and len(rest) == 1:
            return UseItem("action")
        if rest[0] != "action" and len(rest) == 3:
            return UseItem(rest[0], mini(rest[1]), pt(rest[2]))
    if words == ["done"]:
        return Done()
    if head == "answer" and len(rest) == 1 and (rest[0] == "none" or rest[0] in CHEST_IDS):
        return Answer(rest[0])
    if head == "card" and len(rest) == 1:
        if rest[0] == "none":
            return Card(None)
        if is_digits(rest[0]):
            return Card(int(rest[0]))
    raise bad
