"""The book's words too (issue 27, point 5).

Where the engine settles a point that the rulebook leaves to the players (who starts, a
doubtful measurement, an announcement before a roll, an agreement), docs/rulings.md marks the
ruling with a ``- **Table rule:** GAME §N ...`` line. The game's notebook must then give, in
one Markdown paragraph, the book's rule with that citation and, after it, the engine's ruling
with its id (``ruling AHOY-1``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import treasurekit
from treasurekit.core.rulings import PREFIXES, game_rulings

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = {
    "ahoy": "01-ahoy-treasures.ipynb",
    "treasure_island_2003": "02-treasure-island-2003.ipynb",
    "treasure_island_2018": "03-treasure-island-2018.ipynb",
    "sjorovaron": "04-sjorovaron.ipynb",
    "skeleton_island": "05-skeleton-island.ipynb",
}
TABLE = re.compile(r"^- \*\*Table rule:\*\* (?P<text>.+(?:\n  .+)*)", re.MULTILINE)


def table_rules(game: str) -> dict[str, str]:
    """Ruling code -> the rulebook citation (``"AHOY §4"``) of its Table rule line."""
    prefix = PREFIXES[game]
    found = {}
    for item in game_rulings(game).rulings:
        match = TABLE.search(item.text)
        if match:
            cites = re.findall(rf"\b{prefix} §\d+", match["text"])
            assert cites, f"{item.code}: its Table rule line cites no '{prefix} §N'"
            found[item.code] = cites[0]
    return found


def paragraphs(path: Path) -> list[str]:
    """Every Markdown paragraph of the notebook, whitespace collapsed to single spaces."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for para in re.split(r"\n\s*\n", "".join(cell["source"])):
                out.append(" ".join(para.split()))
    return out


def test_every_game_has_a_notebook() -> None:
    assert set(NOTEBOOKS) == set(treasurekit.GAMES)


@pytest.mark.parametrize("game", sorted(NOTEBOOKS))
def test_the_notebook_states_the_book_then_the_ruling(game: str) -> None:
    rules = table_rules(game)
    assert rules, f"{game}: no ruling is marked as a Table rule in docs/rulings.md"
    paras = paragraphs(ROOT / "notebooks" / NOTEBOOKS[game])
    missing = []
    for code, cite in rules.items():
        ok = any(cite in p and f"ruling {code}" in p
                 and p.index(cite) < p.index(f"ruling {code}") for p in paras)
        if not ok:
            missing.append(f"{code} (with {cite} before it)")
    assert not missing, (f"{NOTEBOOKS[game]}: no paragraph gives the book's rule and then "
                         f"the ruling for {', '.join(missing)}")


def test_who_starts_is_a_table_rule_in_every_game_that_leaves_it_to_the_table() -> None:
    # AHOY §4 and SKEL §2 let the table choose; TI2003 §4 and SJO §3 leave ties open.
    marked = {code for game in NOTEBOOKS for code in table_rules(game)}
    assert {"AHOY-1", "SKEL-17", "TI2003-8", "SJO-2"} <= marked
