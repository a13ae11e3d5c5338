"""Cannons, from a chest or from Davy Jones' Locker (TI2003 §5 Cannon Cards, §6, §7).

* A cannon steals a whole pile of a treasure type from an opponent, but only a type
  its owner already holds (cards from the same chest count, TI2003 §5 Purple Cannons).
* A purple cannon cannot steal a pile protected by a purple cannon, nor a Jolly Roger.
* A purple cannon can protect one of its owner's piles (one cannon per pile, never a
  Jolly Roger); it stays there until a gold cannon beats it or the type is discarded.
* A gold cannon steals a Jolly Roger, and attacks a protected pile in a skirmish: the
  winner of the skirmish decides whether the pile changes hands (TI2003 §5 Gold Cannons).
* Cannons that fired, and a protecting cannon that lost, go to the fired-cannon pile.
* Cannons from a chest are decided one at a time before the next chest is opened; one
  that cannot be used goes into the Locker at once (an automatic move with an event).
  With the default option ``cannons="must"`` a usable cannon must be used (ruling
  TI2003-13); ``"optional"`` lets the player ``stash`` any cannon.
* At the end of the turn the player may take out of the Locker every treasure type
  they already hold, and any cannon they can use at once (TI2003 §6; ruling TI2003-12).

Queries read a position (or the draft of the next one) with its holdings ``h``; the
effects change a :class:`~..position.TIDraft`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.events import Event
from .. import rules
from ..cards import JOLLY
from ..context import TI2003Context
from ..flow import CANNON, WRAP, Step, colour, expecting, wrong
from ..holdings import Holdings, read
from ..moves import Fire, Protect, Stash, Take
from ..position import Pos, TIDraft, TIPosition
from . import skirmish

__all__ = [
    "after_cannon",
    "chest_cannon_moves",
    "finish_attack",
    "fire_effect",
    "fire_problem",
    "legal",
    "locker_moves",
    "protect_effect",
    "protect_problem",
    "stash_effect",
    "stash_problem",
    "uses",
]

Problem = tuple[str, str | None] | None
CannonMove = Fire | Protect | Stash


def _source_count(p: Pos, h: Holdings, cannon: str, from_locker: bool) -> int:
    if from_locker:
        return h.locker_cannons[cannon]
    return p.cannons.count(cannon)


def _may_protect_fresh(p: Pos, ctx: TI2003Context, kind: str, from_locker: bool) -> bool:
    """Option ``stolen_protection="same_chest"`` (ruling TI2003-14): a pile stolen this
    turn may be protected only by a purple cannon from the same chest."""
    if ctx.stolen_protection != "same_chest":
        return True
    chests = [no for k, no in p.stolen if k == kind]
    if not chests:
        return True
    return not from_locker and p.chest_no in chests


def _from_legacy(p: Pos, from_locker: bool) -> bool:
    """The cannon came out of Davy Jones' Legacy, whose cannons only steal (TI2003 §9)."""
    return not from_locker and p.chest == "legacy"


# The moves the legal-move lists offer, made once per set of field values (frozen values:
# the lists share them, as they share ``place`` and ``reveal`` moves; ``typed``: a field
# of another type is another move).
_fire = lru_cache(maxsize=4096, typed=True)(Fire)
_protect = lru_cache(maxsize=1024, typed=True)(Protect)
_stash = lru_cache(maxsize=64, typed=True)(Stash)
_take = lru_cache(maxsize=1024, typed=True)(Take)


def uses(p: Pos, ctx: TI2003Context, h: Holdings, cannon: str, from_locker: bool
         ) -> list[Fire | Protect]:
    """Every way the player to move can use a ``cannon`` from that source now."""
    me = p.turn
    n = ctx.players
    mine = h.piles[me]
    out: list[Fire | Protect] = []
    for kind in ctx.cards.type_ids:
        if kind not in mine:
            continue
        for t in range(n):
            if t == me or kind not in h.piles[t]:
                continue
            if cannon == "purple" and kind in h.protected[t]:
                continue
            out.append(_fire(cannon, t, kind, from_locker))
    if cannon == "gold":
        out += [_fire("gold", t, JOLLY, from_locker) for t in range(n)
                if t != me and h.jolly[t]]
    if cannon == "purple" and not _from_legacy(p, from_locker):
        out += [_protect(kind, from_locker) for kind in ctx.cards.type_ids
                if kind in mine and kind not in h.protected[me]
                and _may_protect_fresh(p, ctx, kind, from_locker)]
    return out


