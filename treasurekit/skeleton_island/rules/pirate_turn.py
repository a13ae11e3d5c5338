"""A pirate turn: discard three cards, then steal a Sand card or play two standard
turns (SKEL §3 Game Turn: pirate turn; ruling SKEL-9 for how the card is stolen).

The three cards discarded must be map pieces of different colours, pirate objects, or
both; they leave the game for good. A pirate turn replaces the whole turn, so it is
chosen before any card is taken. With ``steal="blind"`` the stolen card is drawn at
random (a chance move), otherwise the thief names it (collections are public).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from ...core.events import Event
from .. import flow
from ..cards import Deck
from ..context import SkeletonContext
from ..flow import next_turn
from ..moves import Discard, Double, SkeletonMove, Steal, Stolen
from ..position import SkeletonPosition, replace
from . import PIRATE, Problem, label, seat_name
from .islands import collect

__all__ = ["discard", "discard_problem", "double", "double_problem", "follow_up", "legal",
           "outcomes", "steal", "steal_problem", "stolen"]


def _discards(pos: SkeletonPosition, ctx: SkeletonContext) -> list[SkeletonMove]:
    """One discard per distinct combination of kinds (lowest ids), SKEL §3."""
    held = pos.collections[pos.turn]
    if len(held) < 3:
        return []
    colour = _discard_colours(ctx.deck)
    first: dict[str, int] = {}
    for i, k in sorted(held):
        if k in colour and k not in first:
            first[k] = i
    if len(first) < 3:
        return []
    out: list[SkeletonMove] = []
    for a, b, c in combinations(first, 3):
        ca, cb, cc = colour[a], colour[b], colour[c]
        # the map pieces among the three are of different colours
        if (ca is None or (ca != cb and ca != cc)) and (cb is None or cb != cc):
            out.append(_discard((first[a], first[b], first[c])))
    return out


#: ``Discard(cards)``, made once per tuple of ids (moves are frozen values: the engine
#: hands out copies, never these).
_discard = lru_cache(maxsize=8192)(Discard)
#: Per deck (held, so its id stays its own): each discardable kind's map colour (None
#: for a pirate object).
_COLOURS: dict[int, tuple[Deck, dict[str, str | None]]] = {}


def _discard_colours(deck: Deck) -> dict[str, str | None]:
    hit = _COLOURS.get(id(deck))
    if hit is None or hit[0] is not deck:
        if len(_COLOURS) > 16:
            _COLOURS.clear()
        hit = _COLOURS[id(deck)] = (deck, {
            k: (v.colour if v.is_map else None) for k, v in deck.kinds.items()
            if v.discardable})
    return hit[1]


def _steals(pos: SkeletonPosition, ctx: SkeletonContext) -> list[SkeletonMove]:
    out: list[SkeletonMove] = []
    blind = ctx.steal == "blind"
    for v, held in enumerate(pos.collections):
        if v == pos.turn or not held:
            continue
        if blind:
            out.append(Steal(v))
            continue
        first: dict[str, int] = {}
        for i, k in sorted(held):
            first.setdefault(k, i)
        out += [Steal(v, i) for i in sorted(first.values())]
    return out


def legal(pos: SkeletonPosition, ctx: SkeletonContext) -> list[SkeletonMove]:
    """The discards that begin a pirate turn (before anything else this turn), or after
    one the steals and ``double``."""
    if pos.phase == flow.START:
        return [] if pos.acted else _discards(pos, ctx)
    if pos.phase == flow.PIRATE:
        return [*_steals(pos, ctx), _DOUBLE]
    return []


_DOUBLE = Double()


def outcomes(pos: SkeletonPosition, ctx: SkeletonContext) -> list[tuple[SkeletonMove, Fraction]]:
    """A blind steal: each of the victim's cards equally likely (ruling SKEL-9)."""
    assert pos.victim is not None
    cards = pos.collections[pos.victim]
    return [(Stolen(i), Fraction(1, len(cards))) for i, _ in cards]


def follow_up(pos: SkeletonPosition) -> Problem:
    """After the discard only a steal or ``double`` may follow (None in other phases)."""
    if pos.phase != flow.PIRATE:
        return None
    return (f"{seat_name(pos.turn)} has discarded for a pirate turn: now choose 'steal pN ...' "
            "(take a Sand card from an opponent) or 'double' (two standard turns)", PIRATE)


