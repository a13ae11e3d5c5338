"""A class at once: N students open the Ahoy app together and play (issue 27.2).

    python -m benchmarks class_load [--students 5,10,20,30] [--play 60] [--interval 3]
                                    [--browsers] [--class-only] [--out FILE]

(``make class-load``, ``CLASS_ARGS='--students 30'``.) For each class size N it starts
the ``make play`` server itself (scripts/play.py, on a free loopback port, with
``--class-size N``: N preheated kernels of the Ahoy app), waits until the pool has run
the app (the server and its kernels fall quiet), then starts N students at the same
instant. Each opens ``apps/ahoy.ipynb`` and plays a legal move every ``--interval``
seconds for ``--play`` seconds (benchmarks/class_protocol.py: HTTP and the kernel's
websocket, no browser; ``--browsers``: one headless Chromium page per student instead,
benchmarks/class_browsers.py, for N up to 10). It prints, per N:

* **ready**: seconds from the class's start until a student's board is playable
  (p50 / p95 / max; protocol: the widget states have arrived; browsers: drawn);
* **click → status / picture**: ms until the status line (or notice) and the bqplot
  picture change after a click (p50 / p95 / max), and the clicks left unanswered;
* **memory**: the server's resident MB, the kernels' total and mean per kernel;
* **CPU**: seconds used meanwhile by the server, by its kernels and by this driver
  (whose share of the cores the server did not have), and the pool's start cost:
  CPU-seconds of server and kernels per preheated kernel, from launch to quiet.

The capacity line gives the largest N whose click p95 (status) ≤ 300 ms and whose
boards were all ready within 20 s. Bounded: every wait has a timeout, the server
listens on 127.0.0.1 only and is stopped (with its kernels) by PID.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import math
import os
import resource
import statistics
import sys
import time
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from voiladriver import voila_server  # noqa: E402

from .class_protocol import Student, StudentResult  # noqa: E402
from .harness import machine  # noqa: E402

APP = "apps/ahoy.ipynb"
#: A class whose click p95 is above this many ms, or whose last board takes longer than
#: READY_LIMIT_S, is beyond the server's capacity (issue 27.2).
CLICK_P95_LIMIT_MS = 300.0
READY_LIMIT_S = 20.0
#: Seconds to wait for the preheated pool to have run the app.
POOL_TIMEOUT_S = 600
QUIET_CPU = 0.15  # the server tree uses less than this share of one core: quiet


@dataclass
class ClassReport:
    """One class size's figures (times in s or ms as named; memory in MB)."""

    students: int
    driver: str
    ready_s: list[float] = field(default_factory=list)
    not_ready: int = 0
    status_ms: list[float] = field(default_factory=list)
    picture_ms: list[float] = field(default_factory=list)
    clicks: int = 0
    unanswered: int = 0
    errors: list[str] = field(default_factory=list)
    server_mb: float = 0.0
    kernels_mb: float = 0.0
    kernel_mb_mean: float = 0.0
    server_cpu_s: float = 0.0
    kernels_cpu_s: float = 0.0
    driver_cpu_s: float = 0.0
    pool_fill_s: float = 0.0
    start_cpu_s: float = 0.0  # server + kernel CPU-seconds per preheated kernel
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)
    assets: int = 0  # files a protocol student fetched as a real page (0: the page's own)

    def ok(self) -> bool:
        """Within capacity: every board ready within READY_LIMIT_S, click p95 ≤ limit,
        no click unanswered, no student failed."""
        return (not self.not_ready and not self.errors and not self.unanswered
                and bool(self.ready_s) and max(self.ready_s) <= READY_LIMIT_S
                and bool(self.status_ms)
                and percentile(self.status_ms, 95) <= CLICK_P95_LIMIT_MS)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``values``; NaN if there are none."""
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _three(values: list[float], digits: int = 0) -> str:
    if not values:
        return "–"
    return " / ".join(f"{v:,.{digits}f}" for v in
                      (statistics.median(values), percentile(values, 95), max(values)))


def _tree(server: psutil.Process) -> tuple[psutil.Process, list[psutil.Process]]:
    kernels = []
    for pid in kernel_pids_of(server):
        with suppress(psutil.Error):
            kernels.append(psutil.Process(pid))
    return server, kernels


def kernel_pids_of(server: psutil.Process) -> list[int]:
    """Process ids of the server's kernels (as ``voiladriver.kernel_pids``)."""
    found = []
    for child in server.children(recursive=True):
        with suppress(psutil.Error):
            if "ipykernel_launcher" in " ".join(child.cmdline()):
                found.append(child.pid)
    return found


def _cpu(proc: psutil.Process) -> float:
    with suppress(psutil.Error):
        times = proc.cpu_times()
        return float(times.user + times.system)
    return 0.0


def _tree_cpu(server: psutil.Process) -> dict[int, float]:
    """CPU-seconds so far of the server (key 0) and of each kernel (by pid)."""
    _, kernels = _tree(server)
    return {0: _cpu(server), **{k.pid: _cpu(k) for k in kernels}}


