"""Send the browser only what changed: trait assignments that skip equal values, and a
move log that appends lines instead of re-sending the whole log.

Every trait assignment that changes a widget's value becomes a message to the browser.
traitlets skips an equal plain value and bqplot's arrays (traittypes) an equal array,
but an array holding NaN always counts as changed (NaN is not equal to NaN), and a
skipped assignment still validates the value. :func:`assign` compares first (NaN equal
to NaN), so every board's draw code says plainly what it sends. :class:`MoveLog` keeps the log in
chunks of :attr:`MoveLog.CHUNK` plies, one ``HTML`` widget each: a new line re-sends only
the last chunk (a few hundred bytes), not a log that grows by a kilobyte every few plies.

>>> import ipywidgets as w  # type: ignore[import-untyped]
>>> label = w.HTML("a")
>>> assign(label, value="a"), assign(label, value="b")
([], ['value'])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import numpy as np
from ipywidgets.widgets.widget_string import HTMLStyle  # type: ignore[import-untyped]

from treasurekit import Event

from .controls import log_rows, muted

__all__ = ["MoveLog", "assign", "same"]


def same(old: Any, new: Any) -> bool:
    """True if assigning ``new`` over ``old`` would change nothing the browser shows.

    Arrays (and lists compared with arrays) are equal when they have the same shape and
    elements; everything else compares with ``==`` and must have the same type (``1`` is
    not ``1.0`` for a widget trait).

    >>> same(np.array([1.0, 2.0]), [1.0, 2.0]), same(np.array([1.0]), [1.0, 2.0])
    (True, False)
    >>> same(["a"], ["a"]), same(1, 1.0), same(None, [])
    (True, False, False)
    """
    if isinstance(old, np.ndarray) or isinstance(new, np.ndarray):
        if old is None or new is None:
            return False
        try:
            a, b = np.asarray(old), np.asarray(new)
            if a.shape != b.shape:
                return False
            if a.dtype.kind == "f" and b.dtype.kind == "f":
                return bool(np.array_equal(a, b, equal_nan=True))
            return bool(np.array_equal(a, b))
        except (TypeError, ValueError):
            return False
    if type(old) is not type(new):
        return False
    try:
        return bool(old == new)
    except (TypeError, ValueError):  # e.g. a list holding arrays
        return False


def assign(widget: Any, **traits: Any) -> list[str]:
    """Set each trait of ``widget`` (a widget or bqplot mark) whose value differs.

    Returns the names of the traits that were set (and so will be sent).
    """
    changed = []
    for name, value in traits.items():
        if not same(getattr(widget, name), value):
            setattr(widget, name, value)
            changed.append(name)
    return changed


_CHUNK_STYLE = "font-size:12.5px;line-height:1.45;padding:0 8px"


class MoveLog(w.Box):  # type: ignore[misc]
    """The move log: newest line at the bottom, scrolled into view; class ``tk-log``.

    :meth:`show` takes every ``(move number, event)`` pair to display (oldest first) and
    re-sends only the chunks of :attr:`CHUNK` plies whose lines differ from what the
    browser has: playing a move re-sends the last chunk, a new chunk adds one small
    widget, undo and replay re-send the chunk they cut and drop the later ones.
    ``value`` is the HTML of the whole log (for tests and notebooks).
    """

    #: Plies per chunk (one HTML widget each; all share one layout and one style, so a
    #: chunk is one model in the browser).
    CHUNK = 16

    def __init__(self, empty: str = "No moves yet.") -> None:
        self._empty = empty
        self._pool: list[w.HTML] = []  # chunk widgets, reused after an undo
        self._lines: list[tuple[tuple[int, Event], ...]] = []  # what each pool widget shows
        self._chunk_layout = w.Layout(margin="0", width="100%")
        self._chunk_style = HTMLStyle()
        self._inner = w.VBox(layout=w.Layout(flex="none", width="100%"))
        # column-reverse: the box anchors to its bottom, so the newest line is in view
        super().__init__([self._inner], layout=w.Layout(
            max_height="170px", overflow="hidden auto", display="flex",
            flex_flow="column-reverse", border="1px solid #e5e7eb", padding="3px 0",
            max_width="800px"))
        self.add_class("tk-log")
        self.show([])

    @property
    def chunks(self) -> list[w.HTML]:
        """The chunk widgets on display, oldest first."""
        return list(self._inner.children)

    @property
    def value(self) -> str:
        """The HTML of the whole log as displayed."""
        return "".join(str(c.value) for c in self._inner.children)

    def _chunk(self, k: int) -> w.HTML:
        while len(self._pool) <= k:
            chunk = w.HTML(layout=self._chunk_layout, style=self._chunk_style)
            chunk.add_class("tk-log-chunk")
            self._pool.append(chunk)
            self._lines.append(())
        return self._pool[k]

    def show(self, entries: Sequence[tuple[int, Event]]) -> None:
        """Display ``entries`` (``(move number, event)`` pairs counted from 1, oldest
        first), sending only the chunks that changed."""
        groups: list[list[tuple[int, Event]]] = []
        for number, event in entries:
            k = (number - 1) // self.CHUNK
            while len(groups) <= k:
                groups.append([])
            groups[k].append((number, event))
        shown = []
        if not entries:
            chunk = self._chunk(0)
            assign(chunk, value=f'<div style="{_CHUNK_STYLE}">{muted(self._empty)}</div>')
            self._lines[0] = ()
            shown.append(chunk)
        for k, group in enumerate(groups):
            if not group:  # plies without events: nothing to show for them
                continue
            chunk = self._chunk(k)
            lines = tuple(group)
            if self._lines[k] != lines or not chunk.value:
                chunk.value = f'<div style="{_CHUNK_STYLE}">{"".join(log_rows(lines))}</div>'
                self._lines[k] = lines
            shown.append(chunk)
        if list(self._inner.children) != shown:
            self._inner.children = shown
