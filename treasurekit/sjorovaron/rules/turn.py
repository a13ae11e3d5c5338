"""SJO §4 Game Rules: each turn one action, declared and then rolled for, and one shot
before or after the roll.

This module is the turn: the legal moves of each phase, the pieces each move type's
problem is built from in :mod:`.sections` (the phases a move belongs to, where the
pirate must be for an action), the declared actions, the movement die (which action
it decides), and what follows an action (:func:`proceed`: the escape check, then shoot,
push or end the turn).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import flow, rules
from ..flow import AFTER, PICK, ROLL, START, WALK, Next
from ..moves import (
    Climb,
    Cross,
    Dig,
    Drag,
    End,
    Fire,
    Float,
    Go,
    Jump,
    Launch,
    Push,
    Roll,
    SjoMove,
    Stay,
    Wait,
)
from ..position import Pirate, Problem, SjoDraft
from . import digging, jumping, mortar, movement, raft, river, setup, shooting

__all__ = ["NEED", "action", "chance_problem", "declare_first", "declaring", "end",
           "fine", "in_phases", "jump_or_board", "legal", "must_act", "on_land", "picked",
           "proceed", "push_later", "resolve_roll", "said_float", "said_jump",
           "settle_walk_phase", "start_moves", "stay"]

#: What each declared action needs on the die (SJO §6, §9, §10).
NEED = {"jump": 3, "cross": 2, "board": 3, "dig": 4, "drag": 4}


# ----- legal moves ---------------------------------------------------------------------------
def legal(d: SjoDraft) -> list[SjoMove]:
    """The legal moves of the seat to move (not at a chance node)."""
    return _LEGAL[d.phase](d)


#: The moves without fields, made once (frozen values, equal to new ones).
_FLOAT, _GO, _DIG, _DRAG, _LAUNCH, _WAIT, _STAY, _END, _BOARD = (
    Float(), Go(), Dig(), Drag(), Launch(), Wait(), Stay(), End(), Jump(None))


#: Jumps and crossings by target hex name, made as they are first offered (frozen
#: values, equal to new ones: a move's value is its hex name, whatever the map).
_JUMPS: dict[str, SjoMove] = {}
_CROSSES: dict[str, SjoMove] = {}


def _made(kept: dict[str, SjoMove], kind: Callable[[str], SjoMove], to: str) -> SjoMove:
    move = kept.get(to)
    if move is None:
        move = kept[to] = kind(to)
    return move


def start_moves(d: SjoDraft) -> list[SjoMove]:
    """Phase "start": fire the mortar, shoot, or declare this turn's action.

    Each section's problem is asked only when its first condition holds (the raft's
    state, where the chest is), so the reasons of the moves that are plainly not
    there are never written (the same list, cheaper: this runs every turn)."""
    p = d.pirates[d.turn]
    assert p is not None
    moves: list[SjoMove] = []
    if p.aboard:
        return [_FLOAT, *shooting.shoot_moves(d)]
    if d.in_water(p):
        moves.append(_FLOAT)
        if not p.must_float:
            moves += [Climb(d.h(h)) for h in river.climb_targets(d, p)]
        return moves
    board = d.board
    at = p.at
    if not d.shot_used and at == board.mortar:  # fire_targets is empty elsewhere
        moves += [Fire(t) for t in mortar.fire_targets(d)]
    moves += shooting.shoot_moves(d)
    moves.append(_GO)
    jumps = board.jumps_table.get(at)  # board.jump_sites(at), without the call
    if jumps:
        for to, _ in jumps:
            if jumping.jump_problem(d, at, to, p.seat) is None:
                moves.append(_made(_JUMPS, Jump, d.h(to)))
    crossings = board.crossings_table.get(at)  # board.crossing_sites(at)
    if crossings:
        for to, _, _ in crossings:
            if movement.landing_problem(d, to, p.seat) is None:
                moves.append(_made(_CROSSES, Cross, d.h(to)))
    raft_state = d.raft_state
    if raft_state == "afloat" and raft.board_problem(d, p) is None:
        moves.append(_BOARD)
    where = d.chest[0]
    if ((where == "ravine" or (where == "buried" and p.seat in d.knows))
            and digging.dig_problem(d, p) is None):
        moves.append(_DIG)
    if where == "water" and digging.drag_problem(d, p) is None:
        moves.append(_DRAG)
    if (raft_state == "landing" and at == board.raft_hex
            and raft.launch_problem(d, p) is None):
        moves.append(_LAUNCH)
    if at == board.mortar:
        moves.append(_WAIT)
    return moves


def _walk_moves(d: SjoDraft) -> list[SjoMove]:
    walks = movement.walks(d)
    moves: list[SjoMove] = [*d.walker.walk_moves(walks), *shooting.shoot_moves(d)]
    if not walks:
        moves.append(_STAY)
    return moves


def _after_moves(d: SjoDraft) -> list[SjoMove]:
    return [*shooting.shoot_moves(d), *(Push(d.h(w)) for w in shooting.push_targets(d)),
            _END]


_LEGAL: dict[str, Callable[[SjoDraft], list[SjoMove]]] = {
    PICK: setup.legal, START: start_moves, WALK: _walk_moves,
    AFTER: _after_moves,
}


# ----- problems (each move type's section in :mod:`.sections` asks these) ---------------------
PhaseProblem = Callable[[SjoDraft, Any], Problem]


def chance_problem(d: SjoDraft, move: SjoMove) -> Problem:
    """Dice and the deal are not the seat's to play."""
    return (f"'{move}' is a chance move (dice and the deal); the player to move is "
            f"{d.who(flow.current_player(d))}", rules.TURN)


