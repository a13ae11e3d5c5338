"""SJO §4 Game Rules: each turn one action, declared and then rolled for, and one shot
before or after the roll.

This module is the turn: the legal moves of each phase, the problem with a move (it
asks the section the move belongs to: :mod:`.movement`, :mod:`.jumping`,
:mod:`.river`, :mod:`.shooting`, :mod:`.digging`, :mod:`.raft`, :mod:`.mortar`), the
declared actions, the movement die (which action it decides), and what follows an
action (:func:`proceed`: the escape check, then shoot, push or end the turn).
"""

from __future__ import annotations

from collections.abc import Callable

from .. import flow, rules
from ..flow import AFTER, PICK, ROLL, START, WALK, Next
from ..moves import (
    Climb,
    Cross,
    Deal,
    Dig,
    Drag,
    End,
    Fire,
    Float,
    Go,
    Jump,
    Launch,
    Order,
    Pick,
    Push,
    Roll,
    Shoot,
    Shot,
    SjoMove,
    Stay,
    Wait,
    Walk,
)
from ..position import Draft, Pirate, Problem
from . import digging, jumping, mortar, movement, raft, river, setup, shooting

__all__ = ["NEED", "declare", "end", "legal", "problem", "proceed", "resolve_roll",
           "settle_walk_phase", "start_moves", "stay"]

#: What each declared action needs on the die (SJO §6, §9, §10).
NEED = {"jump": 3, "cross": 2, "board": 3, "dig": 4, "drag": 4}


# ----- legal moves ---------------------------------------------------------------------------
def legal(d: Draft) -> list[SjoMove]:
    """The legal moves of the seat to move (not at a chance node)."""
    return _LEGAL[d.phase](d)


#: The moves without fields, made once (frozen values, equal to new ones).
_FLOAT, _GO, _DIG, _DRAG, _LAUNCH, _WAIT, _STAY, _END, _BOARD = (
    Float(), Go(), Dig(), Drag(), Launch(), Wait(), Stay(), End(), Jump(None))


def start_moves(d: Draft) -> list[SjoMove]:
    """Phase "start": fire the mortar, shoot, or declare this turn's action.

    Each section's problem is asked only when its first condition holds (the raft's
    state, where the chest is), so the reasons of the moves that are plainly not
    there are never written (the same list, cheaper: this runs every turn)."""
    p = d.p(d.turn)
    moves: list[SjoMove] = []
    if p.aboard:
        return [_FLOAT, *shooting.shoot_moves(d)]
    if d.in_water(p):
        moves.append(_FLOAT)
        if not p.must_float:
            moves += [Climb(d.h(h)) for h in river.climb_targets(d, p)]
        return moves
    if not d.shot_used:
        moves += [Fire(t) for t in mortar.fire_targets(d)]
    moves += shooting.shoot_moves(d)
    moves.append(_GO)
    board = d.board
    at = p.at
    for to, _ in board.jump_sites(at):
        if jumping.jump_problem(d, at, to, p.seat) is None:
            moves.append(Jump(d.h(to)))
    for to, _, _ in board.crossing_sites(at):
        if movement.landing_problem(d, to, p.seat) is None:
            moves.append(Cross(d.h(to)))
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


def _walk_moves(d: Draft) -> list[SjoMove]:
    walks = movement.walks(d)
    moves: list[SjoMove] = [*d.walker.walk_moves(walks), *shooting.shoot_moves(d)]
    if not walks:
        moves.append(_STAY)
    return moves


def _after_moves(d: Draft) -> list[SjoMove]:
    return [*shooting.shoot_moves(d), *(Push(d.h(w)) for w in shooting.push_targets(d)),
            _END]


_LEGAL: dict[str, Callable[[Draft], list[SjoMove]]] = {
    PICK: setup.legal, START: start_moves, WALK: _walk_moves,
    AFTER: _after_moves,
}


# ----- problems ------------------------------------------------------------------------------
def problem(d: Draft, move: SjoMove) -> Problem:
    """Why ``move`` may not be played by the seat to move, as ``(reason, rule)``, or None."""
    if isinstance(move, (Order, Deal, Roll, Shot)):
        return (f"'{move}' is a chance move (dice and the deal); the player to move is "
                f"{d.who(flow.current_player(d))}", rules.TURN)
    if d.phase == PICK:
        if not isinstance(move, Pick):
            return (f"setup: {d.who(d.picks_left[0])} picks a pirate and a "
                    "starting hex first, e.g. 'pick hook g2'", rules.PICK)
        return setup.pick_problem(d, move)
    if isinstance(move, Pick):
        return ("the pirates were picked at the start of the game", rules.PICK)
    if isinstance(move, Shoot):
        return shooting.shoot_problem(d, move)
    return _PHASE_PROBLEMS[d.phase](d, move)