def chest_cannon_moves(p: Pos, ctx: TI2003Context, h: Holdings) -> list[Fire | Protect | Stash]:
    """The decisions for the cannons found in the chest just opened."""
    out: list[Fire | Protect | Stash] = []
    optional = ctx.cannons == "optional"
    for cannon in ("purple", "gold"):
        if cannon not in p.cannons:
            continue
        found = uses(p, ctx, h, cannon, False)
        out += found
        if optional or not found:
            out.append(_stash(cannon))
    return out


def legal(p: TIPosition, ctx: TI2003Context) -> list[Fire | Protect | Stash]:
    """The legal moves of the ``cannon`` phase."""
    return chest_cannon_moves(p, ctx, read(p.holdings, ctx.cards))


def locker_moves(p: Pos, ctx: TI2003Context, h: Holdings) -> list[Take | Fire | Protect]:
    """Locker moves open to the player to move (TI2003 §6): types they hold, and
    cannons they can use at once."""
    me = p.turn
    locker = h.locker
    if locker:  # a type is taken only out of the Locker; Holdings.may_take, inlined
        mine = h.piles[me]
        by = h.locker_by.get
        out: list[Take | Fire | Protect] = [
            _take(kind) for kind in ctx.cards.type_ids
            if kind in locker and kind in mine and me not in by(kind, frozenset())]
    else:
        out = []
    for cannon in ("purple", "gold"):
        if h.locker_cannons[cannon]:
            out += uses(p, ctx, h, cannon, True)
    return out


def _when(p: TIPosition, ctx: TI2003Context, move: CannonMove, from_locker: bool) -> Problem:
    """Cannons from a chest are played in the ``cannon`` phase, cannons from the Locker
    in the ``wrap`` phase; None when now is the time."""
    phase = p.phase
    if not from_locker:
        if phase != CANNON:
            return wrong(p, ctx, move)
    elif phase != WRAP:
        if phase != CANNON:
            return (f"{expecting(p, ctx)}; cannons come out of the Locker at the end "
                    "of a turn", rules.LOCKER_CANNON_TAKE)
        return (f"{expecting(p, ctx)}; use the cannons from the chest first",
                rules.SEVERAL_CHESTS)
    return None


def stash_problem(p: TIPosition, ctx: TI2003Context, move: Stash) -> Problem:
    """Why a chest's cannon may not go into the Locker now, or None."""
    when = _when(p, ctx, move, False)
    if when is not None:
        return when
    if move.cannon not in p.cannons:
        return (f"no {move.cannon} cannon from the chest is waiting", rules.CANNONS)
    if ctx.cannons == "must":
        found = uses(p, ctx, read(p.holdings, ctx.cards), move.cannon, False)
        if found:
            return (f"the {move.cannon} cannon can be used (e.g. '{found[0]}'); only a "
                    "cannon that cannot be used goes into Davy Jones' Locker "
                    f"({rules.ruling(13)})", rules.BOTH_CANNONS)
    return None


def _source(p: TIPosition, ctx: TI2003Context, move: Fire | Protect,
            cannon: str) -> tuple[Problem, Holdings]:
    """The time and the cannon to use: a problem, or None and the holdings."""
    h = read(p.holdings, ctx.cards)
    when = _when(p, ctx, move, move.from_locker)
    if when is not None:
        return when, h
    if not _source_count(p, h, cannon, move.from_locker):
        where = "in Davy Jones' Locker" if move.from_locker else "from the chest waiting"
        rule = rules.LOCKER_CANNON_TAKE if move.from_locker else rules.CANNONS
        return (f"there is no {cannon} cannon {where}", rule), h
    return None, h


