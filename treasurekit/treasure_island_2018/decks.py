"""The cards, tokens, characters and calendars as data: load and validate
``data/hints.json``.

* 7 Starting Hints and 11 Black Spot Hints (TI2018 §10), some with a Chest icon;
* 8 Compass Hints, each marking two compass sectors where the treasure is *not*
  (ruling TI2018-5: two neighbouring sectors of eight);
* 6 Chest tokens: three items and three pieces of information (TI2018 §11);
* the four characters with the uses of their special actions (ruling TI2018-4);
* the Information tokens (6 Truth, 2 Bluff: TI2018 §4 Setup);
* the two sides of the Calendar board, for 2-3 and 4-5 players (ruling TI2018-9).

>>> d = load_decks()
>>> [h.id for h in d.starting][:3], len(d.black_spot), len(d.compass_cards)
(['decoy', 'bearings', 'vast'], 11, 8)
>>> d.character("anne").uses["compass"]
2
>>> [s.event for s in d.calendar(4)][:2]
['starting_hint', None]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Annotated, Any, Literal, get_args

from pydantic import Field, StrictBool
from typing_extensions import NotRequired, TypedDict

from ..core.data import data_loader
from ..core.inputs import short
from ..core.schema import Count, Int, NonEmpty, Str, closed, fail, read_as
from .geometry import SECTOR_NAMES
from .map import COLOURS

_Sector = Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]  # SECTOR_NAMES

__all__ = [
    "ABILITIES",
    "CHARACTER_IDS",
    "EVENTS",
    "HINT_IDS",
    "CalendarSpace",
    "Character",
    "ChestToken",
    "CompassCard",
    "Decks",
    "HintCard",
    "load_decks",
    "parse_decks",
]

#: Bundled data: option value -> file in the package.
BUNDLED = {"standard": "data/hints.json"}

DECKS_FORMAT = "treasurekit-ti2018-hints/1"
_Event = Literal["starting_hint", "bluff", "prison", "black_spot", "black_spot_hint"]
_Ability = Literal["king_georges", "compass", "spyglass", "thoroughbred", "fortune",
                   "ancient_scrolls"]
_Use = Literal["compass", "verify", "gallop", "monkey", "spyglass"]
#: Calendar events (TI2018 §7 Calendar event).
EVENTS: tuple[str, ...] = get_args(_Event)
#: Special abilities (TI2018 §7 Special ability).
ABILITIES: tuple[str, ...] = get_args(_Ability)
#: The special actions with limited uses (TI2018 §7 Special action; ruling TI2018-4).
USES: tuple[str, ...] = get_args(_Use)
STARTING_IDS = ("decoy", "bearings", "vast", "miles", "sextant", "manuscript", "altitude")
BLACK_SPOT_IDS = ("confession", "whichway", "parrot", "compass", "illusion", "nose",
                  "instinct", "bermuda", "close", "deduction", "distance")
HINT_IDS = STARTING_IDS + BLACK_SPOT_IDS
#: The Character sheets in colour order (red, blue, yellow, green); the ``characters``
#: option and the rules name them by these ids (TI2018 §7).
CHARACTER_IDS = ("anne", "olivier", "charlotte", "ben")
CHEST_IDS = ("move7", "action", "search", "west", "east", "district")


@dataclass(frozen=True)
class HintCard:
    """A Starting Hint or Black Spot Hint: id (used in the notation), printed name,
    whether it carries the Chest icon, and what it says (paraphrased)."""

    id: str
    name: str
    chest: bool
    summary: str
    deck: str


@dataclass(frozen=True)
class CompassCard:
    """A Compass Hint: the two sectors (indices, 0 = north) where the treasure is not."""

    id: int
    skulls: tuple[int, ...]


@dataclass(frozen=True)
class ChestToken:
    """A Chest token: ``kind`` is ``"item"`` or ``"info"``."""

    id: str
    kind: str
    summary: str


@dataclass(frozen=True)
class Character:
    """A pirate's Character sheet: screen colour, special-action uses and abilities."""

    id: str
    name: str
    colour: str
    uses: dict[str, int]
    abilities: tuple[str, ...]

    def __hash__(self) -> int:
        return hash(self.id)


@dataclass(frozen=True)
class CalendarSpace:
    """One day of the Calendar board: day of June, stars (actions) and event."""

    day: int
    stars: int
    event: str | None


