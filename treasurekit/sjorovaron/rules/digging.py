"""SJO §9 How to Recover the Treasure: digging the chest up (4 or more, only for a
pirate who knows the spot) and dragging it out of the water (4 or more).
"""

from __future__ import annotations

from .. import rules
from ..position import Pirate, Problem, SjoDraft


def dig_problem(d: SjoDraft, p: Pirate) -> Problem:
    where, n = d.chest
    if not d.on_land(p):
        return ("dig from a land hex", rules.DIG)
    if where == "ravine" and n == p.at:
        return None
    if where != "buried" or d.hidden is None:
        return ("there is nothing to dig here", rules.DIG)
    if p.seat not in d.knows:
        return (f"{d.who(p.seat)} has never held all eight map pieces and does not "
                "know where the chest is buried", rules.ALL_EIGHT)
    spot = d.board.spot(d.hidden)
    if spot.hex != p.at:
        return (f"the chest is not buried at {d.h(p.at)}: it lies under "
                f"{spot.name} ({d.h(spot.hex)})", rules.DIG)
    return None


def drag_problem(d: SjoDraft, p: Pirate) -> Problem:
    where, n = d.chest
    if where != "water":
        return ("the chest is not in the water", rules.DRAG)
    if not d.on_land(p) or n not in d.board.neighbours[p.at]:
        return (f"drag from a land hex next to the chest's water hex {d.h(n)}",
                rules.DRAG)
    return None


def resolve_dig(d: SjoDraft, action: str, ok: bool) -> None:
    seat = d.turn
    who = d.who(seat)
    verb = "digs" if action == "dig" else "drags"
    if not ok:
        d.say(f"{who} {verb} in vain; he may try again next turn",
                  rules.DIG if action == "dig" else rules.DRAG, action)
        return
    where = d.chest[0]
    d.chest = ("carried", seat)
    if where == "buried":
        d.dug = True
        d.say(f"{who} digs up the treasure chest and carries it!", rules.DIG, "dig")
        if d.killing():
            d.say("With 5 or 6 players every shot now kills", rules.EXTRA, "extra")
    else:
        d.say(f"{who} {'drags' if action == 'drag' else 'digs'} up the chest and "
                  "carries it", rules.DIG if action == "dig" else rules.DRAG, action)