def wait_for_pool(server: psutil.Process, size: int, timeout: float = POOL_TIMEOUT_S,
                  ) -> float:
    """Seconds until at least ``size`` kernels run and the server tree is quiet (the pool
    has run the app).

    Raises:
        TimeoutError: not within ``timeout`` seconds.
    """
    start = time.monotonic()
    last = sum(_tree_cpu(server).values())
    quiet = 0
    while time.monotonic() - start < timeout:
        time.sleep(1.0)
        now = sum(_tree_cpu(server).values())
        busy, last = now - last, now
        enough = len(kernel_pids_of(server)) >= size
        quiet = quiet + 1 if enough and busy < QUIET_CPU else 0
        if quiet >= 3:
            return time.monotonic() - start - 3
    raise TimeoutError(f"the pool of {size} kernels did not settle within {timeout:.0f} s")


def browser_assets(url: str) -> list[str] | None:
    """The server's files (path and query) that one headless Chromium page of the app
    fetches after the page itself; None without /usr/bin/chromium or Playwright. The page
    takes one preheated kernel (idle afterwards, culled in time)."""
    from conftest import CHROMIUM, CHROMIUM_ARGS
    from voiladriver import wait_for_app

    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    if not CHROMIUM.exists():
        return None
    found: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.on("requestfinished", lambda request: found.append(request.url))
            page.goto(f"{url}/voila/render/{APP}", wait_until="commit")
            wait_for_app(page)
            page.wait_for_timeout(1000)
        finally:
            browser.close()
    own = [u.removeprefix(url) for u in found if u.startswith(f"{url}/")]
    return [u for u in dict.fromkeys(own) if not u.startswith(("/voila/render/", "/api/"))]


async def _protocol_class(url: str, n: int, play_s: float, interval: float,
                          assets: list[str] | None, answer_timeout: float = 15.0,
                          ) -> list[StudentResult]:
    from tornado.httpclient import AsyncHTTPClient

    AsyncHTTPClient.configure(None, max_clients=max(10, 2 * n))
    t0 = time.monotonic()
    students = [Student(url, APP, interval=interval, answer_timeout=answer_timeout,
                        assets=assets) for _ in range(n)]
    return list(await asyncio.gather(*(s.run(t0, play_s) for s in students)))


def run_class(n: int, *, play_s: float = 60, interval: float = 3.0, browsers: bool = False,
              class_only: bool = False, record_assets: bool = True,
              answer_timeout: float = 15.0) -> ClassReport:
    """Start a server with a pool of ``n``, let ``n`` students play; their figures.

    ``answer_timeout``: seconds after which a protocol student counts a click unanswered.
    ``record_assets``: the protocol students fetch the files a real page fetched
    (:func:`browser_assets`, one more kernel in the pool for that page), not only those
    the page names.

    Raises:
        ValueError: ``n`` is not 1 or more, or more than 10 with ``browsers``.
        TimeoutError: the pool did not settle (see :func:`wait_for_pool`).
    """
    if n < 1 or (browsers and n > 10):
        raise ValueError(f"a class of 1 or more students (10 at most with browsers), "
                         f"got {n}")
    report = ClassReport(students=n, driver="browsers" if browsers else "protocol")
    record = record_assets and not browsers
    pool = n + (1 if record else 0)  # the recording page's kernel
    with voila_server(class_size=pool, class_only=class_only) as (url, proc):
        server = psutil.Process(proc.pid)
        expected = pool + (0 if class_only else 5)  # the four other apps and the gallery
        report.pool_fill_s = wait_for_pool(server, expected)
        assets = browser_assets(url) if record else None
        report.assets = len(assets) if assets is not None else 0
        pooled_cpu = sum(_tree_cpu(server).values())
        report.start_cpu_s = pooled_cpu / max(1, len(kernel_pids_of(server)))
        before = _tree_cpu(server)
        driver_before = resource.getrusage(resource.RUSAGE_SELF)
        if browsers:
            from .class_browsers import browser_class

            results = browser_class(url, APP, n, play_s, interval)
        else:
            results = asyncio.run(_protocol_class(url, n, play_s, interval, assets,
                                                answer_timeout))
        driver_after = resource.getrusage(resource.RUSAGE_SELF)
        after = _tree_cpu(server)
        report.server_cpu_s = after[0] - before[0]
        report.kernels_cpu_s = sum(v - before.get(pid, 0.0) for pid, v in after.items() if pid)
        report.driver_cpu_s = ((driver_after.ru_utime + driver_after.ru_stime)
                               - (driver_before.ru_utime + driver_before.ru_stime))
        if browsers:  # Chromium's own processes are the driver's too
            report.driver_cpu_s += sum(r.driver_cpu_s for r in results
                                       if hasattr(r, "driver_cpu_s"))
        _, kernels = _tree(server)
        rss = [k.memory_info().rss / 2**20 for k in kernels]
        report.server_mb = server.memory_info().rss / 2**20
        report.kernels_mb, report.kernel_mb_mean = sum(rss), statistics.fmean(rss or [0])
    for result in results:
        if result.ready_s is None:
            report.not_ready += 1
        else:
            report.ready_s.append(result.ready_s)
        report.status_ms += result.status_ms
        report.picture_ms += result.picture_ms
        report.clicks += result.clicks
        report.unanswered += result.unanswered
        if result.error:
            report.errors.append(result.error)
    report.load = os.getloadavg()
    return report


