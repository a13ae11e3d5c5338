"""The cards and the Treasure Board as data: load and validate ``data/cards.json``.

The file holds everything about the cards that a reader may want to change
(rulings TI2003-1 to TI2003-5):

* the treasure types in scoring order (most valuable first), each with its number of
  cards and its points for 1-4 cards, plus the shared bonus for 5, 6, 7 and 8 cards;
* the 14 purple and 7 gold cannons and the 2 Jolly Rogers (TI2003 §1 Components);
* the Treasure Board: one chest per pirate with the cards dealt to it (the number on
  its treasure square) and its lettering (yellow chests are used on the Small Board
  too, orange ones only on the Large Board), and Davy Jones' Legacy;
* the Davy Jones' Locker type limit for each number of players.

Card kinds are written in move notation by their ids: a treasure type such as
``diamonds`` or ``rum``, and ``purple-cannon``, ``gold-cannon``, ``jolly-roger``.

>>> cards = load_cards()
>>> cards.total, len(cards.treasures), cards.deck["purple-cannon"], cards.deck["gold-cannon"]
(130, 15, 14, 7)
>>> cards.points("diamonds", 4), cards.points("diamonds", 5), cards.points("diamonds", 6)
(16, 17, 19)
>>> cards.limit(2), cards.limit(4)
(9, 7)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field
from typing_extensions import NotRequired, TypedDict

from ..core.data import data_loader
from ..core.inputs import short
from ..core.schema import Count, Int, Str, Text, closed, fail, read_as
from ..core.text import count

__all__ = [
    "CANNON_KINDS",
    "CARDS_FORMAT",
    "GOLD",
    "JOLLY",
    "PURPLE",
    "CardSet",
    "ChestSpec",
    "TreasureType",
    "load_cards",
    "parse_cards",
]

#: Bundled data: option value -> file in the package.
BUNDLED = {"standard": "data/cards.json"}

CARDS_FORMAT = "treasurekit-ti2003-cards/1"

#: Card kinds that are not treasure types.
PURPLE = "purple-cannon"
GOLD = "gold-cannon"
JOLLY = "jolly-roger"
CANNON_KINDS = (PURPLE, GOLD)
_RESERVED = (PURPLE, GOLD, JOLLY, "purple", "locker", "from", "at", "with", "none")
_ID = re.compile(r"^[a-z][a-z0-9-]*$")


@dataclass(frozen=True)
class TreasureType:
    """One type of treasure: ``id`` (notation), ``name``, ``cards`` in the deck and
    ``points`` scored for holding 1 to 4 of them at the Final Reckoning."""

    id: str
    name: str
    cards: int
    points: int


@dataclass(frozen=True)
class ChestSpec:
    """One area of the Treasure Board.

    Attributes:
        id: notation name (``flint``); the treasure square of that pirate has the same id.
        pirate: the pirate's name as printed ("Captain Flint").
        cards: cards dealt to it, which is also the number on its treasure square.
        lettering: ``"yellow"`` (dealt on both boards) or ``"orange"`` (Large Board only).
        source: where the name comes from ("Stevenson", "history"...).
    """

    id: str
    pirate: str
    cards: int
    lettering: str
    source: str


@dataclass(frozen=True)
class CardSet:
    """The validated card data. See the module docstring for what it holds.

    Attributes:
        treasures: the treasure types, most valuable first (the scoring order).
        bonus: extra points for holding 5, 6, 7 or 8 cards of one type.
        deck: every card kind (treasure ids, cannons, Jolly Roger) -> cards in the box.
        chests: the pirate chests in Treasure Board order.
        legacy: Davy Jones' Legacy (``id`` ``legacy``).
        locker_limits: players -> treasure types a player may keep at the end of a turn.
    """

    name: str
    treasures: tuple[TreasureType, ...]
    bonus: dict[int, int]
    deck: dict[str, int]
    chests: tuple[ChestSpec, ...]
    legacy: ChestSpec
    locker_limits: dict[int, int]

    @property
    def total(self) -> int:
        """Cards in the box (130 in the standard set)."""
        return sum(self.deck.values())

    @cached_property
    def type_ids(self) -> tuple[str, ...]:
        """The treasure type ids, most valuable first (made once)."""
        return tuple(t.id for t in self.treasures)

    @cached_property
    def _labels(self) -> dict[str, str]:
        # as label() decides: the three special kinds first, then the first type of an id
        return {**{t.id: t.name for t in reversed(self.treasures)},
                PURPLE: "purple cannon", GOLD: "gold cannon", JOLLY: "Jolly Roger"}

    def treasure(self, kind: str) -> TreasureType:
        for t in self.treasures:
            if t.id == kind:
                return t
        raise KeyError(kind)

    def label(self, kind: str) -> str:
        """Words for a card kind: "Diamonds", "purple cannon", "Jolly Roger".

        Raises:
            KeyError: ``kind`` is no card kind of this set.
        """
        hit = self._labels.get(kind)
        if hit is not None:
            return hit
        if kind == PURPLE:
            return "purple cannon"
        if kind == GOLD:
            return "gold cannon"
        if kind == JOLLY:
            return "Jolly Roger"
        return self.treasure(kind).name

    def amount(self, kind: str, n: int) -> str:
        """``n`` cards of ``kind`` in words: "1 Topaz", "3 Topazes", "1 Ruby", "2 Silk",
        "1 purple cannon", "2 purple cannons".

        >>> from treasurekit.treasure_island_2003 import TIGame
        >>> cards = TIGame().cards
        >>> cards.amount("topazes", 1), cards.amount("rubies", 1), cards.amount("silk", 2)
        ('1 Topaz', '1 Ruby', '2 Silk')
        """
        label = self.label(kind)
        if kind in (PURPLE, GOLD, JOLLY):
            return count(n, label, label + "s")
        return count(n, singular(label), label)

    def points(self, kind: str, count: int) -> int:
        """Points for holding ``count`` cards of treasure type ``kind`` (TI2003 §10)."""
        if count <= 0:
            return 0
        return self.treasure(kind).points + self.bonus.get(count, 0)

    def limit(self, players: int) -> int:
        """Treasure types each player may keep at the end of a turn (TI2003 §6)."""
        return self.locker_limits[players]

    def chest(self, chest_id: str) -> ChestSpec:
        if chest_id == self.legacy.id:
            return self.legacy
        for c in self.chests:
            if c.id == chest_id:
                return c
        raise KeyError(chest_id)

    def chests_for(self, side: str) -> tuple[ChestSpec, ...]:
        """The pirate chests dealt for a board side: all on "large", yellow on "small"."""
        if side == "large":
            return self.chests
        return tuple(c for c in self.chests if c.lettering == "yellow")

    def deal_order(self, side: str) -> list[str]:
        """Chest ids in the order the cards are dealt (TI2003 §3): one card to every
        area, then a second to every area that takes two or more, and so on.

        >>> load_cards().deal_order("small")[:3]
        ['flint', 'long-john', 'billy-bones']
        """
        areas = [*self.chests_for(side), self.legacy]
        rounds = max(c.cards for c in areas)
        return [c.id for r in range(rounds) for c in areas if c.cards > r]


def singular(name: str) -> str:
    """One card of a treasure type: "Rubies" -> "Ruby", "Topazes" -> "Topaz",
    "Diamonds" -> "Diamond"; mass nouns ("Silk", "Gold") stay as they are."""
    if name.endswith("ies"):
        return name[:-3] + "y"
    if name.endswith("zes"):
        return name[:-2]
    if name.endswith("s") and not name.endswith("ss"):
        return name[:-1]
    return name


def _unreserved(value: str) -> str:
    if value in _RESERVED:
        raise ValueError("a word the move notation reserves")
    return value


#: A lowercase id such as 'rum', not a word of the move notation.
_Id = Annotated[Str, Field(pattern=_ID.pattern), AfterValidator(_unreserved)]


class _TreasureFile(TypedDict):
    id: _Id
    name: Text
    cards: Annotated[Int, Field(ge=1, le=8)]
    points: Annotated[Int, Field(ge=1)]


@closed
class _CannonsFile(TypedDict):
    purple: Count
    gold: Count


class _ChestFile(TypedDict):
    id: _Id
    pirate: Text
    cards: Annotated[Int, Field(ge=1, le=6)]
    lettering: Literal["yellow", "orange"]  # yellow areas are dealt on the Small Board too
    source: NotRequired[Str]


class _LegacyFile(TypedDict):
    name: Text
    cards: Annotated[Int, Field(ge=1)]


class _CardsFile(TypedDict):
    """The JSON of a card file (keys not listed are ignored)."""

    format: Literal["treasurekit-ti2003-cards/1"]
    name: NotRequired[Str]
    deck_size: Annotated[Int, Field(ge=1)]
    treasures: Annotated[list[_TreasureFile], Field(min_length=1)]
    bonus: dict[Literal["5", "6", "7", "8"], Count]  # card count -> bonus points
    cannons: _CannonsFile
    jolly_rogers: Count
    chests: Annotated[list[_ChestFile], Field(min_length=1)]
    legacy: _LegacyFile
    locker_limits: dict[Literal["2", "3", "4", "5", "6"], Annotated[Int, Field(ge=1)]]


def parse_cards(data: Any, label: str = "cards") -> CardSet:
    """Validate already-parsed JSON data; see :func:`load_cards` for the errors."""
    doc = read_as(_CardsFile, data, label)
    treasures = tuple(TreasureType(t["id"], t["name"], t["cards"], t["points"])
                      for t in doc["treasures"])
    ids = [t.id for t in treasures]
    for i, tid in enumerate(ids):
        if tid in ids[:i]:
            raise fail(label, f"treasures[{i}].id", f"repeats {short(tid)}")
    purple, gold = doc["cannons"]["purple"], doc["cannons"]["gold"]
    jolly = doc["jolly_rogers"]
    deck = {t.id: t.cards for t in treasures}
    deck.update({PURPLE: purple, GOLD: gold, JOLLY: jolly})
    total = sum(deck.values())
    size = doc["deck_size"]
    if size != total:
        raise fail(
            label, "deck_size",
            f"is {size} but the treasures ({total - purple - gold - jolly}), cannons "
            f"({purple + gold}) and Jolly Rogers ({jolly}) add up to {total}",
        )
    chests = tuple(ChestSpec(c["id"], c["pirate"], c["cards"], c["lettering"],
                             c.get("source", "")) for c in doc["chests"])
    chest_ids = [c.id for c in chests]
    for i, cid in enumerate(chest_ids):
        if cid in chest_ids[:i] or cid == "legacy":
            raise fail(label, f"chests[{i}].id", f"repeats {short(cid)}")
    if not any(c.lettering == "yellow" for c in chests):
        raise fail(label, "chests", "has no yellow area, so the Small Board would have no chest")
    legacy = ChestSpec("legacy", doc["legacy"]["name"], doc["legacy"]["cards"], "yellow", "")
    dealt = sum(c.cards for c in chests) + legacy.cards
    if dealt > total:
        raise fail(label, "chests", f"take {dealt} cards with the Legacy; the deck has {total}")
    raw_limits = doc["locker_limits"]
    limits: dict[int, int] = {}
    for n in range(2, 7):
        limit = raw_limits.get(str(n))  # type: ignore[call-overload]
        if limit is None:
            raise fail(label, f"locker_limits.{n}", "is missing (2 to 6 players need a limit)")
        if limit > len(treasures):
            raise fail(label, f"locker_limits.{n}", f"is {limit}; expected a whole number from "
                                                    f"1 to {len(treasures)}")
        limits[n] = limit
    return CardSet(
        name=doc.get("name", label),
        treasures=treasures,
        bonus={int(k): v for k, v in doc["bonus"].items()},
        deck=deck,
        chests=chests,
        legacy=legacy,
        locker_limits=limits,
    )


#: ``load_cards(source=None)``: the bundled data, a ``pathlib.Path`` or a ``CardSet`` (see
#: :func:`treasurekit.core.data.data_loader`).
load_cards = data_loader(CardSet, package="treasurekit.treasure_island_2003", bundled=BUNDLED,
                         kind="Treasure Island card", parse=parse_cards,
                         example_key="treasures[3].cards")
