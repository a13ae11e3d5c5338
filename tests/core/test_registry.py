"""The registry declares the games by name and imports a game package only when it is
needed (docs/architecture.md §1): ``import treasurekit`` loads the core alone."""

from __future__ import annotations

import subprocess
import sys

import pytest

import treasurekit
from treasurekit.core.registry import Registry

FIVE = ["ahoy", "sjorovaron", "skeleton_island", "treasure_island_2003",
        "treasure_island_2018"]


def fresh(code: str) -> str:
    """Run ``code`` in a fresh interpreter and return what it prints."""
    return subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                          text=True).stdout.strip()


def games_imported(after: str) -> str:
    return fresh(f"import sys\n{after}\n"
                 f"print(sorted(g for g in {FIVE!r} if 'treasurekit.' + g in sys.modules))")


def test_import_treasurekit_imports_no_game() -> None:
    assert games_imported("import treasurekit") == "[]"


def test_listing_the_games_imports_none() -> None:
    code = ("import treasurekit\n"
            "assert list(treasurekit.GAMES) == " + repr(FIVE) + "\n"
            "assert len(treasurekit.GAMES) == 5 and 'sjorovaron' in treasurekit.GAMES\n"
            "assert 'chess' not in treasurekit.GAMES and sorted(treasurekit.GAMES)")
    assert games_imported(code) == "[]"


def test_load_game_imports_only_that_game() -> None:
    assert games_imported("import treasurekit\ntreasurekit.load_game('ahoy')") == "['ahoy']"


def test_a_game_package_is_an_attribute_after_a_bare_import() -> None:
    code = "import treasurekit\nprint(treasurekit.skeleton_island.GreedyBot.__module__)"
    assert fresh(code) == "treasurekit.skeleton_island.bots"
    with pytest.raises(AttributeError, match="no attribute 'chess'"):
        treasurekit.chess  # type: ignore[attr-defined]  # noqa: B018


def test_games_maps_every_name_to_its_registered_class() -> None:
    assert list(treasurekit.GAMES) == FIVE
    for name, cls in treasurekit.GAMES.items():
        assert cls.name == name
        assert cls.__module__ == f"treasurekit.{name}.game"
    assert set(treasurekit.GAMES.loaded()) == set(FIVE)


def test_an_undeclared_name_is_a_key_error_and_a_bad_module_says_so() -> None:
    registry = Registry()
    registry.declare("nowhere", "treasurekit.core.stats")  # imports, registers nothing
    with pytest.raises(KeyError):
        registry["chess"]
    with pytest.raises(LookupError, match="registered no game called 'nowhere'"):
        registry["nowhere"]
    assert registry.get("chess") is None and "nowhere" in registry and len(registry) == 1
