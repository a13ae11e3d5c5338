"""One name per seat wherever a student reads it (issue 24: "p0" on the board, "Player 1"
in the app's form).

The engines of Skeleton Island, Sjörövarön and Treasure Island (2018) name seats as
their move notation does, ``p0``..``p5`` (``"p0 takes card 17"``, ``"p2 (Olivier)"``);
a board says each seat's name instead (``board.seat_name``: ``"Player 1"``, a pirate's
or character's name) in the texts it shows: the move log, the status's "last:" line,
what befell a seat, a refused move's notice and the hints' reasons. The notation itself
(``steal p1 5``, in brackets after a move's words) is left as the engine writes it: it
is what the move box reads.

>>> seat_words("p0 takes card 3 from p1", lambda s: f"Player {s + 1}", 2)
'Player 1 takes card 3 from Player 2'
>>> seat_words("p2 (Olivier) searches", lambda s: "Olivier", 3)
'Olivier searches'
>>> seat_words("p3 rolls; map p9", lambda s: f"Player {s + 1}", 3)
'p3 rolls; map p9'
>>> seat_words("p1's cards: write 'steal p1 5'", lambda s: f"Player {s + 1}", 2)
"Player 2's cards: write 'steal p1 5'"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from treasurekit import Event

if TYPE_CHECKING:
    from treasurekit.core.game import Game

__all__ = ["SEAT", "SeatWords", "seat_events", "seat_words"]

#: A seat in an engine's text: ``p2``, with the name the engine adds in brackets, if any.
SEAT = re.compile(r"(?<![\w'-])p(\d)(?: \(([^()]+)\))?(?![\w-])")
#: Notation quoted in a text ('steal p1 5'): what the player types, left as it is.
QUOTED = re.compile(r"""((?<!\w)'[^']*'(?!\w)|"[^"]*"|`[^`]*`)""")


def seat_words(text: str, name: Callable[[int], str], seats: int,
               pattern: re.Pattern[str] = SEAT) -> str:
    """``text`` with every ``p<seat>`` (and ``p<seat> (<name>)``) of a seat below ``seats``
    that ``pattern`` finds (group 1 the seat, an optional group 2 the bracketed name)
    replaced by ``name(seat)``; a bracketed name that differs from it is kept after it.
    Quoted notation (``'steal p1 5'``) is left as it is: it is what the player types."""
    def one(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        if seat >= seats:
            return found.group(0)
        said = name(seat)
        extra = found.group(2) if pattern.groups >= 2 else None
        return said if not extra or extra == said else f"{said} ({extra})"

    if "p" not in text:
        return text
    parts = QUOTED.split(text)  # quoted parts at the odd places
    return "".join(part if k % 2 else pattern.sub(one, part) for k, part in enumerate(parts))


def seat_events(events: Iterable[Event], name: Callable[[int], str] | None,
                seats: int, pattern: re.Pattern[str] = SEAT) -> tuple[Event, ...]:
    """``events`` with their texts in :func:`seat_words` (unchanged for ``name`` None: a
    game whose engine already names seats as its board does)."""
    if name is None:
        return tuple(events)
    out = []
    for event in events:
        text = seat_words(event.text, name, seats, pattern)
        out.append(event if text == event.text else replace(event, text=text))
    return tuple(out)


class SeatWords:
    """A part of :class:`~treasurekit_widgets.base.GameBoard`: the engine's ``p<seat>``
    in the texts the board shows, said as the board names the seat."""

    #: True for a game whose engine names seats ``p0``, ``p1``... in its texts: the board
    #: shows :meth:`seat_word` instead in its log, status, notices and hints.
    SEAT_WORDS = False

    game: Game[Any]  # provided by GameBoard

    if TYPE_CHECKING:
        def seat_name(self, seat: int) -> str: ...

    def seat_word(self, seat: int) -> str:
        """What an engine's ``p<seat>`` becomes in the texts the board shows (with
        :attr:`SEAT_WORDS`): by default :meth:`seat_name`."""
        return self.seat_name(seat)

    #: How a seat appears in the engine's texts (:data:`SEAT`; a game whose texts hold
    #: other words like ``p2``, Sjörövarön's hexes, narrows it).
    SEAT_RE = SEAT

    def _seat_events(self, events: Iterable[Event]) -> tuple[Event, ...]:
        return seat_events(events, self.seat_word if self.SEAT_WORDS else None,
                           self.game.num_players, self.SEAT_RE)

    def _seat_text(self, text: str) -> str:
        if not self.SEAT_WORDS:
            return text
        return seat_words(text, self.seat_word, self.game.num_players, self.SEAT_RE)
