"""benchmarks/ladder.py's section of results.md: a --game run replaces only its game."""

from __future__ import annotations

from pathlib import Path

import pytest

import benchmarks.__main__ as bench_main
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


def test_a_tie_over_few_games_says_they_are_too_few() -> None:
    rr = play_ladder("ahoy", 2, bots=["random", "greedy", "mcts"], iterations=1,
                     progress=False)
    lines = ladder.checks(rr)
    assert len(lines) == 2 and all("over 2 games" in c for c in lines)
    ties = [c for c in lines if " ties " in c]
    assert ties, "two games cannot tell any two bots apart"
    assert all("only 2 games, too few to tell the bots apart" in c for c in ties)


def test_a_scaled_run_does_not_overwrite_the_results(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "results.md"
    results.write_text("# results\n")
    monkeypatch.setattr(bench_main, "RESULTS", results)
    bench_main.main(["ladder", "--game", "ahoy", "--scale", "0.1", "--jobs", "1",
                     "--bots", "random", "--bots", "greedy"])
    assert results.read_text() == "# results\n"
    bench_main.main(["ladder", "--game", "ahoy", "--scale", "1", "--jobs", "1",
                     "--bots", "random", "--bots", "greedy"])
    assert "### Ahoy Treasures!" in results.read_text()


def test_the_ladder_runs_on_a_dask_scheduler_and_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 26.6: ``--dask SCHEDULER`` plays the ladder on the cluster, with the table of a
    local run; ``--resume FILE`` keeps the games and reads them back."""
    distributed = pytest.importorskip("distributed")
    kept = tmp_path / "games.jsonl"
    args = ["--game", "ahoy", "--scale", "0.1", "--jobs", "1", "--bots", "random",
            "--bots", "greedy"]
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask = ladder.main([*args, "--dask", cluster.scheduler_address,
                               "--resume", str(kept)])
    local = ladder.main(args)
    assert [r.result.results for r in on_dask] == [r.result.results for r in local]
    assert len(kept.read_text().splitlines()) == 2
    again = ladder.main([*args, "--resume", str(kept)])  # read back, not played
    assert again[0].result.results == local[0].result.results
    assert len(kept.read_text().splitlines()) == 2
    assert "CPU per move" in capsys.readouterr().out
