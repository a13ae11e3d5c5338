"""CONFESSION (TI2018 §10 Black Spot Hints; ruling TI2018-18): each pirate asks Silver a
yes-or-no question about the treasure, then Silver answers one of them with an
Information token, face down (a Truth token forbids lying)."""

from __future__ import annotations

from ...core.draft import Draft
from ...core.events import Event
from ..context import TI2018Context
from ..flow import Phase, current_player, who
from ..hint_words import describe, question_text
from ..hints import question_problem, question_true
from ..moves import Ask, Confess, TIMove
from ..position import PlayedHint, TIPosition, situation
from . import INFO_TOKENS, R_CONFESSION, Problem, hint
from .hints import check_token, tokens_for

__all__ = ["apply_ask", "apply_confess", "legal_ask", "legal_confess", "problem_ask",
           "problem_confess"]


def legal_ask(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """The sampled questions: a district or zone, north or east of a miniature, within
    3, 6 or 9 miles of one."""
    sit = situation(pos, ctx)
    qs: list[tuple[str, ...]] = [("district", str(x.id)) for x in ctx.map.districts]
    qs += [("zone", z) for z in ctx.map.zones]
    for m in sit.minis:
        qs += [("north", m), ("east", m)]
        qs += [("near", m, str(r)) for r in (3, 6, 9)]
    return [Ask(q) for q in qs]


def problem_ask(pos: TIPosition, ctx: TI2018Context, move: Ask) -> Problem:
    """The question must be one the rules allow about this board."""
    why = question_problem(move.question, situation(pos, ctx), ctx.map)
    return (why, R_CONFESSION) if why else None


def apply_ask(d: Draft[TIPosition], ctx: TI2018Context, move: Ask) -> list[Event]:
    """Record the question; once every pirate asked, Silver answers."""
    asker = current_player(d, ctx)
    d.questions = (*d.questions, (asker, move.question))
    events = [Event(f"{who(ctx, asker)} asks: {question_text(move.question, ctx.map)}",
                    hint("CONFESSION", True), "ask")]
    if len(d.questions) == len(ctx.pirates):
        d.phase = Phase.CONFESS
    return events


def legal_confess(pos: TIPosition, ctx: TI2018Context) -> list[TIMove]:
    """Every (question, answer, token) Silver may give; a Truth token only truly."""
    assert pos.treasure is not None
    sit = situation(pos, ctx)
    out: list[TIMove] = []
    for seat, q in pos.questions:
        for ans in ("yes", "no"):
            for token in tokens_for(pos):
                yes = ans == "yes"
                if token == "truth" and not question_true(q, sit, ctx.map, pos.treasure, yes):
                    continue
                out.append(Confess(seat, ans, token))
    return out


def problem_confess(pos: TIPosition, ctx: TI2018Context, move: Confess) -> Problem:
    """Silver answers a question that was asked, with a token he holds, truly under a
    Truth token."""
    assert pos.treasure is not None
    asked = dict(pos.questions)
    if move.seat not in asked:
        seats = ", ".join(f"p{s}" for s in asked)
        return (f"p{move.seat} asked no question (questions from {seats})", R_CONFESSION)
    tok = check_token(pos, move.token)
    if tok:
        return tok
    if move.token == "truth" and not question_true(asked[move.seat], situation(pos, ctx),
                                                   ctx.map, pos.treasure,
                                                   move.answer == "yes"):
        return (f"the true answer to p{move.seat}'s question is not {move.answer!r}, and a "
                "Truth token forbids lying", INFO_TOKENS)
    return None


def apply_confess(d: Draft[TIPosition], ctx: TI2018Context, move: Confess) -> list[Event]:
    """The answer goes on the calendar as a hint, its token face down; Silver draws."""
    q = dict(d.questions)[move.seat]
    args = (f"p{move.seat}", *q, move.answer)
    number = len(d.played) + 1
    played = PlayedHint(number, "black_spot", "confession", args, move.token, False,
                        situation(d, ctx), d.day)
    d.played = (*d.played, played)
    d.phase = Phase.ACTIONS
    setattr(d, move.token, getattr(d, move.token) - 1)
    d.chance = (*d.chance, ("draw", "black_spot"))
    text = describe("confession", args, ctx.map, "CONFESSION")
    return [Event(f"Hint {number}: {text}. Information token face down.",
                  hint("CONFESSION", True), "hint")]
