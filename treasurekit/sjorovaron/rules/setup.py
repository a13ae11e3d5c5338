"""SJO §3 Set Up: the starting rolls (ties roll again, ruling SJO-2), the picks of pirates
and starting hexes clockwise from the starting player, the deal of eight map pieces
(one hidden under the board unseen, ruling SJO-3).
"""

from __future__ import annotations

from .. import flow, rules
from ..context import SjoContext
from ..flow import DEAL, ORDER, PICK, START, Next
from ..moves import (
    PIRATE_NAMES,
    PIRATES,
    Deal,
    Order,
    Pick,
    SjoMove,
)
from ..position import Pirate, Problem, SjoDraft, SjoPosition


def free_starts(d: SjoDraft) -> list[int]:
    """The starting hexes (beside the rowing boats) no pirate has taken."""
    taken = {p.at for p in d.pirates if p is not None}
    return [b.start for b in d.board.boats if b.start not in taken]


def pick_problem(d: SjoDraft, move: Pick) -> Problem:
    """Why this pick is not allowed (pirate taken, not a free starting hex), or None."""
    taken = {p.name: p.seat for p in d.pirates if p is not None}
    if move.pirate in taken:
        return (f"{PIRATE_NAMES[move.pirate]} is already p{taken[move.pirate]}'s pirate",
                rules.PICK)
    free = free_starts(d)
    starts = ", ".join(d.h(h) for h in free)
    try:
        h = d.board.hex(move.at)
    except ValueError as exc:
        return (str(exc), rules.PICK)
    if h not in d.board.starts:
        return (f"{move.at} is not a starting hex: choose a free one of {starts}",
                rules.PICK)
    if h not in free:
        return (f"another pirate already starts on {move.at}: choose a free one of "
                f"{starts}", rules.PICK)
    return None


def legal(d: SjoDraft) -> list[SjoMove]:
    """The picks open to the seat to pick: a free pirate on a free starting hex."""
    free = free_starts(d)
    taken = {p.name for p in d.pirates if p is not None}
    return [Pick(name, d.h(h)) for name in PIRATES if name not in taken for h in free]


def initial(ctx: SjoContext) -> SjoPosition:
    """The position before the starting rolls: every seat rolls first (SJO §3)."""
    n = ctx.players
    return SjoPosition(
        phase=ORDER, order_pending=tuple(range(n)), order_round=(), order_rolls=(),
        first=None, picks_left=(), deal_left=(), pirates=(None,) * n,
        pieces=(frozenset(),) * n, seen=(frozenset(),) * n, knows=frozenset(), finder=None,
        lost=frozenset(), hidden=None, chest=("buried", -1), raft=ctx.board.raft_hex,
        raft_prev=-1, raft_state="landing", raft_pilot=None, boats_used=frozenset(),
        boats_wrecked=frozenset(), escape=None, turn=0, action=None, target=-1, die=None,
        shot_used=False, acted=False, shot=None, shot_return=START, pushable=False,
        bonus_left=0, extra_turn=False, raft_done=False, turns=0, result=None, dug=False,
        normal_turn=True,
    )


def apply_order(d: SjoDraft, move: Order) -> Next:
    """One starting roll; the highest starts, ties roll again (ruling SJO-2)."""
    d.order_rolls += ((move.seat, move.face),)
    d.order_round += ((move.seat, move.face),)
    d.order_pending = d.order_pending[1:]
    d.say(f"p{move.seat} rolls {move.face} for the starting order", rules.ORDER, "roll")
    if d.order_pending:
        return Next.NOTHING
    best = max(f for _, f in d.order_round)
    top = tuple(s for s, f in d.order_round if f == best)
    d.order_round = ()
    if len(top) > 1:
        d.order_pending = top
        d.say(f"{' and '.join(f'p{s}' for s in top)} tie with {best} and roll again "
                  "(ruling SJO-2)", rules.ORDER, "tie")
        return Next.NOTHING
    first = top[0]
    d.first = first
    d.picks_left = tuple((first + k) % d.n for k in range(d.n))
    d.phase = PICK
    d.say(f"p{first} rolled highest and starts; the pirates are picked clockwise",
              rules.ORDER, "first")
    return Next.NOTHING


def apply_pick(d: SjoDraft, move: Pick) -> Next:
    """A seat takes a pirate and a free starting hex; after the last pick the deal."""
    seat = d.picks_left[0]
    h = d.board.hex(move.at)
    pirates = list(d.pirates)
    pirates[seat] = Pirate(seat, move.pirate, h)
    d.pirates = tuple(pirates)
    boat = next(i for i, b in enumerate(d.board.boats) if b.start == h)
    d.boats_used |= {boat}
    d.picks_left = d.picks_left[1:]
    d.say(f"p{seat} takes {PIRATE_NAMES[move.pirate]} and starts on {move.at} by the "
              f"{d.board.boats[boat].id} rowing boat", rules.PICK, "pick")
    if not d.picks_left:
        assert d.first is not None
        d.phase = DEAL
        d.deal_left = tuple((d.first + k) % d.n for k in range(8))
        d.say("One map piece is hidden under the board unseen; the other eight are "
                  "dealt clockwise from the starting player (ruling SJO-3)",
                  rules.DEAL, "deal")
    return Next.NOTHING


def apply_deal(d: SjoDraft, move: Deal) -> Next:
    """One map piece dealt; after the eighth the first turn begins (ruling SJO-3)."""
    seat = move.seat
    pieces = list(d.pieces)
    pieces[seat] = pieces[seat] | {move.piece}
    d.pieces = tuple(pieces)
    seen = list(d.seen)
    seen[seat] = seen[seat] | {move.piece}
    d.seen = tuple(seen)
    d.deal_left = d.deal_left[1:]
    d.say(f"{d.who(seat)} is dealt a map piece ({len(pieces[seat])} in hand)",
              rules.DEAL, "deal")
    if d.deal_left:
        return Next.NOTHING
    (d.hidden,) = d.undealt()
    assert d.first is not None
    flow.begin_turn(d, d.first, normal=True)
    return Next.NOTHING
