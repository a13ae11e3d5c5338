"""Hand-made Sjörövarön positions, for lessons and tests (``SjoGame.position``).

The position is built on a draft of the initial position (no set-up moves are
played: the history starts empty), then the turn of ``turn`` begins as in play
(its wounds, the raft, an escape are settled by :mod:`.flow`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import cast

from ..core.errors import OptionError
from ..core.game import Game
from ..core.inputs import seed_problem
from . import flow
from .context import SjoContext
from .flow import START, WOUND_TURNS
from .moves import PIRATES, SjoMove, pirate_id
from .position import Pirate, SjoDraft
from .rules import setup
from .rules import turn as turn_rules
from .state import SjoState

__all__ = ["build_state"]


def build_state(
    game: Game[SjoMove],
    ctx: SjoContext,
    pirates: Mapping[str, str | None],
    *,
    wounded: Mapping[str, int],
    pieces: Mapping[str, Sequence[str]] | None,
    spot: str | None,
    knows: Sequence[str],
    chest: str | None,
    raft: str | None,
    boats: Sequence[str] | None,
    wrecked: Sequence[str],
    turn: str | None,
    die: int | None,
    must_float: Sequence[str],
    escape: str | None,
    dug: bool | None,
    seed: int,
) -> SjoState:
    """A state set up by hand: see :meth:`SjoGame.position` (arguments and errors);
    ``ctx`` is ``game.context``. The state is ``game.state_at`` the built position."""
    problem = seed_problem(seed)
    if problem:  # refused first, as a new state refuses it
        raise OptionError(problem)
    board = ctx.board
    n = ctx.players
    d = SjoDraft(setup.initial(ctx), ctx)
    if len(pirates) != n:
        raise ValueError(f"a {n}-player game needs {n} pirates, got {len(pirates)}")
    names: dict[str, int] = {}
    plist: list[Pirate] = []
    for seat, (raw, where) in enumerate(pirates.items()):
        name = pirate_id(raw)
        if name is None or name in names:
            raise ValueError(f"pirates: {raw!r} is not one of {', '.join(PIRATES)} (or is "
                             "repeated)")
        names[name] = seat
        if where is None:
            plist.append(Pirate(seat, name, -1, out=True))
            continue
        h = board.hex(where)
        if not (board.is_land(h) or board.is_water(h)):
            raise ValueError(f"pirates[{raw!r}]: {where} is {board.kinds[h]}; a pirate "
                             "stands on land or floats in the river or lake")
        plist.append(Pirate(seat, name, h))

    def seat_of(raw: str, key: str) -> int:
        name = pirate_id(raw)
        if name is None or name not in names:
            raise ValueError(f"{key}: {raw!r} is not a pirate of this position")
        return names[name]

    for raw, w in wounded.items():
        s = seat_of(raw, "wounded")
        if not isinstance(w, int) or not 0 <= w <= WOUND_TURNS:
            raise ValueError(f"wounded[{raw!r}] must be 0-3 turns still to miss")
        plist[s] = replace(plist[s], wound=w)
    for raw in must_float:
        s = seat_of(raw, "must_float")
        plist[s] = replace(plist[s], must_float=True)
    ids = list(board.piece_ids)
    hidden = spot or ids[0]
    if hidden not in ids:
        raise ValueError(f"spot: {hidden!r} is not a hiding spot ({', '.join(ids)})")
    hands: list[set[str]] = [set() for _ in range(n)]
    if pieces is None:
        rest = [x for x in ids if x != hidden]
        for k, x in enumerate(rest):
            hands[k % n].add(x)
    else:
        for raw, held in pieces.items():
            s = seat_of(raw, "pieces")
            for x in held:
                if x not in ids or x == hidden or any(x in hd for hd in hands):
                    raise ValueError(f"pieces[{raw!r}]: {x!r} is unknown, the hidden "
                                     "piece, or held twice")
                hands[s].add(x)
    d.hidden = hidden
    d.pieces = tuple(frozenset(h) for h in hands)
    d.lost = frozenset(ids) - {hidden} - set().union(*hands)
    know = {seat_of(k, "knows") for k in knows}
    for s, hand in enumerate(hands):
        if len(hand) == 8:
            know.add(s)
    d.knows = frozenset(know)
    d.seen = tuple(frozenset(ids) if s in know else frozenset(hands[s])
                        for s in range(n))
    d.finder = min(know) if know else None
    d.boats_used = frozenset(
        i for i, b in enumerate(board.boats) if boats is None or b.id in boats)
    d.boats_wrecked = frozenset(
        i for i, b in enumerate(board.boats) if b.id in wrecked)
    if raft is not None:
        h = board.hex(raft)
        if not board.is_water(h):
            raise ValueError(f"raft: {raft} is not river or lake water")
        d.raft, d.raft_state = h, "afloat"
    if chest is None or chest == "buried":
        d.chest = ("buried", -1)
    elif chest == "raft":
        if d.raft_state != "afloat":
            raise ValueError("chest='raft' needs raft= (the raft's water hex)")
        d.chest = ("raft", -1)
    elif pirate_id(chest) is not None:
        d.chest = ("carried", seat_of(chest, "chest"))
    else:
        h = board.hex(chest)
        kind = board.kinds[h]
        where = ("ravine" if kind == "ravine" else "land" if board.is_land(h)
                 else "water" if board.is_water(h) else "")
        if not where:
            raise ValueError(f"chest: {chest} is {kind}")
        d.chest = (where, h)
    d.dug = d.chest[0] != "buried" if dug is None else dug
    for p in plist:
        if d.raft_state == "afloat" and p.at == d.raft and not p.out:
            if d.chest[0] != "raft" or any(q.aboard for q in plist):
                raise ValueError(f"{p.name} shares the raft's hex: only the pirate "
                                 "with the chest rides it (chest='raft')")
            plist[p.seat] = replace(p, aboard=True)
            d.raft_pilot = p.seat
    d.pirates = tuple(plist)
    occupied: dict[int, str] = {}
    for p in plist:
        if p.out or p.aboard or not board.is_land(p.at) or p.wound is not None:
            continue
        if p.at in occupied:
            raise ValueError(f"{p.name} and {occupied[p.at]} both stand on "
                             f"{board.label(p.at)}")
        occupied[p.at] = p.name
    if escape is not None:
        s = seat_of(escape, "escape")
        d.escape = s
    d.first = 0
    d.order_pending = ()
    d.turns = 1
    turn_seat = seat_of(turn, "turn") if turn is not None else 0
    d.turn = turn_seat
    d.phase = START
    flow.turn_body(d)
    if die is not None:
        p = d.p(turn_seat)
        if d.phase != START or not d.on_land(p):
            raise ValueError("die= needs the pirate to move standing on land")
        d.acted = False
        d.die = die
        turn_rules.settle_walk_phase(d)
    return cast(SjoState, game.state_at(d.freeze(), seed))
