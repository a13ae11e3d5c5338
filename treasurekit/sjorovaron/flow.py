"""The flow of a Sjörövarön game (docs/architecture.md §3): the phases, whose turn it
is, the chance moves due, how a turn begins and ends, and when the game ends.

SJO §3 Set Up (the starting rolls, the picks, the deal), SJO §4 Game Rules (each turn
one action, declared and then rolled for; one shot before or after it), SJO §8 (the
five moves of the first pirate with the whole map), SJO §11 (the extra turn after a
mortar hit; the last turn of the others while a pirate waits on a boat), SJO §12 Who
Wins? and the endings without a winner (rulings SJO-13, -15, -16).

Functions take a :class:`~.position.SjoDraft` (the next position being built) and change
it; nothing here reads a rules section: a section that must pass the turn on says so
by returning a :class:`Next` (see ``rules/turn.py``).
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

from ..core.events import CHANCE, TERMINAL
from ..core.phases import PhaseEnum
from . import rules
from .moves import Deal, Order, Roll, Shot, SjoMove
from .position import SjoDraft, SjoPosition

__all__ = [
    "BONUS_TURNS",
    "SETUP_PHASES",
    "WOUND_TURNS",
    "Next",
    "Phase",
    "begin_turn",
    "chance_outcomes",
    "check_escape",
    "check_over",
    "current_player",
    "end_turn",
    "turn_body",
]


class Phase(PhaseEnum):
    """Where the game stands. Equal to the old phase words (``Phase.ROLL == "roll"``)."""

    ORDER = "order"  #: the starting rolls (chance)
    PICK = "pick"  #: the picks of pirates and starting hexes, in turn order
    DEAL = "deal"  #: the deal of the map pieces (chance)
    START = "start"  #: declare this turn's action, or shoot first
    ROLL = "roll"  #: the movement die is due (chance)
    WALK = "walk"  #: choose a path of exactly the roll (or shoot first)
    AFTER = "after"  #: the action is done: shoot, push or end the turn
    SHOT = "shot"  #: the shooting die is due (chance)
    OVER = "over"  #: the game is over


class Next(str, Enum):
    """What a rules section asks the turn to do once its effect is applied."""

    NOTHING = "nothing"  #: the effect said where the game goes on
    AFTER_ACTION = "after action"  #: the action is done: escape?, then shoot, push or end
    AFTER_OR_END = "after or end"  #: shoot or push if possible, else end the turn
    AFTER_SHOT = "after shot"  #: back to the phase the shot interrupted


#: The members under plain module names, for the rules' hot paths: looking a member up
#: on the class (``Phase.WALK``) costs about a microsecond on Python 3.11.
ORDER, PICK, DEAL, START, ROLL, WALK, AFTER, SHOT, OVER = tuple(Phase)
#: The phases of the set-up (SJO §3), before the first turn.
SETUP_PHASES = (ORDER, PICK, DEAL)
BONUS_TURNS = 5  # SJO §8: the first pirate with the whole map rolls five times
WOUND_TURNS = 3  # SJO §7: a wounded pirate misses three turns

SIXTH = Fraction(1, 6)
#: The movement die's outcomes (copy before handing them out).
ROLLS: list[tuple[SjoMove, Fraction]] = [(Roll(f), SIXTH) for f in range(1, 7)]
_ORDERS: list[list[tuple[SjoMove, Fraction]]] = [
    [(Order(seat, f), SIXTH) for f in range(1, 7)] for seat in range(6)]
_SHOTS: list[list[tuple[SjoMove, Fraction]]] = [
    [(Shot(True), Fraction(k, 6)), (Shot(False), Fraction(6 - k, 6))] for k in range(6)]


def current_player(d: SjoPosition | SjoDraft) -> int:
    """The seat to move, CHANCE (dice, the deal) or TERMINAL."""
    if d.result is not None:
        return TERMINAL
    if d.phase in (ORDER, DEAL, ROLL, SHOT):
        return CHANCE
    if d.phase == PICK:
        return d.picks_left[0]
    return d.turn


def chance_outcomes(d: SjoDraft, hit_faces: int) -> list[tuple[SjoMove, Fraction]]:
    """The chance moves due now and their chances (SJO §3, §4, §7; ruling SJO-8)."""
    if d.phase == ORDER:
        return list(_ORDERS[d.order_pending[0]])
    if d.phase == DEAL:
        pool = d.undealt()
        p = Fraction(1, len(pool))
        return [(Deal(d.deal_left[0], piece), p) for piece in pool]
    if d.phase == SHOT:
        return list(_SHOTS[hit_faces])
    return list(ROLLS)


def end_turn(d: SjoDraft) -> None:
    """The turn is over: the finder's five moves (SJO §8), the mortar's extra turn
    (SJO §11), else the next seat clockwise."""
    if d.result is not None:
        return
    seat = d.turn
    if d.bonus_left > 0 and d.finder == seat:
        d.bonus_left -= 1
        d.say(f"{d.who(seat)} takes extra turn {BONUS_TURNS - d.bonus_left} of "
                  f"{BONUS_TURNS}", rules.FIVE_MOVES, "bonus")
        begin_turn(d, seat, normal=False)
        return
    if d.extra_turn:
        d.extra_turn = False
        begin_turn(d, seat, normal=False)
        return
    begin_turn(d, (seat + 1) % d.n, normal=True)


def begin_turn(d: SjoDraft, seat: int, normal: bool) -> None:
    """Seat's turn begins (``normal``: a turn of the round, not a bonus or extra turn)."""
    d.turn = seat
    d.action = None
    d.die = None
    d.shot_used = False
    d.acted = False
    d.pushable = False
    d.raft_done = False
    d.shot = None
    d.normal_turn = normal
    if normal:
        d.turns += 1
        limit = d.ctx.max_rounds
        if limit and d.turns > limit * d.n:
            d.result = (None, f"nobody won within {limit} rounds", rules.ruling(16))
            d.say(f"{limit} rounds are over: the game ends without a winner "
                      "(ruling SJO-16)", rules.ruling(16), "end")
            return
    turn_body(d)


