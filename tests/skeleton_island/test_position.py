"""The whole state of a game is one frozen position (docs/architecture.md §4): frozen,
shared by copies, put back by undo, untouched by an illegal move; and records made
before the reshape of issue 11 replay to the same positions."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import treasurekit
from tests.skeleton_island.records_fingerprint import DATA, fingerprint, replay_events
from treasurekit.core import IllegalMoveError
from treasurekit.core.draft import replace
from treasurekit.skeleton_island import Phase, SkeletonPosition, SkeletonState

RECORDS = json.loads(DATA.read_text())


def started(seed: int = 3, **options: object) -> SkeletonState:
    s = treasurekit.load_game("skeleton_island", **options).new_initial_state(seed)
    assert isinstance(s, SkeletonState)
    while s.is_chance_node():
        s.resolve_chance()
    return s


def test_the_position_is_frozen() -> None:
    s = started()
    pos = s.position
    assert isinstance(pos, SkeletonPosition)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.turn = 1  # type: ignore[misc]
    assert hash(pos) == hash(dataclasses.replace(pos))
    assert pos == dataclasses.replace(pos) and pos != dataclasses.replace(pos, turn=1)


def test_replace_changes_each_field_like_dataclasses_replace() -> None:
    pos = started().position
    for f in dataclasses.fields(SkeletonPosition):
        change: dict[str, Any] = {f.name: ("changed", f.name)}
        changed = replace(pos, **change)
        assert changed == dataclasses.replace(pos, **change), f.name
        assert getattr(changed, f.name) == ("changed", f.name) and changed != pos
    assert replace(pos) == pos and replace(pos) is not pos
    assert hash(replace(pos)) == hash(pos)
    with pytest.raises(AttributeError):
        replace(pos, trun=1)


def test_a_copy_shares_the_position_and_diverges_after_a_move() -> None:
    s = started()
    c = s.copy()
    assert c.position is s.position
    c.play(c.legal_moves()[0])
    assert c.position != s.position
    assert s.ply + 1 == c.ply


def test_undo_restores_the_identical_position() -> None:
    s = started()
    before = s.position
    s.play(s.legal_moves()[0])
    while s.is_chance_node():
        s.resolve_chance()
    assert s.position is not before
    while s.position is not before:
        s.undo()
    assert s.position is before


def test_an_illegal_move_leaves_the_position_identical() -> None:
    s = started()
    before = s.position
    with pytest.raises(IllegalMoveError):
        s.play("keep")
    assert s.position is before
    assert s.why_illegal("double") is not None and s.position is before


def test_the_phase_is_an_enum_equal_to_its_old_word() -> None:
    s = started()
    phase: str = s.phase
    assert phase is Phase.START and phase == "start" and str(phase) == "start"
    assert s.view(0).phase == "start" and type(s.view(0).phase) is str


@pytest.mark.parametrize("game", RECORDS, ids=[f"seed{g['seed']}" for g in RECORDS])
def test_records_made_before_the_reshape_replay_to_the_same_positions(
    game: dict[str, object],
) -> None:
    state, events = replay_events(str(game["record"]))
    assert fingerprint(state, events) == game["fingerprint"]
