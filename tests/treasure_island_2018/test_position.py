"""The position (docs/architecture.md §4): one frozen value, shared by copies, put back
identical by undo, untouched by an illegal move; records made before issue 11's
reshaping replay to the same positions."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import treasurekit
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2018.flow import Phase
from treasurekit.treasure_island_2018.position import TIPosition

DATA = Path(__file__).with_name("data")
_spec = importlib.util.spec_from_file_location("ti_records_before",
                                               DATA / "make_records_before.py")
assert _spec is not None and _spec.loader is not None
maker: Any = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(maker)
GAMES = json.loads((DATA / "records_before.json").read_text())["games"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"seed{g['spec']['seed']}")
def test_records_before_replay_to_the_same_positions(game: dict[str, Any]) -> None:
    state = treasurekit.replay(game["record"])
    assert maker.fingerprint(state) == game["fingerprint"]


def _started() -> Any:
    """A game after burying and the setup draws: Silver plays the first Starting Hint."""
    s = treasurekit.load_game("treasure_island_2018", players=4).new_initial_state(3)
    s.play("bury 10,13")
    while s.is_chance_node():
        s.resolve_chance()
    return s


def test_the_position_is_frozen() -> None:
    s = _started()
    pos = s.position
    assert isinstance(pos, TIPosition) and s.data is pos
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.day = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.phase = Phase.ACTIONS  # type: ignore[misc]


def test_the_phase_is_a_phase_enum_equal_to_its_word() -> None:
    s = _started()
    assert s.position.phase is Phase.HINT and s.phase == "hint" and str(s.phase) == "hint"
    assert s.view(1).phase == "hint" and type(s.view(1).phase) is str  # views keep words


def test_copy_shares_the_position_and_diverges_after_a_move() -> None:
    s = _started()
    twin = s.copy()
    assert twin.position is s.position
    twin.play(twin.legal_moves()[0])
    assert twin.position is not s.position and twin.position != s.position
    assert s.phase == "hint" and s.ply == twin.ply - 1


def test_undo_restores_the_identical_position_object() -> None:
    s = _started()
    before = s.position
    s.play(s.legal_moves()[0])
    while s.is_chance_node():
        s.resolve_chance()
    assert s.position is not before
    while s.position is not before:
        s.undo()
    assert s.position is before


def test_an_illegal_move_leaves_the_position_identical() -> None:
    s = _started()
    before = s.position
    with pytest.raises(IllegalMoveError):
        s.play("bury 10,13")
    with pytest.raises(IllegalMoveError):
        s.play("horse red 1,1")
    assert s.position is before


def test_equal_games_have_equal_positions() -> None:
    a, b = _started(), _started()
    assert a.position == b.position and hash(a.position) == hash(b.position)
    b.play(b.legal_moves()[-1])
    assert a.position != b.position


def test_a_position_holds_every_secret_a_view_hides() -> None:
    s = _started()
    pos, pirate = s.position, s.view(1)
    assert pos.treasure is not None and pirate.treasure is None
    assert pos.start_hand and pirate.hand == ()
