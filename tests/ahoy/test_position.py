"""The Ahoy position (docs/architecture.md §4): one frozen value per game, shared by
copies and undo; records made before the reshape replay to the same positions."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import treasurekit
from tests.ahoy.helpers import R, game
from tests.ahoy.records_before import DATA, digest, fingerprint
from treasurekit.ahoy import AhoyPosition, Phase
from treasurekit.core import GameRecord, IllegalMoveError

BEFORE: list[dict[str, Any]] = json.loads(DATA.read_text())


@pytest.mark.parametrize("number", range(len(BEFORE)))
def test_records_made_before_the_reshape_replay_to_the_same_positions(number: int) -> None:
    saved = BEFORE[number]
    record = GameRecord.from_json(saved["record"])
    state = treasurekit.load_game(record.game, **record.options).new_initial_state(record.seed)
    hashes = [digest(fingerprint(state))]
    for move in record.moves:
        events = state.play(move)
        hashes.append(digest(fingerprint(state, events)))
    assert fingerprint(state) == saved["final"]
    assert hashes == saved["hashes"]
    assert str(treasurekit.replay(saved["record"])) == saved["final"]["text"]


def test_the_position_is_frozen() -> None:
    pos = game().new_initial_state().position
    assert isinstance(pos, AhoyPosition)
    with pytest.raises(dataclasses.FrozenInstanceError):
        pos.die = 3  # type: ignore[misc]
    assert pos.die is None


def test_equal_games_have_equal_hashable_positions() -> None:
    a = game().new_initial_state(seed=1)
    b = game().new_initial_state(seed=2)  # another seed: the same position until it rolls
    assert a.position == b.position and hash(a.position) == hash(b.position)
    a.play("roll 3")
    b.play("roll 4")
    assert a.position != b.position
    assert len({a.position, b.position, game().new_initial_state().position}) == 3


def test_copy_shares_the_position_and_diverges_after_a_move() -> None:
    s = game().new_initial_state(seed=5)
    s.play("roll 2")
    c = s.copy()
    assert c.position is s.position
    c.play("move start 2")
    assert c.position is not s.position
    assert s.pile(2) == () and c.pile(2) == (R,)
    assert s.die == 2 and c.die is None


def test_undo_restores_the_identical_position() -> None:
    s = game().new_initial_state(seed=5)
    s.play("roll 2")
    before = s.position
    s.play("move start 2")
    s.undo()
    assert s.position is before


def test_an_illegal_move_leaves_the_position_identical() -> None:
    s = game().position({6: "RB"}, die=1)
    before = s.position
    for move in ("move 6 1", "move start 2", "pass", "roll 3", "move 25 1"):
        with pytest.raises(IllegalMoveError):
            s.play(move)
        assert s.position is before
    assert s.history == ()


def test_the_phase_is_roll_move_or_over_and_equals_its_old_word() -> None:
    s = game().new_initial_state(seed=5)
    assert s.phase is Phase.ROLL and s.phase == "roll" and str(s.phase) == "roll"
    s.play("roll 2")
    assert s.phase is Phase.MOVE
    over = game().position({20: "B"}, chests="RBRB", die=1, turn=1)
    over.play("move 20 1")
    assert over.phase is Phase.OVER and over.is_terminal()


def test_position_refuses_a_pirate_on_open_water() -> None:
    with pytest.raises(ValueError, match="open water"):
        game().position({3: "R"})


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"chests": "RBRBRB"}, "names 6 chests; the island has 5"),
        ({"turn": 2}, "turn must be a seat 0-1, got 2"),
        ({"die": 7}, "die must be 1-5"),
        ({"planks": (4,)}, "square 4 is not a water square"),
        ({"out": {"Q": 1}}, "unknown colour letter 'Q'"),
    ],
)
def test_position_building_refuses_bad_input_naming_it(kwargs: dict[str, Any],
                                                        message: str) -> None:
    with pytest.raises(ValueError, match=message):
        game().position(**kwargs)
