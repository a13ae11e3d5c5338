"""How fast every game's board answers a click in JupyterLab, in headless Chromium.

    python -m benchmarks board_latency [--clicks 32] [--games ahoy,sjorovaron] [-v]

Starts JupyterLab (as the browser tests do: temp dir, no token, autosave off) on one
generated notebook per game that builds the live board of that game's notebook (the
"Play" section: the same options and seed, greedy bots in the other seats), opens each
in a 1400x1000 page and makes ``--clicks`` mixed clicks: the roll button, a highlighted
place on the picture (a pirate, a square, a hex, an uncovered card, a map point), the
choice buttons under the picture, and every eighth click Undo. It picks among what the
board offers with a seeded generator, so a run repeats.

Each click is a real mouse-down/up. The clock is in the page: the mouse-down event's
time stamp, and a MutationObserver on the board's DOM notes the first change after it
(the status, the notice, the picture, the log: whatever the board shows first). The
script then waits until the kernel is idle and the board has not changed for 300 ms
(the bots have replied) before the next click. Prints p50/p95/max per game in
milliseconds, the kinds of clicks, the slowest clicks with what changed first, and the
load average before and after (the machine may be shared: compare figures of one run).
No timing is asserted anywhere; it takes 2-4 minutes for all five games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from labdriver import READY_JS, RUN_ALL_JS, lab_server  # noqa: E402

from .harness import machine  # noqa: E402

#: The live board of each game's notebook ("Play" section: same options and seed), with
#: the board's default bots (greedy; the Ahoy notebook's MCTS bot thinks for seconds).
BOARDS: dict[str, str] = {
    "ahoy": "from treasurekit_widgets import AhoyBoard\n\nAhoyBoard(players=3, seed=2024)",
    "treasure_island_2003": (
        "from treasurekit_widgets import TreasureIslandBoard\n\n"
        "TreasureIslandBoard(players=4, board='large', seed=2024)"),
    "treasure_island_2018": (
        "from treasurekit_widgets import LongJohnBoard\n\n"
        "LongJohnBoard(players=4, seed=2024)"),
    "sjorovaron": "from treasurekit_widgets import SjoBoard\n\nSjoBoard(seed=2024)",
    "skeleton_island": (
        "from treasurekit_widgets import SkeletonBoard\n\n"
        "SkeletonBoard(players=3, seed=2024)"),
}

#: Highlighted places of each picture that a click may choose (CSS, inside the board),
#: with the computed style a usable place has (None: every match is usable): Ahoy's
#: orange halo round a pirate that may move (a click at its centre hits the pirate),
#: the yellow squares and hexes the dice allow, Skeleton Island's outlined cards.
MARKS: dict[str, tuple[str, dict[str, str]]] = {
    "ahoy": (".tk-ahoy-figure path.dot", {"stroke": "rgb(247, 103, 7)", "stroke-width": "3px"}),
    "treasure_island_2003": (".tk-ti-figure g.heatmaprow rect.heatmapcell",
                             {"fill": "rgb(255, 224, 102)"}),
    "sjorovaron": (".tk-sjo-figure path.dot", {"fill": "rgb(255, 224, 102)"}),
    "skeleton_island": (".tk-skeleton-pile svg.svg-figure > g > g:nth-child(3) path.line", {}),
}
TI2018_MAP = ".tk-ti18-map svg image"

#: Buttons that answer a decision (choices in the slot, side panels, Pass/Keep/...).
CHOICES = (".tk-slot button, .tk-pass, .tk-sjo-decision, .tk-ti-decision, .tk-ti18-decision, "
           ".tk-ti18-choice")

# Every visible, enabled element of the board matching a selector (its index among the
# matches and its text), with the computed style values asked ({property: value}). Invisible
# ones (display:none, zero size, visibility:hidden, disabled) are skipped.
TARGETS_JS = """([board, selector, want]) => [...board.querySelectorAll(selector)]
  .map((el, index) => ({index, el, box: el.getBoundingClientRect(), style: getComputedStyle(el)}))
  .filter((e) => !e.el.disabled && e.box.width > 0 && e.box.height > 0
                 && e.style.visibility !== 'hidden'
                 && Object.entries(want).every(([k, v]) => e.style.getPropertyValue(k) === v))
  .map((e) => ({index: e.index, text: (e.el.textContent || '').trim().slice(0, 30)}))"""

# The clock: a capturing mousedown listener on the document and a MutationObserver on the
# board. ARM_JS forgets the last click; the first change after the next mouse-down is kept.
CLOCK_JS = """(board) => {
  const clock = {armed: false, down: null, first: null, what: null, last: performance.now()};
  const describe = (m) => {
    const t = m.target.nodeType === 1 ? m.target : m.target.parentElement;
    const owner = t && t.closest('[class*="tk-"]');
    const cls = owner ? [...owner.classList].filter((c) => c.startsWith('tk-')).join('.') : '';
    return `${m.type}${m.attributeName ? ':' + m.attributeName : ''} ${cls}`;
  };
  document.addEventListener('mousedown', (e) => {
    if (clock.armed && clock.down === null) clock.down = e.timeStamp;
  }, true);
  // an attribute or text set to the value it had is no visible change
  const real = (m) => m.type === 'childList' ? true
    : m.type === 'attributes' ? m.oldValue !== m.target.getAttribute(m.attributeName)
    : m.oldValue !== m.target.data;
  new MutationObserver((muts) => {
    const changed = muts.filter(real);
    if (!changed.length) return;
    const now = performance.now();
    clock.last = now;
    if (clock.armed && clock.down !== null && clock.first === null) {
      clock.first = now;
      clock.what = describe(changed[0]);
    }
  }).observe(board, {subtree: true, childList: true, attributes: true, characterData: true,
                     attributeOldValue: true, characterDataOldValue: true});
  window.__tkClock = clock;
}"""

ARM_JS = """() => { const c = window.__tkClock; c.armed = true; c.down = null; c.first = null;
  c.what = null; }"""
READ_JS = """() => { const c = window.__tkClock; return {down: c.down, first: c.first,
  what: c.what, quiet: performance.now() - c.last}; }"""
KERNEL_IDLE_JS = """() => { const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle'; }"""

#: Milliseconds without a change of the board (and an idle kernel) that end a click.
QUIET_MS = 300
#: Seconds to wait for a click's first change (then it counts as never answered).
ANSWER_TIMEOUT_S = 20.0
SETTLE_TIMEOUT_S = 120.0


@dataclass
class Click:
    kind: str
    label: str
    ms: float  # mouse-down to the board's first change (inf: no change)
    what: str  # the first mutation: type and the tk- classes of the element
    settled_ms: float  # mouse-down to the board at rest (bots done)


@dataclass
class GameRun:
    game: str
    clicks: list[Click] = field(default_factory=list)

    def figures(self) -> tuple[float, float, float]:
        ms = np.array([c.ms for c in self.clicks])
        return (float(np.percentile(ms, 50)), float(np.percentile(ms, 95)), float(ms.max()))


def notebook(code: str) -> dict[str, Any]:
    return {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "cells": [{"cell_type": "code", "id": "board", "metadata": {},
                   "execution_count": None, "outputs": [], "source": code}],
    }


def targets(board: Any, selector: str,
            want: dict[str, str] | None = None) -> list[dict[str, Any]]:
    """Clickable matches of ``selector`` (with the computed style values ``want``):
    ``{selector, index, text, fx, fy}`` (where to click, as fractions of its box)."""
    found = board.evaluate(f"(b, a) => ({TARGETS_JS})([b, a[0], a[1]])",
                           [selector, want or {}])
    return [{"selector": selector, "fx": 0.5, "fy": 0.5, **t} for t in found]


def candidates(board: Any, game: str, rng: random.Random) -> dict[str, list[dict[str, Any]]]:
    """What the board offers now: rolls, places on the picture, choices, undo."""
    found: dict[str, list[dict[str, Any]]] = {
        "roll": targets(board, ".tk-roll"),
        "choice": [t for t in targets(board, CHOICES) if t["text"]],
        "undo": targets(board, ".tk-undo"),
    }
    if game == "treasure_island_2018":  # a point of the map, anywhere
        found["board"] = [{**t, "fx": 0.1 + 0.8 * rng.random(), "fy": 0.1 + 0.8 * rng.random(),
                           "text": "map point"} for t in targets(board, TI2018_MAP)]
    else:
        selector, want = MARKS[game]
        found["board"] = targets(board, selector, want)
    return found


def pick(found: dict[str, list[dict[str, Any]]], n: int,
         rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A seeded mix: Undo every eighth click when it may, else a choice, a place or Roll."""
    if n % 8 == 7 and found["undo"]:
        return "undo", found["undo"][0]
    kinds = [k for k in ("choice", "board", "roll") if found[k]]
    if not kinds:
        return None
    if "roll" in kinds:  # a roll waits: roll (the picture is lit only after it)
        kind = "roll" if "board" not in kinds or rng.random() < 0.7 else "board"
    else:
        kind = rng.choice(kinds)
    return kind, rng.choice(found[kind])


def settle(page: Any, timeout: float = SETTLE_TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate(KERNEL_IDLE_JS) and page.evaluate(READ_JS)["quiet"] >= QUIET_MS:
            return
        page.wait_for_timeout(50)
    raise TimeoutError("the board never came to rest")


def click_once(page: Any, board: Any, kind: str, target: dict[str, Any]) -> Click:
    element = board.locator(target["selector"]).nth(target["index"])
    element.scroll_into_view_if_needed()
    box = element.bounding_box()
    if box is None:
        raise RuntimeError(f"{target} has no box on screen")
    page.mouse.move(box["x"] + target["fx"] * box["width"],
                    box["y"] + target["fy"] * box["height"])
    page.wait_for_timeout(120)  # hover effects (tooltips, hovered styles) come and go
    page.evaluate(ARM_JS)
    t0 = time.monotonic()
    page.mouse.down()
    page.mouse.up()
    ms, what = float("inf"), "no change"
    while time.monotonic() - t0 < ANSWER_TIMEOUT_S:
        clock = page.evaluate(READ_JS)
        if clock["first"] is not None and clock["down"] is not None:
            ms, what = clock["first"] - clock["down"], clock["what"]
            break
        page.wait_for_timeout(10)
    settle(page)
    settled = (time.monotonic() - t0) * 1000 - QUIET_MS
    return Click(kind, str(target.get("text", "")), ms, str(what), settled)


def run_game(browser: Any, url: str, game: str, clicks: int, seed: int,
             verbose: bool) -> GameRun:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    run = GameRun(game)
    try:
        name = f"{game}.ipynb"
        page.goto(f"{url}/lab/tree/{name}?reset")
        page.wait_for_function(READY_JS, arg=name, timeout=90_000, polling=200)
        page.evaluate(RUN_ALL_JS)
        board = page.locator(".tk-board").first
        board.locator(".tk-status").wait_for(timeout=120_000)
        page.wait_for_function("""() => { const s = document.querySelector('.tk-board .tk-status');
            return s && s.textContent.trim().length > 0; }""", timeout=120_000)
        board.evaluate(CLOCK_JS)
        settle(page)
        rng = random.Random(seed)
        n = 0
        stuck = 0
        while n < clicks:
            found = candidates(board, game, rng)
            choice = pick(found, n, rng)
            if choice is None:  # nothing to click (game over): a new game, not measured
                board.locator(".tk-new").click()
                settle(page)
                stuck += 1
                if stuck > 3:
                    break
                continue
            kind, target = choice
            click = click_once(page, board, kind, target)
            run.clicks.append(click)
            n += 1
            if verbose:
                print(f"  {game} #{n} {kind:6} {click.label[:24]!r:28} first change "
                      f"{click.ms:7.0f} ms ({click.what}); at rest {click.settled_ms:7.0f} ms",
                      flush=True)
    finally:
        context.close()
    return run


def report(runs: list[GameRun], before: tuple[float, ...], after: tuple[float, ...]) -> str:
    lines = [f"Board click latency in JupyterLab, headless Chromium 1400x1000, on {machine()}.",
             f"Load average before: {', '.join(f'{v:.1f}' for v in before)}; after: "
             f"{', '.join(f'{v:.1f}' for v in after)}.", "",
             "| game | clicks | p50 ms | p95 ms | max ms | clicks by kind | bots done (median) |",
             "|---|---|---|---|---|---|---|"]
    for run in runs:
        if not run.clicks:
            lines.append(f"| {run.game} | 0 | - | - | - | - | - |")
            continue
        p50, p95, worst = run.figures()
        kinds: dict[str, int] = {}
        for c in run.clicks:
            kinds[c.kind] = kinds.get(c.kind, 0) + 1
        settled = float(np.median([c.settled_ms for c in run.clicks]))
        lines.append(f"| {run.game} | {len(run.clicks)} | {p50:.0f} | {p95:.0f} | {worst:.0f} | "
                     f"{', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))} | "
                     f"{settled:.0f} ms |")
    lines.append("")
    for run in runs:
        slow = sorted(run.clicks, key=lambda c: -c.ms)[:3]
        lines.append(f"{run.game}, slowest: " + "; ".join(
            f"{c.kind} {c.label[:20]!r} {c.ms:.0f} ms ({c.what})" for c in slow))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--clicks", type=int, default=32, help="clicks per game")
    parser.add_argument("--games", default=",".join(BOARDS),
                        help="comma-separated game ids (default: all five)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the click choices")
    parser.add_argument("--json", type=Path, help="also write every click to this file")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every click")
    args = parser.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in BOARDS]
    if unknown:
        sys.exit(f"unknown game(s) {unknown}; choose from {list(BOARDS)}")
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is missing: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright

    before = os.getloadavg()
    runs = []
    with tempfile.TemporaryDirectory(prefix="tk-latency-") as tmp:
        root = Path(tmp) / "notebooks"
        root.mkdir()
        for game in games:
            (root / f"{game}.ipynb").write_text(json.dumps(notebook(BOARDS[game])))
        with lab_server(Path(tmp), root) as url, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=str(CHROMIUM), headless=True,
                                         args=CHROMIUM_ARGS)
            try:
                for game in games:
                    t0 = time.monotonic()
                    runs.append(run_game(browser, url, game, args.clicks, args.seed,
                                         args.verbose))
                    print(f"{game}: {len(runs[-1].clicks)} clicks in "
                          f"{time.monotonic() - t0:.0f} s", flush=True)
            finally:
                browser.close()
    text = report(runs, before, os.getloadavg())
    print(text)
    if args.json:
        args.json.write_text(json.dumps(
            {r.game: [c.__dict__ for c in r.clicks] for r in runs}, indent=1))


if __name__ == "__main__":
    main()
