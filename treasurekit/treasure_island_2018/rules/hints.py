"""TI2018 §5 Long John Silver's Hints and §10 Starting Hints & Black Spot Hints: playing a
hint with an Information token, the Chest icon, redrawing a hand of three Chest-icon
hints, and PARROT's sharing of District Hints (ruling TI2018-19).

CONFESSION's questions and answers are in ``confession.py``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import Phase, who
from ..hint_words import describe
from ..hints import args_problem, candidates, canonical_args, truthful
from ..moves import PlayHint, Redraw, Share, TIMove
from ..position import PlayedHint, PositionOrDraft, TIPosition, situation
from . import (
    BLACK_SPOT_EVENT,
    BLUFF_EVENT,
    CHEST_ICON,
    INFO_TOKENS,
    R_CONFESSION,
    R_MANUSCRIPT,
    R_PARROT,
    REDRAW,
    STARTING_EVENT,
    Problem,
    hint,
)
from .movement import move_builder
from .setup import order

play_hint = move_builder(PlayHint)
#: canonical_args of the candidates' args (tuples): a few hundred kinds of choices per map
_canonical = lru_cache(maxsize=4096)(canonical_args)

__all__ = ["apply", "apply_redraw", "apply_share", "apply_sharing", "check_token", "hand",
           "legal", "legal_share", "problem", "problem_redraw", "problem_share", "tokens_for"]


def hand(pos: PositionOrDraft) -> tuple[str, ...]:
    """Silver's hand for the hint the calendar asks for (Starting or Black Spot)."""
    return pos.start_hand if pos.hint_deck == "starting" else pos.bs_hand


def tokens_for(pos: PositionOrDraft) -> list[str]:
    """The Information tokens Silver may put under a hint now (the first Starting Hint
    always takes a Truth token)."""
    out = []
    if pos.truth > 0:
        out.append("truth")
    first = not pos.played and pos.hint_deck == "starting"
    if pos.bluff > 0 and not first:
        out.append("bluff")
    return out


def _manuscript_districts(pos: PositionOrDraft, token: str) -> list[int]:
    pool = [x for x in pos.undealt if x != pos.set_aside]
    if token == "bluff" and pos.set_aside is not None:
        pool.append(pos.set_aside)
    return sorted(pool)


def legal(pos: PositionOrDraft, ctx: TI2018Context) -> list[TIMove]:
    """Every hint of the hand Silver may play now (sampled parameters; a Truth token only
    with a true hint), and ``redraw`` when the hand allows it."""
    assert pos.treasure is not None
    sit = situation(pos, ctx)
    out: list[TIMove] = []
    for kind in hand(pos):
        card = ctx.decks.hint(kind)
        if card.chest and pos.chest_credit < 1:
            continue
        if kind == "parrot":
            if pos.truth > 0:
                out.append(PlayHint("parrot"))
            continue
        if kind == "confession":
            if pos.truth + pos.bluff > 0:
                out.append(PlayHint("confession"))
            continue
        # each candidate's args as offered (tested) and in canonical form (the move's)
        shared: list[tuple[tuple[str, ...], tuple[str, ...]]] | None = None
        for token in tokens_for(pos):
            if kind == "manuscript":
                choices = [(args, _canonical(kind, args)) for args in candidates(
                    kind, sit, ctx.map, ctx.num_players,
                    districts=_manuscript_districts(pos, token))]
            else:
                if shared is None:  # the same for either token
                    shared = [(args, _canonical(kind, args)) for args in candidates(
                        kind, sit, ctx.map, ctx.num_players)]
                choices = shared
            for args, normal in choices:
                if token == "truth" and not truthful(kind, args, sit, ctx.map, pos.treasure):
                    continue
                out.append(play_hint(kind, normal, token))  # PlayHint(kind, args, token)
    if problem_redraw(pos, ctx) is None:
        out.append(Redraw())
    return out


def problem_redraw(pos: PositionOrDraft, ctx: TI2018Context, move: Redraw | None = None) -> Problem:
    """Silver redraws only a hand of three hints that all carry the Chest icon."""
    cards = hand(pos)
    if len(cards) != 3 or not all(ctx.decks.hint(h).chest for h in cards):
        return ("Silver may redraw only when his hand holds three hints, all with the "
                "Chest icon", REDRAW)
    return None


