"""Issue 25 point 2, "one dispatch": each game's one table (move type -> rule section,
``treasurekit/core/dispatch.py``) holds every move type the game offers, and a move of
a type it does not know gets a clear error."""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass

import pytest

from treasurekit import load_game
from treasurekit.core.dispatch import MoveTable, Section, UnknownMoveTypeError

#: Where each game keeps its one table (module, name).
TABLES = {
    "ahoy": ("treasurekit.ahoy.state", "TABLE"),
    "skeleton_island": ("treasurekit.skeleton_island.state", "TABLE"),
    "treasure_island_2018": ("treasurekit.treasure_island_2018.state", "TABLE"),
    "treasure_island_2003": ("treasurekit.treasure_island_2003.state", "TABLE"),
    "sjorovaron": ("treasurekit.sjorovaron.rules.sections", "TABLE"),
}


def _table(name: str) -> MoveTable[object]:
    module, attr = TABLES[name]
    table = getattr(importlib.import_module(module), attr)
    assert isinstance(table, MoveTable)
    return table


def _played_types(name: str, games: int) -> set[type]:
    """Every move class offered (legal moves and chance outcomes) in random playouts."""
    game = load_game(name)
    rng = random.Random(7)
    seen: set[type] = set()
    for seed in range(games):
        s = game.new_initial_state(seed=seed)
        while not s.is_terminal() and s.ply < 3000:
            chance = s.is_chance_node()
            offered = [m for m, _ in s.chance_outcomes()] if chance else s.legal_moves()
            seen |= {type(m) for m in offered}
            s.play(rng.choice(offered))
    return seen


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_table_holds_every_move_type_the_game_offers(name: str) -> None:
    table = _table(name)
    seen = _played_types(name, 6)
    assert seen, "the playouts offered no move"
    assert seen <= table.types, f"no section for {sorted(t.__name__ for t in seen - table.types)}"
    assert table.types == set(load_game(name).MOVE_TYPES)
    for kind in table:
        assert isinstance(table.of(object.__new__(kind)), Section)


@dataclass(frozen=True)
class Foreign:
    """A move class no game knows."""

    to: str = "x"


@pytest.mark.parametrize("name", sorted(TABLES))
def test_an_unknown_move_type_gets_a_clear_error(name: str) -> None:
    table = _table(name)
    with pytest.raises(UnknownMoveTypeError, match=r"has no rule section for a move of "
                                                   r"type Foreign .*its move types are: "):
        table.of(Foreign())
    state = load_game(name).new_initial_state(seed=0)
    assert "not a move of" in (state.why_illegal(Foreign()) or "")  # type: ignore[arg-type]
