"""A Treasure Island (2003) position as one frozen value (docs/architecture.md §4).

:class:`TIPosition` is the whole mutable state of a game: the counters on the island,
the cards (a :class:`~.holdings.FrozenHoldings`), where the turn stands, the chest
being opened, a skirmish in progress and the Final Reckoning so far. ``TIState``
holds one; undo and copy share it. A move never changes a position: the rules build
the next one through a :class:`TIDraft` (core's draft of the position, local to
one ply) and freeze it.

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

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.draft import Draft, drafter
from .cards import CardSet
from .holdings import FrozenHoldings, Holdings, read

__all__ = ["ENCLOSED", "PLACED", "Pos", "Skirmish", "TIDraft", "TIPosition", "draft"]

#: ``how[s]`` of a square whose counter was placed, or filled by an enclosure.
PLACED, ENCLOSED = 1, 2

#: A skirmish in progress: (seats still in, their hits, what it decides: a tuple whose
#: first item is "steal", "legacy", "reckon" or "final").
Skirmish = tuple[tuple[int, ...], tuple[int, ...], tuple[Any, ...]]
Award = tuple[str, int, int, int, str]


@dataclass(frozen=True)
class TIPosition:
    """Everything that can change in a game of Treasure Island (2003).

    Its fields are kept in the instance's dict, not in slots: a ply copies all 28 of them
    in and out of its draft, and two dict copies in C cost much less than filling 28
    frozen slots through their descriptors (about 13,000 fewer instructions an action).

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


class TIDraft(Draft[TIPosition]):
    """The next position while a move is being applied: core's :class:`~...core.draft.Draft`
    of a :class:`TIPosition` (its fields, assignable), plus the working holdings ``h``
    (thawed on first use and folded back by :meth:`freeze`). The old position is never
    touched.

    ``goto(step, *args)`` asks for a step of the turn that a higher rules module
    decides (``rules/turn.py`` runs it after the current one returns).

    ``placed``: the squares the player to move may take, as a rule found them while
    building this position, with what they were found from: ``(squares, owner, turn,
    left, moves_left)`` (the very ``owner`` and ``left`` objects), or None. The state lists them as
    the next position's legal moves when that position still has those very fields
    (:meth:`~.state.TIState._apply`), instead of finding them again.
    """

    __slots__ = ("_h", "cards", "placed", "then")
    holdings: FrozenHoldings  # a field (in the generated draft's dict), typed for the helpers

    def __init__(self, p: TIPosition, cards: CardSet) -> None:
        self._fill(p)  # core's Draft.__init__, one call fewer a ply
        self.cards = cards
        self.then: tuple[str, tuple[Any, ...]] | None = None
        self.placed: tuple[list[int], tuple[int, ...], int, tuple[int, ...], int] | None = None
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
        """The new position (equal to ``TIPosition(...)`` of these fields, the working
        holdings frozen into ``holdings``)."""
        if self._h is not None:
            self.holdings = self._h.freeze()
            self._h = None
        built: TIPosition = self._build()  # core's Draft.freeze, one call fewer a ply
        return built


#: ``TIDraft(p, cards)`` for the ply's hot path, made by core's
#: :func:`~treasurekit.core.draft.drafter` (no lookup of the generated class each time).
draft: Callable[[TIPosition, CardSet], TIDraft] = drafter(TIDraft, TIPosition)


#: What the rules read: a position, or a draft while a move is being applied.
Pos = TIPosition | TIDraft
