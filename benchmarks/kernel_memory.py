"""Kernel memory: the resident memory (RSS) of a kernel after it ran each notebook and each app.

``python -m benchmarks.kernel_memory`` (part of ``make bench``) runs every ``notebooks/*.ipynb`` and
every ``apps/*.ipynb`` (the Voilà apps, when the folder exists) in a fresh ``python3`` kernel of the
running environment, cell by cell with nbclient as Voilà and nbconvert do, and reads the kernel
process's RSS (its children included) with psutil before shutting it down. One more row is a kernel
that ran nothing. The table replaces the "Kernel memory" section of ``benchmarks/results.md``.

``--json FILE`` also writes every run as JSON (path, rss_mib, seconds, errors, stderr), which the
Binder test (``tests/test_binder.py``) reads after running this module inside the Binder
environment; ``--check`` exits non-zero when a run errs, writes to stderr or exceeds ``LIMIT_MIB``.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

import nbformat
import psutil
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from .harness import machine

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).with_name("results.md")
SECTION = "## Kernel memory"
#: A classroom budget per student kernel (mybinder.org gives a whole session 1-2 GB).
LIMIT_MIB = 256.0
MIB = 1024 * 1024
#: ipykernel >= 7 logs this at start when the kernel talks TCP (as under Jupyter Server and Voilà);
#: it goes to the server's log, never to a page. Any other line the kernel writes is a problem.
KERNEL_LOG_IGNORED = ("Kernel is running over TCP without encryption",)


@dataclass
class Run:
    """One notebook run: kernel RSS in MiB after the last cell, wall time in seconds."""

    path: str
    rss_mib: float
    seconds: float
    errors: list[str] = field(default_factory=list)
    stderr: list[str] = field(default_factory=list)

    def problems(self, limit: float = LIMIT_MIB) -> list[str]:
        out = [f"{self.path}: error: {e}" for e in self.errors]
        out += [f"{self.path}: stderr: {s!r}" for s in self.stderr]
        if self.rss_mib > limit:
            out.append(f"{self.path}: kernel RSS {self.rss_mib:.0f} MiB > {limit:.0f} MiB")
        return out


def default_paths(root: Path = ROOT) -> list[Path]:
    """Every teaching notebook, then every Voilà app (``apps/`` may not exist yet)."""
    return sorted(root.glob("notebooks/*.ipynb")) + sorted(root.glob("apps/*.ipynb"))


def _rss(pid: int) -> int:
    proc = psutil.Process(pid)
    total = proc.memory_info().rss
    for child in proc.children(recursive=True):
        with contextlib.suppress(psutil.NoSuchProcess):
            total += child.memory_info().rss
    return total


def run_notebook(path: Path | None, root: Path = ROOT, timeout: int = 600) -> Run:
    """Run ``path`` (or nothing, if None) in a fresh python3 kernel started in its folder."""
    if path is None:
        nb = nbformat.v4.new_notebook()
        cwd, label = root, "(idle kernel: nothing run)"
    else:
        nb = nbformat.read(path, as_version=4)
        cwd, label = path.parent, str(path.resolve().relative_to(root.resolve()))
    client = NotebookClient(nb, kernel_name="python3", timeout=timeout, allow_errors=False)
    errors: list[str] = []
    t0 = time.perf_counter()
    client.reset_execution_trackers()
    with tempfile.TemporaryFile(mode="w+") as log, client.setup_kernel(cwd=str(cwd), stderr=log):
        assert client.kc is not None and client.km is not None
        client.wait_for_reply(client.kc.kernel_info())
        for index, cell in enumerate(nb.cells):
            try:
                client.execute_cell(cell, index, execution_count=client.code_cells_executed + 1)
            except CellExecutionError as exc:
                errors.append(f"cell {index}: {str(exc).strip().splitlines()[-1]}")
                break
        seconds = time.perf_counter() - t0
        pid = client.km.provisioner.process.pid  # type: ignore[union-attr]
        rss = _rss(pid) / MIB
        log.seek(0)
        kernel_log = [
            line for line in log.read().splitlines()
            if line.strip() and not any(text in line for text in KERNEL_LOG_IGNORED)
        ]
    stderr = kernel_log + [
        out.get("text", "")
        for cell in nb.cells
        for out in cell.get("outputs", [])
        if out.get("output_type") == "stream" and out.get("name") == "stderr"
    ]
    return Run(label, rss, seconds, errors, stderr)


def table(runs: list[Run]) -> str:
    lines = [
        "| notebook or app | kernel RSS after running it | run time |",
        "|---|---|---|",
    ]
    lines += [f"| {r.path} | {r.rss_mib:.0f} MiB | {r.seconds:.1f} s |" for r in runs]
    return "\n".join(lines)


def section(runs: list[Run]) -> str:
    """The markdown section written to ``benchmarks/results.md``."""
    worst = max(runs, key=lambda r: r.rss_mib)
    return "\n".join([
        SECTION,
        "",
        f"Measured {datetime.date.today().isoformat()} on {machine()}: one fresh python3 kernel "
        "per notebook or app, every cell run (nbclient, as Voilà and nbconvert run them), then "
        "the kernel's resident memory (RSS, children included, psutil). "
        f"Largest: {worst.path}, {worst.rss_mib:.0f} MiB (limit {LIMIT_MIB:.0f} MiB).",
        "",
        table(runs),
        "",
    ])


def write_section(text: str, results: Path = RESULTS) -> None:
    """Replace (or append) the kernel-memory section of ``results``, keeping the rest."""
    old = results.read_text() if results.exists() else ""
    head = old.split(SECTION, 1)[0].rstrip()
    results.write_text((head + "\n\n" if head else "") + text)


def run(paths: list[Path] | None = None, idle: bool = True) -> list[Run]:
    """Run the idle kernel (if ``idle``) and every path, printing each row as it finishes."""
    todo: list[Path | None] = [None] if idle else []
    todo += paths if paths is not None else default_paths()
    runs = []
    for path in todo:
        r = run_notebook(path)
        print(f"{r.path}: {r.rss_mib:.0f} MiB, {r.seconds:.1f} s", *r.problems(), flush=True)
        runs.append(r)
    return runs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path,
                        help="notebooks to run (default: notebooks/*.ipynb apps/*.ipynb)")
    parser.add_argument("--json", type=Path, help="also write every run to this JSON file")
    parser.add_argument("--no-write", action="store_true",
                        help="do not update benchmarks/results.md")
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 on an error, stderr output or RSS > {LIMIT_MIB:.0f} MiB")
    args = parser.parse_args(argv)
    runs = run([p.resolve() for p in args.paths] if args.paths else None)
    text = section(runs)
    print("\n" + text)
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in runs], indent=1))
    if not args.no_write:
        write_section(text)
        print(f"written to {RESULTS}")
    problems = [p for r in runs for p in r.problems()]
    return 1 if args.check and problems else 0


if __name__ == "__main__":
    sys.exit(main())
