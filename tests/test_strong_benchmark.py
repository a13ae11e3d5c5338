"""benchmarks/strong.py: the Strong level against GreedyBot, resumable, one row per game
(issue 26 point 1)."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import strong
from treasurekit.arena import levels


def test_a_strong_row_names_score_interval_cpu_and_goal(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(levels.STRONG_SETTINGS, "ahoy", levels.RolloutSetting(2, 0.01))
    path = tmp_path / "strong.jsonl"
    line = strong.row("ahoy", 2, resume=path, progress=False)
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert cells[0] == "Ahoy Treasures!" and cells[2] == "2"
    assert "(" in cells[3] and "%-" in cells[3]  # the score with its interval
    assert cells[4] in ("beats", "ties", "loses to")
    assert cells[5].endswith("ms") and " s / " in cells[5]
    assert cells[6].endswith(" s") and float(cells[6][:-2]) > 0  # the longest move
    assert cells[7] == "NOT met (fewer than 40 games)"
    assert len(path.read_text().splitlines()) == 2
    assert strong.row("ahoy", 2, resume=path, progress=False) == line  # read back
    assert len(path.read_text().splitlines()) == 2


def test_the_section_keeps_the_rows_of_games_not_run() -> None:
    old = strong.section({"sjorovaron": "| Sjörövarön | x | 40 | 60% | beats | s | s | met |"})
    new = strong.section({"ahoy": "| Ahoy Treasures! | y | 40 | 70% | beats | s | s | met |"},
                         f"# results\n\n{old}\n\n## Next\n\nz\n")
    assert new.startswith(strong.SECTION) and "## Next" not in new
    body = new.splitlines()
    ahoy = body.index("| Ahoy Treasures! | y | 40 | 70% | beats | s | s | met |")
    sjo = body.index("| Sjörövarön | x | 40 | 60% | beats | s | s | met |")
    assert ahoy < sjo
