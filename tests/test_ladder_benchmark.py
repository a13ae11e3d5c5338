"""benchmarks/ladder.py's section of results.md: a --game run replaces only its game."""

from __future__ import annotations

from benchmarks import ladder
from benchmarks.__main__ import _with_section
from treasurekit.arena import ladder as play_ladder


def test_with_section_replaces_only_its_section() -> None:
    text = "# r\n\na\n\n## X\n\nold\n\n## Y\n\ny\n"
    assert _with_section(text, "## X\n\nnew", "## X") == "# r\n\na\n\n## X\n\nnew\n\n## Y\n\ny\n"
    assert _with_section(text, "## Z\n\nz", "## Z").endswith("## Y\n\ny\n\n## Z\n\nz\n")


def test_a_game_run_keeps_the_other_games_subsections() -> None:
    rr = play_ladder("ahoy", 2, bots=["random", "greedy", "mcts"], iterations=1,
                     progress=False)
    lad = ladder.Ladder("ahoy", rr, "2", wall=1.0, jobs=1, load=0.5)
    old = (f"# results\n\n{ladder.SECTION}\n\n### Sjörövarön\n\nsjo table\n\n"
           f"### Ahoy Treasures!\n\nold ahoy\n\n## Next\n\nz\n")
    new = ladder.section([lad], old)
    assert new.startswith(ladder.SECTION)
    assert "old ahoy" not in new and "### Sjörövarön\n\nsjo table" in new
    assert new.index("### Ahoy Treasures!") < new.index("### Sjörövarön")
    assert "## Next" not in new
    assert any(c.startswith("greedy ") for c in ladder.checks(rr))
