"""CONFESSION (TI2018 §10 Black Spot Hints; ruling TI2018-18): each pirate asks Silver a
yes-or-no question about the treasure, then Silver answers one of them with an
Information token, face down (a Truth token forbids lying)."""

from __future__ import annotations

from ...core.events import Event
from ..flow import Phase, TIGame, current_player, who
from ..hint_words import describe, question_text
from ..hints import question_problem, question_true
from ..moves import Ask, Confess, TIMove
from ..position import Draft, PlayedHint, TIPosition, situation
from . import INFO_TOKENS, R_CONFESSION, Problem, hint
from .hints import check_token, tokens_for

__all__ = ["apply_ask", "apply_confess", "legal_ask", "legal_confess", "problem_ask",
           "problem_confess"]


def legal_ask(pos: TIPosition, game: TIGame) -> list[TIMove]:
    """The sampled questions: a district or zone, north or east of a miniature, within
    3, 6 or 9 miles of one."""
    sit = situation(pos, game)
    qs: list[tuple[str, ...]] = [("district", str(x.id)) for x in game.map.districts]
    qs += [("zone", z) for z in game.map.zones]
    for m in sit.minis:
        qs += [("north", m), ("east", m)]
        qs += [("near", m, str(r)) for r in (3, 6, 9)]
    return [Ask(q) for q in qs]


def problem_ask(pos: TIPosition, game: TIGame, move: Ask) -> Problem:
    """The question must be one the rules allow about this board."""
    why = question_problem(move.question, situation(pos, game), game.map)
    return (why, R_CONFESSION) if why else None


def apply_ask(d: Draft, game: TIGame, move: Ask) -> list[Event]:
    """Record the question; once every pirate asked, Silver answers."""
    asker = current_player(d, game)
    d.set(questions=(*d.questions, (asker, move.question)))
    events = [Event(f"{who(game, asker)} asks: {question_text(move.question, game.map)}",
                    hint("CONFESSION", True), "ask")]
    if len(d.questions) == len(game.pirates):
        d.set(phase=Phase.CONFESS)
    return events


def legal_confess(pos: TIPosition, game: TIGame) -> list[TIMove]:
    """Every (question, answer, token) Silver may give; a Truth token only truly."""
    assert pos.treasure is not None
    sit = situation(pos, game)
    out: list[TIMove] = []
    for seat, q in pos.questions:
        for ans in ("yes", "no"):
            for token in tokens_for(pos):
                yes = ans == "yes"
                if token == "truth" and not question_true(q, sit, game.map, pos.treasure, yes):
                    continue
                out.append(Confess(seat, ans, token))
    return out


def problem_confess(pos: TIPosition, game: TIGame, move: Confess) -> Problem:
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
    if move.token == "truth" and not question_true(asked[move.seat], situation(pos, game),
                                                   game.map, pos.treasure,
                                                   move.answer == "yes"):
        return (f"the true answer to p{move.seat}'s question is not {move.answer!r}, and a "
                "Truth token forbids lying", INFO_TOKENS)
    return None


def apply_confess(d: Draft, game: TIGame, move: Confess) -> list[Event]:
    """The answer goes on the calendar as a hint, its token face down; Silver draws."""
    q = dict(d.questions)[move.seat]
    args = (f"p{move.seat}", *q, move.answer)
    number = len(d.played) + 1
    played = PlayedHint(number, "black_spot", "confession", args, move.token, False,
                        situation(d, game), d.day)
    d.set(played=(*d.played, played), phase=Phase.ACTIONS,
          **{move.token: getattr(d, move.token) - 1},
          chance=(*d.chance, ("draw", "black_spot")))
    text = describe("confession", args, game.map, "CONFESSION")
    return [Event(f"Hint {number}: {text}. Information token face down.",
                  hint("CONFESSION", True), "hint")]