def _pick_first(d: SjoDraft) -> Problem:
    return (f"setup: {d.who(d.picks_left[0])} picks a pirate and a "
            "starting hex first, e.g. 'pick hook g2'", rules.PICK)


def _rolled(d: SjoDraft) -> Problem:
    return (f"you rolled {d.die} for a move over land: walk exactly that many "
            "hexes ('walk ...'), or shoot first", rules.EXACT)


def _acted(d: SjoDraft) -> Problem:
    return (f"{d.who(d.turn)} has had this turn's action; shoot, push or "
            "'end' the turn", rules.TURN)


#: What a move of another phase is told, by phase (pick, walk, after).
_REFUSE: dict[str, Callable[[SjoDraft], Problem]] = {
    PICK: _pick_first, WALK: _rolled, AFTER: _acted,
}


def in_phases(by_phase: dict[str, PhaseProblem]) -> PhaseProblem:
    """The problem of a move type played in the phases of ``by_phase`` (phase ->
    problem); in any other phase the move is refused with that phase's reason."""
    def problem(d: SjoDraft, move: SjoMove) -> Problem:
        check = by_phase.get(d.phase)
        if check is None:
            return _REFUSE[d.phase](d)
        return check(d, move)
    return problem


def picked(d: SjoDraft, move: SjoMove) -> Problem:
    """A pick after the picks."""
    return ("the pirates were picked at the start of the game", rules.PICK)


def declare_first(d: SjoDraft, move: SjoMove) -> Problem:
    """A walk (or staying) before the land move is declared and rolled."""
    return ("declare a move over land ('move') and roll first", rules.MOVE)


def push_later(d: SjoDraft, move: SjoMove) -> Problem:
    """A push before the action."""
    return ("push a wounded pirate only after ending your move on his hex", rules.PUSH)


def must_act(d: SjoDraft, move: SjoMove) -> Problem:
    """Ending the turn before its action."""
    return (f"{d.who(d.turn)} must take one action this turn (move, jump, "
            "cross, float, dig or drag; only the mortar lets a pirate wait)", rules.TURN)


PlaceProblem = Callable[[SjoDraft, Pirate, Any], Problem]


def fine(d: SjoDraft, p: Pirate, move: SjoMove) -> Problem:
    """Nothing in the way."""
    return None


def _on_raft(d: SjoDraft, p: Pirate, move: SjoMove) -> Problem:
    return (f"{d.who(d.turn)} is on the raft: roll for the raft ('float') or shoot; he "
            "cannot leave it", rules.RAFT)


