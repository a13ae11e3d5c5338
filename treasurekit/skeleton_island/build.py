"""Positions set up by hand, for lessons and tests (``SkeletonGame.position``).

:func:`build_position` checks everything a hand-made table can get wrong (unknown
kinds, colours and seats, more cards of a kind than the box holds, more face-down
cards than unseen ones, a whole map whose Island card nobody holds) and returns the
frozen position at the start of ``turn``'s turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.errors import check_seat
from . import flow
from .context import SkeletonContext
from .pile import Pile, Placement, TableCard
from .position import SkeletonPosition, seen, unseen
from .rules.islands import completion_for

__all__ = ["build_position"]


def build_position(
    ctx: SkeletonContext,
    pile: Sequence[tuple[str | None, float, float, float] | TableCard],
    collections: Mapping[int, Sequence[str]],
    islands: Mapping[str, int],
    out: Sequence[str],
    turn: int,
    blown: bool,
) -> SkeletonPosition:
    """The position described (see :meth:`SkeletonGame.position` for the arguments).

    Raises:
        ValueError: an unknown kind, colour or seat, more cards of a kind than the box
            holds, more face-down cards than unseen ones, or a whole map in a collection
            whose Island card nobody holds.
    """
    deck = ctx.deck
    n = ctx.players

    def known(kind: str, where: str) -> str:
        if kind not in deck.kinds:
            raise ValueError(f"{where}: unknown card kind {kind!r}")
        return kind

    table: list[TableCard] = []
    for z, spec in enumerate(pile):
        if isinstance(spec, TableCard):
            card = spec
            if card.face_up != (card.kind is not None):
                raise ValueError(f"pile[{z}]: a face-up card needs a kind, a face-down none")
            if card.kind is not None:
                known(card.kind, f"pile[{z}]")
        else:
            kind, x, y, angle = spec
            if kind is not None:
                known(kind, f"pile[{z}]")
            at = Placement(x, y, angle)
            card = TableCard(z, at.x, at.y, at.angle, z, kind is not None, kind)
        table.append(card)
    sand = Pile(table, deck.size_cm)
    next_id = max((c.id for c in table), default=-1) + 1
    held: list[list[tuple[int, str]]] = [[] for _ in range(n)]
    for seat, kinds in collections.items():
        if not 0 <= seat < n:
            raise ValueError(f"collections: {seat} is not a seat 0-{n - 1}")
        for kind in kinds:
            held[seat].append((next_id, known(kind, f"collections[{seat}]")))
            next_id += 1
    won: dict[str, int] = {}
    for colour, seat in islands.items():
        if colour not in deck.colours:
            raise ValueError(f"islands: unknown colour {colour!r}; use {deck.colours}")
        if not 0 <= seat < n:
            raise ValueError(f"islands[{colour!r}]: {seat} is not a seat 0-{n - 1}")
        won[colour] = seat
    gone: list[tuple[int, str, str]] = []
    for kind in out:
        gone.append((next_id, known(kind, "out"), "discarded"))
        next_id += 1
    pos = SkeletonPosition(
        pile=sand,
        turn=0,
        phase=flow.START,
        collections=tuple(tuple(c) for c in held),
        layout=-1,
        islands=tuple(won.items()),
        out=tuple(gone),
    )
    for kind, count in seen(pos).items():
        if count > deck.counts[kind]:
            raise ValueError(f"the box holds only {deck.counts[kind]} card(s) of {kind}")
    face_down = sum(1 for c in table if not c.face_up)
    pool = sum(unseen(pos, deck).values())
    if face_down > pool:
        raise ValueError(f"{face_down} face-down cards but only {pool} cards are left unseen")
    for seat in range(n):
        for colour in deck.colours:
            if colour not in won and completion_for(pos, ctx, seat, colour):
                raise ValueError(f"seat {seat} holds a whole {colour} map but no one holds "
                                 f"the {colour} Island card; add islands={{{colour!r}: "
                                 f"{seat}}}")
    check_seat(turn, n, "turn")
    return SkeletonPosition(
        pile=pos.pile, turn=turn, phase=flow.START, collections=pos.collections,
        layout=-1, islands=pos.islands, out=pos.out, blown=blown,
    )