def check_token(pos: TIPosition, token: str) -> Problem:
    """Silver must still hold the token; the first hint is always a Truth."""
    if token == "truth" and pos.truth < 1:
        return ("Silver has no Information Truth token left: play 'bluff'", INFO_TOKENS)
    if token == "bluff":
        if pos.bluff < 1:
            return ("Silver holds no Information Bluff token (they arrive with the calendar)",
                    BLUFF_EVENT)
        if not pos.played:
            return ("the first Starting Hint is always played with a Truth token", INFO_TOKENS)
    return None


def problem(pos: TIPosition, ctx: TI2018Context, move: PlayHint) -> Problem:
    """The hint must be in the hand, paid for (Chest icon), well formed, and true under
    a Truth token."""
    assert pos.treasure is not None
    cards = hand(pos)
    deck = "Starting" if pos.hint_deck == "starting" else "Black Spot"
    if move.kind not in cards:
        names = ", ".join(cards) or "none"
        return (f"{move.kind!r} is not in Silver's hand of {deck} Hints (hand: {names})",
                STARTING_EVENT if pos.hint_deck == "starting" else BLACK_SPOT_EVENT)
    card = ctx.decks.hint(move.kind)
    ref = hint(card.name, card.deck == "black_spot")
    if card.chest and pos.chest_credit < 1:
        return (f"{card.name} carries the Chest icon: Silver must first have given a Chest "
                "token for it", CHEST_ICON)
    if move.kind == "parrot":
        if move.args or move.token is not None:
            return ("PARROT takes no parameters and no token choice: write 'hint parrot'", ref)
        if pos.truth < 1:
            return ("PARROT needs an Information Truth token placed face up, and Silver "
                    "has none left", ref)
        return None
    if move.kind == "confession":
        if move.args or move.token is not None:
            return ("announce CONFESSION with 'hint confession'; the pirates then ask and "
                    "Silver answers with 'confess pN yes|no truth|bluff'", R_CONFESSION)
        return None
    if move.token is None:
        return ("end the hint with the Information token placed under it: 'truth' or "
                "'bluff'", INFO_TOKENS)
    tok = check_token(pos, move.token)
    if tok:
        return tok
    sit = situation(pos, ctx)
    why = args_problem(move.kind, move.args, sit, ctx.map, ctx.num_players)
    if why:
        return (f"{card.name}: {why}", ref)
    if move.kind == "manuscript":
        allowed = _manuscript_districts(pos, move.token)
        bad = [x for x in move.args if int(x[1:]) not in allowed]
        if bad:
            because = ("the treasure's own District Hint may be shown only with a Bluff token"
                       if pos.set_aside is not None and int(bad[0][1:]) == pos.set_aside
                       else "Silver no longer holds that District Hint")
            return (f"MANUSCRIPT: {bad[0]}: {because}", R_MANUSCRIPT)
    if move.token == "truth" and not truthful(move.kind, move.args, sit, ctx.map,
                                               pos.treasure):
        return (f"{card.name} with these parameters is false, and a Truth token forbids "
                "lying (a Bluff token would allow it)", INFO_TOKENS)
    return None


def apply(d: Draft[TIPosition], ctx: TI2018Context, move: PlayHint) -> list[Event]:
    """Play the hint: its token goes under it (face up for the first hint and PARROT),
    Silver draws a replacement; CONFESSION opens the questions, PARROT shows districts."""
    card = ctx.decks.hint(move.kind)
    ref = hint(card.name, card.deck == "black_spot")
    hand_field = "start_hand" if d.hint_deck == "starting" else "bs_hand"
    cards = list(hand(d))
    cards.remove(move.kind)
    changes: dict[str, Any] = {hand_field: tuple(cards)}
    if card.chest:
        changes["chest_credit"] = d.chest_credit - 1
    events: list[Event] = []
    if card.chest:
        events.append(Event(f"Silver spends a Chest token given earlier to play {card.name}",
                            CHEST_ICON, "chest"))
    if move.kind == "confession":
        changes["phase"] = Phase.ASK
        changes["questions"] = ()
        for name, value in changes.items():
            setattr(d, name, value)
        events.append(Event(f"Silver plays {card.name}: each pirate asks a yes-or-no "
                            "question", ref, "hint"))
        return events
    number = len(d.played) + 1
    sit = situation(d, ctx)
    if move.kind == "parrot":
        token, face_up = "truth", True
        changes["truth"] = d.truth - 1
    else:
        assert move.token is not None
        token, face_up = move.token, not d.played
        changes[move.token] = getattr(d, move.token) - 1
    played = PlayedHint(number, d.hint_deck or "starting", move.kind, move.args, token,
                        face_up, sit, d.day)
    changes["played"] = (*d.played, played)
    draw = ("draw", d.hint_deck)
    chance: list[tuple[Any, ...]] = []
    text = describe(move.kind, move.args, ctx.map, card.name)
    if move.kind == "manuscript":
        shown = [int(x[1:]) for x in move.args]
        changes["revealed"] = (*d.revealed, *((x, "manuscript") for x in shown))
        changes["undealt"] = tuple(x for x in d.undealt if x not in shown)
    if move.kind == "parrot":
        if ctx.num_players <= 3:
            chance += [("reveal",), ("reveal",)]
            text = (f"{card.name}: two more District Hints are shown to everyone, at "
                    "random (its Truth token lies face up)")
        else:
            share = [s for s in ctx.pirates if len(d.dealt[s]) > 1]
            text = (f"{card.name}: each pirate shows their District Hint to the two pirates "
                    "beside them (its Truth token lies face up)")
            if share:
                changes["share_seats"] = tuple(share)
    token_text = "face up (Truth)" if face_up else "face down"
    events.append(Event(f"Hint {number}: {text}. Information token {token_text}.", ref, "hint"))
    chance.append(draw)
    changes["chance"] = (*d.chance, *chance)
    changes["phase"] = Phase.SHARE if changes.get("share_seats") else Phase.ACTIONS
    for name, value in changes.items():
        setattr(d, name, value)
    if move.kind == "parrot" and ctx.num_players > 3 and not changes.get("share_seats"):
        events += apply_sharing(d, ctx, {})
    return events


