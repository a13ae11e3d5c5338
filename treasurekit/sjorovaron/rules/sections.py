"""Sjörövarön's one dispatch: each move type -> the rule section that owns it, its
problem and its effect (docs/architecture.md §3, "Dispatch").

A problem knows the phases its move belongs to (:func:`.turn.in_phases`; a move of
another phase is told that phase's reason) and, for an action declared at the start of
a turn, where the pirate must be (:func:`.turn.action`: on the raft, in the water or on
land). An effect changes the draft and says what the turn does next (a
:class:`~..flow.Next`, done by :func:`.turn.proceed`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.dispatch import MoveTable, Section
from .. import rules
from ..flow import AFTER, PICK, START, WALK, Next
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
from ..position import Problem, SjoDraft
from . import digging, jumping, mortar, movement, raft, river, setup, shooting, turn
from .turn import action, declaring, fine, in_phases, on_land

__all__ = ["EFFECTS", "TABLE", "problem"]

_PLAYED = (START, WALK, AFTER)  # the phases after the picks

#: Move type -> its section (problem, effect): the one table's entries.
_SECTIONS: dict[type, Section[Next]] = {
    Order: Section(turn.chance_problem, setup.apply_order),
    Deal: Section(turn.chance_problem, setup.apply_deal),
    Roll: Section(turn.chance_problem, turn.resolve_roll),
    Shot: Section(turn.chance_problem, shooting.resolve_shot),
    Pick: Section(in_phases({PICK: setup.pick_problem,
                             **dict.fromkeys(_PLAYED, turn.picked)}), setup.apply_pick),
    Shoot: Section(in_phases(dict.fromkeys(_PLAYED, shooting.shoot_problem)),
                   shooting.declare_shot),
    Walk: Section(in_phases({WALK: movement.walk_problem, START: turn.declare_first}),
                  movement.apply_walk),
    Stay: Section(in_phases({WALK: lambda d, move: movement.stay_problem(d),
                             START: turn.declare_first}), turn.stay),
    End: Section(in_phases({AFTER: lambda d, move: None, START: turn.must_act}), turn.end),
    Push: Section(in_phases({AFTER: shooting.push_problem, START: turn.push_later}),
                  shooting.apply_push),
    Fire: Section(in_phases({START: mortar.fire_problem}), mortar.declare_fire),
    Float: Section(action(land=on_land, water=fine, aboard=fine),
                   declaring(turn.said_float)),
    Climb: Section(action(land=on_land, water=river.climb_problem), river.apply_climb),
    Go: Section(action(land=fine), declaring(
        lambda d, move, who: ("move", f"{who} will move over land", rules.MOVE))),
    Jump: Section(action(land=turn.jump_or_board), declaring(turn.said_jump, aim=True)),
    Cross: Section(action(land=jumping.cross_site_problem), declaring(
        lambda d, move, who: ("cross", f"{who} says \"Cross!\" towards {move.to} "
                              "(2 or more)", rules.DECLARE), aim=True)),
    Dig: Section(action(land=lambda d, p, move: digging.dig_problem(d, p)), declaring(
        lambda d, move, who: ("dig", f"{who} says \"I dig\" (4 or more)", rules.DIG))),
    Drag: Section(action(land=lambda d, p, move: digging.drag_problem(d, p)), declaring(
        lambda d, move, who: ("drag", f"{who} says \"I drag\" (4 or more)", rules.DRAG))),
    Launch: Section(action(land=lambda d, p, move: raft.launch_problem(d, p)), declaring(
        lambda d, move, who: ("launch", f"{who} pushes off on the raft with the chest",
                              rules.RAFT))),
    Wait: Section(action(land=lambda d, p, move: mortar.wait_problem(d, p)), mortar.wait),
}
#: The one table: move type -> its section (problem, effect).
TABLE: MoveTable[Next] = MoveTable("Sjörövarön", _SECTIONS)


#: Each move type's effect (``TABLE.of(move).apply``, looked up in one step: every ply).
EFFECTS: dict[type, Callable[[SjoDraft, Any], Next]] = {
    kind: section.apply for kind, section in _SECTIONS.items()}


def problem(d: SjoDraft, move: SjoMove) -> Problem:
    """Why ``move`` may not be played by the seat to move, as ``(reason, rule)``, or None
    (not at a chance node: the engine answers those).

    Raises:
        UnknownMoveTypeError: ``move`` is not a Sjörövarön move.
    """
    return TABLE.of(move).problem(d, move)
