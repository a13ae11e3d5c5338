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
from pathlib import Path
from typing import Any

from ..core.data import load_data
from ..core.errors import BoardDataError
from ..core.inputs import short

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


def load_cards(source: str | Path | Deck | None = None) -> Deck:
    """Load card data: ``None`` or ``"standard"`` for the shipped file, a ``pathlib.Path`` of a JSON
    file (read with a size limit), or a ``Deck`` (returned as is).

    A plain string is never a file name (see :mod:`treasurekit.core.data`).

    Raises:
        BoardDataError: the file is missing, not JSON, or a key is wrong; the message
            names the file, the key (e.g. ``gold_coins[1].count``) and what is expected.
    """
    if isinstance(source, Deck):
        return source
    return load_data(source, package="treasurekit.skeleton_island", bundled=BUNDLED,
                     kind="Skeleton Island card", parse=parse_cards)


def _fail(label: str, key: str, problem: str) -> BoardDataError:
    return BoardDataError(f"{label}: key {short(key, 80)} {problem}")


def _number(label: str, key: str, value: Any, lo: float, hi: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not lo <= value <= hi:
        raise _fail(label, key, f"is {short(value)}; expected a number from {lo:g} to {hi:g}")
    return float(value)


def _whole(label: str, key: str, value: Any, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise _fail(label, key, f"is {short(value)}; expected a whole number from {lo} to {hi}")
    return value


def _name(label: str, key: str, value: Any) -> str:
    if (
        not isinstance(value, str)
        or not value
        or not all(c.isascii() and (c.islower() or c.isdigit() or c == "-") for c in value)
    ):
        raise _fail(label, key, f"is {short(value)}; expected a lower-case name like 'red'")
    return value


def _names(label: str, key: str, value: Any) -> list[str]:
    if not isinstance(value, list) or not value:
        raise _fail(label, key, "must be a non-empty list of names")
    names = [_name(label, f"{key}[{i}]", v) for i, v in enumerate(value)]
    if len(set(names)) != len(names):
        raise _fail(label, key, "has a repeated name")
    return names


def _object(label: str, key: str, value: Any, keys: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(label, key, f"must be an object with {', '.join(keys)}")
    for k in keys:
        if k not in value:
            raise _fail(label, f"{key}.{k}", "is missing")
    return value


def _share(label: str, key: str, value: Any) -> Fraction:
    try:
        share = Fraction(value) if isinstance(value, str) else None
    except (ValueError, ZeroDivisionError):
        share = None
    if share is None or not 0 < share <= 1:
        raise _fail(label, key, f"is {short(value)}; expected a fraction of a map such as '1/4'")
    return share


def parse_cards(data: Any, label: str = "cards") -> Deck:
    """Validate already-parsed JSON data; see :func:`load_cards` for the errors."""
    if not isinstance(data, dict):
        raise BoardDataError(f"{label}: the card data must be a JSON object")
    required = (
        "format", "name", "card_size_cm", "colours", "island_coins", "map_pieces",
        "pirate_objects", "gold_coins", "sand_cards", "spread", "rest", "gust",
    )
    for key in required:
        if key not in data:
            raise _fail(label, key, "is missing")
    unknown = sorted(set(data) - set(required))
    if unknown:
        raise _fail(label, unknown[0], "is not a known key")
    if data["format"] != CARDS_FORMAT:
        raise _fail(label, "format", f"is {short(data['format'])}; expected {short(CARDS_FORMAT)}")

    size = data["card_size_cm"]
    if not isinstance(size, list) or len(size) != 2:
        raise _fail(label, "card_size_cm", f"is {short(size)}; expected [width, height]")
    width = _number(label, "card_size_cm[0]", size[0], 1.0, 30.0)
    height = _number(label, "card_size_cm[1]", size[1], 1.0, 30.0)

    colours = _names(label, "colours", data["colours"])
    island_coins = _whole(label, "island_coins", data["island_coins"], 0, 100)

    kinds: dict[str, CardKind] = {}
    counts: dict[str, int] = {}
    pieces = data["map_pieces"]
    if not isinstance(pieces, list) or not pieces:
        raise _fail(label, "map_pieces", "must list the map pieces of one colour")
    piece_specs: list[tuple[str, int, Fraction]] = []
    for i, spec in enumerate(pieces):
        key = f"map_pieces[{i}]"
        spec = _object(label, key, spec, ("piece", "count", "share"))
        piece = _name(label, f"{key}.piece", spec["piece"])
        count = _whole(label, f"{key}.count", spec["count"], 1, 16)
        piece_specs.append((piece, count, _share(label, f"{key}.share", spec["share"])))
    if len({p for p, _, _ in piece_specs}) != len(piece_specs):
        raise _fail(label, "map_pieces", "has a repeated piece name")
    whole = sum((n * s for _, n, s in piece_specs), Fraction(0))
    if whole < 1:
        raise _fail(
            label, "map_pieces",
            f"the pieces of one colour cover only {whole} of a map; they must be able to "
            "make a whole map",
        )
    for colour in colours:
        for piece, count, share in piece_specs:
            name = f"map-{colour}-{piece}"
            kinds[name] = CardKind(name, "map", colour, piece, share, 0, f"{colour} map {piece}")
            counts[name] = count

    for obj in _names(label, "pirate_objects", data["pirate_objects"]):
        name = f"pirate-{obj}"
        kinds[name] = CardKind(name, "pirate", None, None, Fraction(0), 0,
                               obj.replace("-", " "))
        counts[name] = 1

    coins = data["gold_coins"]
    if not isinstance(coins, list) or not coins:
        raise _fail(label, "gold_coins", "must list the gold coin cards")
    for i, spec in enumerate(coins):
        key = f"gold_coins[{i}]"
        spec = _object(label, key, spec, ("coins", "count"))
        value = _whole(label, f"{key}.coins", spec["coins"], 1, 100)
        count = _whole(label, f"{key}.count", spec["count"], 1, 100)
        name = f"coin-{value}"
        if name in kinds:
            raise _fail(label, f"{key}.coins", f"repeats the {value}-coin card")
        kinds[name] = CardKind(name, "coin", None, None, Fraction(0), value,
                               f"{value}-coin gold card")
        counts[name] = count

    total = _whole(label, "sand_cards", data["sand_cards"], 1, 500)
    if sum(counts.values()) != total:
        raise _fail(
            label, "sand_cards",
            f"is {total} but the map pieces, pirate objects and gold coins add up to "
            f"{sum(counts.values())}",
        )

    spread = _object(label, "spread", data["spread"], ("radius_cm", "layouts"))
    radius = _number(label, "spread.radius_cm", spread["radius_cm"], 1.0, 200.0)
    layouts = _whole(label, "spread.layouts", spread["layouts"], 1, 100_000)
    rest = _object(label, "rest", data["rest"], ("spots", "overlap_cm"))
    spots = _whole(label, "rest.spots", rest["spots"], 1, 72)
    overlap = _number(label, "rest.overlap_cm", rest["overlap_cm"], 0.1, min(width, height) / 2)
    gust = _object(label, "gust", data["gust"], ("directions", "strengths_cm"))
    directions = _names(label, "gust.directions", gust["directions"])
    compass = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
    for i, d in enumerate(directions):
        if d not in compass:
            raise _fail(label, f"gust.directions[{i}]", f"is {short(d)}; expected one of {compass}")
    raw_strengths = gust["strengths_cm"]
    if not isinstance(raw_strengths, dict) or not raw_strengths:
        raise _fail(label, "gust.strengths_cm", "must map strength names to centimetres")
    strengths = {
        _name(label, f"gust.strengths_cm.{k}", k): _number(
            label, f"gust.strengths_cm.{k}", v, 0.0, 100.0
        )
        for k, v in raw_strengths.items()
    }
    return Deck(
        name=_name(label, "name", data["name"]),
        kinds=kinds,
        counts=counts,
        colours=tuple(colours),
        island_coins=island_coins,
        size_cm=(width, height),
        spread_radius_cm=radius,
        layouts=layouts,
        rest_spots=spots,
        rest_overlap_cm=overlap,
        gust_directions=tuple(directions),
        gust_strengths=strengths,
    )