def apply_sharing(d: Draft[TIPosition], ctx: TI2018Context, chosen: dict[int, int]) -> list[Event]:
    """PARROT with 4-5 players: each pirate shows one District Hint to both pirate
    neighbours (ruling TI2018-19)."""
    ring = list(ctx.pirates)
    shared = [list(x) for x in d.shared]
    for i, seat in enumerate(ring):
        shown = chosen.get(seat, d.dealt[seat][0] if d.dealt[seat] else None)
        if shown is None:
            continue
        for nb in {ring[(i - 1) % len(ring)], ring[(i + 1) % len(ring)]} - {seat}:
            shared[nb].append((seat, shown))
    d.shared = tuple(tuple(x) for x in shared)
    d.share_seats = ()
    return [Event("The pirates show their District Hints to their neighbours",
                  hint("PARROT", True), "share")]


def apply_redraw(d: Draft[TIPosition], ctx: TI2018Context, move: Redraw) -> list[Event]:
    """Silver shows his three Chest-icon hints, shuffles them back and draws three."""
    cards = hand(d)
    if d.hint_deck == "starting":
        d.start_pile = tuple(sorted((*d.start_pile, *cards),
                                      key=order(ctx.decks, "starting")))
        d.start_hand = ()
        d.chance = (*d.chance, *(("draw", "starting"),) * 3)
    else:
        d.bs_pile = tuple(sorted((*d.bs_pile, *cards), key=order(ctx.decks, "black_spot")))
        d.bs_hand = ()
        d.chance = (*d.chance, *(("draw", "black_spot"),) * 3)
    names = ", ".join(ctx.decks.hint(h).name for h in cards)
    return [Event(f"Silver shows his three Chest-icon hints ({names}), shuffles them back "
                  "and draws three new ones", REDRAW, "redraw")]


def legal_share(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """PARROT with 4-5 players: the District Hints the choosing pirate holds."""
    return [Share(x) for x in pos.dealt[pos.share_seats[0]]]


def problem_share(pos: TIPosition, ctx: TI2018Context, move: Share) -> Problem:
    """A pirate shows one of its own District Hints."""
    seat = pos.share_seats[0]
    if move.district not in pos.dealt[seat]:
        held = ", ".join(f"d{x}" for x in pos.dealt[seat])
        return (f"{who(ctx, seat)} holds District Hints {held} only", R_PARROT)
    return None


def apply_share(d: Draft[TIPosition], ctx: TI2018Context, move: Share) -> list[Event]:
    """One pirate chooses; once all have, the hints are shown to the neighbours."""
    seat = d.share_seats[0]
    rest = d.share_seats[1:]
    chosen = (*d.share_choice, (seat, move.district))
    d.share_seats = rest
    d.share_choice = chosen
    events = [Event(f"{who(ctx, seat)} chooses which District Hint to show", R_PARROT,
                    "share")]
    if not rest:
        events += apply_sharing(d, ctx, dict(chosen))
        d.phase = Phase.ACTIONS
        d.share_choice = ()
    return events
