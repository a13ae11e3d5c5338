"""Each game notebook's exercises have a solutions notebook (issue 14, point 3):
``notebooks/solutions/NN-<game>-solutions.ipynb``, linked from the game notebook and from
00-start-here, whose answers are checked by ``assert`` cells (nbval runs them)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SOLUTIONS = sorted((NOTEBOOKS / "solutions").glob("*-solutions.ipynb"))


def cells(path: Path, kind: str) -> list[str]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == kind]


@pytest.mark.parametrize("path", SOLUTIONS, ids=[p.stem for p in SOLUTIONS])
def test_solutions_notebook_is_linked_and_asserts_its_answers(path: Path) -> None:
    game = NOTEBOOKS / path.name.replace("-solutions", "")
    assert game.exists(), f"{path.name} has no game notebook {game.name}"
    link = f"solutions/{path.name}"
    game_text = "\n".join(cells(game, "markdown"))
    assert link in game_text, f"{game.name} does not link {link}"
    assert "Exercises" in game_text, f"{game.name} has no Exercises section"
    assert link in "\n".join(cells(NOTEBOOKS / "00-start-here.ipynb", "markdown"))
    assert f"../{game.name}" in "\n".join(cells(path, "markdown")), "no link back"
    checked = [c for c in cells(path, "code") if "assert " in c]
    assert len(checked) >= 4, f"{path.name}: only {len(checked)} answers checked by an assert"


def test_there_are_solutions_notebooks() -> None:
    assert {p.name for p in SOLUTIONS} >= {"01-ahoy-treasures-solutions.ipynb",
                                            "05-skeleton-island-solutions.ipynb"}
