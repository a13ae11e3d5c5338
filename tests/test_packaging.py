"""The wheel ships every subpackage and every board-data file.

pyproject.toml lists packages explicitly (see shared notes/packaging.md), so a new
subpackage or a new data file type is left out of the wheel unless it is listed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
SOURCE_DIRS = ("treasurekit", "widgets")


def setuptools_config() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        config: dict[str, Any] = tomllib.load(f)["tool"]["setuptools"]
    return config


def package_dirs() -> dict[str, Path]:
    """Dotted package name -> folder, for every folder with an __init__.py."""
    folder_to_name = {v: k for k, v in setuptools_config().get("package-dir", {}).items()}
    found = {}
    for top in SOURCE_DIRS:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            rel = init.parent.relative_to(ROOT).parts
            name = ".".join((folder_to_name.get(rel[0], rel[0]), *rel[1:]))
            found[name] = init.parent
    return found


def test_every_package_is_listed() -> None:
    listed = set(setuptools_config()["packages"])
    missing = sorted(set(package_dirs()) - listed)
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_listed_package_exists() -> None:
    stale = sorted(set(setuptools_config()["packages"]) - set(package_dirs()))
    assert not stale, f"listed in pyproject.toml but no folder with __init__.py: {stale}"


def test_every_data_file_is_package_data() -> None:
    package_data: dict[str, list[str]] = setuptools_config().get("package-data", {})
    uncovered = []
    for name, folder in package_dirs().items():
        patterns = [*package_data.get(name, []), *package_data.get("*", [])]
        covered = {p for pattern in patterns for p in folder.glob(pattern)}
        for data_dir in folder.glob("data"):
            for path in sorted(data_dir.rglob("*")):
                if path.is_file() and "__pycache__" not in path.parts and path not in covered:
                    uncovered.append(f"{name}: {path.relative_to(folder)}")
    assert not uncovered, f"data files missing from [tool.setuptools.package-data]: {uncovered}"


def test_every_game_package_exports_what_its_all_lists() -> None:
    import importlib

    import treasurekit

    for name in treasurekit.GAMES:
        module = importlib.import_module(f"treasurekit.{name}")
        missing = [n for n in getattr(module, "__all__", []) if not hasattr(module, n)]
        assert not missing, f"treasurekit.{name}.__all__ names missing objects: {missing}"
