"""Build the nbgrader course folder ``grading/`` from the notebooks' exercises (issue 27.4).

Each game's exercises become one nbgrader assignment, ``grading/source/<game>/<NN>-<game>-
exercises.ipynb``, made of

* the exercise texts, taken word for word from the game notebook's section 6,
* the worked solutions' code, taken from ``notebooks/solutions/`` (the solutions stay there),
  inside ``### BEGIN SOLUTION`` / ``### END SOLUTION`` with nbgrader's solution-cell metadata,
  followed by the lines that store each answer in a named variable (``ex1_chance``), and
* one autograded test cell per answer (1 point each): a visible check of the answer's type
  and a hidden check of its value, the value the solutions notebook asserts (and the engine
  computes: ``tests/test_grading.py`` autogrades these very solutions to full marks).

Lines a student needs but is not asked to write (the position of a later exercise, say) stay
outside the solution region (``given`` below). ``ANSWERS`` is the only hand-written part.

    python scripts/make_grading.py          # rewrite grading/source/ (`make grading`)
    python scripts/make_grading.py --check  # exit 1 if grading/source/ is out of date
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
COURSE = ROOT / "grading"


@dataclass(frozen=True)
class Answer:
    """One graded answer: the variable the student sets, the expression that sets it in the
    worked solution, what the student is told it holds, and the hidden check of its value."""

    name: str
    expr: str
    says: str
    check: str
    kind: str  # the type the visible test asks for: Fraction, int, float, str, bool, list...


@dataclass(frozen=True)
class Exercise:
    answers: tuple[Answer, ...]
    given: str = ""  # the solution code up to the statement starting so is given, not asked


def A(name: str, expr: str, says: str, check: str, kind: str) -> Answer:
    return Answer(name, expr, says, check, kind)


FR = "an exact `Fraction`"
#: game id -> (notebook stem, the answers of exercises 1, 2, ...).
ANSWERS: dict[str, tuple[str, tuple[Exercise, ...]]] = {
    "ahoy": ("01-ahoy-treasures", (
        Exercise((A("ex1_chance", "odds.must_fall", f"the chance, {FR}",
                    "ex1_chance == Fraction(1, 3)", "Fraction"),
                  A("ex1_faces", "forcing", "the faces that force a fall, as a list of the "
                    "labels `roll_odds` gives them (`'1'` ... `'5'`, `'ship'`)",
                    "sorted(str(f) for f in ex1_faces) == ['1', '4']", "list"))),
        Exercise((A("ex2_open", "n_open", "the number of turns on the open board",
                    "ex2_open == 23", "int"),
                  A("ex2_planked", "n_planked", "the number of turns when all nine water "
                    "squares are planked", "ex2_planked == 8", "int")),
                 given="chain = "),
        Exercise((A("ex3_count", "len(moves)", "how many legal moves Red has",
                    "ex3_count == 8", "int"),
                  A("ex3_moves", "moves", "the legal moves, as a list of their texts "
                    "(`'move start 1'`, ...)",
                    "sorted(map(str, ex3_moves)) == sorted([f'move start {k}' for k in "
                    "range(1, 6)] + [f'move 18 {k}' for k in (1, 2, 3)])", "list"))),
        Exercise((A("ex4_number", "int(winning[0].split()[-1])", "the number Red should "
                    "choose", "ex4_number == 3", "int"),
                  A("ex4_scores", "outcome.scores", "the final scores of Red, Blue and "
                    "Green, as a tuple", "tuple(ex4_scores) == (9, 6, 0)", "tuple"))),
        Exercise((A("ex5_square", "quietest", "the square's number", "ex5_square == 20",
                    "int"),
                  A("ex5_chance", "land[quietest]", f"its chance, {FR}",
                    "ex5_chance == Fraction(96769, 1679616)", "Fraction"))),
    )),
    "treasure_island_2003": ("02-treasure-island-2003", (
        Exercise((A("ex1_place", "any_of", f"the chance that Red can place, {FR}",
                    "ex1_place == Fraction(3, 4)", "Fraction"),
                  A("ex1_both", "both", f"the chance that one throw fills both squares, {FR}",
                    "ex1_both == Fraction(1, 18)", "Fraction"))),
        Exercise((A("ex2_red", "scores['Red']", "Red's points", "ex2_red == 11", "int"),
                  A("ex2_blue", "scores['Blue']", "Blue's points", "ex2_blue == 16", "int"),
                  A("ex2_winner", "max(scores, key=scores.get)", "the winner, `'Red'` or "
                    "`'Blue'`", "ex2_winner == 'Blue'", "str"))),
        Exercise((A("ex3_start", "blue_wins(0, 0)", f"Blue's chance at the start, {FR}",
                    "ex3_start == Fraction(1, 2)", "Fraction"),
                  A("ex3_behind", "blue_wins(0, 1)", f"Blue's chance when Red leads 1-0, {FR}",
                    "ex3_behind == Fraction(5, 16)", "Fraction"))),
        Exercise((A("ex4_locker", "len(eight) - red.limit(0)", "how many types Red must put "
                    "into the Locker", "ex4_locker == 0", "int"),
                  A("ex4_after_theft", "len(eight) - blue.limit(0)", "how many after Blue "
                    "has stolen the Jolly Roger", "ex4_after_theft == 1", "int")),
                 given="four = "),
        Exercise((A("ex5_cannon", "odds.any_cannon", f"the chance of a cannon, {FR}",
                    "ex5_cannon == Fraction(21, 130)", "Fraction"),
                  A("ex5_jolly", "odds.jolly", f"the chance of a Jolly Roger, {FR}",
                    "ex5_jolly == Fraction(1, 65)", "Fraction"))),
    )),
    "treasure_island_2018": ("03-treasure-island-2018", (
        Exercise((A("ex1_on_cross", "on_start / burial.area", "(a) the chance, a number",
                    "ex1_on_cross == 0", "float"),
                  A("ex1_east", "covered / burial.area", "(b) the chance, a float",
                    "0.015 < ex1_east < 0.025", "float"),
                  A("ex1_east_legal", "day1.why_illegal(f'search large red {east[0]:g},"
                    "{east[1]:g}') is None", "(b) whether that search is legal, `True` or `False`",
                    "ex1_east_legal is True", "bool"))),
        Exercise((A("ex2_may_play", "sorted(t for t, ok in allowed.items() if ok)",
                    "the hints he may play, as a list of their texts",
                    "sorted(ex2_may_play) == ['hint vast red bluff', 'hint vast yellow bluff']",
                    "list"),
                  A("ex2_first_may_bluff", "opening.why_illegal('hint vast red bluff') is None",
                    "whether the first hint may be a bluff, `True` or `False`",
                    "ex2_first_may_bluff is False", "bool"))),
        Exercise((A("ex3_share", "bayes", "the ring's share after the hint, a float",
                    "abs(ex3_share - 0.736) < 0.005", "float"),),
                 given="after = "),
        Exercise((A("ex4_large", "from_cross", "the probability the best Large search from "
                    "blue's cross covers, a float", "abs(ex4_large - 0.014) < 0.003", "float"),
                  A("ex4_spyglass", "anywhere", "the probability the best Spyglass search "
                    "covers, a float", "abs(ex4_spyglass - 0.179) < 0.005", "float"),
                  A("ex4_use", "'spyglass' if anywhere > from_cross else 'large'",
                    "what Olivier should use, `'spyglass'` or `'large'`",
                    "ex4_use == 'spyglass'", "str"))),
        Exercise((A("ex5_rides", "len(stops)", "the smallest number of rides",
                    "ex5_rides == 3", "int"),
                  A("ex5_pirate_turns", "pirate_turns", "the pirate turns before the winning "
                    "ride", "ex5_pirate_turns == 6", "int"))),
    )),
    "sjorovaron": ("04-sjorovaron", (
        Exercise((A("ex1_chance", "within_three", f"the chance, {FR}",
                    "ex1_chance == Fraction(7, 8)", "Fraction"),)),
        Exercise((A("ex2_on_m11", "first * second", f"the chance he stands on m11, {FR}",
                    "ex2_on_m11 == Fraction(25, 36)", "Fraction"),
                  A("ex2_in_river", "1 - first * second", f"the chance he falls in, {FR}",
                    "ex2_in_river == Fraction(11, 36)", "Fraction"))),
        Exercise((A("ex3_may_shoot", "shoot is None", "whether Hook may shoot Svullo, `True` "
                    "or `False`", "ex3_may_shoot is False", "bool"),
                  A("ex3_push_hexes", "sorted(p.split()[1] for p in pushes)", "the hexes he "
                    "may push him into, as a list of labels (`'k9'`)",
                    "sorted(ex3_push_hexes) == ['j10', 'k9']", "list"),
                  A("ex3_ends_on", "where", "the hex where Svullo ends up, a label",
                    "ex3_ends_on == 'k13'", "str")),
                 given="pos = trio.position("),
        Exercise((A("ex4_escape", "tree", f"the chance, {FR}",
                    "ex4_escape == Fraction(17, 27)", "Fraction"),)),
        Exercise((A("ex5_best", "max(chances, key=chances.get)", "the better hex, a label",
                    "ex5_best == 'r9'", "str"),
                  A("ex5_from_q10", "chances['q10']", f"the chance from q10, {FR}",
                    "ex5_from_q10 == Fraction(2, 3)", "Fraction"),
                  A("ex5_from_r9", "chances['r9']", f"the chance from r9, {FR}",
                    "ex5_from_r9 == Fraction(5, 6)", "Fraction"))),
    )),
    "skeleton_island": ("05-skeleton-island", (
        Exercise((A("ex1_half", "Fraction(halves, len(cards))", f"the chance of a map half, {FR}",
                    "ex1_half == Fraction(10, 49)", "Fraction"),
                  A("ex1_rich", "Fraction(rich, len(cards))", "the chance of a gold coin card "
                    f"worth at least 2, {FR}", "ex1_rich == Fraction(6, 49)", "Fraction"),
                  A("ex1_coins", "coins", "the number of coins on all gold coin cards",
                    "ex1_coins == 20", "int"))),
        Exercise((A("ex2_coin", "odds.category['coin']", "the chance that a face-down card is "
                    f"a gold coin card, {FR}", "ex2_coin == Fraction(6, 25)", "Fraction"),
                  A("ex2_average", "value", f"its average worth in coins, {FR}",
                    "ex2_average == Fraction(7, 25)", "Fraction"))),
        Exercise((A("ex3_sets", "len(discards)", "the number of different sets",
                    "ex3_sets == 16", "int"),
                  A("ex3_never", "[held[c] for c in held if c not in used]", "the kinds of "
                    "the cards that can never be part of one, as a list (`'coin-2'`)",
                    "sorted(ex3_never) == ['coin-2']", "list"))),
        Exercise((A("ex4_face_up", "values['card 0 (3-coin gold card)']", "the face-up card's "
                    "worth to p0 in coins, a number", "ex4_face_up == 3", "Fraction"),
                  A("ex4_face_down", "values['card 1 (face down)']", "the face-down card's "
                    f"worth, {FR}", "ex4_face_down == Fraction(32, 45)", "Fraction"),
                  A("ex4_completes", "completion_chance(choice, 0)", "the chance that the "
                    f"face-down card completes p0's map, {FR}",
                    "ex4_completes == Fraction(1, 15)", "Fraction"))),
        Exercise((A("ex5_chance", "at_least_two", f"the chance, {FR}",
                    "ex5_chance == Fraction(5, 12)", "Fraction"),)),
        Exercise((A("ex6_winners", "default.winners", "the winning seats, as a tuple "
                    "(`(0,)` for p0)", "tuple(ex6_winners) == (1,)", "tuple"),
                  A("ex6_shared", "shared.winners", "the winning seats with "
                    "`tie_break=\"shared\"`", "tuple(ex6_shared) == (0, 1)", "tuple"))),
    )),
}

#: Types a visible test accepts for each ``kind`` (a list may also be a tuple, and so on).
KINDS = {"Fraction": "(Fraction, int)", "int": "int", "float": "(float, int)",
         "str": "str", "bool": "bool", "list": "(list, tuple, set)", "tuple": "(tuple, list)"}
SAYS = {"Fraction": "an exact Fraction", "int": "a whole number", "float": "a number",
        "str": "a string", "bool": "True or False", "list": "a list", "tuple": "a tuple"}


def _cells(path: Path) -> list[dict[str, object]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert isinstance(cells, list)
    return cells


def _source(cell: dict[str, object]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


def exercise_texts(stem: str) -> list[str]:
    """The numbered exercise items of ``notebooks/<stem>.ipynb``'s Exercises section, as
    Markdown, in order (``1. **Title** question...``)."""
    cells = _cells(NOTEBOOKS / f"{stem}.ipynb")
    start = next(i for i, c in enumerate(cells)
                 if c["cell_type"] == "markdown" and "Exercises" in _source(c).split("\n")[0])
    items: list[list[str]] = []
    for cell in cells[start:]:
        if cell["cell_type"] != "markdown":
            continue
        inside = False
        for line in _source(cell).split("\n"):
            if re.match(r"\d+\. ", line):
                items.append([line])
                inside = True
            elif inside and line.startswith("   ") and line.strip():
                items[-1].append(line)
            else:
                inside = False
    return ["\n".join(item) for item in items]


def solution_sections(stem: str) -> list[tuple[str, str]]:
    """``(title, code)`` of each ``## N. Title`` section of the solutions notebook, the code
    being its code cells joined."""
    sections: list[tuple[str, list[str]]] = []
    for cell in _cells(NOTEBOOKS / "solutions" / f"{stem}-solutions.ipynb"):
        text = _source(cell)
        heads = re.findall(r"^## (\d+)\. (.+)$", text, re.MULTILINE) \
            if cell["cell_type"] == "markdown" else []
        for number, title in heads:
            assert int(number) == len(sections) + 1, f"{stem}: section {number} out of order"
            sections.append((title.strip(), []))
        if cell["cell_type"] == "code" and sections:
            sections[-1][1].append(text)
    return [(title, "\n\n".join(code)) for title, code in sections]


def _statements(code: str) -> list[str]:
    """``code`` split into top-level statements (a line at column 0 starts one; indented,
    closing-bracket and blank lines stay with the statement before)."""
    out: list[str] = []
    for line in code.split("\n"):
        starts = line[:1] not in ("", " ", ")", "]", "}")
        if starts and not (out and out[-1].rstrip().endswith(("(", "[", "{", ",", "\\"))):
            out.append(line)
        elif out:
            out[-1] += "\n" + line
        else:
            out.append(line)
    return out


def split_solution(code: str, given: str) -> tuple[str, str]:
    """``(given, solution)``: the statements up to the one starting with ``given`` (none if
    empty), and the rest without its ``assert`` statements."""
    statements = _statements(code)
    cut = 0
    if given:
        cut = 1 + next(i for i, s in enumerate(statements) if s.startswith(given))
    kept = [s for s in statements[cut:] if not s.startswith("assert ")]
    return "\n".join(statements[:cut]).strip(), "\n".join(kept).strip()


def _meta(grade_id: str, *, solution: bool = False, grade: bool = False, locked: bool = True,
          points: int = 0) -> dict[str, object]:
    meta: dict[str, object] = {"grade": grade, "grade_id": grade_id, "locked": locked,
                               "schema_version": 3, "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return {"nbgrader": meta}


def _cell(kind: str, source: str, metadata: dict[str, object]) -> dict[str, object]:
    lines = source.split("\n")
    cell: dict[str, object] = {"cell_type": kind, "metadata": metadata,
                               "source": [line + "\n" for line in lines[:-1]] + [lines[-1]]}
    if kind == "code":
        cell["execution_count"] = None
        cell["outputs"] = []
    return cell


def build(game: str) -> tuple[str, str]:
    """``(file name, notebook JSON text)`` of the game's nbgrader source notebook."""
    stem, exercises = ANSWERS[game]
    texts = exercise_texts(stem)
    sections = solution_sections(stem)
    if not len(texts) == len(sections) == len(exercises):
        raise ValueError(f"{game}: {len(texts)} exercises in {stem}.ipynb, {len(sections)} "
                         f"solutions, {len(exercises)} in ANSWERS: they must match")
    solutions = _cells(NOTEBOOKS / "solutions" / f"{stem}-solutions.ipynb")
    setup = next(_source(c) for c in solutions if c["cell_type"] == "code")
    if any(a.kind == "Fraction" for e in exercises for a in e.answers) and \
            "from fractions import Fraction" not in setup:
        raise ValueError(f"{stem}-solutions.ipynb: the first code cell must import Fraction")
    title = _source(solutions[0]).split("\n")[0].removeprefix("# ").split(":")[0]
    total = sum(len(e.answers) for e in exercises)
    cells = [_cell("markdown", (
        f"# {title}: graded exercises\n\n"
        f"The exercises of [{stem}.ipynb](../{stem}.ipynb), section 6, as an assignment your "
        f"teacher can mark ({total} points, one for each answer). Run the first code cell, "
        f"then answer each exercise in the cell under it: replace `raise "
        f"NotImplementedError()` by your code, which must store each answer in the variable "
        f"named below (work it out with the engine, as the game's notebook does). The test "
        f"cell under each answer checks only its type; the marks come from hidden tests when "
        f"your teacher autogrades. Generated by `scripts/make_grading.py` from the game's "
        f"notebook and its worked solutions: do not edit by hand."), _meta("intro")),
        _cell("code", setup, _meta("setup"))]
    for number, (text, (sol_title, code), exercise) in enumerate(
            zip(texts, sections, exercises, strict=True), start=1):
        given, work = split_solution(code, exercise.given)
        wants = "\n".join(f"- `{a.name}`: {a.says}" for a in exercise.answers)
        question = re.sub(r"^\d+\. ", "", text)
        question = "\n".join(line.removeprefix("   ") for line in question.split("\n"))
        cells.append(_cell("markdown", f"## {number}. {sol_title}\n\n{question}\n\n"
                                       f"Your answer, in the cell below:\n{wants}",
                           _meta(f"ex{number}-question")))
        stored = "\n".join(f"{a.name} = {a.expr}" for a in exercise.answers)
        body = (f"{given}\n" if given else "") + \
            f"### BEGIN SOLUTION\n{work}\n{stored}\n### END SOLUTION"
        cells.append(_cell("code", body, _meta(f"ex{number}-answer", solution=True,
                                               locked=False)))
        for answer in exercise.answers:
            test = (f"# {answer.name}: 1 point\n"
                    f"assert isinstance({answer.name}, {KINDS[answer.kind]}), "
                    f"\"{answer.name} should be {SAYS[answer.kind]}\"\n"
                    f"### BEGIN HIDDEN TESTS\nassert {answer.check}\n### END HIDDEN TESTS")
            cells.append(_cell("code", test, _meta(f"{answer.name}-test", grade=True,
                                                   points=1)))
    nb = {"cells": cells, "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                       "name": "python3"},
        "language_info": {"name": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    for i, cell in enumerate(cells):
        cell["id"] = f"{game.replace('_', '-')}-{i:02d}"
    text = json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    return f"{stem}-exercises.ipynb", text


def expected_files() -> dict[Path, str]:
    """Every file of ``grading/source/`` as this script writes it (path -> text)."""
    out = {}
    for game in ANSWERS:
        name, text = build(game)
        out[COURSE / "source" / game / name] = text
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="only check that grading/source/ is up to date")
    args = parser.parse_args(argv)
    files = expected_files()
    stale = [p for p, text in files.items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)} (run `make grading`)")
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(files[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
