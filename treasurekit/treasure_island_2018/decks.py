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
from pathlib import Path
from typing import Any

from ..core.data import load_data
from ..core.errors import BoardDataError
from ..core.inputs import short
from .geometry import SECTOR_NAMES
from .map import COLOURS

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
#: Calendar events (TI2018 §7 Calendar event).
EVENTS = ("starting_hint", "bluff", "prison", "black_spot", "black_spot_hint")
#: Special abilities (TI2018 §7 Special ability).
ABILITIES = ("king_georges", "compass", "spyglass", "thoroughbred", "fortune",
             "ancient_scrolls")
#: The special actions with limited uses (TI2018 §7 Special action; ruling TI2018-4).
USES = ("compass", "verify", "gallop", "monkey", "spyglass")
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
        for h in self.starting + self.black_spot:
            if h.id == hint_id:
                return h
        raise KeyError(hint_id)

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


def load_decks(source: str | Path | Decks | None = None) -> Decks:
    """Load the card data: ``None`` or ``"standard"`` for the shipped file, a
    ``pathlib.Path`` of a JSON file (read with a size limit), or a ``Decks`` (as is).

    A plain string is never a file name (see :mod:`treasurekit.core.data`).

    Raises:
        BoardDataError: naming the file and the key that is wrong.
    """
    if isinstance(source, Decks):
        return source
    return load_data(source, package="treasurekit.treasure_island_2018", bundled=BUNDLED,
                     kind="Treasure Island card", parse=parse_decks)


def _fail(label: str, key: str, problem: str) -> BoardDataError:
    return BoardDataError(f"{label}: key {short(key, 80)} {problem}")


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _hints(label: str, key: str, raw: Any, ids: tuple[str, ...]) -> tuple[HintCard, ...]:
    if not isinstance(raw, list) or len(raw) != len(ids):
        raise _fail(label, key, f"must list the {len(ids)} hints {list(ids)}")
    out = []
    for i, h in enumerate(raw):
        k = f"{key}[{i}]"
        if not isinstance(h, dict) or set(h) != {"id", "name", "chest", "summary"}:
            raise _fail(label, k, "must be an object with keys id, name, chest, summary")
        if h["id"] != ids[i]:
            raise _fail(label, f"{k}.id", f"is {short(h['id'])}; expected {short(ids[i])}")
        if not isinstance(h["name"], str) or not h["name"]:
            raise _fail(label, f"{k}.name", "must be a non-empty string")
        if not isinstance(h["chest"], bool):
            raise _fail(label, f"{k}.chest", f"is {short(h['chest'])}; expected true or false")
        if not isinstance(h["summary"], str):
            raise _fail(label, f"{k}.summary", "must be a string")
        out.append(HintCard(h["id"], h["name"], h["chest"], h["summary"], key))
    return tuple(out)


