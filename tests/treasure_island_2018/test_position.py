"""The position: records made before issue 11's reshaping replay to the same positions
(docs/architecture.md §4)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

import treasurekit

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
