"""How soon a play app's board answers a click in Voilà, from the moment the page starts loading.

    python -m benchmarks.apps_in_voila [--loads 2] [--no-preheat-too]

Starts the ``make play`` server (scripts/play.py) with preheated kernels, and then,
unless ``--no-preheat-too`` is given, a second one without (every page load then starts
and runs a kernel). For each app and load, in a fresh headless Chromium page:
``ready`` is the time from navigation start to the board's first drawing, ``click``
the time from navigation start to the first click's answer on the board (a roll, a
card taken, the choices at a map point). Prints a Markdown table with the median and
the worst load, and the load average (this machine is shared). Needs /usr/bin/chromium
and Playwright; no timing is asserted anywhere.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

import psutil
from playwright.sync_api import Error as PlaywrightError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from test_apps_in_voila import ti2018_point  # noqa: E402
from test_skeleton_board import click_uncovered_card  # noqa: E402
from test_ti2018_board import click_miles  # noqa: E402
from voiladriver import (  # noqa: E402
    app_names,
    kernel_pids,
    press_start,
    voila_server,
    wait_for_app,
)

from .harness import machine  # noqa: E402

#: Seconds to wait for a preheated pool to refill (every app's kernel has run it).
REFILL_TIMEOUT_S = 180


def first_click(page: Any, board: Any, name: str, point: tuple[float, float]) -> None:
    """Start (the app's first board waits for it: a click on it is answered, not
    played), then one click on the board and wait for its answer."""
    press_start(page)
    status = board.locator(".tk-status")
    if name == "skeleton_island.ipynb":
        click_uncovered_card(page, board)
        return
    if name == "treasure_island_2018.ipynb":
        click_miles(page, board, *point)  # the first game's seed is unpredictable: the
        # answer is the choices at that point or a notice saying why there are none
        board.locator(".tk-ti18-choice:visible, .tk-notice:visible").first.wait_for(
            timeout=30_000)
        return
    before = status.text_content()
    board.locator(".tk-roll").click()
    status.evaluate("""(el, before) => new Promise((resolve, reject) => {
        const t0 = performance.now();
        const tick = () => el.textContent !== before ? resolve()
          : performance.now() - t0 > 30000 ? reject(new Error('no answer'))
          : requestAnimationFrame(tick);
        tick(); })""", before)


def wait_for_pools(proc: Any, want: int) -> None:
    """Wait until ``want`` kernels run and all of them are idle (their apps have run)."""
    deadline = time.monotonic() + REFILL_TIMEOUT_S
    while time.monotonic() < deadline:
        kernels = [psutil.Process(pid) for pid in kernel_pids(proc)]
        with suppress(psutil.Error):
            busy = sum(k.cpu_percent(interval=0.5) for k in kernels)
            if len(kernels) >= want and busy < 5:
                return
        time.sleep(0.5)


def measure(browser: Any, preheat: bool, loads: int) -> list[tuple[str, list[float], list[float]]]:
    x, y, _ = ti2018_point()
    rows = []
    with voila_server(preheat=preheat) as (url, proc):
        apps = app_names()
        for name in apps:
            ready, click = [], []
            for _ in range(loads):
                if preheat:
                    wait_for_pools(proc, len(apps))
                context = browser.new_context(viewport={"width": 1400, "height": 2000})
                page = context.new_page()
                t0 = time.monotonic()
                try:
                    page.goto(f"{url}/voila/render/apps/{name}", wait_until="commit")
                    wait_for_app(page)
                    ready.append(time.monotonic() - t0)
                    board = page.locator(".tk-app .tk-board").first
                    first_click(page, board, name, (x, y))
                    click.append(time.monotonic() - t0)
                except PlaywrightError as exc:  # a timeout: counted as never
                    print(f"{name}: {type(exc).__name__}: {str(exc)[:200]}", flush=True)
                    ready.append(math.inf)
                    click.append(math.inf)
                finally:
                    context.close()
            rows.append((name, ready, click))
            print(f"{'preheated' if preheat else 'cold'} {name}: ready "
                  f"{', '.join(f'{t:.1f}' for t in ready)} s; click answered "
                  f"{', '.join(f'{t:.1f}' for t in click)} s", flush=True)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--loads", type=int, default=2, help="page loads per app")
    parser.add_argument("--no-preheat-too", action="store_true",
                        help="measure only the preheated server (make play's default)")
    args = parser.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    lines = [f"Measured on {machine()}; load average before: "
             f"{', '.join(f'{v:.1f}' for v in os.getloadavg())}.", "",
             "| app | kernels | board drawn (median, worst) | first click answered "
             "(median, worst) |", "|---|---|---|---|"]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                     args=CHROMIUM_ARGS)
        for preheat in ([True] if args.no_preheat_too else [True, False]):
            for name, ready, click in measure(browser, preheat, args.loads):
                lines.append(
                    f"| {name} | {'preheated' if preheat else 'started per page'} | "
                    f"{statistics.median(ready):.1f} s, {max(ready):.1f} s | "
                    f"{statistics.median(click):.1f} s, {max(click):.1f} s |")
        browser.close()
    lines.append(f"\nLoad average after: {', '.join(f'{v:.1f}' for v in os.getloadavg())}.")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
