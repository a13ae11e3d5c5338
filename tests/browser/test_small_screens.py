"""Every play app stays usable in a 700 px window (200% zoom of a 1400 px screen) and at
1400 px (issue 24, point 5), in Voilà and headless Chromium.

In each app, after Start and again after a move: no visible control (a button, a text
box, a drop-down, a slider, the status lines) is clipped, nor any text drawn in a picture
(Skeleton Island's legend ran past its pile picture at every width):

- its box lies inside the window's width (no sideways scrolling to reach it);
- no ancestor with ``overflow: hidden`` (or ``clip``) cuts into its box (scrolling
  containers, such as the move log, are fine: what they hide can be scrolled to);
- its text is whole: a button's or the prompt's ``scrollWidth`` is at most its
  ``clientWidth`` (an ellipsis or a cut word would show as a wider scroll width). The
  status's two muted lines (detail, "last:") may end in an ellipsis: their full text is
  their tooltip and the move log, and they stay one line so that a bot's move never
  moves the picture under the mouse.

And in the Ahoy app, after a ship roll, the five step buttons all show (only two fitted
in the slot even at 1400 px). ``TK_SMALL_SCREENS_SHOTS=dir`` also saves a screenshot of
each page there, to look at.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from labdriver import steady_click
from test_ahoy_board import HALO
from test_apps_in_voila import PLAYS, move_of, wait_for_move_after
from voiladriver import app_names, page_problems, wait_for_app

WIDTHS = (700, 1400)
SHOTS = os.environ.get("TK_SMALL_SCREENS_SHOTS")
#: An Ahoy app seed whose first roll (the human's, seat 0) is the ship with five steps
#: to choose from (found with play_app("ahoy", seed=...) in this repository).
AHOY_SHIP_SEED = 14

# Every visible control of the app and what cuts it: [] when nothing does.
CLIPPED_JS = """() => {
  const app = document.querySelector('.tk-app');
  const width = document.documentElement.clientWidth;
  const shown = (el) => {
    if (!el.getClientRects().length) return false;
    const s = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    return s.visibility !== 'hidden' && box.width > 0 && box.height > 0;
  };
  const name = (el) => {
    const t = (el.textContent || el.value || el.getAttribute('aria-label') || '').trim();
    return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${t.slice(0, 40)}"`;
  };
  const controls = [...app.querySelectorAll(
    'button, input, select, textarea, .widget-slider, .tk-status .tk-prompt')]
    .filter(shown);
  const found = [];
  for (const el of controls) {
    const box = el.getBoundingClientRect();
    if (box.left < -0.5 || box.right > width + 0.5)
      found.push(`${name(el)}: outside the window (${box.left.toFixed(0)}-`
                 + `${box.right.toFixed(0)} of ${width} px)`);
    // ancestors that cut: overflow hidden or clip, up to the first scrolling one in that
    // direction (what a scroller hides can be scrolled to, e.g. the page below the fold)
    let alongX = true, alongY = true;
    for (let a = el.parentElement; a && a !== document.body && (alongX || alongY);
         a = a.parentElement) {
      const s = getComputedStyle(a);
      const cuts = (v) => v === 'hidden' || v === 'clip';
      const scrolls = (v) => v === 'auto' || v === 'scroll';
      const outer = a.getBoundingClientRect();
      const x = alongX && cuts(s.overflowX)
        && (box.left < outer.left - 0.5 || box.right > outer.right + 0.5);
      const y = alongY && cuts(s.overflowY)
        && (box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5);
      if (scrolls(s.overflowX)) alongX = false;
      if (scrolls(s.overflowY)) alongY = false;
      if (x || y) {
        found.push(`${name(el)}: cut by ${a.tagName.toLowerCase()}.`
                   + `${[...a.classList].join('.')} (overflow ${s.overflowX}/${s.overflowY})`);
        break;
      }
    }
    const tag = el.tagName.toLowerCase();
    if (tag !== 'input' && tag !== 'select' && tag !== 'textarea'
        && !el.classList.contains('widget-slider')
        && el.scrollWidth > el.clientWidth + 1)
      found.push(`${name(el)}: text cut (${el.scrollWidth} px in ${el.clientWidth} px)`);
  }
  const labels = [...app.querySelectorAll('.widget-slider .widget-label, '
                                          + '.widget-dropdown .widget-label')].filter(shown);
  for (const el of labels)
    if (el.scrollWidth > el.clientWidth + 1)
      found.push(`${name(el)}: label cut (${el.scrollWidth} px in ${el.clientWidth} px)`);
  // text drawn in a picture (SVG text does not wrap): inside its picture's box
  for (const fig of [...app.querySelectorAll('.bqplot.figure')].filter(shown)) {
    const outer = fig.getBoundingClientRect();
    for (const t of fig.querySelectorAll('text')) {
      const words = (t.textContent || '').trim();
      if (!words || !t.getClientRects().length) continue;
      if (getComputedStyle(t).visibility === 'hidden') continue;
      const b = t.getBoundingClientRect();
      if (b.width > 0 && (b.left < outer.left - 1 || b.right > outer.right + 1))
        found.push(`text "${words.slice(0, 40)}" in ${[...fig.classList].join('.')}: cut `
                   + `(${b.left.toFixed(0)}-${b.right.toFixed(0)} in `
                   + `${outer.left.toFixed(0)}-${outer.right.toFixed(0)} px)`);
    }
  }
  return found;
}"""


def open_app(browser: Any, url: str, name: str, width: int) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(f"{url}/voila/render/apps/{name}", wait_until="commit")
    wait_for_app(page)
    return context, page


def start(page: Any, seed: int | None = None) -> Any:
    """Press the app's Start (with ``seed`` typed in the board's Seed box) and return the
    new board once it has drawn its status."""
    old = page.locator(".tk-app .tk-board").first.element_handle()
    if seed is not None:
        page.locator(".tk-app .tk-seed input").fill(str(seed))
    page.locator(".tk-app-start").click()
    old.wait_for_element_state("hidden", timeout=60_000)
    wait_for_app(page)
    return page.locator(".tk-app .tk-board").first


def clipped(page: Any, label: str) -> list[str]:
    page.wait_for_timeout(300)  # the last layout of the redraw
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{label}.png"), full_page=True)
    return [str(x) for x in page.evaluate(CLIPPED_JS)]


@pytest.mark.browser
@pytest.mark.timeout(400)
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", app_names())
def test_no_control_is_clipped_after_start_and_after_a_move(
        browser: Any, voila: tuple[str, Any], name: str, width: int) -> None:
    url, _ = voila
    context, page = open_app(browser, url, name, width)
    try:
        board = start(page)
        assert clipped(page, f"{name[:-6]}-{width}-start") == []
        if name != "treasure_island_2018.ipynb":  # its play step presses Start itself
            board.scroll_into_view_if_needed()
        PLAYS[name](page, board)
        assert clipped(page, f"{name[:-6]}-{width}-moved") == []
        assert page_problems(page) == []
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.timeout(300)
@pytest.mark.parametrize("width", WIDTHS)
def test_every_ahoy_ship_step_shows(browser: Any, voila: tuple[str, Any], width: int) -> None:
    url, _ = voila
    context, page = open_app(browser, url, "ahoy.ipynb", width)
    try:
        board = start(page, AHOY_SHIP_SEED)
        ply = move_of(board)
        board.locator(".tk-roll").click()
        wait_for_move_after(board, ply)
        steady_click(page, board.locator(HALO).first)
        steps = board.locator(".tk-ship-choice")
        steps.first.wait_for(timeout=30_000)
        assert steps.count() == 5
        for k in range(5):
            assert steps.nth(k).is_visible()
        assert clipped(page, f"ahoy-{width}-ship") == []
    finally:
        context.close()
