"""Where every card is: the players' piles, protecting cannons, Jolly Rogers,
Davy Jones' Locker, the fired-cannon pile, opened chests and the unseen pool.

The unseen pool holds every card nobody has seen yet: those still in unopened chests
and those set aside at the start (TI2003 §3 Setup). They are all face down and all
alike to every player, so no card is dealt in advance: a chest's cards are drawn
from the pool when it is opened (ruling TI2003-7). Nothing secret is ever stored.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.draft import builder
from .cards import GOLD, JOLLY, PURPLE, CardSet

__all__ = ["CANNON_OF", "FrozenHoldings", "Holdings", "read"]

#: Move-notation cannon name -> card kind.
CANNON_OF = {"purple": PURPLE, "gold": GOLD}

Pairs = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class FrozenHoldings:
    """Where every card is, as one immutable value: the holdings part of a
    :class:`~.position.TIPosition` (docs/architecture.md §4).

    The fields are those of :class:`Holdings`, each dict as a tuple of its
    ``(key, value)`` pairs in insertion order (the order the text board prints) and
    each set as a frozenset. Build one with :meth:`Holdings.freeze` (or the
    constructor); read it through :func:`read` or :meth:`Holdings.thaw`.
    """

    piles: tuple[Pairs, ...]
    protected: tuple[frozenset[str], ...]
    jolly: tuple[int, ...]
    locker: Pairs
    locker_by: tuple[tuple[str, frozenset[int]], ...]
    locker_cannons: Pairs
    fired: Pairs
    unseen: Pairs
    opened: tuple[tuple[str, tuple[str, ...]], ...]

    def drawn(self, kind: str) -> FrozenHoldings:
        """These holdings with one card of ``kind`` gone from the unseen pool."""
        unseen = self.unseen
        for i, (k, n) in enumerate(unseen):
            if k == kind:  # the other pairs are shared, not rebuilt
                rest = unseen[i + 1:]
                unseen = (*unseen[:i], (k, n - 1), *rest) if n > 1 else unseen[:i] + rest
                break
        return _frozen(self.piles, self.protected, self.jolly, self.locker, self.locker_by,
                       self.locker_cannons, self.fired, unseen, self.opened)


#: ``FrozenHoldings(...)`` of its nine fields in order, built as core's drafts build a
#: position whose fields are in its dict (core's ``builder``: the frozen ``__init__`` sets
#: each field through ``object.__setattr__``, about twice the time).
_frozen: Callable[..., FrozenHoldings] = builder(FrozenHoldings)


# _frozen names every field, in order
assert tuple(f.name for f in dataclasses.fields(FrozenHoldings)) == (
    "piles", "protected", "jolly", "locker", "locker_by", "locker_cannons", "fired", "unseen",
    "opened")


def read(frozen: FrozenHoldings, cards: CardSet) -> Holdings:
    """A :class:`Holdings` to *read* ``frozen`` through (shared: never change it).

    The last one made is kept (with the frozen holdings and cards it reads), so the
    reads of one position, which follow one another, copy the cards once. Only the last
    is kept: kept with every frozen holdings, a game's readings (a dozen containers
    each) lived as long as its history and the garbage collector walked them again
    and again.
    """
    global _LAST_READ
    last = _LAST_READ
    if last is not None and last[0] is frozen and last[1] is cards:
        return last[2]
    h = Holdings.thaw(frozen, cards)
    _LAST_READ = (frozen, cards, h)
    return h


#: The last :func:`read`: (frozen holdings, cards, their reading), or None.
_LAST_READ: tuple[FrozenHoldings, CardSet, Holdings] | None = None


class Holdings:
    """The cards on the table for ``players`` seats, in a working (mutable) form: the
    rules change a thawed copy while building the next position, then freeze it.

    Attributes:
        piles: per seat, treasure type -> cards held (only types held appear).
        protected: per seat, the types with a purple cannon under them.
        jolly: Jolly Rogers per seat.
        locker: treasure type -> cards in Davy Jones' Locker.
        locker_by: treasure type -> the seats that discarded cards of it into the Locker
            (they may not take that type back: TI2003 §6; ruling TI2003-23).
        locker_cannons: "purple"/"gold" -> cannons in the Locker.
        fired: "purple"/"gold" -> cannons on the fired-cannon pile.
        unseen: card kind -> cards nobody has seen (unopened chests and set-aside cards).
        opened: chest id -> the cards it held, in the order revealed (``()`` for a chest
            opened in a hand-set position, contents unknown).
    """

    def __init__(self, cards: CardSet, players: int) -> None:
        self.cards = cards
        self.piles: list[dict[str, int]] = [{} for _ in range(players)]
        self.protected: list[set[str]] = [set() for _ in range(players)]
        self.jolly = [0] * players
        self.locker: dict[str, int] = {}
        self.locker_by: dict[str, frozenset[int]] = {}
        self.locker_cannons = {"purple": 0, "gold": 0}
        self.fired = {"purple": 0, "gold": 0}
        self.unseen = {k: v for k, v in cards.deck.items() if v}
        self.opened: dict[str, tuple[str, ...]] = {}
        #: the frozen holdings these were thawed from, or None
        self._source: FrozenHoldings | None = None

    # ----- the frozen form --------------------------------------------------------
    def freeze(self) -> FrozenHoldings:
        """These holdings as one immutable value.

        A part equal to the same part of the holdings these were thawed from is that
        part, not a new tuple of new pairs (a ply changes one or two parts: the
        others would be kept twice by every later position)."""
        piles = tuple(map(tuple, map(dict.items, self.piles)))
        protected = tuple(map(frozenset, self.protected))
        jolly = tuple(self.jolly)
        locker = tuple(self.locker.items())
        locker_by = tuple(self.locker_by.items())
        locker_cannons = tuple(self.locker_cannons.items())
        fired = tuple(self.fired.items())
        unseen = tuple(self.unseen.items())
        opened = tuple(self.opened.items())
        parts: tuple[Any, ...] = (protected, jolly, locker, locker_by, locker_cannons, fired,
                                  unseen, opened)
        old = self._source
        if old is not None:
            if piles == old.piles:
                piles = old.piles
            elif len(piles) == len(old.piles):
                piles = tuple([a if a != b else b for a, b in zip(piles, old.piles, strict=True)])
            parts = tuple([b if a == b else a for a, b in zip(parts, (
                old.protected, old.jolly, old.locker, old.locker_by, old.locker_cannons,
                old.fired, old.unseen, old.opened), strict=True)])
        return _frozen(piles, *parts)

    @classmethod
    def thaw(cls, frozen: FrozenHoldings, cards: CardSet) -> Holdings:
        """A working copy of ``frozen`` (changing it changes nothing else)."""
        self = cls.__new__(cls)
        self.cards = cards
        self._source = frozen
        self.piles = list(map(dict, frozen.piles))
        self.protected = list(map(set, frozen.protected))
        self.jolly = list(frozen.jolly)
        self.locker = dict(frozen.locker)
        self.locker_by = dict(frozen.locker_by)
        self.locker_cannons = dict(frozen.locker_cannons)
        self.fired = dict(frozen.fired)
        self.unseen = dict(frozen.unseen)
        self.opened = dict(frozen.opened)
        return self

    def copy(self) -> Holdings:
        """An independent working copy (for a bot's what-if)."""
        return Holdings.thaw(self.freeze(), self.cards)

    # ----- queries ---------------------------------------------------------------
    def count(self, seat: int, kind: str) -> int:
        """Cards of treasure type ``kind`` (or Jolly Rogers) that ``seat`` holds."""
        if kind == JOLLY:
            return self.jolly[seat]
        return self.piles[seat].get(kind, 0)

    def types(self, seat: int) -> int:
        """Treasure types ``seat`` holds (the Jolly Roger is not a type: TI2003 §7)."""
        return len(self.piles[seat])

    def unseen_total(self) -> int:
        return sum(self.unseen.values())

    def seen(self) -> dict[str, int]:
        """Cards of each kind somebody has seen (the deck minus the unseen pool)."""
        return {k: n - self.unseen.get(k, 0) for k, n in self.cards.deck.items()}

    # ----- changes ---------------------------------------------------------------
    def draw(self, kind: str) -> None:
        """A card of ``kind`` leaves the unseen pool (it is being revealed)."""
        left = self.unseen[kind] - 1
        if left:
            self.unseen[kind] = left
        else:
            del self.unseen[kind]

    def gain(self, seat: int, kind: str, n: int = 1) -> None:
        """``seat`` receives ``n`` treasure cards of ``kind`` (or Jolly Rogers)."""
        if kind == JOLLY:
            self.jolly[seat] += n
        else:
            self.piles[seat][kind] = self.piles[seat].get(kind, 0) + n

    def move_pile(self, source: int, target: int, kind: str) -> int:
        """All of ``source``'s ``kind`` goes to ``target`` (a steal); returns how many.
        The pile arrives unprotected unless ``target`` already protects that type."""
        n = self.piles[source].pop(kind)
        self.protected[source].discard(kind)
        self.gain(target, kind, n)
        return n

    def discard(self, seat: int, kind: str) -> tuple[int, bool]:
        """All of ``seat``'s ``kind`` goes to the Locker; a cannon protecting it goes to
        the fired pile (TI2003 §6 Discarded cannons). Returns (cards, was protected)."""
        n = self.piles[seat].pop(kind)
        self.locker[kind] = self.locker.get(kind, 0) + n
        self.locker_by[kind] = self.locker_by.get(kind, frozenset()) | {seat}
        was = kind in self.protected[seat]
        if was:
            self.protected[seat].discard(kind)
            self.fired["purple"] += 1
        return n, was

    def take(self, seat: int, kind: str) -> int:
        """``seat`` takes every card of ``kind`` out of the Locker; returns how many."""
        n = self.locker.pop(kind)
        self.locker_by.pop(kind, None)
        self.gain(seat, kind, n)
        return n

    def may_take(self, seat: int, kind: str) -> bool:
        """``seat`` holds ``kind``, it is in the Locker, and ``seat`` did not put any of it
        there (TI2003 §6: the other players may take discarded treasures)."""
        return (kind in self.locker and kind in self.piles[seat]
                and seat not in self.locker_by.get(kind, frozenset()))

    def in_play(self) -> dict[str, int]:
        """Cards of each kind that are on the table (not unseen): for checks."""
        out: dict[str, int] = {}

        def add(kind: str, n: int) -> None:
            if n:
                out[kind] = out.get(kind, 0) + n

        for seat, pile in enumerate(self.piles):
            for kind, n in pile.items():
                add(kind, n)
            add(PURPLE, len(self.protected[seat]))
            add(JOLLY, self.jolly[seat])
        for kind, n in self.locker.items():
            add(kind, n)
        for cannon, n in [*self.locker_cannons.items(), *self.fired.items()]:
            add(CANNON_OF[cannon], n)
        return out

    def set_up(
        self,
        piles: Mapping[int, Mapping[str, int]],
        protected: Mapping[int, list[str]],
        jolly: Mapping[int, int],
        locker: Mapping[str, int],
        fired: Mapping[str, int],
        pending: list[str],
    ) -> None:
        """Lay out a hand-set position and take its cards out of the unseen pool.

        Raises:
            ValueError: an unknown kind, a protected type not held, or more cards of a
                kind than the deck has (naming the argument and the kind).
        """
        deck = self.cards.deck
        types = set(self.cards.type_ids)
        for seat, pile in piles.items():
            for kind, n in pile.items():
                if kind not in types:
                    raise ValueError(f"piles: {kind!r} is not a treasure type ({sorted(types)})")
                if n > 0:
                    self.piles[seat][kind] = n
        for seat, kinds in protected.items():
            for kind in kinds:
                if kind not in self.piles[seat]:
                    raise ValueError(f"protected: seat {seat} holds no {kind!r} to protect")
                self.protected[seat].add(kind)
        for seat, n in jolly.items():
            self.jolly[seat] = n
        for kind, n in locker.items():
            if kind in (PURPLE, GOLD):
                self.locker_cannons["purple" if kind == PURPLE else "gold"] += n
            elif kind in types:
                if n > 0:
                    self.locker[kind] = n
            else:
                raise ValueError(f"locker: {kind!r} is not a treasure type or cannon")
        for kind, n in fired.items():
            if kind not in (PURPLE, GOLD):
                raise ValueError(f"fired: {kind!r} is not 'purple-cannon' or 'gold-cannon'")
            self.fired["purple" if kind == PURPLE else "gold"] += n
        used = self.in_play()
        for cannon in pending:
            used[CANNON_OF[cannon]] = used.get(CANNON_OF[cannon], 0) + 1
        for kind, n in used.items():
            if n > deck.get(kind, 0):
                raise ValueError(f"the position uses {n} {kind!r} cards; the deck has "
                                 f"{deck.get(kind, 0)}")
        self.unseen = {k: deck[k] - used.get(k, 0) for k in deck if deck[k] - used.get(k, 0)}
