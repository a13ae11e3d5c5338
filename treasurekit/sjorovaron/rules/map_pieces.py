"""SJO §8 How to Find the Treasure: taking map pieces from a wounded pirate, all eight
pieces, the five moves of the first pirate with the whole map; pieces lost at sea
(ruling SJO-13); SJO §9: picking up a chest lying in the open.
"""

from __future__ import annotations

from .. import rules
from ..flow import BONUS_TURNS
from ..position import SjoDraft


def anything_to_take(d: SjoDraft, seat: int) -> bool:
    """Whether :func:`visit` could find anything for seat anywhere: a chest lying on
    land, or a wounded opponent with map pieces (else a walk need not visit its hexes)."""
    if d.chest[0] == "land":
        return True
    pieces = d.pieces
    for p in d.pirates:
        if (p is not None and p.wound is not None and p.seat != seat and not p.out
                and not p.aboard and pieces[p.seat]):
            return True
    return False


def visit(d: SjoDraft, seat: int, h: int) -> None:
    """Seat's pirate enters land hex ``h`` (passing or ending): SJO §8, §9."""
    board = d.board
    for p in d.pirates:
        if p is None or p.seat == seat or p.out or p.wound is None or p.aboard:
            continue
        if not d.pieces[p.seat]:
            continue
        if (p.at == h and board.is_land(h)) or (
                board.is_water(p.at) and p.at in board.neighbours[h]):
            take_pieces(d, seat, p.seat)
    if d.chest == ("land", h):
        d.chest = ("carried", seat)
        d.say(f"{d.who(seat)} picks up the treasure chest at {d.h(h)}",
                  rules.CHEST, "chest")


def take_pieces(d: SjoDraft, seat: int, victim: int) -> None:
    got = d.pieces[victim]
    pieces = list(d.pieces)
    pieces[seat] = pieces[seat] | got
    pieces[victim] = frozenset()
    d.pieces = tuple(pieces)
    seen = list(d.seen)
    seen[seat] = seen[seat] | got
    d.seen = tuple(seen)
    d.say(f"{d.who(seat)} takes {len(got)} map piece{'s' if len(got) > 1 else ''} "
              f"from the wounded {d.who(victim)} (now {len(pieces[seat])})",
              rules.STEAL, "steal")
    if len(pieces[seat]) == 8 and seat not in d.knows:
        d.knows |= {seat}
        seen[seat] = frozenset(d.board.piece_ids)
        d.seen = tuple(seen)
        d.say(f"{d.who(seat)} holds all eight map pieces and now knows where the "
                  "treasure is hidden", rules.ALL_EIGHT, "map")
        if d.finder is None:
            d.finder = seat
            d.bonus_left = BONUS_TURNS
            d.say(f"{d.who(seat)} is the first with the whole map: after this turn "
                      f"he rolls {BONUS_TURNS} more times while nobody else acts",
                      rules.FIVE_MOVES, "bonus")


def lose_pieces(d: SjoDraft, seat: int) -> None:
    lost = d.pieces[seat]
    pieces = list(d.pieces)
    pieces[seat] = frozenset()
    d.pieces = tuple(pieces)
    d.lost |= lost
    d.say(f"{d.who(seat)}'s {len(lost)} map piece{'s' if len(lost) > 1 else ''} "
              "are lost with him (ruling SJO-13)", rules.ruling(13), "lost")
