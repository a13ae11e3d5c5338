"""The whole state of a Skeleton Island game as one frozen value (docs/architecture.md §4).

A :class:`SkeletonPosition` holds the Sand Pile (its geometry and the faces of the
face-up cards), the turn and where it stands, the card in hand, every collection, the
Island cards won and the cards out of the game. It never holds the identity of a
face-down card: that is drawn from the unseen pool only when the card is revealed
(docs/architecture.md §5), so a position cannot leak it.

Positions compare equal iff the games are in the same state, and are hashable. The
rules never change a position: they build the next one with core's
:func:`~treasurekit.core.draft.replace` (a frozen dataclass with ``slots=True``: the
fields are read from slots, and core's generated builder fills them).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..core.draft import replacer
from ..core.phases import PhaseEnum
from .cards import Deck
from .pile import Pile

__all__ = ["Collection", "SkeletonPosition", "replace", "seen", "unseen"]

#: ``(id, kind)`` of the Sand cards in front of one seat, in the order collected.
Collection = tuple[tuple[int, str], ...]


@dataclass(frozen=True, slots=True)
class SkeletonPosition:
    """One Skeleton Island position (omniscient, but with no face-down identities).

    Attributes:
        pile: the Sand Pile (immutable geometry and faces).
        layout: the seeded spread (``None`` before the spread, ``-1`` when built by hand).
        setup_left: ids of the face-up cards of the spread still to be revealed.
        turn: the seat whose turn it is.
        phase: where the turn stands: a :class:`~.flow.Phase` (``START``, ``HAND``,
            ``SECOND``, ``PIRATE``, ``GUST`` or ``STEAL``; ``SETUP``/``OVER`` are
            worked out by :func:`~.flow.phase`).
        hand: ``(id, kind)`` of the card just taken (kind None until revealed), or None.
        second: the card in hand is the second card of a standard turn.
        rested: the card rested on the edge this standard turn, or None.
        slots: standard turns left in this turn (2 after a pirate turn's ``double``).
        acted: a card was taken or discarded this turn.
        blown: the seat has blown on the pile this turn.
        victim: the seat a blind steal draws from, or None.
        collections: per seat, its :data:`Collection`.
        islands: ``(colour, seat)`` of each Island card won, in the order won.
        out: ``(id, kind, why)`` of the cards out of the game (``"discarded"``/``"island"``).
        idle: standard turns in a row that ended with the card rested and none kept
            (ruling SKEL-21: a full round of them ends the game).
    """

    pile: Pile
    turn: int
    phase: PhaseEnum
    collections: tuple[Collection, ...]
    layout: int | None = None
    setup_left: tuple[int, ...] = ()
    hand: tuple[int, str | None] | None = None
    second: bool = False
    rested: int | None = None
    slots: int = 1
    acted: bool = False
    blown: bool = False
    victim: int | None = None
    islands: tuple[tuple[str, int], ...] = ()
    out: tuple[tuple[int, str, str], ...] = ()
    idle: int = 0

    def island_of(self, colour: str) -> int | None:
        """The seat holding the Island card of ``colour``, or None."""
        for c, seat in self.islands:
            if c == colour:
                return seat
        return None

    def held(self, seat: int) -> dict[int, str]:
        """Card id -> kind of the cards in front of ``seat``."""
        return dict(self.collections[seat])

    def with_collection(self, seat: int, cards: Collection) -> tuple[Collection, ...]:
        """The collections with ``seat``'s replaced by ``cards`` (for ``replace``)."""
        return (*self.collections[:seat], cards, *self.collections[seat + 1:])


#: ``SkeletonPosition``'s own :func:`~treasurekit.core.draft.replace` (core's ``replacer``:
#: no lookup by type), for the rules that build the next position.
replace = replacer(SkeletonPosition)


def seen(pos: SkeletonPosition) -> Counter[str]:
    """Kind -> how many cards of it are seen: face up on the table, in hand, collected
    or out of the game."""
    counts: Counter[str] = Counter()
    for c in pos.pile.cards.values():
        if c.kind is not None:
            counts[c.kind] += 1
    if pos.hand is not None and pos.hand[1] is not None:
        counts[pos.hand[1]] += 1
    for coll in pos.collections:
        counts.update(k for _, k in coll)
    counts.update(k for _, k, _ in pos.out)
    return counts


def unseen(pos: SkeletonPosition, deck: Deck) -> dict[str, int]:
    """Kind -> how many Sand cards of it nobody has seen yet (zero counts left out);
    a face-down card is drawn from this pool when it is revealed (SKEL §2)."""
    counts = dict(deck.counts)  # less every card seen (as :func:`seen` counts them)
    for kind, n in pos.pile.kinds().items():
        counts[kind] -= n
    hand = pos.hand
    if hand is not None and hand[1] is not None:
        counts[hand[1]] -= 1
    for coll in pos.collections:
        for _, kind in coll:
            counts[kind] -= 1
    for _, kind, _ in pos.out:
        counts[kind] -= 1
    return {k: n for k, n in counts.items() if n > 0}