def _walk_problem(d: Draft, move: SjoMove) -> Problem:
    """Phase "walk": the rolled move over land (SJO §5)."""
    if isinstance(move, Walk):
        return movement.walk_problem(d, move)
    if isinstance(move, Stay):
        return movement.stay_problem(d)
    return (f"you rolled {d.die} for a move over land: walk exactly that many "
            "hexes ('walk ...'), or shoot first", rules.EXACT)


def _after_problem(d: Draft, move: SjoMove) -> Problem:
    """Phase "after": the action is done."""
    if isinstance(move, End):
        return None
    if isinstance(move, Push):
        return shooting.push_problem(d, move)
    return (f"{d.who(d.turn)} has had this turn's action; shoot, push or "
            "'end' the turn", rules.TURN)


def _start_problem(d: Draft, move: SjoMove) -> Problem:
    """Phase "start": the action is still to be declared."""
    if isinstance(move, (Walk, Stay)):
        return ("declare a move over land ('move') and roll first", rules.MOVE)
    if isinstance(move, Push):
        return ("push a wounded pirate only after ending your move on his hex",
                rules.PUSH)
    if isinstance(move, End):
        return (f"{d.who(d.turn)} must take one action this turn (move, jump, "
                "cross, float, dig or drag; only the mortar lets a pirate wait)",
                rules.TURN)
    return action_problem(d, move)


_PHASE_PROBLEMS: dict[str, Callable[[Draft, SjoMove], Problem]] = {
    WALK: _walk_problem, AFTER: _after_problem, START: _start_problem,
}


def _jump_or_board(d: Draft, p: Pirate, move: Jump) -> Problem:
    return raft.board_problem(d, p) if move.to is None else jumping.site_problem(d, p, move)


#: The problem of each action declared from land, by move type.
_LAND_ACTIONS: dict[type, Callable[[Draft, Pirate, SjoMove], Problem]] = {
    Go: lambda d, p, move: None,
    Jump: _jump_or_board,  # type: ignore[dict-item]
    Cross: jumping.site_problem,  # type: ignore[dict-item]
    Dig: lambda d, p, move: digging.dig_problem(d, p),
    Drag: lambda d, p, move: digging.drag_problem(d, p),
    Launch: lambda d, p, move: raft.launch_problem(d, p),
    Wait: lambda d, p, move: mortar.wait_problem(d, p),
}


def action_problem(d: Draft, move: SjoMove) -> Problem:
    """Why the seat to move may not declare ``move`` as this turn's action, or None."""
    p = d.p(d.turn)
    who = d.who(d.turn)
    if isinstance(move, Fire):
        return mortar.fire_problem(d, move)
    if p.aboard:
        if isinstance(move, Float):
            return None
        return (f"{who} is on the raft: roll for the raft ('float') or shoot; he cannot "
                "leave it", rules.RAFT)
    if d.in_water(p):
        if isinstance(move, Float):
            return None
        if isinstance(move, Climb):
            return river.climb_problem(d, p, move)
        return (f"{who} is in the water at {d.h(p.at)}: float along the arrows or "
                "climb out onto neighbouring land", rules.FLOAT)
    if isinstance(move, (Float, Climb)):
        return (f"{who} is on land, not in the water", rules.FLOAT)
    check = _LAND_ACTIONS.get(type(move))
    if check is None:
        return (f"'{move}' cannot be played now", rules.TURN)
    return check(d, p, move)


# ----- declaring and rolling -----------------------------------------------------------------
def _declared(d: Draft, move: SjoMove, who: str) -> tuple[str, str, str]:
    """The action ``move`` declares, what is said, and its rule."""
    if isinstance(move, Go):
        return "move", f"{who} will move over land", rules.MOVE
    if isinstance(move, Jump) and move.to is None:
        return ("board", f"{who} says \"Jump!\" to get aboard the raft (3 or more)",
                rules.RAFT_JUMP)
    if isinstance(move, Jump):
        return "jump", f"{who} says \"Jump!\" towards {move.to} (3 or more)", rules.DECLARE
    if isinstance(move, Cross):
        return "cross", f"{who} says \"Cross!\" towards {move.to} (2 or more)", rules.DECLARE
    if isinstance(move, Dig):
        return "dig", f"{who} says \"I dig\" (4 or more)", rules.DIG
    if isinstance(move, Drag):
        return "drag", f"{who} says \"I drag\" (4 or more)", rules.DRAG
    if isinstance(move, Float):
        if d.p(d.turn).aboard:
            return "float", f"{who} rolls for the raft", rules.RAFT
        return "float", f"{who} floats along the river", rules.FLOAT
    if isinstance(move, Launch):
        return "launch", f"{who} pushes off on the raft with the chest", rules.RAFT
    raise TypeError(f"not an action: {move!r}")  # pragma: no cover - problem() stops it


