"""Every board fits a 1400x1000 window in JupyterLab and its text is readable (issue 9,
point 7), measured in headless Chromium:

- scrolled to the board's top, the status, the picture, the slot under it and the row
  of main controls (Roll, Undo...) lie inside the notebook's visible area (in JupyterLab's
  default layout: menu, tab bar and notebook toolbar above, status bar below);
- no text on the board (HTML text and the SVG text of the pictures, at its drawn size)
  is smaller than 11 px;
- no two labels of a picture overlap.

Also clicks every game's board a few times with the real mouse (a highlighted place of the
picture when there is one, else Roll or a choice button) and checks that the board
changed after each click (issue 9, point 10; no timing is asserted). Builds its own
notebook (one board per cell) in the server's temp copy. TI2018's board is laid out by
its own issue: it is clicked, not measured.
"""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any
from urllib.parse import quote

import pytest
from labdriver import CLOCK_JS, candidates, click_target, notebook_problems, open_and_run, settle
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

NOTEBOOK = "_board-layout.ipynb"
BOARDS = {
    "ahoy": "from treasurekit_widgets import AhoyBoard\nAhoyBoard(players=4, seed=3)",
    "treasure_island_2003": ("from treasurekit_widgets import TreasureIslandBoard\n"
                             "TreasureIslandBoard(players=4, board='large', seed=3)"),
    "sjorovaron": "from treasurekit_widgets import SjoBoard\nSjoBoard(players=6, seed=3)",
    "skeleton_island": ("from treasurekit_widgets import SkeletonBoard\n"
                        "SkeletonBoard(players=4, seed=3)"),
}
#: Clicked too (point 10), but laid out by its own issue: not measured here.
CLICKED_ONLY = {"treasure_island_2018": ("from treasurekit_widgets import LongJohnBoard\n"
                                         "LongJohnBoard(players=4, seed=3)")}
#: Skeleton Island with a few cards near the centre: drawn big enough for captions (ids
#: 0-2: a yellow map half, a 2-coin gold card, a rum bottle, side by side).
FEW_CARDS = ("skeleton_island_few_cards",
             "from treasurekit import load_game\n"
             "from treasurekit_widgets import SkeletonBoard\n"
             "game = load_game('skeleton_island', players=3)\n"
             "board = SkeletonBoard(game, seats={0: 'human', 1: 'human', 2: 'human'})\n"
             "board.state = game.position([('map-yellow-half', 0, 0, 0), ('coin-2', 6.5, 0, 0),\n"
             "                             ('pirate-rum-bottle', -6.5, 0, 0)])\n"
             "board.refresh()\n"
             "board")
CLICKS = 4
MIN_FONT_PX = 11.0
WINDOW = {"width": 1400, "height": 1000}

# Scroll the board's top to the top of the notebook's visible area, then measure: the
# visible area, the board's parts, every text's drawn size and the overlapping labels.
MEASURE_JS = """(board) => {
  board.scrollIntoView({block: 'start'});
  const panel = board.closest('.jp-WindowedPanel-outer') || board.closest('.jp-Notebook');
  const view = panel.getBoundingClientRect();
  const box = (sel) => { const el = board.querySelector(sel);
    if (!el) return null; const r = el.getBoundingClientRect();
    if (r.height === 0) return 'hidden';
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const texts = [];
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.data.trim() || !el || el.closest('style, script')) continue;
    const st = getComputedStyle(el);
    if (st.display === 'none' || st.visibility === 'hidden' || +st.opacity === 0) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    // SVG text is drawn through its element's transform: its size on screen scales too
    const svgText = el.closest('svg') ? el.closest('text') : null;
    const scale = svgText && svgText.getScreenCTM() ? Math.hypot(
      svgText.getScreenCTM().a, svgText.getScreenCTM().b) : 1;
    texts.push({text: n.data.trim().slice(0, 40), px: parseFloat(st.fontSize) * scale,
                svg: !!svgText, pile: !!el.closest('.tk-skeleton-pile'),
                piece: el.classList.contains('dot_text'),
                box: [r.left, r.top, r.right, r.bottom]});
  }
  // cards of Skeleton Island's sand pile lie on each other: a covered card's text is
  // hidden under the card above it, so the pile's labels are not compared
  const labels = texts.filter((t) => t.svg && !t.pile);
  const overlaps = [];
  for (let i = 0; i < labels.length; i++) {
    for (let j = i + 1; j < labels.length; j++) {
      // the letters on pieces (issue 24): pieces pile up like the cards, a lower piece's
      // letter under the piece above it; a letter must not overlap any other label
      if (labels[i].piece && labels[j].piece) continue;
      const a = labels[i].box, b = labels[j].box;
      const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]);
      const h = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
      if (w > 1 && h > 1) overlaps.push(`${labels[i].text} / ${labels[j].text}`);
    }
  }
  return {view: {top: view.top, bottom: Math.min(view.bottom, window.innerHeight)},
          board: box(':scope > .tk-status'), controls: box('.tk-roll'),
          undo: box('.tk-undo'), slot: box('.tk-slot'), width: board.getBoundingClientRect().width,
          small: texts.filter((t) => t.px < MIN).map((t) => `${t.text} ${t.px.toFixed(1)}px`),
          smallest: Math.min(...texts.map((t) => t.px)), texts: texts.length, overlaps};
}""".replace("MIN", str(MIN_FONT_PX))


