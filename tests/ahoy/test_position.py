"""The Ahoy position (docs/architecture.md §4): records made before the reshape replay
to the same positions."""

from __future__ import annotations

import json
from typing import Any

import pytest

import treasurekit
from tests.ahoy.records_before import DATA, digest, fingerprint
from treasurekit.core import GameRecord

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
