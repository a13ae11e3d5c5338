"""The Treasure Island (2018) game object: options, data and setup (TI2018 §4, §6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, cast, get_args

from ..core.data import data_option
from ..core.errors import OptionError
from ..core.game import Game, Option, whole_number
from ..core.inputs import short
from ..core.registry import register
from .build import build_position
from .context import TI2018Context
from .decks import BUNDLED as CARD_FILES
from .decks import CHARACTER_IDS, CalendarSpace, Character, Decks, load_decks
from .geometry import Pt
from .map import COLOURS, IslandMap
from .map_data import BUNDLED as MAP_FILES
from .map_data import load_map
from .moves import TIMove, parse_move
from .state import TIState

__all__ = ["TIGame"]


def _characters_option(value: Any) -> str | None:
    if not isinstance(value, str):
        return "expected character names separated by commas, e.g. 'anne,olivier,charlotte'"
    names = [v.strip() for v in value.split(",")]
    bad = [v for v in names if v not in CHARACTER_IDS]
    if bad:
        return f"{short(bad[0])} is not a character; choose from {', '.join(CHARACTER_IDS)}"
    if len(set(names)) != len(names):
        return "a character can be played by one pirate only"
    return None


def _rounds_option(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 1000:
        return "expected None (no limit) or a whole number of rounds from 1 to 1000"
    return None


@register
class TIGame(Game[TIMove]):
    """Treasure Island (Matagot, 2018): Long John Silver (seat 0) hides the treasure and
    gives hints; the pirates (seats 1..) move, search and deduce. 2-5 players.

    >>> import treasurekit.treasure_island_2018 as ti
    >>> game = ti.TIGame(players=4)
    >>> game.num_players, game.miniatures, game.escape_day
    (4, ('red', 'blue', 'yellow', 'silver'), 19)
    >>> [c.name for c in game.seat_characters if c]
    ['Anne', 'Olivier', 'Charlotte']
    """

    name = "treasure_island_2018"
    title = "Treasure Island (2018)"
    MOVE_TYPES = get_args(TIMove)
    state_type = TIState
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "players": Option(
            4, "number of seats, 2 to 5: Long John Silver and 1-4 pirates (TI2018 §4)",
            validate=whole_number(2, 5)),
        "escape_day": Option(
            "by_players",
            "the calendar day of Silver's escape: 'by_players' (17 June with 2-3 players, "
            "19 June with 4-5), or 17 or 19 (ruling TI2018-9)",
            choices=("by_players", 17, 19)),
        "characters": Option(
            "anne,olivier,charlotte,ben",
            "the pirates' characters in seat order (p1, p2, ...), e.g. "
            "'charlotte,ben,anne' (ruling TI2018-3)", validate=_characters_option),
        "escape_rounds": Option(
            8, "rounds of escape after which Silver wins if nobody found the treasure; None "
            "for no limit (ruling TI2018-24)", validate=_rounds_option),
        "map": Option("standard", "'standard', or a map of your own: a pathlib.Path of a map "
                      "JSON file or an IslandMap",
                      validate=data_option("map", MAP_FILES, IslandMap)),
        "cards": Option("standard", "'standard', or cards of your own: a pathlib.Path of a "
                        "card JSON file or a Decks",
                        validate=data_option("card data", CARD_FILES, Decks)),
    }

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        names = [v.strip() for v in self._options["characters"].split(",")]
        if len(names) < self.num_players - 1:
            raise OptionError(
                f"option characters={self._options['characters']!r} names {len(names)} "
                f"character(s) for {self.num_players - 1} pirates")
        #: What the rules read of this game (its tables and options; ``context.py``).
        self.context = TI2018Context(
            map=self.map, decks=self.decks, num_players=self.num_players,
            pirates=self.pirates, seat_characters=self.seat_characters,
            miniatures=self.miniatures, owners=self.owners, owner=self.owner,
            mini_index=self.mini_index, calendar=self.calendar, escape_day=self.escape_day,
            escape_rounds=self.escape_rounds)

    @cached_property
    def map(self) -> IslandMap:
        """The validated map (raises ``BoardDataError`` on a bad file)."""
        return load_map(self._options["map"])

    @cached_property
    def decks(self) -> Decks:
        """The validated cards, characters and calendars."""
        return load_decks(self._options["cards"])

    @cached_property
    def num_players(self) -> int:
        return int(self._options["players"])

    @cached_property
    def escape_rounds(self) -> int | None:
        value = self._options["escape_rounds"]
        return None if value is None else int(value)

    @cached_property
    def seat_characters(self) -> tuple[Character | None, ...]:
        """Each seat's Character sheet (None for Silver's seat 0)."""
        names = [v.strip() for v in self._options["characters"].split(",")]
        return (None, *(self.decks.character(n) for n in names[: self.num_players - 1]))

    @cached_property
    def miniatures(self) -> tuple[str, ...]:
        """The miniatures in play: the pirates' colours in seat order, then ``silver``.

        One pirate plays 3 miniatures, two pirates 2 each, more pirates 1 each (TI2018 §4);
        a pirate's extra miniatures are the first colours nobody plays (ruling TI2018-3).
        """
        return tuple(m for m, _ in self.owners)

    @cached_property
    def owners(self) -> tuple[tuple[str, int], ...]:
        """``(miniature, seat)`` for every miniature in play."""
        chars = [c for c in self.seat_characters if c is not None]
        per = {1: 3, 2: 2}.get(len(chars), 1)
        own = [c.colour for c in chars]
        spare = [c for c in COLOURS if c not in own]
        out: list[tuple[str, int]] = []
        for seat, c in enumerate(chars, start=1):
            out.append((c.colour, seat))
            for _ in range(per - 1):
                out.append((spare.pop(0), seat))
        out.sort(key=lambda mo: (mo[1], COLOURS.index(mo[0])))
        return (*out, ("silver", 0))

    @cached_property
    def pirates(self) -> tuple[int, ...]:
        """The pirates' seats, 1 to ``num_players - 1``."""
        return tuple(range(1, self.num_players))

    @cached_property
    def owner(self) -> dict[str, int]:
        """Miniature -> the seat that moves it."""
        return dict(self.owners)

    @cached_property
    def mini_index(self) -> dict[str, int]:
        """Miniature -> its index in :attr:`miniatures` (and in a position's ``pos``)."""
        return {m: i for i, m in enumerate(self.miniatures)}

    @cached_property
    def escape_day(self) -> int:
        """The calendar day of the Escape event (ruling TI2018-9)."""
        value = self._options["escape_day"]
        if value == "by_players":
            return self.decks.escape_days[self.decks.side(self.num_players)]
        return int(value)

    @cached_property
    def calendar(self) -> tuple[CalendarSpace, ...]:
        """The Calendar board side for this player count (ruling TI2018-9)."""
        return self.decks.calendar(self.num_players)

    def new_initial_state(self, seed: int = 0) -> TIState:
        """Before the treasure is buried: Long John Silver moves first (``bury x,y``)."""
        return cast(TIState, super().new_initial_state(seed))

    def state_at(self, position: Any, seed: int = 0) -> TIState:
        """A game standing at ``position`` (a :class:`.TIPosition` of this game), with no
        history."""
        return cast(TIState, super().state_at(position, seed))

    def position(
        self,
        treasure: Pt,
        *,
        positions: Mapping[str, Pt] | None = None,
        day: int = 1,
        phase: str = "actions",
        actions: int | None = None,
        hand: Sequence[str] = (),
        compass_hand: Sequence[int] = (1, 2, 3, 4, 5, 6),
        districts: Mapping[int, Sequence[int]] | None = None,
        truth: int = 6,
        bluff: int = 0,
        chest_credit: int = 0,
        items: Mapping[int, Sequence[str]] | None = None,
        searches: Sequence[tuple[Pt, float]] = (),
        lines: Sequence[tuple[str, Pt, Pt]] = (),
        hints: Sequence[tuple[str, Sequence[str], str]] = (),
        escape_round: int = 0,
        seed: int = 0,
    ) -> TIState:
        """A state set up by hand, for lessons and tests.

        The state is on ``day`` (the pirate whose turn that is acts), at ``phase``:
        ``"actions"`` (the pirate acts, with ``actions`` actions, default the day's stars),
        ``"hint"`` (Silver plays a hint from ``hand``: Starting Hints before the Black Spot
        day, Black Spot Hints after) or ``"escape"`` (Silver rides; ``escape_round`` >= 1).

        Args:
            treasure: where the treasure is buried (checked like ``bury``).
            positions: miniature -> point (others stay on their starting locations;
                ``silver`` is off the board unless given).
            hand: Silver's hints for the current deck; compass_hand: his Compass Hints.
            districts: pirate seat -> its District Hints (default: one each, the lowest
                districts that are not the treasure's).
            truth, bluff: Information tokens Silver still holds; chest_credit: Chest tokens
                given and not yet spent on a Chest-icon hint.
            items: seat -> Chest item tokens held.
            searches: ``(centre, radius)`` circles already searched in vain.
            lines: ``(miniature, a, b)`` movement lines already drawn.
            hints: ``(kind, args, token)`` hints already played, in order (their geometry
                uses the positions given here).

        Raises:
            ValueError: an invalid treasure, an unknown miniature or phase, a miniature in
                a restricted area.

        >>> g = TIGame(players=3)
        >>> s = g.position((10.0, 13.0), positions={"red": (9.0, 11.0)})
        >>> s.current_player, s.actions_left, s.position_of("red")
        (1, 1, (9.0, 11.0))
        """
        return self.state_at(build_position(
            self.context, treasure, positions or {}, day, phase, actions, hand, compass_hand,
            districts, truth, bluff, chest_credit, items or {}, searches, lines, hints,
            escape_round), seed)

    def parse_move(self, text: str) -> TIMove:
        return parse_move(text)
