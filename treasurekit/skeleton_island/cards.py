"""The Skeleton Island cards as data: load and validate ``data/cards.json``.

SKEL §1 Components lists 5 Island cards (one per colour, 5 coins each) and 49 Sand
cards: the map pieces (per colour two halves and four quarters, five colours, so 30),
7 pirate objects and 12 gold coins (six 1s, four 2s, two 3s). The transcription's
note that the map cards add up to 60 counts the same 30 cards twice (ruling SKEL-1):
the data file therefore lists every card once and its total must be 49.

Besides the deck the file holds the table geometry the engine needs: the card size
in centimetres, the spread (radius and how many seeded layouts exist), the finite
sample of resting spots offered to bots, and the gust model used when a player blows.

Every card *kind* has a name used in move notation and views:

========================  ==================================================
kind                      card
========================  ==================================================
``map-red-half``          half of the red treasure map (two per colour)
``map-red-quarter``       a quarter of the red treasure map (four per colour)
``pirate-cutlass``        a pirate object (seven, each named)
``coin-2``                a gold coin card worth 2 coins
========================  ==================================================

>>> deck = load_cards()
>>> deck.total, len(deck.kinds), deck.size_cm
(49, 20, (5.7, 8.9))
>>> deck.kinds["map-red-half"].label
'red map half'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, PlainValidator
from typing_extensions import TypedDict

from ..core.data import data_loader
from ..core.schema import Float, Int, Slug, closed, fail, read_as

__all__ = ["CARDS_FORMAT", "CardKind", "Deck", "load_cards", "parse_cards"]

#: Bundled data: option value -> file in the package.
BUNDLED = {"standard": "data/cards.json"}

CARDS_FORMAT = "treasurekit-skeleton-cards/1"


@dataclass(frozen=True)
class CardKind:
    """One kind of Sand card.

    Attributes:
        name: notation name, e.g. ``"map-red-quarter"``, ``"pirate-parrot"``, ``"coin-3"``.
        category: ``"map"``, ``"pirate"`` or ``"coin"``.
        colour: the map colour (map cards only, else ``None``).
        piece: ``"half"`` or ``"quarter"`` (map cards only, else ``None``).
        share: the part of a whole map the piece covers (0 for other cards).
        coins: gold coins printed on the card (coin cards only, else 0).
        label: words for events and views, e.g. ``"red map quarter"``.
    """

    name: str
    category: str
    colour: str | None
    piece: str | None
    share: Fraction
    coins: int
    label: str

    @property
    def is_map(self) -> bool:
        return self.category == "map"

    @property
    def is_pirate(self) -> bool:
        return self.category == "pirate"

    @property
    def is_coin(self) -> bool:
        return self.category == "coin"

    @property
    def discardable(self) -> bool:
        """Map pieces and pirate objects may pay for a pirate turn (SKEL §3); coins may not."""
        return self.category in ("map", "pirate")


@dataclass(frozen=True)
class Deck:
    """The validated card data.

    Attributes:
        name: "standard" for the shipped file.
        kinds: every Sand card kind by name, in a stable order (maps by colour, pirate
            objects, coins).
        counts: how many cards of each kind the box holds.
        colours: the five map/Island colours.
        island_coins: coins on each Island card.
        size_cm: card width and height in centimetres.
        spread_radius_cm: the disc the setup spreads card centres over.
        layouts: how many distinct seeded spreads exist (the setup chance node).
        rest_spots: how many resting spots ``legal_moves`` samples around the pile.
        rest_overlap_cm: how far a sampled resting spot reaches over the pile.
        gust_directions: compass names of the gust directions ("n" = +y, "e" = +x).
        gust_strengths: strength name -> how far the gust carries an uncovered card (cm).
    """

    name: str
    kinds: dict[str, CardKind]
    counts: dict[str, int]
    colours: tuple[str, ...]
    island_coins: int
    size_cm: tuple[float, float]
    spread_radius_cm: float
    layouts: int
    rest_spots: int
    rest_overlap_cm: float
    gust_directions: tuple[str, ...]
    gust_strengths: dict[str, float]

    @property
    def total(self) -> int:
        """Number of Sand cards (49 in the box)."""
        return sum(self.counts.values())

    def map_kind(self, colour: str, piece: str) -> str:
        """The kind name of a map piece, e.g. ``map_kind("red", "half")``."""
        return f"map-{colour}-{piece}"

    def kind_list(self) -> list[str]:
        """One entry per physical card (kinds repeated by their counts)."""
        return [k for k, n in self.counts.items() for _ in range(n)]


def _share(value: Any) -> Fraction:
    try:
        share = Fraction(value) if isinstance(value, str) else None
    except (ValueError, ZeroDivisionError):
        share = None
    if share is None or not 0 < share <= 1:
        raise ValueError("expected a fraction of a map such as '1/4'")
    return share


def _span(lo: float, hi: float) -> Any:
    return Field(ge=lo, le=hi)


_Names = Annotated[list[Slug], Field(min_length=1)]
_Compass = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]


class _PieceFile(TypedDict):
    piece: Slug
    count: Annotated[Int, _span(1, 16)]
    share: Annotated[Fraction, PlainValidator(_share)]


class _CoinFile(TypedDict):
    coins: Annotated[Int, _span(1, 100)]
    count: Annotated[Int, _span(1, 100)]


class _SpreadFile(TypedDict):
    radius_cm: Annotated[Float, _span(1.0, 200.0)]
    layouts: Annotated[Int, _span(1, 100_000)]


class _RestFile(TypedDict):
    spots: Annotated[Int, _span(1, 72)]
    overlap_cm: Annotated[Float, Field(ge=0.1)]  # at most half a card: checked after


class _GustFile(TypedDict):
    directions: Annotated[list[_Compass], Field(min_length=1)]
    strengths_cm: Annotated[dict[Slug, Annotated[Float, _span(0.0, 100.0)]], Field(min_length=1)]


@closed
class _CardsFile(TypedDict):
    """The JSON of a card file; a key it does not list is refused."""

    format: Literal["treasurekit-skeleton-cards/1"]
    name: Slug
    card_size_cm: tuple[Annotated[Float, _span(1.0, 30.0)], Annotated[Float, _span(1.0, 30.0)]]
    colours: _Names
    island_coins: Annotated[Int, _span(0, 100)]
    map_pieces: Annotated[list[_PieceFile], Field(min_length=1)]
    pirate_objects: _Names
    gold_coins: Annotated[list[_CoinFile], Field(min_length=1)]
    sand_cards: Annotated[Int, _span(1, 500)]
    spread: _SpreadFile
    rest: _RestFile
    gust: _GustFile


def parse_cards(data: Any, label: str = "cards") -> Deck:
    """Validate already-parsed JSON data; see :func:`load_cards` for the errors."""
    doc = read_as(_CardsFile, data, label)
    for key in ("colours", "pirate_objects"):
        if len(set(doc[key])) != len(doc[key]):
            raise fail(label, key, "has a repeated name")
    if len(set(doc["gust"]["directions"])) != len(doc["gust"]["directions"]):
        raise fail(label, "gust.directions", "has a repeated name")
    pieces = doc["map_pieces"]
    if len({p["piece"] for p in pieces}) != len(pieces):
        raise fail(label, "map_pieces", "has a repeated piece name")
    whole = sum((p["count"] * p["share"] for p in pieces), Fraction(0))
    if whole < 1:
        raise fail(
            label, "map_pieces",
            f"the pieces of one colour cover only {whole} of a map; they must be able to "
            "make a whole map",
        )
    kinds: dict[str, CardKind] = {}
    counts: dict[str, int] = {}
    for colour in doc["colours"]:
        for p in pieces:
            name = f"map-{colour}-{p['piece']}"
            kinds[name] = CardKind(name, "map", colour, p["piece"], p["share"], 0,
                                   f"{colour} map {p['piece']}")
            counts[name] = p["count"]
    for obj in doc["pirate_objects"]:
        name = f"pirate-{obj}"
        kinds[name] = CardKind(name, "pirate", None, None, Fraction(0), 0,
                               obj.replace("-", " "))
        counts[name] = 1
    for i, coin in enumerate(doc["gold_coins"]):
        value = coin["coins"]
        name = f"coin-{value}"
        if name in kinds:
            raise fail(label, f"gold_coins[{i}].coins", f"repeats the {value}-coin card")
        kinds[name] = CardKind(name, "coin", None, None, Fraction(0), value,
                               f"{value}-coin gold card")
        counts[name] = coin["count"]
    total = doc["sand_cards"]
    if sum(counts.values()) != total:
        raise fail(
            label, "sand_cards",
            f"is {total} but the map pieces, pirate objects and gold coins add up to "
            f"{sum(counts.values())}",
        )
    size = doc["card_size_cm"]
    overlap = doc["rest"]["overlap_cm"]
    if overlap > min(size) / 2:
        raise fail(label, "rest.overlap_cm", f"is {overlap:g}; expected a number from 0.1 "
                                             f"to {min(size) / 2:g} (half a card)")
    return Deck(
        name=doc["name"],
        kinds=kinds,
        counts=counts,
        colours=tuple(doc["colours"]),
        island_coins=doc["island_coins"],
        size_cm=size,
        spread_radius_cm=doc["spread"]["radius_cm"],
        layouts=doc["spread"]["layouts"],
        rest_spots=doc["rest"]["spots"],
        rest_overlap_cm=overlap,
        gust_directions=tuple(doc["gust"]["directions"]),
        gust_strengths=doc["gust"]["strengths_cm"],
    )


#: ``load_cards(source=None)``: the bundled data, a ``pathlib.Path`` or a ``Deck`` (see
#: :func:`treasurekit.core.data.data_loader`).
load_cards = data_loader(Deck, package="treasurekit.skeleton_island", bundled=BUNDLED,
                         kind="Skeleton Island card", parse=parse_cards,
                         example_key="gold_coins[1].count")