def protect_problem(p: TIPosition, ctx: TI2003Context, move: Protect) -> Problem:
    """Why a purple cannon may not protect the pile ``move.kind`` now, or None."""
    found, h = _source(p, ctx, move, "purple")
    if found is not None:
        return found
    me = p.turn
    who = colour(me)
    cards = ctx.cards
    kind = move.kind
    if _from_legacy(p, move.from_locker):
        return ("the cannons in Davy Jones' Legacy are used to steal from the other "
                "players, not to protect: fire it, or it goes into the Locker (ruling "
                "TI2003-19)", rules.LEGACY)
    if kind == JOLLY:
        return ("a purple cannon cannot protect a Jolly Roger", rules.PURPLE)
    if kind not in cards.type_ids:
        return (f"{kind!r} is not a treasure type ({', '.join(cards.type_ids)})", None)
    if kind not in h.piles[me]:
        return (f"{who} holds no {cards.label(kind)} to protect", rules.PURPLE)
    if kind in h.protected[me]:
        return (f"{who}'s {cards.label(kind)} already lie on a purple cannon; a pile "
                "takes only one", rules.PURPLE)
    if not _may_protect_fresh(p, ctx, kind, move.from_locker):
        return (f"{cards.label(kind)} were just stolen: with stolen_protection="
                "'same_chest' only a purple cannon from the same chest protects them",
                rules.ruling(14))
    return None


def fire_problem(p: TIPosition, ctx: TI2003Context, move: Fire) -> Problem:
    """Why a cannon may not be fired at ``move.target``'s pile ``move.kind`` now, or
    None."""
    found, h = _source(p, ctx, move, move.cannon)
    if found is not None:
        return found
    me = p.turn
    who = colour(me)
    cards = ctx.cards
    kind = move.kind
    target = move.target
    n = ctx.players
    if target >= n:
        return (f"there is no {move} target: this game has {n} players", None)
    if target == me:
        return (f"{who} cannot fire at {who}'s own treasure", rules.CANNONS)
    them = colour(target)
    if kind == JOLLY:
        if move.cannon != "gold":
            return ("a purple cannon cannot steal a Jolly Roger; a gold cannon can",
                    rules.PURPLE)
        if not h.jolly[target]:
            return (f"{them} has no Jolly Roger", rules.GOLD)
        return None
    if kind not in cards.type_ids:
        return (f"{kind!r} is not a treasure type ({', '.join(cards.type_ids)}, "
                "or jolly-roger)", None)
    label = cards.label(kind)
    if kind not in h.piles[target]:
        return (f"{them} has no {label} to steal", rules.PURPLE)
    if kind not in h.piles[me]:
        return (f"{who} holds no {label}: a cannon can only steal a type its owner already "
                "has (cards from the same chest count)", rules.PURPLE)
    if move.cannon == "purple" and kind in h.protected[target]:
        return (f"{them}'s {label} lie on a purple cannon: a purple cannon cannot steal "
                "them; a gold cannon can try, in a skirmish", rules.PURPLE)
    return None


def _remove(d: TIDraft, cannon: str, from_locker: bool) -> None:
    if from_locker:
        d.h.locker_cannons[cannon] -= 1
    else:
        items = list(d.cannons)
        items.remove(cannon)
        d.cannons = tuple(items)


def stash_effect(d: TIDraft, ctx: TI2003Context, move: Stash) -> list[Event]:
    """Put a chest's cannon into Davy Jones' Locker."""
    _remove(d, move.cannon, False)
    d.h.locker_cannons[move.cannon] += 1
    return [Event(f"{colour(d.turn)} puts the {move.cannon} cannon into Davy Jones' Locker",
                  rules.LOCKER_CANNON_PLACE, "stash"),
            *after_cannon(d, ctx, False)]


def _src(move: Fire | Protect) -> str:
    return " from Davy Jones' Locker" if move.from_locker else ""