def _in_water(d: SjoDraft, p: Pirate, move: SjoMove) -> Problem:
    return (f"{d.who(d.turn)} is in the water at {d.h(p.at)}: float along the arrows or "
            "climb out onto neighbouring land", rules.FLOAT)


def on_land(d: SjoDraft, p: Pirate, move: SjoMove) -> Problem:
    """Floating or climbing out from land."""
    return (f"{d.who(d.turn)} is on land, not in the water", rules.FLOAT)


def action(land: PlaceProblem, water: PlaceProblem = _in_water,
           aboard: PlaceProblem = _on_raft) -> PhaseProblem:
    """The problem of an action declared at the start of the turn, by where the pirate
    to move is: on the raft, in the water or on land (SJO §4, §6, §10)."""
    def problem(d: SjoDraft, move: SjoMove) -> Problem:
        p = d.p(d.turn)
        if p.aboard:
            return aboard(d, p, move)
        if d.in_water(p):
            return water(d, p, move)
        return land(d, p, move)
    return in_phases({START: problem})


def jump_or_board(d: SjoDraft, p: Pirate, move: Jump) -> Problem:
    """A jump from land: aboard the raft (no target) or to a site (SJO §6, §10)."""
    return raft.board_problem(d, p) if move.to is None else jumping.jump_site_problem(d, p, move)


# ----- declaring and rolling -----------------------------------------------------------------
Said = Callable[[SjoDraft, Any, str], tuple[str, str, str]]


def declaring(said: Said, aim: bool = False) -> Callable[[SjoDraft, Any], Next]:
    """The effect of declaring this turn's action (move, jump, cross, dig, drag, float,
    launch): ``said(d, move, who)`` is the action, what is said and its rule; with
    ``aim`` the move's target hex is kept. The movement die follows (SJO §4)."""
    def declare(d: SjoDraft, move: Any) -> Next:
        action, text, rule = said(d, move, d.who(d.turn))
        d.action = action
        if aim and move.to is not None:
            d.target = d.board.hex(move.to)
        d.phase = ROLL
        d.say(text, rule, "declare")
        return Next.NOTHING
    return declare


def said_jump(d: SjoDraft, move: Jump, who: str) -> tuple[str, str, str]:
    """A jump aboard the raft (no target) or towards a hex."""
    if move.to is None:
        return ("board", f"{who} says \"Jump!\" to get aboard the raft (3 or more)",
                rules.RAFT_JUMP)
    return "jump", f"{who} says \"Jump!\" towards {move.to} (3 or more)", rules.DECLARE


def said_float(d: SjoDraft, move: Float, who: str) -> tuple[str, str, str]:
    """Rolling for the raft, or floating along the river."""
    if d.p(d.turn).aboard:
        return "float", f"{who} rolls for the raft", rules.RAFT
    return "float", f"{who} floats along the river", rules.FLOAT


def _raft_duty(d: SjoDraft, face: int, who: str) -> Next:
    d.say(f"{who} rolls {face} for the raft with nobody aboard", rules.RAFT_SHOT, "roll")
    d.raft_done = True
    raft.move_raft(d, face)
    if d.result is None:
        flow.turn_body(d)
    return Next.NOTHING


def _drift(d: SjoDraft, face: int, who: str) -> Next:
    seat = d.turn
    d.say(f"{who} rolls {face} and drifts, wounded", rules.WOUNDED_WATER, "roll")
    river.float_down(d, seat, face)
    p = d.p(seat)
    if not p.out and p.wound is not None:
        d.set(seat, wound=max(0, p.wound - 1))
    flow.end_turn(d)
    return Next.NOTHING


def _move(d: SjoDraft, face: int, who: str) -> Next:
    d.say(f"{who} rolls {face}", rules.EXACT, "roll")
    d.die = face
    settle_walk_phase(d)
    return Next.NOTHING


def _float(d: SjoDraft, face: int) -> None:
    if d.p(d.turn).aboard:
        raft.move_raft(d, face)
    else:
        river.float_down(d, d.turn, face)


