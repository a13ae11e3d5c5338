"""`make lint` enforces the layering rules (docs/architecture.md §10).

The project's own import-linter contracts (pyproject.toml ``[tool.importlinter]``) are
run on a miniature engine in ``tmp_path``: a package with the same layout (core, five
games, arena, openspiel) and a widgets package, under other names. The clean miniature
keeps every contract; each test then adds one fault (an import cycle, a Jupyter import
in the engine, core importing a game, a game importing another) and checks that
``lint-imports`` fails and names it.
"""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

pytest.importorskip("importlinter")

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
ENGINE, BOARDS = "mini_engine", "mini_boards"  # stand-ins for treasurekit, treasurekit_widgets
GAMES = ("ahoy", "sjorovaron", "skeleton_island", "treasure_island_2003",
         "treasure_island_2018")


def project_config() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        config: dict[str, Any] = tomllib.load(f)["tool"]["importlinter"]
    return config


def renamed(value: Any) -> Any:
    """``value`` with the project's package names replaced by the miniature's."""
    if isinstance(value, str):
        head, dot, rest = value.partition(".")
        names = {"treasurekit": ENGINE, "treasurekit_widgets": BOARDS}
        return names.get(head, head) + dot + rest
    if isinstance(value, list):
        return [renamed(v) for v in value]
    return value


def toml_table(header: str, table: dict[str, Any]) -> str:
    """A TOML table of strings, booleans and lists of strings (JSON spells them alike)."""
    return "\n".join([header, *(f"{k} = {json.dumps(v)}" for k, v in table.items())])


def write_config(folder: Path) -> None:
    config = project_config()
    session = {k: v for k, v in config.items() if k != "contracts"}
    session["root_packages"] = renamed(session["root_packages"])
    parts = [toml_table("[tool.importlinter]", session)]
    for contract in config["contracts"]:
        keep_as_is = {"id", "name", "type", "layers", "contract_types"}
        parts.append(toml_table("[[tool.importlinter.contracts]]",
                                {k: v if k in keep_as_is else renamed(v)
                                 for k, v in contract.items()}))
    (folder / "pyproject.toml").write_text("\n\n".join(parts) + "\n")


def write(folder: Path, module: str, text: str = "") -> None:
    path = folder.joinpath(*module.split("."))
    if not path.is_dir():
        path = path.with_suffix(".py")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as f:
        f.write(text)


@pytest.fixture
def mini(tmp_path: Path) -> Path:
    """A clean miniature engine: core, five games that use core, arena and openspiel
    that use the games, and boards that use everything."""
    for package in (ENGINE, f"{ENGINE}.core", f"{ENGINE}.arena", BOARDS,
                    *(f"{ENGINE}.{g}" for g in GAMES)):
        tmp_path.joinpath(*package.split(".")).mkdir(parents=True)
        write(tmp_path, package + ".__init__")
    write(tmp_path, f"{ENGINE}.core.game", "import fractions\n")
    write(tmp_path, f"{ENGINE}.core.registry", f"from {ENGINE}.core import game\n")
    for g in GAMES:
        write(tmp_path, f"{ENGINE}.{g}.position", f"from {ENGINE}.core import game\n")
        write(tmp_path, f"{ENGINE}.{g}.rules", "from . import position\n")
        write(tmp_path, f"{ENGINE}.{g}.state", "from . import position, rules\n")
    write(tmp_path, f"{ENGINE}.arena.play", f"from {ENGINE}.ahoy import state\n")
    write(tmp_path, f"{ENGINE}.openspiel", f"from {ENGINE}.core import registry\n")
    write(tmp_path, f"{BOARDS}.base", f"import ipywidgets\nfrom {ENGINE}.ahoy import state\n")
    write(tmp_path, f"{BOARDS}.clicks", "from . import base\n")
    write(tmp_path, f"{BOARDS}.places", "import html\n")
    write(tmp_path, f"{BOARDS}.controller",
          f"from . import places\nfrom {ENGINE}.core import game\n")
    for g in GAMES:  # each game's board: a widget-free controller below its view
        tmp_path.joinpath(BOARDS, g).mkdir()
        write(tmp_path, f"{BOARDS}.{g}.__init__")
        write(tmp_path, f"{BOARDS}.{g}.controller", f"from {BOARDS} import controller\n")
        write(tmp_path, f"{BOARDS}.{g}.board",
              f"from {BOARDS} import base\nfrom . import controller\n")
    write_config(tmp_path)
    return tmp_path


def lint_imports(folder: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), str(ROOT)]),
               COLUMNS="200")
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)


def broken(result: subprocess.CompletedProcess[str]) -> list[str]:
    return [line.removesuffix(" BROKEN") for line in result.stdout.splitlines()
            if line.endswith(" BROKEN")]


def test_the_project_config_keeps_a_clean_miniature(mini: Path) -> None:
    result = lint_imports(mini)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 6 kept, 0 broken." in result.stdout