@dataclass(frozen=True)
class Decks:
    """Everything in ``hints.json``, validated."""

    starting: tuple[HintCard, ...]
    black_spot: tuple[HintCard, ...]
    compass_cards: tuple[CompassCard, ...]
    chest_tokens: tuple[ChestToken, ...]
    characters: tuple[Character, ...]
    truth_tokens: int
    bluff_tokens: int
    calendars: dict[str, tuple[CalendarSpace, ...]]
    escape_days: dict[str, int]

    def hint(self, hint_id: str) -> HintCard:
        return self._hints_by_id[hint_id]

    @cached_property
    def _hints_by_id(self) -> dict[str, HintCard]:
        """Each hint card by its id (the first of a repeated id, as a scan would find)."""
        by_id: dict[str, HintCard] = {}
        for h in self.starting + self.black_spot:
            by_id.setdefault(h.id, h)
        return by_id

    def character(self, cid: str) -> Character:
        for c in self.characters:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def compass_card(self, cid: int) -> CompassCard:
        return self.compass_cards[cid - 1]

    def chest_token(self, tid: str) -> ChestToken:
        for t in self.chest_tokens:
            if t.id == tid:
                return t
        raise KeyError(tid)

    @staticmethod
    def side(players: int) -> str:
        """The Calendar board side for a player count: ``"2-3"`` or ``"4-5"``."""
        return "2-3" if players <= 3 else "4-5"

    def calendar(self, players: int) -> tuple[CalendarSpace, ...]:
        return self.calendars[self.side(players)]


_Sides = Literal["2-3", "4-5"]  # the two sides of the Calendar, by player count


@closed
class _HintFile(TypedDict):
    id: Str
    name: NonEmpty
    chest: StrictBool
    summary: Str


class _CompassFile(TypedDict):
    id: Int
    skulls: tuple[_Sector, _Sector]


class _TokenFile(TypedDict):
    id: Str
    kind: Literal["item", "info"]
    summary: NotRequired[Str]


@closed
class _CharacterFile(TypedDict):
    id: Str
    name: NonEmpty
    colour: Str
    uses: dict[_Use, Count]
    abilities: list[_Ability]


@closed
class _InfoFile(TypedDict):
    truth: Count
    bluff: Count


@closed
class _SpaceFile(TypedDict):
    day: Int
    stars: Annotated[Int, Field(ge=1, le=2)]
    event: _Event | None


class _DecksFile(TypedDict):
    """The JSON of ``hints.json`` (keys not listed, such as ``about``, are ignored)."""

    format: Literal["treasurekit-ti2018-hints/1"]
    starting: list[_HintFile]
    black_spot: list[_HintFile]
    compass_cards: Annotated[list[_CompassFile], Field(min_length=8, max_length=8)]
    chest_tokens: list[_TokenFile]
    characters: Annotated[list[_CharacterFile], Field(min_length=4, max_length=4)]
    information_tokens: _InfoFile
    calendars: dict[_Sides, Annotated[list[_SpaceFile], Field(min_length=1)]]
    escape_day: dict[_Sides, Int]


def _hints(label: str, key: str, raw: list[_HintFile],
           ids: tuple[str, ...]) -> tuple[HintCard, ...]:
    if len(raw) != len(ids):
        raise fail(label, key, f"must list the {len(ids)} hints {list(ids)}")
    for i, h in enumerate(raw):
        if h["id"] != ids[i]:
            raise fail(label, f"{key}[{i}].id", f"is {short(h['id'])}; expected {short(ids[i])}")
    return tuple(HintCard(h["id"], h["name"], h["chest"], h["summary"], key) for h in raw)


