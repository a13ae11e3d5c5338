"""``make latency`` clicks the boards where players use them (issue 24, point 7): the play
board of each real teaching notebook and the Voilà apps, and it reports both the first
change and the picture's first change against the budget. The browser runs themselves
are a benchmark (no timing is asserted); this checks what they click and what they print.
"""

from __future__ import annotations

import json
import math

from benchmarks.board_latency import BOARDS, Click, GameRun, report
from benchmarks.latency_where import NOTEBOOK_DIR, NOTEBOOKS, play_cell


def test_every_game_has_a_real_notebook_whose_play_section_builds_its_board() -> None:
    assert set(NOTEBOOKS) == set(BOARDS) and len(NOTEBOOKS) == 5
    for game, name in NOTEBOOKS.items():
        path = NOTEBOOK_DIR / name
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        index = play_cell(path)
        assert cells[index]["cell_type"] == "code" and "Board(" in "".join(
            cells[index]["source"])
        headings = ["".join(c["source"]).lstrip() for c in cells[:index]
                    if c["cell_type"] == "markdown"
                    and "".join(c["source"]).lstrip().startswith("## ")]
        assert headings[-1].startswith("## 3. Play"), (game, headings[-1][:30])
        earlier = [c for c in cells[:index] if c["cell_type"] == "code"
                   and "Board(" in "".join(c["source"])]
        assert earlier, game  # the notebook's first board (the cover) is not the play board


def click(ms: float, picture: float | None) -> Click:
    return Click("roll", "Roll", ms, "childList tk-status", ms + 100, None, picture)


def test_the_report_gives_both_clocks_and_the_budget_per_place() -> None:
    fast = GameRun("ahoy", [click(40 + k, 60 + k) for k in range(20)], "apps")
    slow = GameRun("ahoy", [click(100 + 20 * k, None if k % 2 else 350 + k)
                            for k in range(20)], "notebooks")
    assert fast.within_budget() and not slow.within_budget()
    p50, p95, top = slow.picture_figures()
    assert top == 368 and p50 <= p95 <= top  # over the ten clicks that changed the picture
    assert math.isnan(GameRun("ahoy").picture_figures()[0])
    text = report([fast, slow], (1.0, 1.0, 1.0), (1.0, 1.0, 1.0))
    rows = [line for line in text.splitlines() if line.startswith("| apps")
            or line.startswith("| notebooks")]
    assert len(rows) == 2
    # nearest-rank percentiles of 40..59 ms: p50 the 11th value, p95 the 19th
    assert rows[0].split(" | ")[3:6] == ["50", "58", "59"]  # first change p50, p95, max
    assert rows[0].rstrip(" |").endswith("yes") and rows[1].rstrip(" |").endswith("NO")
    assert rows[1].split(" | ")[10] == "10"  # ten clicks with no picture change
    assert "picture p95" in text and "Budget: p50 <= 150 ms and p95 <= 300 ms" in text
