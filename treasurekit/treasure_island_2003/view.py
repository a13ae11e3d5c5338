"""What a seat may know in Treasure Island (2003) (docs/architecture.md §5).

Everything on the table is public: counters, every player's treasure piles (they lie
face up, TI2003 §4 Treasure squares), cannons under piles, Jolly Rogers, Davy Jones'
Locker and the fired pile, and the cards of every opened chest. Unknown to everybody
are the cards of unopened chests and the cards set aside at the start (TI2003 §3
Setup). The engine never decides them before they are revealed (ruling TI2003-7), so
a view holds only their number and the public count of each kind nobody has seen.
The seed (which fixes every future throw and card) is never part of a view.
"""

from __future__ import annotations

from dataclasses import dataclass

from .context import TI2003Context
from .flow import current_player, turn_of
from .holdings import read
from .position import ENCLOSED, TIPosition

__all__ = ["TIView", "make_view", "public_skirmish"]


@dataclass(frozen=True)
class TIView:
    """A seat's view of a Treasure Island position.

    Attributes:
        player: the seat this view is for.
        to_move: seat to move, or ``CHANCE`` / ``TERMINAL``.
        phase: the turn's phase (a :class:`~.flow.Phase`, a ``str``); ``turn``: whose turn it is.
        dice: the current throw or None; ``usable``: numbers still usable now.
        size: board size; ``owner``: per square the seat of its counter or -1.
        enclosed: per square, True if its counter came from an enclosure.
        counters: counters on the board per seat.
        both_dice: per seat, True once it uses both dice (TI2003 §9).
        piles: per seat, (treasure type, cards) pairs; ``protected``: per seat the
            types with a purple cannon under them; ``jolly``: Jolly Rogers per seat.
        locker: (type, cards) in Davy Jones' Locker; ``locker_cannons`` and ``fired``:
            ("purple", n), ("gold", n).
        chests: (chest id, cards dealt, cards revealed or None while unopened) for
            every chest of this board side and then the Legacy.
        unseen: (card kind, count) of the cards nobody has seen (public arithmetic:
            the deck minus every card shown).
        pending_chests: chests won and not yet opened; ``revealed``: cards shown so far
            from the chest being opened; ``cannons``: cannons waiting for a decision.
        skirmish: (seats still in, their hits, what it decides) or None.
        points: Final Reckoning points per seat; ``winner``: the winner or None.
        ply: moves played so far.
    """

    player: int
    to_move: int
    phase: str
    turn: int
    dice: tuple[int, int] | None
    usable: tuple[int, ...]
    size: int
    owner: tuple[int, ...]
    enclosed: tuple[bool, ...]
    counters: tuple[int, ...]
    both_dice: tuple[bool, ...]
    piles: tuple[tuple[tuple[str, int], ...], ...]
    protected: tuple[tuple[str, ...], ...]
    jolly: tuple[int, ...]
    locker: tuple[tuple[str, int], ...]
    locker_cannons: tuple[tuple[str, int], ...]
    fired: tuple[tuple[str, int], ...]
    chests: tuple[tuple[str, int, tuple[str, ...] | None], ...]
    unseen: tuple[tuple[str, int], ...]
    pending_chests: tuple[str, ...]
    revealed: tuple[str, ...]
    cannons: tuple[str, ...]
    skirmish: tuple[tuple[int, ...], tuple[int, ...], str] | None
    points: tuple[int, ...]
    winner: int | None
    ply: int


def public_skirmish(p: TIPosition) -> tuple[tuple[int, ...], tuple[int, ...], str] | None:
    """The skirmish in progress: (seats still in, their hits, what it decides)."""
    if p.skirmish is None:
        return None
    players, hits, context = p.skirmish
    return players, hits, str(context[0])


def make_view(p: TIPosition, ctx: TI2003Context, player: int, ply: int) -> TIView:
    """Seat ``player``'s view of position ``p`` after ``ply`` moves (seat checked by the
    caller)."""
    cards = ctx.cards
    h = read(p.holdings, cards)
    order = cards.type_ids
    sizes = [*ctx.chest_cards.items(), ("legacy", cards.legacy.cards)]
    return TIView(
        player=player,
        to_move=current_player(p),
        phase=p.phase,
        turn=turn_of(p),
        dice=p.dice,
        usable=p.left if p.moves_left else (),
        size=ctx.board.size,
        owner=p.owner,
        enclosed=tuple(h_ == ENCLOSED for h_ in p.how),
        counters=p.counters,
        both_dice=p.both_dice,
        piles=tuple(tuple((k, q[k]) for k in order if k in q) for q in h.piles),
        protected=tuple(tuple(k for k in order if k in q) for q in h.protected),
        jolly=tuple(h.jolly),
        locker=tuple((k, h.locker[k]) for k in order if k in h.locker),
        locker_cannons=tuple(h.locker_cannons.items()),
        fired=tuple(h.fired.items()),
        chests=tuple((c, n, h.opened.get(c)) for c, n in sizes),
        unseen=tuple((k, h.unseen[k]) for k in cards.deck if k in h.unseen),
        pending_chests=p.pending,
        revealed=p.found,
        cannons=p.cannons,
        skirmish=public_skirmish(p),
        points=p.points,
        winner=p.winner,
        ply=ply,
    )
