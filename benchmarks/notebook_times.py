"""How long every notebook takes to run top to bottom, cell by cell (issue 9, point 3).

Each notebook in ``notebooks/`` is executed in memory with nbclient (the saved file is
never touched) in a fresh ``python3`` kernel of this venv. For every code cell we record

* its **wall time**: from the kernel's ``execute_input`` message to its
  ``execute_reply`` (nbclient stores both in the cell's execution metadata), and
* the **kernel's CPU time** over the same cell (user + system, read from
  ``/proc/<kernel pid>/stat``), which a busy shared machine inflates much less.

A notebook's **total** is the sum of its cells' wall times: what a reader waits for
after Run All, kernel start excluded (the kernel start is reported on its own). The
budget is 1.5 s per cell and 8 s per notebook on a quiet machine (issue 27, point 6), so
that a shared server's load keeps Run All near 10 s. On a busy machine compare the CPU
columns, which load inflates much less than wall time.

    python -m benchmarks.notebook_times              # every notebook, summary table
    python -m benchmarks.notebook_times -v notebooks/05-skeleton-island.ipynb

``make bench`` runs it with the other benchmarks (``run()`` below).
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from .harness import Result

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: The budgets of issue 27 point 6 (issue 9 point 3 had 2 s and 10 s), in seconds.
CELL_BUDGET = 1.5
NOTEBOOK_BUDGET = 8.0


@dataclass(frozen=True)
class CellTime:
    """One code cell: its index among all cells, first source line, wall and CPU seconds."""

    index: int
    first_line: str
    wall: float
    cpu: float | None


@dataclass(frozen=True)
class NotebookTime:
    """One notebook run: kernel start-up and every code cell, in seconds."""

    name: str
    kernel_start: float
    cells: tuple[CellTime, ...]

    @property
    def total(self) -> float:
        return sum(c.wall for c in self.cells)

    @property
    def total_cpu(self) -> float | None:
        cpus = [c.cpu for c in self.cells]
        return None if any(c is None for c in cpus) else sum(c for c in cpus if c is not None)

    @property
    def slowest(self) -> CellTime:
        return max(self.cells, key=lambda c: c.wall)


def notebook_paths() -> list[Path]:
    """Every notebook under ``notebooks/`` (the solutions notebooks too), sorted."""
    return sorted(p for p in NOTEBOOKS.glob("**/*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def _stamp(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))


def _cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (None off Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_notebook(path: Path, timeout: int = 600) -> NotebookTime:
    """Execute ``path`` in a fresh kernel and time every code cell (see the module doc).

    Raises:
        nbclient.exceptions.CellExecutionError: a cell failed (tagged cells excepted).
    """
    import nbformat
    from nbclient import NotebookClient

    venv_share = Path(sys.prefix) / "share" / "jupyter"
    if venv_share.is_dir():  # the venv's python3 kernel, as `make notebooks` uses
        os.environ["JUPYTER_PATH"] = str(venv_share)
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", record_timing=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    cpu_before: dict[int, float | None] = {}
    cpu_used: dict[int, float | None] = {}
    pid: list[int] = []

    def on_execute(cell: object, cell_index: int, **_: object) -> None:
        cpu_before[cell_index] = _cpu_seconds(pid[0]) if pid else None

    def on_executed(cell: object, cell_index: int, **_: object) -> None:
        before = cpu_before.get(cell_index)
        after = _cpu_seconds(pid[0]) if pid else None
        cpu_used[cell_index] = None if before is None or after is None else after - before

    client.on_cell_execute = on_execute
    client.on_cell_executed = on_executed
    with client.setup_kernel():
        t0 = time.perf_counter()
        assert client.kc is not None
        client.wait_for_reply(client.kc.kernel_info())
        kernel_start = time.perf_counter() - t0
        process = getattr(getattr(client.km, "provisioner", None), "process", None)
        if process is not None:
            pid.append(process.pid)
        for index, cell in enumerate(nb.cells):
            client.execute_cell(cell, index)
    cells = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        meta = cell.metadata.get("execution", {})
        start, end = meta.get("iopub.execute_input"), meta.get("shell.execute_reply")
        if not (start and end):
            continue  # an empty cell is never sent to the kernel
        wall = (_stamp(end) - _stamp(start)).total_seconds()
        first = next((ln for ln in cell.source.splitlines() if ln.strip()), "")[:60]
        cells.append(CellTime(index, first, wall, cpu_used.get(index)))
    return NotebookTime(path.stem, kernel_start, tuple(cells))


def _load() -> str:
    try:
        return "load average {:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    except OSError:
        return "load average unknown"


def _fmt(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def table(times: list[NotebookTime]) -> str:
    """A markdown table: per notebook, total and slowest cell, wall (CPU) seconds."""
    rows = [
        "| notebook | cells | total s (CPU s) | slowest cell | its s (CPU s) | kernel start s |",
        "|---|---|---|---|---|---|",
    ]
    for t in times:
        worst = t.slowest
        flag = " **over budget**" if t.total > NOTEBOOK_BUDGET or worst.wall > CELL_BUDGET else ""
        rows.append(
            f"| {t.name} | {len(t.cells)} | {t.total:.2f} ({_fmt(t.total_cpu)}){flag} "
            f"| [{worst.index}] `{worst.first_line.replace('|', '/')}` "
            f"| {worst.wall:.2f} ({_fmt(worst.cpu)}) | {t.kernel_start:.2f} |"
        )
    return "\n".join(rows)


def run(paths: list[Path] | None = None) -> list[Result]:
    """Per notebook: total wall time and its slowest cell (for ``make bench``)."""
    results = []
    for path in paths or notebook_paths():
        t = time_notebook(path)
        results.append(Result("notebooks", f"{t.name}: all cells, top to bottom", t.total, "s"))
        worst = t.slowest
        results.append(
            Result("notebooks", f"{t.name}: slowest cell, [{worst.index}]", worst.wall, "s")
        )
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("-v", "--verbose", action="store_true", help="every cell's time")
    args = parser.parse_args(argv)
    paths = args.notebooks or notebook_paths()
    times = []
    for path in paths:
        t = time_notebook(path)
        times.append(t)
        if args.verbose:
            print(f"{t.name} (kernel start {t.kernel_start:.2f} s)")
            for c in sorted(t.cells, key=lambda c: -c.wall):
                print(f"  [{c.index:>3}] {c.wall:6.2f} s  cpu {_fmt(c.cpu):>5}  {c.first_line}")
    print(f"Measured {datetime.date.today().isoformat()}, {_load()} (after the runs).")
    print()
    print(table(times))
    over = [t.name for t in times if t.total > NOTEBOOK_BUDGET or t.slowest.wall > CELL_BUDGET]
    if over:
        print(f"\nover budget ({CELL_BUDGET:g} s a cell, {NOTEBOOK_BUDGET:g} s a notebook): "
              + ", ".join(over))
    # On a busy machine wall times say little; the kernel's CPU seconds are a floor for a
    # quiet machine's wall times, so a notebook over budget by CPU is over budget anywhere.
    cpu_over = [t.name for t in times if (t.total_cpu or 0.0) > NOTEBOOK_BUDGET
                or max((c.cpu or 0.0) for c in t.cells) > CELL_BUDGET]
    print("by the kernel's CPU seconds: "
          + (", ".join(cpu_over) + " over budget" if cpu_over else "every notebook within budget"))
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
