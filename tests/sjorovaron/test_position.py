"""The Sjörövarön position (docs/architecture.md §4): one frozen value, shared by copies,
put back whole by undo, untouched by an illegal move; and records made before the
reshape (issue 11) replay to the same positions."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from treasurekit.core import GameRecord, IllegalMoveError
from treasurekit.sjorovaron import SjoGame

DATA = Path(__file__).resolve().parent / "data"
_spec = importlib.util.spec_from_file_location("make_records_before",
                                               DATA / "make_records_before.py")
assert _spec is not None and _spec.loader is not None
before = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(before)
RECORDS: list[dict[str, Any]] = json.loads((DATA / "records_before.json").read_text("utf-8"))


@pytest.mark.parametrize("k", range(len(RECORDS)))
def test_records_made_before_the_reshape_replay_to_the_same_positions(k: int) -> None:
    saved = RECORDS[k]
    record = GameRecord.from_json(saved["record"])
    state = SjoGame(**record.options).new_initial_state(record.seed)
    digests = [before.digest(state)]
    for move in record.moves:
        state.play(move)
        digests.append(before.digest(state))
    assert before.fingerprint(state) == saved["final"]
    assert hashlib.sha256("".join(digests).encode()).hexdigest() == saved["digest"]


def playing(seed: int = 5, plies: int = 60) -> Any:
    state = SjoGame(players=3).new_initial_state(seed)
    bots = [before.bot("greedy", s, seed) for s in range(3)]
    while state.ply < plies and not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(bots[state.current_player].choose(state))
    return state


def test_the_position_is_frozen() -> None:
    state = playing()
    pos = state.position
    field = dataclasses.fields(pos)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(pos, field, None)
    assert hash(pos) == hash(dataclasses.replace(pos))
    assert pos == dataclasses.replace(pos)


def test_copy_shares_the_position_and_diverges_after_a_move() -> None:
    state = playing()
    twin = state.copy()
    assert twin.position is state.position
    if twin.is_chance_node():
        twin.resolve_chance()
    else:
        twin.play(twin.legal_moves()[0])
    assert twin.position != state.position
    assert state.position is not twin.position


def test_undo_restores_the_identical_position_object() -> None:
    state = playing()
    pos = state.position
    state.play(state.legal_moves()[-1]) if not state.is_chance_node() else state.resolve_chance()
    assert state.position is not pos
    state.undo()
    assert state.position is pos


def test_an_illegal_move_leaves_the_position_identical() -> None:
    state = playing(plies=40)
    while state.is_chance_node():
        state.resolve_chance()
    pos = state.position
    with pytest.raises(IllegalMoveError):
        state.play("walk a1 a2 a3 a4 a5 a6 a7")
    with pytest.raises(IllegalMoveError):
        state.play("pick hook g2")
    assert state.position is pos


def test_every_move_type_has_one_effect_in_the_dispatch_table() -> None:
    from treasurekit.sjorovaron.rules.sections import TABLE

    assert set(TABLE) == set(SjoGame.MOVE_TYPES)


def test_a_changed_position_equals_the_replaced_one_and_refuses_unknown_fields() -> None:
    from treasurekit.core.draft import replace as changed

    pos = playing().position
    assert changed(pos, bonus_left=3) == dataclasses.replace(pos, bonus_left=3)
    assert changed(pos, bonus_left=3) != pos and pos.bonus_left != 3
    with pytest.raises(AttributeError):
        changed(pos, bonus=3)


def test_the_pure_apply_leaves_its_position_alone() -> None:
    from treasurekit.sjorovaron.state import apply

    state = playing()
    pos = state.position
    snapshot = dataclasses.astuple(pos)
    move = state.legal_moves()[0]
    after, events = apply(pos, state.context, move)
    assert dataclasses.astuple(pos) == snapshot and after != pos and events
    state.play(move)
    assert state.position == after
