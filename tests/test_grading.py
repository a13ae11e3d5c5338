"""The exercises as an nbgrader assignment a teacher can mark (issue 27, point 4).

``grading/`` is an nbgrader course folder: ``nbgrader_config.py`` and ``source/<game>/``, one
assignment per game, written by ``scripts/make_grading.py`` from each game notebook's
exercises and the worked solutions in ``notebooks/solutions/``. The round trip runs nbgrader's
own command line on a copy in a temporary folder, as the teacher would (docs/teaching.md):
``generate_assignment``, then ``autograde`` of three students, one who hands in the worked
solutions (full marks), one who hands in the blank release unchanged (zero), and one whose
answers have the right types but wrong values (zero: the hidden tests check the values),
then ``export`` of the gradebook to CSV.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import importlib.util
import io
import json
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
COURSE = ROOT / "grading"


@functools.cache
def make_grading() -> ModuleType:
    spec = importlib.util.spec_from_file_location("tk_make_grading",
                                                  ROOT / "scripts" / "make_grading.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_course_folder_is_generated_from_the_notebooks() -> None:
    files = make_grading().expected_files()
    on_disk = set((COURSE / "source").glob("*/*.ipynb"))
    assert on_disk == set(files), "grading/source/ holds other notebooks than the generator's"
    stale = [str(p.relative_to(ROOT)) for p, text in files.items()
             if p.read_text(encoding="utf-8") != text]
    assert not stale, f"out of date, run `make grading`: {stale}"


@pytest.mark.parametrize("game", ["ahoy", "treasure_island_2003", "treasure_island_2018",
                                  "sjorovaron", "skeleton_island"])
def test_every_exercise_is_a_solution_cell_and_graded_test_cells(game: str) -> None:
    grading = make_grading()
    stem, exercises = grading.ANSWERS[game]
    path = COURSE / "source" / game / f"{stem}-exercises.ipynb"
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    metas = [c["metadata"]["nbgrader"] for c in cells]
    solutions = [c for c, m in zip(cells, metas, strict=True) if m["solution"]]
    tests = [(c, m) for c, m in zip(cells, metas, strict=True) if m["grade"]]
    assert len(solutions) == len(exercises) == len(grading.exercise_texts(stem))
    for cell in solutions:
        source = "".join(cell["source"])
        assert "### BEGIN SOLUTION" in source and "### END SOLUTION" in source
        assert "assert " not in source, "the solutions' own asserts would give the answer away"
    assert len(tests) == sum(len(e.answers) for e in exercises)
    for cell, meta in tests:
        source = "".join(cell["source"])
        assert meta["locked"] and meta["points"] == 1
        assert "### BEGIN HIDDEN TESTS" in source and "### END HIDDEN TESTS" in source
    # The question is the game notebook's own text, and the worked solution's code is there.
    text = "".join("".join(c["source"]) for c in cells)
    assert all(" ".join(q.split()[1:4]) in text for q in grading.exercise_texts(stem))


def _answers(source: Path) -> dict[str, object]:
    """Every ``exN_...`` answer the worked solution in ``source`` computes (run in-process)."""
    namespace: dict[str, object] = {}
    for cell in json.loads(source.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "code" and not cell["metadata"]["nbgrader"]["grade"]:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile("".join(cell["source"]), str(source), "exec"), namespace)
    return {k: v for k, v in namespace.items() if re.fullmatch(r"ex\d+_\w+", k)}


def _wrong(value: object) -> object:
    """A value of the same type as ``value`` that is not a right answer."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float, Fraction)):
        return value + 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, (list, tuple)):
        return type(value)([*value, "?"])
    raise TypeError(f"no wrong value for {value!r}")


def _hand_in_wrong_answers(release: Path, answers: dict[str, object], dest: Path) -> None:
    """The released notebook with every answer cell filled in with wrong answers of the
    right type: the visible type checks pass, so only the hidden tests can fail it."""
    nb = json.loads(release.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        meta = cell["metadata"].get("nbgrader", {})
        if meta.get("solution"):
            number = re.fullmatch(r"ex(\d+)-answer", meta["grade_id"])
            assert number
            names = [k for k in answers if k.startswith(f"ex{number[1]}_")]
            cell["source"] = "from fractions import Fraction\n" + "\n".join(
                f"{k} = {_wrong(answers[k])!r}" for k in names)
    dest.write_text(json.dumps(nb), encoding="utf-8")


def _score_rows(grades: Path) -> dict[tuple[str, str], tuple[float, float]]:
    with grades.open(newline="", encoding="utf-8") as fh:
        return {(row["assignment"], row["student_id"]): (float(row["score"]),
                                                         float(row["max_score"]))
                for row in csv.DictReader(fh)}


@pytest.mark.timeout(900)
def test_nbgrader_gives_the_solutions_full_marks_and_the_blank_release_zero(
        tmp_path: Path) -> None:
    course = tmp_path / "course"
    course.mkdir()
    shutil.copy2(COURSE / "nbgrader_config.py", course)
    shutil.copytree(COURSE / "source", course / "source")
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    share = Path(sys.prefix) / "share" / "jupyter"
    if share.is_dir():  # the venv's python3 kernel, as `make notebooks` uses
        env["JUPYTER_PATH"] = str(share)

    def nbgrader(*args: str) -> None:
        run = subprocess.run([str(bin_dir / "nbgrader"), *args], cwd=course, env=env,
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, f"nbgrader {' '.join(args)} failed:\n{run.stderr[-3000:]}"

    nbgrader("generate_assignment", "*", "--force")
    games = sorted(p.name for p in (course / "source").iterdir())
    assert len(games) == 5
    for game in games:
        released = list((course / "release" / game).glob("*.ipynb"))
        assert len(released) == 1
        text = released[0].read_text(encoding="utf-8")
        assert "NotImplementedError" in text and "HIDDEN TESTS" not in text
        assert "### BEGIN SOLUTION" not in text
        for student, folder in (("solutions", course / "source" / game),
                                ("blank", course / "release" / game)):
            handed_in = course / "submitted" / student / game
            handed_in.mkdir(parents=True)
            shutil.copy2(folder / released[0].name, handed_in)
        wrong = course / "submitted" / "wrong" / game
        wrong.mkdir(parents=True)
        answers = _answers(course / "source" / game / released[0].name)
        _hand_in_wrong_answers(released[0], answers, wrong / released[0].name)
    nbgrader("autograde", "*", "--force")
    nbgrader("export", "--to", str(tmp_path / "grades.csv"))
    scores = _score_rows(tmp_path / "grades.csv")
    for game in games:
        got, out_of = scores[(game, "solutions")]
        assert out_of >= 10 and got == out_of, f"{game}: the worked solutions got {got}/{out_of}"
        got, out_of = scores[(game, "blank")]
        assert got == 0, f"{game}: the blank release got {got}/{out_of}"
        got, out_of = scores[(game, "wrong")]
        assert got == 0, f"{game}: wrong answers of the right type got {got}/{out_of}"
