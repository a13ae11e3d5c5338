"""Probability charts for the notebooks: small bqplot figures with a short, stable repr.

nbval compares the text/plain fallback of displayed widgets, so every chart here
prints as ``Chart('its title')`` instead of a long, version-dependent widget repr.

A chart is a title row (the title, and the legend on its right, wrapping under the
title on a narrow page) above a bqplot figure that fills the width of the output
(up to :data:`MAX_WIDTH`). The legend is HTML outside the plot, so it never covers
a curve, and the figure has no pan/zoom toolbar.

>>> bar_chart(["a", "b"], [0.25, 0.75], "Two bars", legend={"water": SEA})
Chart('Two bars')
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from fractions import Fraction

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]

__all__ = ["MAX_WIDTH", "Chart", "bar_chart", "legend_html", "line_chart"]

INK = "#2b2b2b"
SEA = "#2f7fb8"
PALETTE = [SEA, "#d1495b", "#edae49", "#00798c", "#66a182"]
#: The widest a chart grows (it fills narrower outputs).
MAX_WIDTH = "900px"
HEIGHT = "320px"
# Left margin: room for tick labels like "0.90" and, left of them, the axis label.
MARGIN = {"top": 12, "bottom": 50, "left": 74, "right": 24}
Y_LABEL_OFFSET = "48px"


class Chart(w.VBox):  # type: ignore[misc]
    """A titled bqplot figure. ``chart.figure`` is the bqplot Figure.

    Args:
        figure: the plot.
        title: shown above the plot (and in the repr).
        legend: optional ``{label: CSS colour}``, shown right of the title.
        kind: how the legend draws a swatch: ``"box"`` (bars) or ``"line"``.

    CSS classes: ``tk-chart`` (root), ``tk-chart-title``, ``tk-chart-legend``.
    """

    def __init__(self, figure: bq.Figure, title: str,
                 legend: Mapping[str, str] | None = None, kind: str = "box") -> None:
        self.header = w.HTML(
            '<div style="display:flex;flex-wrap:wrap;align-items:baseline;'
            f'justify-content:space-between;gap:2px 16px;padding-left:{MARGIN["left"]}px;'
            f'padding-right:{MARGIN["right"]}px">'
            '<div class="tk-chart-title" style="font-size:15px;font-weight:600">'
            f"{html.escape(title)}</div>{legend_html(legend or {}, kind)}</div>",
            layout=w.Layout(width="100%"),
        )
        super().__init__([self.header, figure],
                         layout=w.Layout(width="100%", max_width=MAX_WIDTH))
        self.figure = figure
        self.title = title
        self.legend = dict(legend or {})
        self.add_class("tk-chart")

    def __repr__(self) -> str:
        return f"Chart({self.title!r})"


def legend_html(legend: Mapping[str, str], kind: str = "box") -> str:
    """A row of colour swatches with their labels (``""`` for an empty legend).

    >>> "tk-chart-legend" in legend_html({"land": "#c8a165"})
    True
    """
    if not legend:
        return ""
    if kind == "line":
        swatch = ("display:inline-block;width:18px;height:3px;border-radius:2px;"
                  "vertical-align:middle;margin-right:5px;background:{}")
    else:
        swatch = ("display:inline-block;width:12px;height:12px;border-radius:2px;"
                  "vertical-align:-1px;margin-right:5px;background:{}")
    items = "".join(
        f'<span style="margin-left:14px;white-space:nowrap">'
        f'<span style="{swatch.format(html.escape(colour))}"></span>{html.escape(label)}</span>'
        for label, colour in legend.items())
    return f'<div class="tk-chart-legend" style="font-size:12.5px;margin-left:-14px">{items}</div>'


def _floats(values: Sequence[float | Fraction]) -> list[float]:
    return [float(v) for v in values]


def _figure(marks: list[bq.Mark], axes: list[bq.Axis], padding_x: float = 0.0) -> bq.Figure:
    return bq.Figure(
        marks=marks,
        axes=axes,
        padding_x=padding_x,
        fig_margin=dict(MARGIN),
        display_toolbar=False,  # no pan/zoom on hover: a chart is a picture
        layout=w.Layout(width="100%", height=HEIGHT, min_height=HEIGHT),
    )


def _y_axis(scale: bq.Scale, label: str) -> bq.Axis:
    return bq.Axis(scale=scale, side="left", label=label, tick_format=".2f",
                   label_offset=Y_LABEL_OFFSET)


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float | Fraction],
    title: str,
    y_label: str = "probability",
    intervals: Sequence[tuple[float, float]] | None = None,
    colors: Sequence[str] | None = None,
    legend: Mapping[str, str] | None = None,
) -> Chart:
    """Bars with optional 95% intervals drawn as whiskers.

    Args:
        labels: one label per bar.
        values: bar heights (Fractions are fine).
        intervals: optional ``(low, high)`` per bar.
        colors: one colour for all bars, or one per bar.
        legend: optional ``{label: colour}`` explaining ``colors``, e.g.
            ``{"water": "#2f7fb8", "land": "#c8a165"}``; shown right of the title.

    Raises:
        ValueError: lengths differ.
    """
    if len(labels) != len(values) or (intervals is not None and len(intervals) != len(values)):
        raise ValueError("labels, values and intervals must have the same length")
    x = bq.OrdinalScale()
    top = max([*_floats(values), *(hi for _, hi in intervals or [])], default=1.0)
    y = bq.LinearScale(min=0.0, max=max(top * 1.15, 1e-9))
    marks: list[bq.Mark] = [
        bq.Bars(
            x=list(labels), y=_floats(values), scales={"x": x, "y": y},
            colors=list(colors or [SEA]), padding=0.3,
        )
    ]
    if intervals:
        marks.append(bq.Lines(
            x=[[lab, lab] for lab in labels], y=[[lo, hi] for lo, hi in intervals],
            scales={"x": x, "y": y}, colors=[INK], stroke_width=3,
        ))
    axes = [bq.Axis(scale=x, label=""), _y_axis(y, y_label)]
    return Chart(_figure(marks, axes), title, legend)


def line_chart(
    x: Sequence[float],
    series: dict[str, Sequence[float | Fraction]],
    title: str,
    x_label: str,
    y_label: str = "probability",
) -> Chart:
    """One line per named series against a shared x axis; a legend names them (if > 1)."""
    xs = bq.LinearScale()
    ys = bq.LinearScale(min=0.0)
    names = list(series)
    colours = [PALETTE[i % len(PALETTE)] for i in range(len(names))]
    lines = bq.Lines(
        x=list(x), y=[_floats(series[n]) for n in names], labels=names,
        colors=colours, scales={"x": xs, "y": ys},
        display_legend=False, marker="circle", marker_size=24,
    )
    axes = [bq.Axis(scale=xs, label=x_label), _y_axis(ys, y_label)]
    legend = dict(zip(names, colours, strict=True)) if len(names) > 1 else None
    # padding_x: the first and last points sit clear of the axes
    return Chart(_figure([lines], axes, padding_x=0.02), title, legend, kind="line")