#: The roll of a declared action: what it needs, its rule, and what it decides.
_ROLLED: dict[str, tuple[int | None, str, Callable[[SjoDraft, int], None]]] = {
    "jump": (3, rules.JUMP, lambda d, face: jumping.resolve_jump(d, face >= 3)),
    "cross": (2, rules.JUMP, lambda d, face: jumping.resolve_cross(d, face >= 2)),
    "board": (3, rules.RAFT_JUMP, lambda d, face: raft.resolve_board(d, face >= 3)),
    "dig": (4, rules.DIG, lambda d, face: digging.resolve_dig(d, "dig", face >= 4)),
    "drag": (4, rules.DRAG, lambda d, face: digging.resolve_dig(d, "drag", face >= 4)),
    "float": (None, rules.FLOAT, _float),
    "launch": (None, rules.FLOAT, raft.launch),
}
_DUTIES: dict[str, Callable[[SjoDraft, int, str], Next]] = {
    "raft-duty": _raft_duty, "drift": _drift, "move": _move,
}


def resolve_roll(d: SjoDraft, move: Roll) -> Next:
    """The movement die decides the declared action (SJO §5, §6, §9, §10), drifts a
    wounded pirate in the water (SJO §7) or floats the raft with nobody aboard."""
    face = move.face
    action = d.action
    who = d.who(d.turn)
    d.action = None
    assert action is not None
    duty = _DUTIES.get(action)
    if duty is not None:
        return duty(d, face, who)
    need, rule, decide = _ROLLED[action]
    if need is not None:
        ok = face >= need
        d.say(f"{who} rolls {face}: {'success' if ok else 'failure'} (needs {need} or "
              "more)", rule, "roll")
    else:
        d.say(f"{who} rolls {face}", rules.FLOAT, "roll")
    decide(d, face)
    if d.result is None:
        after_action(d)
    return Next.NOTHING


def settle_walk_phase(d: SjoDraft) -> None:
    """After a land roll: walk (or shoot first), or lose the move when locked in."""
    if movement.walks(d) or _targets_now(d):
        d.phase = WALK
        return
    d.say(f"{d.who(d.turn)} is locked in: no path of {d.die} hexes; the "
          "move is lost", rules.LOCKED, "locked")
    after_action(d)


def _targets_now(d: SjoDraft) -> bool:
    d.phase = WALK  # shooting is allowed between the roll and the walk
    return bool(shooting.can_shoot(d) and shooting.targets(d))


# ----- what follows an action ------------------------------------------------------------------
def after_action(d: SjoDraft) -> None:
    """The action is done: the escape check (SJO §11-12), then shoot, push or end."""
    d.acted = True
    if d.result is None:
        flow.check_escape(d, d.turn)
    after_or_end(d)


def after_or_end(d: SjoDraft) -> None:
    """Phase "after" while a shot or a push is possible, else the turn ends."""
    if d.result is not None:
        return
    d.phase = AFTER
    if (shooting.can_shoot(d) and shooting.targets(d)) or shooting.push_targets(d):
        return
    flow.end_turn(d)


def _after_shot(d: SjoDraft) -> None:
    if d.result is not None:
        return
    if d.phase == WALK:
        settle_walk_phase(d)
    elif d.phase == AFTER:
        after_or_end(d)


_PROCEED: dict[Next, Callable[[SjoDraft], None]] = {
    Next.NOTHING: lambda d: None,
    Next.AFTER_ACTION: after_action,
    Next.AFTER_OR_END: after_or_end,
    Next.AFTER_SHOT: _after_shot,
}


def proceed(d: SjoDraft, then: Next) -> None:
    """Do what a section's effect asked for (see :class:`~..flow.Next`)."""
    _PROCEED[then](d)


def stay(d: SjoDraft, move: Stay) -> Next:
    """A pirate locked in loses his move (SJO §5)."""
    d.say(f"{d.who(d.turn)} is locked in and loses the move", rules.LOCKED, "locked")
    return Next.AFTER_ACTION


def end(d: SjoDraft, move: End) -> Next:
    """The seat to move ends the turn."""
    flow.end_turn(d)
    return Next.NOTHING
