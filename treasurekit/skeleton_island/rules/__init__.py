"""Rulebook references for Skeleton Island (``SKEL``), cited in errors, events and tests.

The transcription has no section numbers; treasurekit numbers its headings in order:
§1 Components, §2 Setup, §3 Game Turn, §4 End of the Game and Victory (the "Table of
Contents" lines above them are not sections). §3 covers several rules; a short name
after the section says which. Rulings for what the rulebook leaves open are in
``docs/rulings.md`` and cited as ``ruling SKEL-n``.

The rules themselves are one module per section or mechanism, each a set of pure
functions of (position, context, move): ``legal`` (the moves), ``problem`` (why a move is
illegal, as ``(reason, rule)``, or None) and ``apply`` (the next position and the
events); docs/architecture.md §3.

* ``setup.py`` ........ the spread and its face-up cards (§2 Setup)
* ``taking.py`` ....... a standard turn: take an uncovered card, keep it (§3)
* ``resting.py`` ...... rest the card on the edge of the Sand Pile; the second card (§3)
* ``pirate_turn.py`` .. discard three cards, then steal or play two standard turns (§3)
* ``blowing.py`` ...... blow once when one or two cards are uncovered; the gust (§3)
* ``islands.py`` ...... a whole treasure map wins its Island card (§3)
* ``end.py`` .......... the end of the game, the scores and the winner (§4)
"""

from __future__ import annotations

from collections.abc import Callable

from ...core.draft import builder
from ...core.events import Event
from ..cards import Deck

#: Why a move is illegal: ``(reason, rule)`` (the rule may be None), or None if legal.
Problem = tuple[str, str | None] | None

COMPONENTS = "SKEL §1 Components"
SETUP = "SKEL §2 Setup"
FIRST_PLAYER = "SKEL §2 Setup: first player"
TURN = "SKEL §3 Game Turn"
UNCOVERED = "SKEL §3 Game Turn: uncovered cards"
STANDARD = "SKEL §3 Game Turn: standard turn"
REST = "SKEL §3 Game Turn: resting a card on the edge"
SECOND = "SKEL §3 Game Turn: the second card"
PIRATE = "SKEL §3 Game Turn: pirate turn"
BLOW = "SKEL §3 Game Turn: blowing on the pile"
MAP = "SKEL §3 Game Turn: completing a treasure map"
END = "SKEL §4 End of the Game"
VICTORY = "SKEL §4 Victory"
IDLE = "SKEL §4 End of the Game; ruling SKEL-21"


#: ``Event(text, rule, kind)`` for the events of every ply (take, turn over, keep, rest),
#: built by core's :func:`~treasurekit.core.draft.builder`.
event: Callable[[str, str | None, str], Event] = builder(Event)


def ruling(n: int) -> str:
    """The citation of ruling ``SKEL-n`` in ``docs/rulings.md``.

    >>> ruling(6)
    'ruling SKEL-6'
    """
    return f"ruling SKEL-{n}"


def seat_name(seat: int) -> str:
    """How events and the notation name a seat: ``p0``..``p3``."""
    return f"p{seat}"


def label(deck: Deck, kind: str | None) -> str:
    """Words for a kind ("red map half"), or "face down" for None."""
    return "face down" if kind is None else deck.kinds[kind].label