HEADER = ("| students | driver | ready p50 / p95 / max (s) | click → status p50 / p95 / max "
          "(ms) | click → picture p50 / p95 / max (ms) | clicks (unanswered) | server MB "
          "| kernels MB (each) | CPU s: server / kernels / driver | start CPU s per kernel "
          "(pool filled in) | within capacity |")


def row(r: ClassReport) -> str:
    """The report as a Markdown table row under :data:`HEADER`."""
    not_ready = f" ({r.not_ready} never)" if r.not_ready else ""
    return (f"| {r.students} | {r.driver} | {_three(r.ready_s, 1)}{not_ready} | "
            f"{_three(r.status_ms)} | {_three(r.picture_ms)} | {r.clicks} ({r.unanswered}) | "
            f"{r.server_mb:.0f} | {r.kernels_mb:,.0f} ({r.kernel_mb_mean:.0f}) | "
            f"{r.server_cpu_s:.1f} / {r.kernels_cpu_s:.1f} / {r.driver_cpu_s:.1f} | "
            f"{r.start_cpu_s:.2f} ({r.pool_fill_s:.0f} s) | {'yes' if r.ok() else 'no'} |")


def capacity(reports: list[ClassReport]) -> str:
    """The capacity sentence: the largest N within the limits (of those measured)."""
    within = [r.students for r in reports if r.ok()]
    limits = (f"click → status p95 ≤ {CLICK_P95_LIMIT_MS:.0f} ms and every board ready "
              f"within {READY_LIMIT_S:.0f} s")
    if not within:
        return f"No class size measured stayed within capacity ({limits})."
    return f"Largest class measured within capacity ({limits}): **{max(within)} students**."


def table(reports: list[ClassReport], play_s: float, interval: float) -> str:
    lines = [f"Measured {datetime.date.today().isoformat()} on {machine()}; the Ahoy app, "
             f"each student a legal move every {interval:g} s for {play_s:g} s; load average "
             f"after: {', '.join(f'{v:.1f}' for v in os.getloadavg())}.", "", HEADER,
             "|" + "---|" * HEADER.count(" | ") + "---|"]
    lines += [row(r) for r in reports]
    fetched = {r.assets for r in reports if r.driver == "protocol"}
    if fetched:
        lines += ["", "Each protocol student fetched the page and "
                  + (f"the {max(fetched)} files a Chromium page of the app fetched."
                     if max(fetched) else "the scripts and stylesheets it names.")]
    lines += ["", capacity(reports)]
    errors = sorted({e for r in reports for e in r.errors})
    if errors:
        lines += ["", "Students who failed: " + "; ".join(errors[:5])]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> list[ClassReport]:
    parser = argparse.ArgumentParser(prog="python -m benchmarks class_load",
                                     description=__doc__.split("\n", 1)[0])
    parser.add_argument("--students", default="5,10,20,30",
                        help="class sizes, comma-separated (default 5,10,20,30)")
    parser.add_argument("--play", type=float, default=60.0, help="seconds of play")
    parser.add_argument("--interval", type=float, default=3.0,
                        help="seconds between a student's clicks")
    parser.add_argument("--browsers", action="store_true",
                        help="a headless Chromium page per student (10 at most)")
    parser.add_argument("--class-only", action="store_true",
                        help="preheat the Ahoy app only (not the other apps and gallery)")
    parser.add_argument("--page-assets-only", action="store_true",
                        help="protocol students fetch only the files the page names (no "
                             "browser recording of the ~110 files a real page fetches)")
    parser.add_argument("--out", type=Path, help="also write the table to this file")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.students.split(",") if s.strip()]
    if not sizes or min(sizes) < 1 or args.play <= 0 or args.interval <= 0:
        parser.error("class sizes must be 1 or more; --play and --interval positive")
    reports = []
    for n in sizes:
        report = run_class(n, play_s=args.play, interval=args.interval,
                           browsers=args.browsers, class_only=args.class_only,
                           record_assets=not args.page_assets_only)
        print(row(report), flush=True)
        reports.append(report)
    text = table(reports, args.play, args.interval)
    print("\n" + text)
    if args.out:
        args.out.write_text(text + "\n")
    return reports


__all__ = ["ClassReport", "asdict", "capacity", "main", "percentile", "row", "run_class"]

if __name__ == "__main__":
    main()
