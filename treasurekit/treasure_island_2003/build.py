"""Positions set up by hand, for lessons and tests (``TIGame.position``).

:func:`build` lays out counters, cards and cannons on an empty island and returns the
position (a :class:`~.position.TIPosition`); :meth:`TIGame.position` puts a state there
(``game.state_at``). Every card not placed stays unseen.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core.errors import check_seat
from .context import TI2003Context
from .enclosure import EMPTY, reaches_treasure
from .flow import Phase, start
from .moves import COLOURS
from .position import PLACED, TIDraft, TIPosition
from .rules import reckoning, turn

__all__ = ["build", "seat_of"]


def seat_of(colour: str, players: int, where: str) -> int:
    """A seat from a colour name ("red") or its letter ("R"; black is "K").

    Raises:
        ValueError: not a colour of a ``players``-seat game (naming ``where``).
    """
    key = colour.lower()
    letters = dict(zip("rbgykw", range(6), strict=True))
    seat = COLOURS.index(key) if key in COLOURS else letters.get(key)
    if seat is None or seat >= players:
        names = ", ".join(COLOURS[:players])
        raise ValueError(f"{where}: {colour!r} is not a colour of this game ({names})")
    return seat


def build(
    ctx: TI2003Context,
    counters: Mapping[str, str],
    turn_: int,
    dice: tuple[int, int] | None,
    piles: Mapping[str, Mapping[str, int]],
    protected: Mapping[str, str],
    jolly: Mapping[str, int],
    locker: Mapping[str, int],
    fired: Mapping[str, int],
    pending: tuple[str, ...],
) -> TIPosition:
    """The position :meth:`TIGame.position` describes (see there for the arguments).

    Raises:
        ValueError: an unknown colour, square or card kind, a counter on water, two
            counters on a square, or more cards than the deck has.
    """
    board = ctx.board
    n = ctx.players
    d = TIDraft(start(ctx), ctx.cards)
    owner = list(d.owner)
    how = list(d.how)
    count = list(d.counters)
    for colour, squares in counters.items():
        p = seat_of(colour, n, "counters")
        for name in squares.split():
            sq = board.square(name)
            if not board.is_land(sq):
                raise ValueError(f"counters: {name} is {board.kinds[sq]}, not land")
            if owner[sq] != EMPTY:
                raise ValueError(f"counters: {name} is given twice")
            owner[sq] = p
            how[sq] = PLACED
            count[p] += 1
            d.empty -= 1
    d.owner, d.how, d.counters = tuple(owner), tuple(how), tuple(count)
    for sq, chest in board.treasure_at.items():
        if owner[sq] != EMPTY:
            d.h.opened[chest] = ()
    for c in pending:
        if c not in ("purple", "gold"):
            raise ValueError(f"cannons: {c!r} is not 'purple' or 'gold'")
    d.h.set_up(
        {seat_of(c, n, "piles"): p for c, p in piles.items()},
        {seat_of(c, n, "protected"): k.split() for c, k in protected.items()},
        {seat_of(c, n, "jolly"): k for c, k in jolly.items()},
        locker, fired, list(pending),
    )
    check_seat(turn_, n, "turn")
    d.turn = turn_
    d.opening = None
    if dice is not None:  # otherwise the next throw finds out (TI2003 §9)
        both = not reaches_treasure(board, owner, turn_)
        d.both_dice = (*d.both_dice[:turn_], both, *d.both_dice[turn_ + 1:])
    if dice is not None and not all(1 <= x <= 6 for x in dice):
        raise ValueError("dice must be two numbers 1-6")
    d.dice = None if dice is None else (min(dice), max(dice))
    if pending:
        d.cannons = tuple(pending)
        d.chest_no = 1
        d.phase = Phase.CANNON
    elif d.empty == 0:
        d.phase = Phase.ROLL
        reckoning.start_legacy(d, ctx)
        turn.settle(d, ctx)
    elif d.dice is not None:
        d.phase = Phase.PLACE
        d.left = d.dice
        d.moves_left = 2 if d.both_dice[turn_] else 1
    else:
        d.phase = Phase.ROLL
    return d.freeze()
