"""A class of real browsers: one headless Chromium page per student (``class_load --browsers``).

The check of the protocol driver (benchmarks/class_protocol.py) at 10 students: the same
app, the same moves, but drawn. All pages share one Chromium (/usr/bin/chromium) and
its own contexts (no cache shared between students). A page is *ready* when the board
has drawn its status line (``voiladriver.BOARD_READY_JS``). Every ``interval`` seconds
a student presses **Roll the die** if enabled, else the first step button, else
**Pass**, else clicks a ringed pirate with the mouse; *status* and *picture* are the
times from the click until the status line (or notice) and the board's SVG change
(MutationObservers in the page). Chromium's CPU is counted as the driver's.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress
from typing import Any

import psutil
from conftest import CHROMIUM, CHROMIUM_ARGS
from test_ahoy_board import HALO
from voiladriver import APP_TIMEOUT_MS, BOARD_READY_JS, MARK_OLD_BOARD_JS, NEW_BOARD_JS

from .class_protocol import StudentResult

__all__ = ["BrowserResult", "browser_class"]

#: Installs observers and returns nothing; window.__tkClick.start() marks the click.
WATCH_JS = """() => {
  const board = document.querySelector('.tk-app .tk-board');
  const w = window.__tkClick = {t0: null, status: null, picture: null,
    start() { this.t0 = performance.now(); this.status = null; this.picture = null; }};
  const mark = (kind) => () => { if (w.t0 !== null && w[kind] === null)
    w[kind] = performance.now() - w.t0; };
  const opts = {subtree: true, childList: true, characterData: true, attributes: true};
  for (const sel of ['.tk-status', '.tk-notice-box'])
    for (const el of board.querySelectorAll(sel))
      new MutationObserver(mark('status')).observe(el, opts);
  for (const svg of board.querySelectorAll('svg'))
    new MutationObserver(mark('picture')).observe(svg, opts);
}"""


class BrowserResult(StudentResult):
    """A student's result, plus the CPU-seconds of the Chromium processes (set on the
    first student only: they are shared)."""

    driver_cpu_s: float = 0.0


async def _click(page: Any) -> bool:
    """One legal action with the mouse; False if none was found."""
    board = page.locator(".tk-app .tk-board").first
    for selector in (".tk-roll:enabled", ".tk-choice:enabled", ".tk-pass:enabled"):
        button = board.locator(selector)
        if await button.count() and await button.first.is_visible():
            await page.evaluate("() => window.__tkClick.start()")
            await button.first.click()
            return True
    halo = board.locator(HALO)
    if await halo.count():
        box = await halo.first.bounding_box()
        if box:
            await page.evaluate("() => window.__tkClick.start()")
            await page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            return True
    return False


async def _student(browser: Any, url: str, t0: float, play_s: float, interval: float,
                   answer_timeout: float = 15.0) -> StudentResult:
    result = BrowserResult()
    context = await browser.new_context(viewport={"width": 1400, "height": 1400})
    try:
        page = await context.new_page()
        await page.goto(url, wait_until="commit", timeout=APP_TIMEOUT_MS)
        await page.wait_for_function(BOARD_READY_JS, timeout=APP_TIMEOUT_MS, polling=100)
        result.ready_s = time.monotonic() - t0
        if await page.evaluate(MARK_OLD_BOARD_JS):  # the first board waits for Start
            await page.locator(".tk-app-start").first.click()
            await page.wait_for_function(NEW_BOARD_JS, timeout=APP_TIMEOUT_MS, polling=100)
        await page.evaluate(WATCH_JS)
        until = time.monotonic() + play_s
        while time.monotonic() + interval < until:
            tick = time.monotonic()
            if await _click(page):
                result.clicks += 1
                got: dict[str, Any] = {}
                while time.monotonic() - tick < answer_timeout:
                    got = await page.evaluate("() => ({...window.__tkClick})")
                    if got["status"] is not None and got["picture"] is not None:
                        break
                    await asyncio.sleep(0.02)
                if got.get("status") is not None:
                    result.status_ms.append(float(got["status"]))
                if got.get("picture") is not None:
                    result.picture_ms.append(float(got["picture"]))
                if got.get("status") is None and got.get("picture") is None:
                    result.unanswered += 1
            await asyncio.sleep(max(0.0, tick + interval - time.monotonic()))
    except Exception as exc:  # a student's failure is a result, not a crash
        result.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]}"
    finally:
        await context.close()
    return result


def _chromium_cpu(pids: set[int]) -> float:
    total = 0.0
    for pid in pids:
        with suppress(psutil.Error):
            times = psutil.Process(pid).cpu_times()
            total += times.user + times.system
    return total


async def _run(url: str, n: int, play_s: float, interval: float) -> list[StudentResult]:
    from playwright.async_api import async_playwright

    me = psutil.Process()
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            t0 = time.monotonic()
            results = await asyncio.gather(*(_student(browser, url, t0, play_s, interval)
                                             for _ in range(n)))
            chromium = {p.pid for p in me.children(recursive=True)
                        if "chrom" in p.name().lower() or p.name() == "node"}
            cpu = _chromium_cpu(chromium)  # cumulative: Chromium started with this run
        finally:
            await browser.close()
    first = results[0]
    if isinstance(first, BrowserResult):
        first.driver_cpu_s = cpu
    return list(results)


def browser_class(base: str, app: str, n: int, play_s: float, interval: float,
                  ) -> list[StudentResult]:
    """``n`` Chromium pages open ``base/voila/render/app`` together and play."""
    return asyncio.run(_run(f"{base}/voila/render/{app}", n, play_s, interval))
