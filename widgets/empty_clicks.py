"""No click on a board's picture goes unanswered, not even one where nothing is drawn.

A board says whose turn it is and what to do, in words, and never leaves a click
unanswered (DESIGN §4). A picture's clickable marks (pirates, squares, hexes) answer
their own clicks; everything else (the sea, an empty square, a corner of the picture)
is covered by a **catcher**: a transparent ``bqplot.Image`` (:func:`catcher`) whose
``on_element_click`` reports the point in data units. A click that lands on no place
of the game is the place :data:`NOWHERE`; the shared click path
(:meth:`~.clicks.ClickPath.click_place`) answers it like any other click: first its
preamble (an earlier position on display, a bot's turn, waiting for Start...), then
:func:`nothing_there`: "nothing there to click: " and what to do now, the words of the
board's own status prompt. A repeated answer is counted on screen ("again, 2nd time"),
so each click changes the notice, the live region that is read out.

Why the catcher reaches beyond the scales' domain: bqplot pads the plot area around a
scale's domain by half the largest marker of the marks on it, plus one pixel (a
``Scatter``'s ``sqrt(default_size) / 2 + 1`` px; a ``Lines``' half stroke width; the
Figure's ``padded_range``), so an Image spanning exactly ``[min, max]`` leaves a dead
band round the picture. Marks are clipped to the plot area (``apply_clip``), so an
image :data:`REACH` times the domain wider on every side covers every pixel of it and
shows nothing more. Its ``click_x``/``click_y`` may then lie outside ``[min, max]``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]

from .places import NOWHERE, Nowhere, nothing_there
from .png import CLEAR_PNG  # a 1 x 1 clear PNG (no game's module: apps import one game)

__all__ = ["NOWHERE", "REACH", "Nowhere", "catcher", "click_point", "nothing_there", "reach",
           "within"]

#: How far the catcher reaches past each end of a scale's domain, in domain widths.
REACH: Final = 1.0


def reach(low: float, high: float) -> list[float]:
    """``[low, high]`` widened by :data:`REACH` domain widths at each end (data units).

    Raises:
        ValueError: ``high`` is not above ``low`` (an empty domain).
    """
    if not high > low:
        raise ValueError(f"a catcher needs a domain with high > low, got [{low}, {high}]")
    span = (high - low) * REACH
    return [low - span, high + span]


def click_point(event: dict[str, Any]) -> tuple[float, float] | None:
    """The data point of an Image's ``element_click`` message (``click_x``, ``click_y``),
    or None when the message holds no numbers."""
    data = event.get("data") or {}
    x, y = data.get("click_x"), data.get("click_y")
    if isinstance(x, int | float) and isinstance(y, int | float) and not isinstance(
            x, bool) and not isinstance(y, bool):
        return float(x), float(y)
    return None


def catcher(scales: dict[str, Any], on_click: Callable[[float, float], None]) -> bq.Image:
    """A transparent Image over the whole plot area that reports clicks in data units.

    ``scales``: the picture's ``{"x": LinearScale, "y": LinearScale}`` with ``min`` and
    ``max`` set (the domain; the image reaches :data:`REACH` widths past it, see the
    module docstring). ``on_click(x, y)`` gets each click's point; it may lie outside
    the domain (the padding band round it). Put the catcher above every mark that must
    not swallow clicks and below the marks that answer their own.

    Raises:
        ValueError: a scale has no ``min``/``max``.
    """
    ends = []
    for axis in ("x", "y"):
        low, high = scales[axis].min, scales[axis].max
        if low is None or high is None:
            raise ValueError(f"the catcher's {axis} scale needs min and max set")
        ends.append(reach(float(low), float(high)))
    mark = bq.Image(image=w.Image(value=CLEAR_PNG, format="png"), scales=scales,
                    x=ends[0], y=ends[1])

    def clicked(_mark: Any, event: dict[str, Any]) -> None:
        point = click_point(event)
        if point is not None:
            on_click(*point)

    mark.on_element_click(clicked)
    return mark


def within(point: tuple[float, float], x: Sequence[float], y: Sequence[float]) -> bool:
    """Whether ``point`` lies in the box ``x = [x0, x1]``, ``y = [y0, y1]`` (edges in)."""
    return min(x) <= point[0] <= max(x) and min(y) <= point[1] <= max(y)
