"""Probability charts for the notebooks: small bqplot figures with a short, stable repr.

nbval compares the text/plain fallback of displayed widgets, so every chart here
prints as ``Chart('its title')`` instead of a long, version-dependent widget repr.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import bqplot as bq
import ipywidgets as w

__all__ = ["Chart", "bar_chart", "line_chart"]

INK = "#2b2b2b"
SEA = "#2f7fb8"


class Chart(w.VBox):  # type: ignore[misc]
    """A titled bqplot figure. ``chart.figure`` is the bqplot Figure."""

    def __init__(self, figure: bq.Figure, title: str) -> None:
        super().__init__([figure])
        self.figure = figure
        self.title = title
        self.add_class("tk-chart")

    def __repr__(self) -> str:
        return f"Chart({self.title!r})"


def _floats(values: Sequence[float | Fraction]) -> list[float]:
    return [float(v) for v in values]


def _figure(marks: list[bq.Mark], axes: list[bq.Axis], title: str) -> bq.Figure:
    return bq.Figure(
        marks=marks,
        axes=axes,
        title=title,
        fig_margin={"top": 40, "bottom": 50, "left": 60, "right": 20},
        layout=w.Layout(width="640px", height="320px"),
    )


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float | Fraction],
    title: str,
    y_label: str = "probability",
    intervals: Sequence[tuple[float, float]] | None = None,
    colors: Sequence[str] | None = None,
) -> Chart:
    """Bars with optional 95% intervals drawn as whiskers.

    Args:
        labels: one label per bar.
        values: bar heights (Fractions are fine).
        intervals: optional ``(low, high)`` per bar.

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
    axes = [
        bq.Axis(scale=x, label=""),
        bq.Axis(scale=y, orientation="vertical", label=y_label, tick_format=".2f"),
    ]
    return Chart(_figure(marks, axes, title), title)


def line_chart(
    x: Sequence[float],
    series: dict[str, Sequence[float | Fraction]],
    title: str,
    x_label: str,
    y_label: str = "probability",
) -> Chart:
    """One line per named series against a shared x axis, with a legend."""
    xs = bq.LinearScale()
    ys = bq.LinearScale(min=0.0)
    palette = [SEA, "#d1495b", "#edae49", "#00798c", "#66a182"]
    names = list(series)
    lines = bq.Lines(
        x=list(x), y=[_floats(series[n]) for n in names], labels=names,
        colors=palette[: len(names)], scales={"x": xs, "y": ys},
        display_legend=len(names) > 1, marker="circle", marker_size=24,
    )
    axes = [
        bq.Axis(scale=xs, label=x_label),
        bq.Axis(scale=ys, orientation="vertical", label=y_label, tick_format=".2f"),
    ]
    return Chart(_figure([lines], axes, title), title)
