"""A Treasure Island (2003) position as one frozen value (docs/architecture.md §4).

:class:`TIPosition` is the whole mutable state of a game: the counters on the island,
the cards (a :class:`~.holdings.FrozenHoldings`), where the turn stands, the chest
being opened, a skirmish in progress and the Final Reckoning so far. ``TIState``
holds one; undo and copy share it. A move never changes a position: the rules build
the next one through a :class:`Draft` (a small, local, mutable builder) and freeze it.

>>> import treasurekit.treasure_island_2003 as ti
>>> s = ti.TIGame(first_player=0).new_initial_state(seed=1)
>>> p = s.position
>>> _ = s.play("roll 2 5")
>>> s.position is p, str(s.position.phase), str(p.phase)
(False, 'place', 'roll')
>>> s.undo() and s.position is p
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from .board import Board
from .cards import CardSet
from .holdings import FrozenHoldings, Holdings, read

__all__ = ["ENCLOSED", "PLACED", "Draft", "GameRules", "Pos", "Skirmish", "TIPosition"]

#: ``how[s]`` of a square whose counter was placed, or filled by an enclosure.
PLACED, ENCLOSED = 1, 2

#: A skirmish in progress: (seats still in, their hits, what it decides: a tuple whose
#: first item is "steal", "legacy", "reckon" or "final").
Skirmish = tuple[tuple[int, ...], tuple[int, ...], tuple[Any, ...]]
Award = tuple[str, int, int, int, str]


class GameRules(Protocol):
    """What the rules read from the game (a ``TIGame``): its data and options."""

    @property
    def title(self) -> str: ...
    @property
    def board(self) -> Board: ...
    @property
    def cards(self) -> CardSet: ...
    @property
    def chest_cards(self) -> dict[str, int]: ...
    @property
    def num_players(self) -> int: ...
    @property
    def options(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class TIPosition:
    """Everything that can change in a game of Treasure Island (2003).

    Attributes:
        owner: per square (row-major), the seat of its counter or ``EMPTY`` (-1).
        how: per square, 0 (no counter), ``PLACED`` or ``ENCLOSED``.
        counters: counters on the island per seat; ``empty``: land squares left.
        both_dice: per seat, True once it can reach no unopened treasure (TI2003 §9).
        holdings: where every card is.
        phase: a :class:`~.flow.Phase` member (a ``str``); ``stage``: a
            :class:`~.flow.Stage` member (play, legacy, round, reckoning, over).
        turn: the seat whose turn it is; ``dice``: the throw (smaller first) or None;
            ``left``: its numbers not used yet; ``moves_left``: placements still due.
        pending: chests won and not opened yet; ``chest``: the chest being opened;
            ``to_reveal``: its cards still face down; ``found``: those shown so far.
        cannons: cannons from the chest waiting for a decision; ``chest_no``: chests
            opened this turn; ``stolen``: (type, chest number or -1 for the Locker)
            of the piles stolen this turn (ruling TI2003-14).
        skirmish: the skirmish in progress or None; ``opening``: the opening throws
            (seats throwing, their totals so far) or None.
        queue: seats still to have their last turn after the Legacy;
            ``legacy_winner``: who opened Davy Jones' Legacy.
        reckon: treasure types scored so far; ``points``: per seat; ``awards``:
            (type, seat, cards, points, how decided); ``winner``, ``reason``: the end.
    """

    owner: tuple[int, ...]
    how: tuple[int, ...]
    counters: tuple[int, ...]
    empty: int
    both_dice: tuple[bool, ...]
    holdings: FrozenHoldings
    phase: str
    stage: str
    turn: int
    dice: tuple[int, int] | None
    left: tuple[int, ...]
    moves_left: int
    pending: tuple[str, ...]
    chest: str | None
    to_reveal: int
    found: tuple[str, ...]
    cannons: tuple[str, ...]
    chest_no: int
    stolen: tuple[tuple[str, int], ...]
    skirmish: Skirmish | None
    opening: tuple[tuple[int, ...], tuple[int, ...]] | None
    queue: tuple[int, ...]
    legacy_winner: int | None
    reckon: int
    points: tuple[int, ...]
    awards: tuple[Award, ...]
    winner: int | None
    reason: str


class _Unfrozen:
    """A :class:`TIPosition`'s memory layout without its frozen guard.

    :meth:`Draft.freeze` fills one by plain slot assignment and then makes it a
    ``TIPosition`` (``__class__`` assignment between identical layouts). The
    dataclass's own ``__init__`` sets each of the 28 fields through
    ``object.__setattr__`` and made every ply several times slower; the result is the
    same frozen, equal, hashable value. An ``_Unfrozen`` never leaves this module.
    """

    __slots__ = TIPosition.__slots__


class Draft:
    """The next position while a move is being applied: the fields of a
    :class:`TIPosition`, assignable, plus the working holdings ``h`` (thawed on first
    use). ``freeze()`` makes the new position; the old one is never touched.

    ``goto(step, *args)`` asks for a step of the turn that a higher rules module
    decides (``rules/turn.py`` runs it after the current one returns).
    """

    __slots__ = (
        "_h",
        "awards",
        "both_dice",
        "cannons",
        "cards",
        "chest",
        "chest_no",
        "counters",
        "dice",
        "empty",
        "found",
        "holdings",
        "how",
        "left",
        "legacy_winner",
        "moves_left",
        "opening",
        "owner",
        "pending",
        "phase",
        "points",
        "queue",
        "reason",
        "reckon",
        "skirmish",
        "stage",
        "stolen",
        "then",
        "to_reveal",
        "turn",
        "winner",
    )

    def __init__(self, p: TIPosition, cards: CardSet) -> None:
        self.owner = p.owner
        self.how = p.how
        self.counters = p.counters
        self.empty = p.empty
        self.both_dice = p.both_dice
        self.holdings = p.holdings
        self.phase = p.phase
        self.stage = p.stage
        self.turn = p.turn
        self.dice = p.dice
        self.left = p.left
        self.moves_left = p.moves_left
        self.pending = p.pending
        self.chest = p.chest
        self.to_reveal = p.to_reveal
        self.found = p.found
        self.cannons = p.cannons
        self.chest_no = p.chest_no
        self.stolen = p.stolen
        self.skirmish = p.skirmish
        self.opening = p.opening
        self.queue = p.queue
        self.legacy_winner = p.legacy_winner
        self.reckon = p.reckon
        self.points = p.points
        self.awards = p.awards
        self.winner = p.winner
        self.reason = p.reason
        self.cards = cards
        self.then: tuple[str, tuple[Any, ...]] | None = None
        self._h: Holdings | None = None

    @property
    def h(self) -> Holdings:
        """The working holdings (a thawed copy: change them freely)."""
        if self._h is None:
            self._h = Holdings.thaw(self.holdings, self.cards)
        return self._h

    @property
    def seen(self) -> Holdings:
        """The holdings to *read* (the working copy if thawed, else a shared read-only
        one: reading never copies the cards)."""
        if self._h is not None:
            return self._h
        return read(self.holdings, self.cards)

    def draw(self, kind: str) -> None:
        """A card of ``kind`` leaves the unseen pool (it is being revealed)."""
        if self._h is None:
            self.holdings = self.holdings.drawn(kind)
        else:
            self._h.draw(kind)

    def goto(self, step: str, *args: Any) -> None:
        """Continue with ``step`` (a :class:`~.flow.Step`) once this step returns."""
        self.then = (step, args)

    def freeze(self) -> TIPosition:
        """The new position (equal to ``TIPosition(...)`` of these fields)."""
        p: Any = _Unfrozen()
        p.owner = self.owner
        p.how = self.how
        p.counters = self.counters
        p.empty = self.empty
        p.both_dice = self.both_dice
        p.holdings = self.holdings if self._h is None else self._h.freeze()
        p.phase = self.phase
        p.stage = self.stage
        p.turn = self.turn
        p.dice = self.dice
        p.left = self.left
        p.moves_left = self.moves_left
        p.pending = self.pending
        p.chest = self.chest
        p.to_reveal = self.to_reveal
        p.found = self.found
        p.cannons = self.cannons
        p.chest_no = self.chest_no
        p.stolen = self.stolen
        p.skirmish = self.skirmish
        p.opening = self.opening
        p.queue = self.queue
        p.legacy_winner = self.legacy_winner
        p.reckon = self.reckon
        p.points = self.points
        p.awards = self.awards
        p.winner = self.winner
        p.reason = self.reason
        p.__class__ = TIPosition
        frozen: TIPosition = p
        return frozen


#: What the rules read: a position, or a draft while a move is being applied.
Pos = TIPosition | Draft