def protect_effect(d: TIDraft, ctx: TI2003Context, move: Protect) -> list[Event]:
    """Put a purple cannon under one of the mover's piles."""
    me = d.turn
    who = colour(me)
    _remove(d, "purple", move.from_locker)
    d.h.protected[me].add(move.kind)
    text = (f"{who} puts a purple cannon{_src(move)} under {who}'s "
            f"{ctx.cards.label(move.kind)}: they are protected")
    return [Event(text, rules.PURPLE, "protect"), *after_cannon(d, ctx, move.from_locker)]


def fire_effect(d: TIDraft, ctx: TI2003Context, move: Fire) -> list[Event]:
    """Fire a legal cannon: steal a pile or a Jolly Roger, or start a skirmish."""
    h = d.h
    me = d.turn
    who = colour(me)
    cards = ctx.cards
    src = _src(move)
    _remove(d, move.cannon, move.from_locker)
    them = colour(move.target)
    if move.kind == JOLLY:
        h.jolly[move.target] -= 1
        h.jolly[me] += 1
        h.fired["gold"] += 1
        text = f"{who} fires a gold cannon{src} and steals a Jolly Roger from {them}"
        return [Event(text, rules.GOLD, "steal"), *after_cannon(d, ctx, move.from_locker)]
    label = cards.label(move.kind)
    if move.kind in h.protected[move.target]:
        skirmish.start(d, (me, move.target), ("steal", me, move.target, move.kind,
                                               move.from_locker))
        return [Event(f"{who} fires a gold cannon{src} at {them}'s protected {label}: "
                      "a skirmish decides", rules.GOLD, "attack")]
    n = h.move_pile(move.target, me, move.kind)
    h.fired[move.cannon] += 1
    d.stolen = (*d.stolen, (move.kind, -1 if move.from_locker else d.chest_no))
    text = (f"{who} fires a {move.cannon} cannon{src} and steals {them}'s "
            f"{cards.amount(move.kind, n)}; the "
            "cannon goes to the fired pile")
    return [Event(text, rules.CANNONS, "steal"), *after_cannon(d, ctx, move.from_locker)]


def finish_attack(d: TIDraft, ctx: TI2003Context, context: tuple[Any, ...], winner: int
                  ) -> list[Event]:
    """The end of a skirmish fought over a protected pile (TI2003 §5 Gold Cannons)."""
    _, attacker, defender, kind, from_locker = context
    h = d.h
    label = ctx.cards.label(kind)
    h.fired["gold"] += 1
    if winner == attacker:
        n = h.move_pile(defender, attacker, kind)
        h.fired["purple"] += 1
        d.stolen = (*d.stolen, (kind, -1 if from_locker else d.chest_no))
        text = (f"{colour(attacker)} takes {colour(defender)}'s "
                f"{ctx.cards.amount(kind, n)}; "
                "the gold and the purple cannon go to the fired pile")
    else:
        text = (f"{colour(defender)} keeps the {label} and the purple cannon under "
                "them; the gold cannon goes to the fired pile")
    return [Event(text, rules.GOLD, "attack"), *after_cannon(d, ctx, bool(from_locker))]


def after_cannon(d: TIDraft, ctx: TI2003Context, from_locker: bool) -> list[Event]:
    """Where play goes after a cannon decision (or right after a chest with cannons)."""
    if from_locker:
        if locker_moves(d, ctx, d.seen):
            d.phase = WRAP
            return []
        d.goto(Step.FINISH_TURN)
        return []
    events = []
    for cannon in ("purple", "gold"):
        if cannon in d.cannons and not uses(d, ctx, d.seen, cannon, False):
            while cannon in d.cannons:
                _remove(d, cannon, False)
                d.h.locker_cannons[cannon] += 1
                events.append(Event(f"{colour(d.turn)} cannot use the {cannon} "
                                    "cannon: it goes into Davy Jones' Locker",
                                    rules.LOCKER_CANNON_PLACE, "stash"))
    if d.cannons:
        d.phase = CANNON
        return events
    d.goto(Step.CHEST_DONE)
    return events