def turn_body(d: SjoDraft) -> None:
    """What comes at the start of the turn before any choice: the raft with nobody
    aboard (SJO §10), the escape by boat (SJO §12), the wounds (SJO §7)."""
    seat = d.turn
    check_over(d)
    if d.result is not None:
        return
    p = d.p(seat)
    if (d.raft_state == "afloat" and d.raft_aboard() is None
            and d.raft_pilot == seat and not d.raft_done):
        d.phase, d.action = ROLL, "raft-duty"
        return
    if p.out:
        begin_turn(d, (seat + 1) % d.n, normal=True)
        return
    if d.escape == seat and d.normal_turn:  # not during his five moves (SJO-26)
        d.result = (seat, f"{d.who(seat)} rowed away with the treasure",
                        rules.WIN)
        d.say(f"Nobody stopped {d.who(seat)}: he rows away with the treasure chest "
                  "and wins!", rules.WIN, "win")
        return
    if p.wound is not None:
        if d.board.is_land(p.at):
            if p.wound > 0:
                d.set(seat, wound=p.wound - 1)
                left = p.wound - 1
                d.say(f"{d.who(seat)} lies wounded and misses a turn"
                          f"{' (stands up next turn)' if left == 0 else f' ({left} more)'}",
                          rules.WOUND, "wounded")
                begin_turn(d, (seat + 1) % d.n, normal=True)
                return
            d.set(seat, wound=None)
            d.say(f"{d.who(seat)} stands up again", rules.WOUND, "recover")
            if d.chest == ("land", p.at):
                d.chest = ("carried", seat)
                d.say(f"{d.who(seat)} picks up the chest lying by him "
                          "(ruling SJO-11)", rules.ruling(11), "chest")
        elif p.wound > 0:
            d.phase, d.action = ROLL, "drift"
            return
        else:
            d.set(seat, wound=None)
            d.say(f"{d.who(seat)} has recovered in the water", rules.WOUNDED_WATER,
                      "recover")
    d.phase = START


def check_over(d: SjoDraft) -> None:
    """The endings without a winner (SJO §12; rulings SJO-13, SJO-15)."""
    if d.result is not None or d.phase in SETUP_PHASES:
        return
    pirates = d.pirates
    for p in pirates:  # a loop: this runs after every ply
        if p is not None and not p.out:
            break
    else:
        end_without_winner(d, "every pirate is out of the game")
        return
    where, n = d.chest
    if where == "buried":
        if d.lost and not any(p is not None and not p.out and p.seat in d.knows
                              for p in pirates):
            end_without_winner(d, "map pieces were lost at sea, so nobody can learn "
                                  "where the chest is (ruling SJO-13)")
        return
    if where == "water" and not any(d.board.is_land(x) for x in d.board.neighbours[n]):
        end_without_winner(d, "the chest lies in water no bank can reach")
        return
    if (where != "lost" and d.raft_state in ("destroyed", "gone")
            and not d.used_boats()):
        end_without_winner(d, "no rowing boat and no raft is left to escape with "
                              "(ruling SJO-15)")


def end_without_winner(d: SjoDraft, why: str) -> None:
    d.result = (None, why, rules.NO_WINNER)
    d.say(f"The game ends without a winner: {why}", rules.NO_WINNER, "end")


def check_escape(d: SjoDraft, seat: int) -> None:
    """After an action: is the pirate with the chest on a usable boat (SJO §11-12)?"""
    p = d.p(seat)
    on_boat = None
    if d.chest == ("carried", seat) and d.on_land(p):
        for i, b in enumerate(d.board.boats):
            if b.start == p.at and i in d.boats_used and i not in d.boats_wrecked:
                on_boat = b
    if on_boat is None:
        if d.escape == seat:
            d.escape = None
        return
    if d.escape != seat:
        d.escape = seat
        d.say(f"{d.who(seat)} reaches the {on_boat.id} rowing boat with the chest: "
                  "the others have one more turn to stop him", rules.MORTAR_BOAT, "boat")