def discard_problem(pos: SkeletonPosition, ctx: SkeletonContext, move: Discard) -> Problem:
    """Why three cards may not be discarded for a pirate turn now, or None."""
    waiting = follow_up(pos)
    if waiting is not None:
        return waiting
    who = seat_name(pos.turn)
    if pos.phase != flow.START or pos.acted:
        return (f"a pirate turn replaces {who}'s whole turn: it must be chosen before "
                "any card is taken", PIRATE)
    ids = move.cards
    if len(ids) != 3:
        return (f"a pirate turn discards exactly three cards, not {len(ids)}", PIRATE)
    if len(set(ids)) != 3:
        return ("a pirate turn discards three different cards", PIRATE)
    mine = pos.held(pos.turn)
    missing = [i for i in ids if i not in mine]
    if missing:
        held = ", ".join(str(i) for i in mine) or "none"
        return (f"{who} holds no card {missing[0]} (cards held: {held})", PIRATE)
    kinds = [ctx.deck.kinds[mine[i]] for i in ids]
    coins = [i for i, k in zip(ids, kinds, strict=True) if not k.discardable]
    if coins:
        return (f"card {coins[0]} is a gold coin card; only map cards and pirate objects "
                "may be discarded", PIRATE)
    colours = Counter(k.colour for k in kinds if k.is_map)
    twice = [c for c, n in colours.items() if n > 1]
    if twice:
        return (f"{colours[twice[0]]} {twice[0]} map cards: the map cards discarded must "
                "be of different colours", PIRATE)
    return None


def _discard_first(pos: SkeletonPosition) -> Problem:
    if pos.phase == flow.PIRATE:
        return None
    return (f"{seat_name(pos.turn)} must first discard three cards for a pirate turn "
            "('discard a b c'); stealing and double turns follow the discard", PIRATE)


def double_problem(pos: SkeletonPosition, ctx: SkeletonContext, move: Double) -> Problem:
    """Why the seat may not choose two standard turns now, or None."""
    return _discard_first(pos)


def steal_problem(pos: SkeletonPosition, ctx: SkeletonContext, move: Steal) -> Problem:
    """Why the seat may not steal ``move`` now, or None."""
    first = _discard_first(pos)
    if first is not None:
        return first
    n = ctx.players
    v = move.victim
    if not 0 <= v < n:
        return (f"there is no seat p{v} (seats p0-p{n - 1})", None)
    if v == pos.turn:
        return (f"{seat_name(pos.turn)} cannot take a card from themselves: choose an "
                "opponent", PIRATE)
    held = pos.collections[v]
    if not held:
        return (f"p{v} has no Sand card to take", PIRATE)
    blind = ctx.steal == "blind"
    if blind and move.card is not None:
        return (f"the stolen card is drawn blind (option steal='blind', ruling SKEL-9): "
                f"write 'steal p{v}'", PIRATE)
    if not blind:
        if move.card is None:
            return (f"name the card to take (ruling SKEL-9), e.g. "
                    f"'steal p{v} {held[0][0]}'", PIRATE)
        if move.card not in dict(held):
            listed = ", ".join(str(i) for i, _ in held)
            return (f"p{v} holds no card {move.card} (cards held: {listed})", PIRATE)
    return None


def _transfer(
    pos: SkeletonPosition, ctx: SkeletonContext, victim: int, card: int
) -> tuple[SkeletonPosition, list[Event]]:
    """Card ``card`` of ``victim`` goes to the thief; the turn passes."""
    seat = pos.turn
    kind = pos.held(victim)[card]
    rest = tuple((i, k) for i, k in pos.collections[victim] if i != card)
    robbed = replace(pos, collections=pos.with_collection(victim, rest))
    events = [Event(f"{seat_name(seat)} takes card {card} ({label(ctx.deck, kind)}) from "
                    f"p{victim}", PIRATE, "steal")]
    changes, more = collect(robbed, ctx, seat, card, kind)
    return next_turn(robbed, ctx, **changes), events + more


def discard(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Discard
) -> tuple[SkeletonPosition, list[Event]]:
    """Discard three cards for good: the pirate turn begins."""
    seat = pos.turn
    mine = pos.held(seat)
    kept = tuple((i, k) for i, k in pos.collections[seat] if i not in move.cards)
    pos = replace(pos, collections=pos.with_collection(seat, kept),
                  out=(*pos.out, *((i, mine[i], "discarded") for i in move.cards)),
                  acted=True, phase=flow.PIRATE)
    names = ", ".join(f"{i} ({label(ctx.deck, mine[i])})" for i in move.cards)
    return pos, [Event(f"{seat_name(seat)} plays a pirate turn and discards cards {names} "
                       "for good", PIRATE, "discard")]


def steal(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Steal
) -> tuple[SkeletonPosition, list[Event]]:
    """Steal a named card, or reach blindly (the card is drawn next)."""
    if move.card is None:
        return replace(pos, victim=move.victim, phase=flow.STEAL), [Event(
            f"{seat_name(pos.turn)} reaches blindly for one of p{move.victim}'s cards "
            "(ruling SKEL-9)", PIRATE, "steal")]
    return _transfer(pos, ctx, move.victim, move.card)


def stolen(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Stolen
) -> tuple[SkeletonPosition, list[Event]]:
    """The card drawn blind goes to the thief."""
    assert pos.victim is not None
    return _transfer(pos, ctx, pos.victim, move.card)


def double(
    pos: SkeletonPosition, ctx: SkeletonContext, move: Double
) -> tuple[SkeletonPosition, list[Event]]:
    """Set up two standard turns."""
    return replace(pos, slots=2, phase=flow.START), [Event(
        f"{seat_name(pos.turn)} will play two standard turns", PIRATE, "double")]