def parse_decks(data: Any, label: str = "hints") -> Decks:
    """Validate already-parsed JSON data; see :func:`load_decks`."""
    if not isinstance(data, dict):
        raise BoardDataError(f"{label}: the card data must be a JSON object")
    for key in ("format", "starting", "black_spot", "compass_cards", "chest_tokens",
                "characters", "information_tokens", "calendars", "escape_day"):
        if key not in data:
            raise _fail(label, key, "is missing")
    if data["format"] != DECKS_FORMAT:
        raise _fail(label, "format", f"is {short(data['format'])}; expected {short(DECKS_FORMAT)}")
    starting = _hints(label, "starting", data["starting"], STARTING_IDS)
    black = _hints(label, "black_spot", data["black_spot"], BLACK_SPOT_IDS)
    black = tuple(HintCard(h.id, h.name, h.chest, h.summary, "black_spot") for h in black)

    craw = data["compass_cards"]
    if not isinstance(craw, list) or len(craw) != 8:
        raise _fail(label, "compass_cards", "must list the 8 Compass Hints")
    cards = []
    seen: set[tuple[int, ...]] = set()
    for i, c in enumerate(craw):
        k = f"compass_cards[{i}]"
        if not isinstance(c, dict) or c.get("id") != i + 1:
            raise _fail(label, f"{k}.id", f"must be {i + 1}")
        sk = c.get("skulls")
        if (not isinstance(sk, list) or len(sk) != 2 or any(s not in SECTOR_NAMES for s in sk)
                or sk[0] == sk[1]):
            raise _fail(label, f"{k}.skulls", f"is {short(sk)}; expected two different sectors "
                        f"of {list(SECTOR_NAMES)}")
        idx = tuple(sorted(SECTOR_NAMES.index(s) for s in sk))
        if idx in seen:
            raise _fail(label, f"{k}.skulls", "repeats another Compass Hint")
        seen.add(idx)
        cards.append(CompassCard(i + 1, idx))

    traw = data["chest_tokens"]
    if not isinstance(traw, list) or [t.get("id") if isinstance(t, dict) else t
                                      for t in traw] != list(CHEST_IDS):
        raise _fail(label, "chest_tokens", f"must list the 6 Chest tokens {list(CHEST_IDS)}")
    tokens = []
    for i, t in enumerate(traw):
        kind = "item" if i < 3 else "info"
        if t.get("kind") != kind:
            raise _fail(label, f"chest_tokens[{i}].kind", f"must be {short(kind)}")
        tokens.append(ChestToken(t["id"], kind, str(t.get("summary", ""))))

    chraw = data["characters"]
    if not isinstance(chraw, list) or len(chraw) != len(COLOURS):
        raise _fail(label, "characters", f"must list {len(COLOURS)} characters")
    chars = []
    for i, c in enumerate(chraw):
        k = f"characters[{i}]"
        if not isinstance(c, dict) or set(c) != {"id", "name", "colour", "uses", "abilities"}:
            raise _fail(label, k, "must be an object with keys id, name, colour, uses, "
                                  "abilities")
        if c["id"] != CHARACTER_IDS[i]:
            raise _fail(label, f"{k}.id", f"is {short(c['id'])}"
                                          f"; expected {short(CHARACTER_IDS[i])} "
                        "(the characters option and the rules use these ids)")
        if not isinstance(c["name"], str) or not c["name"]:
            raise _fail(label, f"{k}.name", "must be a non-empty string")
        if c["colour"] != COLOURS[i]:
            raise _fail(label, f"{k}.colour",
                        f"is {short(c['colour'])}; expected {short(COLOURS[i])}")
        uses = c["uses"]
        if not isinstance(uses, dict) or any(u not in USES or not _int(n) or n < 0
                                             for u, n in uses.items()):
            raise _fail(label, f"{k}.uses", f"must map actions of {list(USES)} to counts")
        ab = c["abilities"]
        if not isinstance(ab, list) or any(a not in ABILITIES for a in ab):
            raise _fail(label, f"{k}.abilities", f"must list abilities of {list(ABILITIES)}")
        chars.append(Character(str(c["id"]), str(c["name"]), c["colour"],
                               {u: int(uses.get(u, 0)) for u in USES}, tuple(ab)))

    info = data["information_tokens"]
    if (not isinstance(info, dict) or set(info) != {"truth", "bluff"}
            or not all(_int(v) and v >= 0 for v in info.values())):
        raise _fail(label, "information_tokens", "must give the counts of truth and bluff "
                                                 "tokens")
    cals: dict[str, tuple[CalendarSpace, ...]] = {}
    escape = data["escape_day"]
    if not isinstance(escape, dict) or set(escape) != {"2-3", "4-5"}:
        raise _fail(label, "escape_day", "must give the escape day for '2-3' and '4-5'")
    craw2 = data["calendars"]
    if not isinstance(craw2, dict) or set(craw2) != {"2-3", "4-5"}:
        raise _fail(label, "calendars", "must have the two sides '2-3' and '4-5'")
    for side, spaces in craw2.items():
        key = f"calendars.{side}"
        if not isinstance(spaces, list) or not spaces:
            raise _fail(label, key, "must list the calendar spaces")
        cal = []
        for i, s in enumerate(spaces):
            k = f"{key}[{i}]"
            if not isinstance(s, dict) or set(s) != {"day", "stars", "event"}:
                raise _fail(label, k, "must be an object with keys day, stars, event")
            if not _int(s["day"]) or s["day"] != i + 1:
                raise _fail(label, f"{k}.day", f"is {short(s['day'])}; expected {i + 1}")
            if not _int(s["stars"]) or s["stars"] not in (1, 2):
                raise _fail(label, f"{k}.stars", f"is {short(s['stars'])}; expected 1 or 2")
            if s["event"] is not None and s["event"] not in EVENTS:
                raise _fail(label, f"{k}.event", f"is {short(s['event'])}; expected null or one "
                            f"of {list(EVENTS)}")
            cal.append(CalendarSpace(i + 1, s["stars"], s["event"]))
        events = [c.event for c in cal]
        if events.count("prison") != 1 or events.count("black_spot") != 1:
            raise _fail(label, key, "needs exactly one prison and one black_spot space")
        if events.index("starting_hint") != 0:
            raise _fail(label, key, "must begin with a starting_hint space")
        bs = events.index("black_spot")
        if "starting_hint" in events[bs:] or "black_spot_hint" in events[:bs]:
            raise _fail(label, key, "must play starting hints before the black spot and "
                                    "black spot hints after it")
        hints = events.count("starting_hint") + events.count("black_spot_hint")
        if hints > info["truth"] + info["bluff"]:
            raise _fail(label, key, f"plays {hints} hints but there are only "
                                    f"{info['truth'] + info['bluff']} Information tokens")
        if events.count("bluff") > info["bluff"]:
            raise _fail(label, key, "hands out more Bluff tokens than the box holds")
        day: Any = escape.get(side)
        last = max(i + 1 for i, e in enumerate(events) if e is not None)
        if not _int(day) or not len(cal) >= day > last:
            raise _fail(label, f"escape_day.{side}", f"is {short(day)}; it must come after the "
                        f"last event and within the {len(cal)} calendar days")
        cals[side] = tuple(cal)
    return Decks(starting, black, tuple(cards), tuple(tokens), tuple(chars),
                 int(info["truth"]), int(info["bluff"]), cals,
                 {k: int(v) for k, v in escape.items()})