def _calendar(label: str, side: str, spaces: list[_SpaceFile], info: _InfoFile,
              escape: int) -> tuple[CalendarSpace, ...]:
    """One side of the Calendar, checked against the Information tokens and its escape day."""
    key = f"calendars.{side}"
    for i, space in enumerate(spaces):
        if space["day"] != i + 1:
            raise fail(label, f"{key}[{i}].day", f"is {space['day']}; expected {i + 1}")
    events: list[str | None] = [space["event"] for space in spaces]
    if events.count("prison") != 1 or events.count("black_spot") != 1:
        raise fail(label, key, "needs exactly one prison and one black_spot space")
    if events.index("starting_hint") != 0:
        raise fail(label, key, "must begin with a starting_hint space")
    bs = events.index("black_spot")
    if "starting_hint" in events[bs:] or "black_spot_hint" in events[:bs]:
        raise fail(label, key, "must play starting hints before the black spot and "
                               "black spot hints after it")
    hints = events.count("starting_hint") + events.count("black_spot_hint")
    if hints > info["truth"] + info["bluff"]:
        raise fail(label, key, f"plays {hints} hints but there are only "
                               f"{info['truth'] + info['bluff']} Information tokens")
    if events.count("bluff") > info["bluff"]:
        raise fail(label, key, "hands out more Bluff tokens than the box holds")
    last = max(i + 1 for i, e in enumerate(events) if e is not None)
    if not len(spaces) >= escape > last:
        raise fail(label, f"escape_day.{side}", f"is {short(escape)}; it must come after the "
                   f"last event and within the {len(spaces)} calendar days")
    return tuple(CalendarSpace(i + 1, s["stars"], s["event"]) for i, s in enumerate(spaces))


def parse_decks(data: Any, label: str = "hints") -> Decks:
    """Validate already-parsed JSON data; see :func:`load_decks`."""
    doc = read_as(_DecksFile, data, label)
    starting = _hints(label, "starting", doc["starting"], STARTING_IDS)
    black = _hints(label, "black_spot", doc["black_spot"], BLACK_SPOT_IDS)
    cards = []
    seen: set[tuple[int, ...]] = set()
    for i, card in enumerate(doc["compass_cards"]):
        k = f"compass_cards[{i}]"
        if card["id"] != i + 1:
            raise fail(label, f"{k}.id", f"must be {i + 1}")
        if card["skulls"][0] == card["skulls"][1]:
            raise fail(label, f"{k}.skulls", f"is {short(list(card['skulls']))}; expected two "
                       f"different sectors of {list(SECTOR_NAMES)}")
        idx = tuple(sorted(SECTOR_NAMES.index(s) for s in card["skulls"]))
        if idx in seen:
            raise fail(label, f"{k}.skulls", "repeats another Compass Hint")
        seen.add(idx)
        cards.append(CompassCard(i + 1, idx))
    traw = doc["chest_tokens"]
    if [t["id"] for t in traw] != list(CHEST_IDS):
        raise fail(label, "chest_tokens", f"must list the 6 Chest tokens {list(CHEST_IDS)}")
    for i, t in enumerate(traw):
        kind = "item" if i < 3 else "info"
        if t["kind"] != kind:
            raise fail(label, f"chest_tokens[{i}].kind", f"must be {short(kind)}")
    tokens = tuple(ChestToken(t["id"], t["kind"], t.get("summary", "")) for t in traw)
    chars = []
    for i, c in enumerate(doc["characters"]):
        k = f"characters[{i}]"
        if c["id"] != CHARACTER_IDS[i]:
            raise fail(label, f"{k}.id", f"is {short(c['id'])}; expected "
                       f"{short(CHARACTER_IDS[i])} (the characters option and the rules use "
                       "these ids)")
        if c["colour"] != COLOURS[i]:
            raise fail(label, f"{k}.colour", f"is {short(c['colour'])}; expected "
                                             f"{short(COLOURS[i])}")
        uses: dict[str, int] = {u: n for u, n in c["uses"].items()}
        chars.append(Character(c["id"], c["name"], c["colour"],
                               {u: uses.get(u, 0) for u in USES}, tuple(c["abilities"])))
    info = doc["information_tokens"]
    if set(doc["calendars"]) != {"2-3", "4-5"}:
        raise fail(label, "calendars", "must have the two sides '2-3' and '4-5'")
    escape = doc["escape_day"]
    if set(escape) != {"2-3", "4-5"}:
        raise fail(label, "escape_day", "must give the escape day for '2-3' and '4-5'")
    cals: dict[str, tuple[CalendarSpace, ...]] = {
        side: _calendar(label, side, spaces, info, escape[side])
        for side, spaces in doc["calendars"].items()
    }
    return Decks(starting, black, tuple(cards), tokens, tuple(chars),
                 info["truth"], info["bluff"], cals, {k: v for k, v in escape.items()})


#: ``load_decks(source=None)``: the bundled data, a ``pathlib.Path`` or a ``Decks`` (see
#: :func:`treasurekit.core.data.data_loader`).
load_decks = data_loader(Decks, package="treasurekit.treasure_island_2018", bundled=BUNDLED,
                         kind="Treasure Island card", parse=parse_decks,
                         example_key="hints[2].args")
