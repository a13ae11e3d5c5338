"""TI2018 §6 Preparation Phase: burying the treasure, dealing the District Hints and
drawing Silver's hands; the chance draws of the whole game (hints, Compass Hints,
PARROT's districts).

Draws are lazy: a queued task (``position.chance``) becomes a chance node that lists
the cards still in the pile at the moment of the draw.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..decks import Decks
from ..flow import Phase, who
from ..geometry import fmt_pt
from ..map import IslandMap
from ..moves import Bury, Deal, Draw, Reveal, TIMove
from ..position import TIPosition, has_ability
from . import BURY, DEAL, DRAW_COMPASS, PLAY_HINT, Problem, hint

__all__ = ["apply", "chance_moves", "chance_outcomes", "deal", "draw", "legal", "order", "problem",
           "prune_chance", "reveal"]

_DECK_WORD = {"starting": "starting", "black_spot": "blackspot"}
_WORD_DECK = {"starting": "starting", "blackspot": "black_spot"}


@lru_cache(maxsize=16)
def _bury_moves(imap: IslandMap) -> tuple[TIMove, ...]:
    """One Bury move per lattice point of a map (the same for every game on that map)."""
    return tuple(Bury(x, y) for x, y in imap.lattice)


def legal(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """Where Silver may bury the treasure (the map's lattice of free points)."""
    return list(_bury_moves(ctx.map))


def problem(pos: TIPosition, ctx: TI2018Context, move: Bury) -> Problem:
    """The treasure must lie on the island, outside the restricted areas."""
    why = ctx.map.treasure_problem(move.at)
    if why:
        return (f"the treasure cannot be buried at {fmt_pt(move.at)}: {why}", BURY)
    return None


def apply(d: Draft[TIPosition], ctx: TI2018Context, move: Bury) -> list[Event]:
    """Bury; set the treasure's District Hint aside; queue the deals and first draws."""
    district = ctx.map.district_at(move.at)
    assert district is not None
    chance: list[tuple[Any, ...]] = []
    for seat in ctx.pirates:
        chance.append(("deal", seat))
    for seat in ctx.pirates:
        if has_ability(ctx, seat, "ancient_scrolls"):
            chance += [("deal", seat), ("deal", seat)]
    chance += [("draw", "starting")] * 3
    chance += [("draw", "compass")] * (len(ctx.pirates) + 3)
    d.treasure = move.at
    d.set_aside = district
    d.phase = Phase.NEXT
    d.chance = tuple(chance)
    d.undealt = tuple(x for x in d.undealt if x != district)
    return [Event("Long John Silver buries his treasure and marks it on his mini map; he "
                  "sets its District Hint aside", BURY, "bury")]


def chance_outcomes(pos: TIPosition, ctx: TI2018Context) -> list[tuple[TIMove, Fraction]]:
    """The first queued draw: every card still in its pile, equally likely."""
    moves = chance_moves(pos, ctx)
    if not moves:
        return []
    share = Fraction(1, len(moves))
    return [(m, share) for m in moves]


def chance_moves(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """The outcomes of the first queued draw (equally likely: :func:`chance_outcomes`)."""
    task = pos.chance[0]
    if task[0] == "deal":
        seat = task[1]
        return [_deal(seat, x) for x in pos.undealt if x != pos.set_aside]
    if task[0] == "reveal":
        return [_reveal(x) for x in pos.undealt if x != pos.set_aside]
    deck = task[1]
    if deck == "compass":
        return [_draw("compass", str(c)) for c in pos.compass_pile]
    word = _DECK_WORD[deck]
    return [_draw(word, c) for c in (pos.start_pile if deck == "starting" else pos.bs_pile)]


# The chance moves, made once each (immutable; the engine copies what it hands out).
_deal = lru_cache(maxsize=256, typed=True)(Deal)
_reveal = lru_cache(maxsize=64, typed=True)(Reveal)
_draw = lru_cache(maxsize=256, typed=True)(Draw)


def deal(d: Draft[TIPosition], ctx: TI2018Context, move: Deal) -> list[Event]:
    """A District Hint dealt (a chance move)."""
    dealt = list(d.dealt)
    dealt[move.seat] = (*dealt[move.seat], move.district)
    d.dealt = tuple(dealt)
    d.chance = d.chance[1:]
    d.undealt = tuple(x for x in d.undealt if x != move.district)
    return [Event(f"Silver deals a District Hint to {who(ctx, move.seat)}", DEAL, "deal")]


def reveal(d: Draft[TIPosition], ctx: TI2018Context, move: Reveal) -> list[Event]:
    """A district shown to everyone by PARROT (a chance move)."""
    d.revealed = (*d.revealed, (move.district, "parrot"))
    d.chance = d.chance[1:]
    d.undealt = tuple(x for x in d.undealt if x != move.district)
    dist = ctx.map.district(move.district)
    return [Event(f"PARROT: District Hint {dist.id} ({dist.name}) is shown to "
                  "everyone: the treasure is not there", hint("PARROT", True), "reveal")]


def draw(d: Draft[TIPosition], ctx: TI2018Context, move: Draw) -> list[Event]:
    """A card drawn by Silver (a chance move)."""
    rest = d.chance[1:]
    deck = "compass" if move.deck == "compass" else _WORD_DECK[move.deck]
    if deck == "compass":
        c = int(move.card)
        d.compass_pile = tuple(x for x in d.compass_pile if x != c)
        d.compass_hand = tuple(sorted((*d.compass_hand, c)))
        d.chance = rest
        return [Event("Silver draws a Compass Hint", DRAW_COMPASS, "draw")]
    if deck == "starting":
        d.start_pile = tuple(x for x in d.start_pile if x != move.card)
        d.start_hand = (*d.start_hand, move.card)
        d.chance = rest
    else:
        d.bs_pile = tuple(x for x in d.bs_pile if x != move.card)
        d.bs_hand = (*d.bs_hand, move.card)
        d.chance = rest
    label = "Starting" if deck == "starting" else "Black Spot"
    return [Event(f"Silver draws a {label} Hint", PLAY_HINT, "draw")]


def prune_chance(d: Draft[TIPosition]) -> None:
    """Drop queued draws whose pile has run out."""
    keep: list[tuple[Any, ...]] = []
    for task in d.chance:
        if task[0] == "draw":
            pile = {"starting": d.start_pile, "black_spot": d.bs_pile,
                    "compass": d.compass_pile}[task[1]]
            drawn = len([t for t in keep if t == task])
            if len(pile) <= drawn:
                continue
        if task[0] in ("deal", "reveal"):
            pool = [x for x in d.undealt if x != d.set_aside]
            taken = len([t for t in keep if t[0] in ("deal", "reveal")])
            if len(pool) <= taken:
                continue
        keep.append(task)
    if tuple(keep) != d.chance:
        d.chance = tuple(keep)


def order(decks: Decks, which: str) -> Any:
    """The sort key that puts a pile of hints back in the deck's printed order."""
    ids = [h.id for h in (decks.starting if which.startswith("start") else decks.black_spot)]
    return lambda h: ids.index(h) if h in ids else 99
