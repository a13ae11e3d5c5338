"""What the rules of Treasure Island (2018) read besides the position: the rules context.

``game.py`` builds one :class:`TI2018Context` per game (``game.context``) from its
options and data; the state keeps it (``state.context``) and hands it to the rules,
``flow.py``, the views and texts, which take it as ``ctx`` and import nothing above them
(docs/architecture.md §3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .decks import CalendarSpace, Character, Decks
from .map import IslandMap

__all__ = ["TI2018Context"]


@dataclass(frozen=True, slots=True, eq=False)
class TI2018Context:
    """The tables and options of one game, as the rules read them (frozen; built once by
    :class:`.game.TIGame`, whose attributes of the same names give the same values).

    Attributes:
        map: the validated island map (districts, regions, towers, restricted areas,
            starting locations; TI2018 §2-§4).
        decks: the validated cards: Starting, Black Spot and Compass Hints, Chest tokens,
            characters, calendars (TI2018 §5, §11).
        num_players: the seats, 2 to 5 (TI2018 §4); seat 0 is Long John Silver.
        pirates: the pirates' seats, ``(1, .., num_players - 1)``.
        seat_characters: each seat's Character sheet, ``None`` for Silver's seat 0
            (ruling TI2018-3).
        miniatures: the miniatures in play, the pirates' colours in seat order then
            ``"silver"`` (TI2018 §4); a position's ``pos`` and ``last_line`` are indexed
            like it.
        owners: ``(miniature, seat)`` for every miniature, in :attr:`miniatures` order.
        owner: miniature -> the seat that moves it.
        mini_index: miniature -> its index in :attr:`miniatures`.
        calendar: the Calendar board side for this player count, one space per day from
            1 June (ruling TI2018-9).
        escape_day: the calendar day of the Escape event (17 or 19; ruling TI2018-9).
        escape_rounds: rounds of escape after which Silver wins, or ``None`` for no limit
            (ruling TI2018-24).
    """

    map: IslandMap
    decks: Decks
    num_players: int
    pirates: tuple[int, ...]
    seat_characters: tuple[Character | None, ...]
    miniatures: tuple[str, ...]
    owners: tuple[tuple[str, int], ...]
    owner: Mapping[str, int]
    mini_index: Mapping[str, int]
    calendar: tuple[CalendarSpace, ...]
    escape_day: int
    escape_rounds: int | None