def layout_notebook() -> dict[str, Any]:
    cells = [{"cell_type": "code", "id": f"board-{name}", "metadata": {},
              "execution_count": None, "outputs": [], "source": code}
             for name, code in [*BOARDS.items(), *CLICKED_ONLY.items(), FEW_CARDS]]
    return {"nbformat": 4, "nbformat_minor": 5, "cells": cells,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                        "language": "python"}}}


def upload(lab_url: str) -> None:
    body = json.dumps({"type": "notebook", "format": "json",
                       "content": layout_notebook()}).encode()
    request = urllib.request.Request(f"{lab_url}/api/contents/{quote(NOTEBOOK)}", data=body,
                                     method="PUT", headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=10).close()


def measure(page: Any, board: Any) -> dict[str, Any]:
    """The board scrolled to the top of the notebook; its parts, texts and overlaps."""
    board.evaluate("(b) => b.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(400)  # Lab lays out cells that come into view
    return dict(board.evaluate(MEASURE_JS))


@pytest.fixture(scope="module")
def layout_page(browser: Any, lab_url: str) -> Any:
    upload(lab_url)
    context = browser.new_context(viewport=WINDOW)
    page = context.new_page()
    page.set_default_timeout(30_000)
    open_and_run(page, lab_url, NOTEBOOK)
    assert notebook_problems(page) == []
    yield page
    context.close()


@pytest.mark.browser
@pytest.mark.timeout(600)
@pytest.mark.parametrize("index,name", list(enumerate(BOARDS)))
def test_board_fits_the_window_with_readable_text_and_no_overlapping_labels(
        layout_page: Any, index: int, name: str) -> None:
    board = layout_page.locator(".tk-board").nth(index)
    m = measure(layout_page, board)
    assert m["texts"] > 10, m
    top, bottom = m["view"]["top"], m["view"]["bottom"]
    for part in ("board", "slot", "controls", "undo"):
        assert m[part] is not None, f"{name}: no {part}"
        if m[part] == "hidden":  # (Skeleton Island has no dice: no Roll button)
            assert part == "controls", f"{name}: the {part} is hidden"
            continue
        assert top - 1 <= m[part]["top"] and m[part]["bottom"] <= bottom + 1, (
            f"{name}: the {part} is outside the visible area {top:.0f}-{bottom:.0f}: {m[part]}")
    assert m["width"] <= WINDOW["width"] - 300
    assert m["small"] == [], f"{name}: text smaller than {MIN_FONT_PX} px: {m['small'][:10]}"
    assert m["overlaps"] == [], f"{name}: overlapping labels: {m['overlaps'][:10]}"


@pytest.mark.browser
@pytest.mark.timeout(600)
@pytest.mark.parametrize("index,name", list(enumerate({**BOARDS, **CLICKED_ONLY})))
def test_clicks_on_every_board_change_it(layout_page: Any, index: int, name: str) -> None:
    page = layout_page
    board = page.locator(".tk-board").nth(index)
    board.evaluate("(b) => b.scrollIntoView({block: 'start'})")
    board.evaluate(CLOCK_JS)
    rng = random.Random(index)
    kinds = []
    for i in range(CLICKS):
        if "Game over" in str(board.locator(".tk-status").text_content()):
            break  # (TI2018's bots may find the treasure early; a click then only says so)
        found = candidates(board, name, rng)
        order = ("board", "roll", "choice") if i % 2 == 0 else ("roll", "choice", "board")
        kind = next((k for k in order if found[k]), None)
        assert kind is not None, f"{name}: nothing to click: {board.text_content()[:200]}"
        target = rng.choice(found[kind])
        click_target(page, board, target)
        try:
            page.wait_for_function("() => window.__tkClock.first !== null", timeout=30_000)
        except PlaywrightTimeoutError:
            raise AssertionError(f"{name}: click {i + 1} ({kind} {target}) changed nothing; "
                                 f"status: {board.locator('.tk-status').text_content()}") from None
        kinds.append(kind)
        settle(page)
    assert "board" in kinds, f"{name}: the picture was never clicked: {kinds}"


# Every text of Skeleton Island's sand pile with the index of the bqplot mark drawing it
# (svg.svg-figure > g > g holds one <g> per mark, in the figure's order), and the boxes of
# the uncovered cards' outlines.
PILE_JS = """(board, outlinesMark) => {
  board.scrollIntoView({block: 'start'});
  const svg = board.querySelector('.tk-skeleton-pile svg.svg-figure');
  const markOf = (el) => { let g = el;
    while (g && !(g.parentElement && g.parentElement.parentElement
                  && g.parentElement.parentElement.parentElement === svg)) g = g.parentElement;
    return g; };
  const index = (g) => g ? [...g.parentElement.children].indexOf(g) : -1;
  const rect = (el) => { const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim())
    .map((t) => ({mark: index(markOf(t)), text: t.textContent.trim(), box: rect(t)}));
  const outlines = [...svg.querySelectorAll('path.line')]
    .filter((p) => index(markOf(p)) === outlinesMark).map(rect);
  return {texts, outlines};
}"""


def pile_mark(name: str) -> int:
    """The index of the sand pile's mark ``name`` ("captions", "outlines"...) in its figure."""
    from treasurekit.skeleton_island import load_cards
    from treasurekit_widgets.skeleton_island.pile import PilePicture

    picture = PilePicture(load_cards(), lambda x, y: None)
    return int(picture.figure.marks.index(getattr(picture, name)))


def overlap(a: list[float], b: list[float]) -> bool:
    """True if two boxes (left, top, right, bottom; px) overlap by more than a pixel."""
    return (min(a[2], b[2]) - max(a[0], b[0]) > 1) and (min(a[3], b[3]) - max(a[1], b[1]) > 1)


@pytest.mark.browser
@pytest.mark.timeout(600)
@pytest.mark.parametrize("index,name,least", [
    (list(BOARDS).index("skeleton_island"), "skeleton_island", 0),
    (len(BOARDS) + len(CLICKED_ONLY), FEW_CARDS[0], 2)])
def test_skeleton_sand_pile_captions_stay_on_their_cards_and_overlap_no_label(
        layout_page: Any, index: int, name: str, least: int) -> None:
    """Issue 9, point 7: a card's caption lies inside its (uncovered) card and overlaps no
    other text of the pile (ids, symbols, other captions, resting-spot names, the legend).
    ``least``: captions the board shows at its size (the few big cards have room)."""
    board = layout_page.locator(".tk-board").nth(index)
    board.evaluate("(b) => b.scrollIntoView({block: 'start'})")
    layout_page.wait_for_timeout(400)
    found = board.evaluate(PILE_JS, pile_mark("outlines"))
    captions_mark = pile_mark("captions")
    texts, outlines = found["texts"], found["outlines"]
    captions = [t for t in texts if t["mark"] == captions_mark]
    assert len(texts) > 3 and outlines, f"{name}: the pile's texts were not found: {found}"
    assert len(captions) >= least, f"{name}: {captions}"
    for c in captions:
        x0, y0, x1, y1 = c["box"]
        assert any(o[0] - 1 <= x0 and x1 <= o[2] + 1 and o[1] - 1 <= y0 and y1 <= o[3] + 1
                   for o in outlines), f"{name}: caption {c} spills over its card"
        hit = [t["text"] for t in texts if t is not c and overlap(c["box"], t["box"])]
        assert hit == [], f"{name}: caption {c['text']!r} overlaps {hit}"
