"""Issue 26 point 2: the README and the teacher's guide show each level's rating and its
score against the level below as the kept games of ``python -m benchmarks strong`` give
them (``python -m benchmarks strong --docs`` rewrites the table)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import strong
from treasurekit.arena.levels import levels

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("doc", strong.DOCS)
def test_the_docs_show_the_levels_table_of_the_kept_games(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    start, end = text.index(strong.MARKS[0]), text.index(strong.MARKS[1])
    shown = text[start + len(strong.MARKS[0]):end].strip()
    assert shown == strong.levels_table(), (
        f"{doc}: the levels table differs from the kept games' "
        "(run python -m benchmarks strong --docs)")
    assert shown.count("\n| ") == 5  # one row per game


def test_the_table_follows_the_kept_games(tmp_path: Path) -> None:
    empty = strong.levels_table(tmp_path / "none.jsonl")
    assert empty.count("not run yet") == 5
    assert strong.levels_table() != empty


def test_the_readme_names_every_level() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    for level in levels("ahoy"):
        assert f"| {level.name} |" in text
