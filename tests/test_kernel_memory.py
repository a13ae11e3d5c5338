"""benchmarks.kernel_memory: it reads a kernel's memory and notices errors and stderr output."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # the benchmarks package lives beside the tests, not installed
    sys.path.insert(0, str(ROOT))
km = importlib.import_module("benchmarks.kernel_memory")


def _notebook(path: Path, *sources: str) -> Path:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nbformat.write(nb, path)
    return path


def test_kernel_memory_reads_the_kernels_rss_and_flags_stderr_and_errors(tmp_path: Path) -> None:
    nb = _notebook(
        tmp_path / "noisy.ipynb",
        "big = bytearray(64 * 1024 * 1024); big[::4096] = b'x' * len(big[::4096])",
        "import sys; print('careful', file=sys.stderr)",
        "1 / 0",
        "print('never run')",
    )
    run = km.run_notebook(nb, root=tmp_path)
    assert run.path == "noisy.ipynb"
    assert run.rss_mib > 64  # the 64 MiB the first cell touched are resident
    assert run.stderr == ["careful\n"]
    assert len(run.errors) == 1 and "ZeroDivisionError" in run.errors[0]
    problems = run.problems(limit=run.rss_mib - 1)
    assert any("stderr" in p for p in problems) and any("error" in p for p in problems)
    assert any("> " in p and "MiB" in p for p in problems)
    assert km.Run("quiet.ipynb", 50.0, 1.0).problems() == []


def test_kernel_memory_section_replaces_only_its_own_part_of_results(tmp_path: Path) -> None:
    results = tmp_path / "results.md"
    results.write_text("Measured today.\n\n| game | benchmark | result |\n")
    runs = [km.Run("notebooks/a.ipynb", 120.4, 3.0), km.Run("apps/b.ipynb", 99.6, 2.0)]
    km.write_section(km.section(runs), results)
    km.write_section(km.section(runs[:1]), results)
    text = results.read_text()
    assert text.startswith("Measured today.\n\n| game | benchmark | result |\n\n## Kernel memory")
    assert text.count(km.SECTION) == 1
    assert "| notebooks/a.ipynb | 120 MiB | 3.0 s |" in text and "apps/b.ipynb" not in text
    assert "Largest: notebooks/a.ipynb, 120 MiB (limit 256 MiB)" in text


def test_default_paths_are_the_notebooks_then_the_apps(tmp_path: Path) -> None:
    for name in ("notebooks/01-x.ipynb", "notebooks/00-y.ipynb", "apps/index.ipynb"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("{}")
    assert [p.relative_to(tmp_path).as_posix() for p in km.default_paths(tmp_path)] == [
        "notebooks/00-y.ipynb", "notebooks/01-x.ipynb", "apps/index.ipynb"]
    (tmp_path / "apps" / "index.ipynb").unlink()
    (tmp_path / "apps").rmdir()
    assert len(km.default_paths(tmp_path)) == 2  # no apps/ folder yet: the notebooks alone