def test_an_import_cycle_fails_lint_and_is_named(mini: Path) -> None:
    # rules -> state only inside a function: a lazy import still closes the cycle
    write(mini, f"{ENGINE}.ahoy.rules", "\n\ndef f():\n    from . import state\n")
    result = lint_imports(mini)
    assert result.returncode == 1
    assert "No import cycle between modules" in broken(result)  # and rules reach state
    assert f"In {ENGINE}.ahoy: rules, state" in result.stdout
    assert "rules -> state (l.5) -> rules (l.1)" in result.stdout


def test_a_cycle_between_widget_modules_fails_lint(mini: Path) -> None:
    write(mini, f"{BOARDS}.base", "from .clicks import x\n")
    result = lint_imports(mini)
    assert broken(result) == ["No import cycle between modules"]
    assert f"In {BOARDS}: base, clicks" in result.stdout


def test_a_jupyter_import_in_the_engine_fails_lint(mini: Path) -> None:
    write(mini, f"{ENGINE}.treasure_island_2018.rules", "import ipywidgets\n")
    result = lint_imports(mini)
    assert result.returncode == 1
    assert broken(result) == ["The engine never imports the widgets or Jupyter"]
    assert f"{ENGINE}.treasure_island_2018.rules -> ipywidgets" in result.stdout


def test_a_widget_import_in_a_boards_controller_fails_lint(mini: Path) -> None:
    # a helper of the views, imported by a game's controller: the widget comes in with it
    write(mini, f"{BOARDS}.sjorovaron.controller", f"from {BOARDS} import clicks\n")
    result = lint_imports(mini)
    assert broken(result) == ["A board's controller imports no widget library (issue 25 point 6)"]
    assert f"{BOARDS}.sjorovaron.controller -> {BOARDS}.clicks" in result.stdout


def test_an_engine_import_of_the_widgets_fails_lint(mini: Path) -> None:
    write(mini, f"{ENGINE}.core.game", f"from {BOARDS} import clicks\n")
    result = lint_imports(mini)
    assert "The engine never imports the widgets or Jupyter" in broken(result)


def test_core_importing_a_game_fails_lint(mini: Path) -> None:
    write(mini, f"{ENGINE}.core.registry",
          f"\n\ndef f():\n    from {ENGINE}.sjorovaron import state\n")
    result = lint_imports(mini)
    assert result.returncode == 1
    assert broken(result) == ["Layers: core, then the games, then arena and openspiel"]


def test_a_game_importing_another_game_fails_lint(mini: Path) -> None:
    write(mini, f"{ENGINE}.skeleton_island.rules", f"from {ENGINE}.ahoy import position\n")
    result = lint_imports(mini)
    assert result.returncode == 1
    assert broken(result) == ["No game imports another game"]


def test_a_rule_module_naming_its_game_even_for_types_fails_lint(mini: Path) -> None:
    write(mini, f"{ENGINE}.ahoy.game", "from . import state\n")
    write(mini, f"{ENGINE}.ahoy.rules", "from typing import TYPE_CHECKING\n"
          "if TYPE_CHECKING:\n    from .game import AhoyGame\n")
    result = lint_imports(mini)
    assert result.returncode == 1
    assert broken(result) == ["Rule modules import nothing above them, not even for types"]
    assert f"In {ENGINE}.ahoy: rules -> game (l.4)" in result.stdout


def test_a_rule_module_reaching_above_through_a_helper_fails_lint(mini: Path) -> None:
    write(mini, f"{ENGINE}.skeleton_island.helper", "from . import state\n")
    write(mini, f"{ENGINE}.skeleton_island.rules", "\n\ndef f():\n    from . import helper\n")
    result = lint_imports(mini)
    assert "Rule modules import nothing above them, not even for types" in broken(result)
    assert "rules -> helper (l.5) -> state (l.1)" in result.stdout


def test_a_new_engine_package_must_be_given_a_layer(mini: Path) -> None:
    tmp_game = mini / ENGINE / "sixth_game"
    tmp_game.mkdir()
    write(mini, f"{ENGINE}.sixth_game.__init__", f"from {ENGINE}.core import game\n")
    result = lint_imports(mini)
    assert broken(result) == ["Layers: core, then the games, then arena and openspiel"]


def test_every_installed_jupyter_package_is_forbidden_to_the_engine() -> None:
    contract = next(c for c in project_config()["contracts"] if c["id"] == "engine-no-jupyter")
    installed = {m.name for m in pkgutil.iter_modules() if m.name.startswith("jupyter")}
    assert installed, "the dev install has JupyterLab"
    assert not installed - set(contract["forbidden_modules"])


def test_make_lint_runs_the_contracts() -> None:
    makefile = (ROOT / "Makefile").read_text()
    lint_rule = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    assert "$(BIN)/lint-imports" in lint_rule
