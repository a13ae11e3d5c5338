"""SJO §7 Shooting: what a hit does (wounded for three turns, the chest dropped, shot
off the raft) and a pirate out of the game; SJO §13 Extra Rule: with 5-6 players,
once the chest is dug up, every hit kills.
"""

from __future__ import annotations

from .. import rules
from ..flow import WOUND_TURNS
from ..position import SjoDraft
from . import map_pieces


def hit(d: SjoDraft, t: int, text: str) -> None:
    p = d.p(t)
    effects: list[tuple[str, str, str]] = []  # told after the hit itself: cause, then effect
    if d.chest == ("carried", t):
        d.chest = ("land", p.at)
        effects.append((f"{d.who(t)} drops the treasure chest at {d.h(p.at)}",
                        rules.CHEST, "chest"))
    if d.escape == t:
        d.escape = None
    if p.aboard:
        behind = d.behind_raft()
        p = d.set(t, at=behind, aboard=False)
        effects.append((f"{d.who(t)} falls off the raft into the water at "
                        f"{d.h(behind)}; the chest stays on the raft",
                        rules.RAFT_SHOT, "fall"))
    if d.killing():
        drown(d, t, f"{text}: with 5 or 6 players and the chest dug up, the shot kills; "
                    f"{d.who(t)} is out of the game", rules.EXTRA)
    else:
        d.set(t, wound=WOUND_TURNS, must_float=False)
        where = "in the water" if d.in_water(p) else f"on {d.h(p.at)}"
        d.say(f"{text}: {d.who(t)} lies wounded {where} and misses 3 turns",
                  rules.WOUND, "hit")
    for effect in effects:
        d.say(*effect)


def drown(d: SjoDraft, seat: int, text: str, rule: str) -> None:
    lost = d.pieces[seat]
    if d.finder == seat:
        d.bonus_left = 0
    d.set(seat, at=-1, out=True, aboard=False, wound=None, must_float=False)
    d.say(text, rule, "out")
    if lost:
        map_pieces.lose_pieces(d, seat)
    if d.escape == seat:
        d.escape = None