def declare(d: Draft, move: SjoMove) -> Next:
    """Declare this turn's action (move, jump, cross, dig, drag, float, launch); the
    movement die follows (SJO §4)."""
    action, text, rule = _declared(d, move, d.who(d.turn))
    d.action = action
    if isinstance(move, (Jump, Cross)) and move.to is not None:
        d.target = d.board.hex(move.to)
    d.phase = ROLL
    d.say(text, rule, "declare")
    return Next.NOTHING


def _raft_duty(d: Draft, face: int, who: str) -> Next:
    d.say(f"{who} rolls {face} for the raft with nobody aboard", rules.RAFT_SHOT, "roll")
    d.raft_done = True
    raft.move_raft(d, face)
    if d.result is None:
        flow.turn_body(d)
    return Next.NOTHING


def _drift(d: Draft, face: int, who: str) -> Next:
    seat = d.turn
    d.say(f"{who} rolls {face} and drifts, wounded", rules.WOUNDED_WATER, "roll")
    river.float_down(d, seat, face)
    p = d.p(seat)
    if not p.out and p.wound is not None:
        d.set(seat, wound=max(0, p.wound - 1))
    flow.end_turn(d)
    return Next.NOTHING


def _move(d: Draft, face: int, who: str) -> Next:
    d.say(f"{who} rolls {face}", rules.EXACT, "roll")
    d.die = face
    settle_walk_phase(d)
    return Next.NOTHING


def _float(d: Draft, face: int) -> None:
    if d.p(d.turn).aboard:
        raft.move_raft(d, face)
    else:
        river.float_down(d, d.turn, face)


#: The roll of a declared action: what it needs, its rule, and what it decides.
_ROLLED: dict[str, tuple[int | None, str, Callable[[Draft, int], None]]] = {
    "jump": (3, rules.JUMP, lambda d, face: jumping.resolve_jump(d, face >= 3)),
    "cross": (2, rules.JUMP, lambda d, face: jumping.resolve_cross(d, face >= 2)),
    "board": (3, rules.RAFT_JUMP, lambda d, face: raft.resolve_board(d, face >= 3)),
    "dig": (4, rules.DIG, lambda d, face: digging.resolve_dig(d, "dig", face >= 4)),
    "drag": (4, rules.DRAG, lambda d, face: digging.resolve_dig(d, "drag", face >= 4)),
    "float": (None, rules.FLOAT, _float),
    "launch": (None, rules.FLOAT, raft.launch),
}
_DUTIES: dict[str, Callable[[Draft, int, str], Next]] = {
    "raft-duty": _raft_duty, "drift": _drift, "move": _move,
}


def resolve_roll(d: Draft, move: Roll) -> Next:
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


def settle_walk_phase(d: Draft) -> None:
    """After a land roll: walk (or shoot first), or lose the move when locked in."""
    if movement.walks(d) or _targets_now(d):
        d.phase = WALK
        return
    d.say(f"{d.who(d.turn)} is locked in: no path of {d.die} hexes; the "
          "move is lost", rules.LOCKED, "locked")
    after_action(d)


def _targets_now(d: Draft) -> bool:
    d.phase = WALK  # shooting is allowed between the roll and the walk
    return bool(shooting.can_shoot(d) and shooting.targets(d))


# ----- what follows an action ------------------------------------------------------------------
def after_action(d: Draft) -> None:
    """The action is done: the escape check (SJO §11-12), then shoot, push or end."""
    d.acted = True
    if d.result is None:
        flow.check_escape(d, d.turn)
    after_or_end(d)


def after_or_end(d: Draft) -> None:
    """Phase "after" while a shot or a push is possible, else the turn ends."""
    if d.result is not None:
        return
    d.phase = AFTER
    if (shooting.can_shoot(d) and shooting.targets(d)) or shooting.push_targets(d):
        return
    flow.end_turn(d)


def _after_shot(d: Draft) -> None:
    if d.result is not None:
        return
    if d.phase == WALK:
        settle_walk_phase(d)
    elif d.phase == AFTER:
        after_or_end(d)


_PROCEED: dict[Next, Callable[[Draft], None]] = {
    Next.NOTHING: lambda d: None,
    Next.AFTER_ACTION: after_action,
    Next.AFTER_OR_END: after_or_end,
    Next.AFTER_SHOT: _after_shot,
}


def proceed(d: Draft, then: Next) -> None:
    """Do what a section's effect asked for (see :class:`~..flow.Next`)."""
    _PROCEED[then](d)


def stay(d: Draft, move: Stay) -> Next:
    """A pirate locked in loses his move (SJO §5)."""
    d.say(f"{d.who(d.turn)} is locked in and loses the move", rules.LOCKED, "locked")
    return Next.AFTER_ACTION


def end(d: Draft, move: End) -> Next:
    """The seat to move ends the turn."""
    flow.end_turn(d)
    return Next.NOTHING
