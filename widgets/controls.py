"""Small HTML helpers shared by every board: the status line and the move log.

Pure functions from engine objects to HTML strings, so they are easy to test and
keep the widget classes short. Everything user-visible is escaped.

>>> from treasurekit import Event
>>> log_html([(1, Event("Red rolls 4", "AHOY §5 The die"))])[:21]
'<div style="max-heigh'
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from treasurekit import Event

__all__ = ["MUTED", "chip", "log_html", "muted", "status_html"]

#: Colour of secondary text (rule references, ply numbers).
MUTED = "#6b7280"

_LOG_BOX = (
    "max-height:170px;overflow-y:auto;display:flex;flex-direction:column-reverse;"
    "border:1px solid #e5e7eb;border-radius:6px;padding:4px 8px;background:#fafafa;"
    "font-size:12.5px;line-height:1.45"
)


def muted(text: str) -> str:
    """``text`` escaped, in a small grey span (class ``tk-muted``)."""
    return f'<span class="tk-muted" style="color:{MUTED}">{html.escape(text)}</span>'


def chip(colour: str) -> str:
    """A small round colour swatch (for a seat's colour)."""
    return (
        f'<span style="display:inline-block;width:12px;height:12px;border-radius:6px;'
        f'background:{html.escape(colour)};border:1px solid #333;vertical-align:-1px;'
        f'margin-right:5px"></span>'
    )


def status_html(main: str, detail: str = "", notice: str = "", colour: str | None = None) -> str:
    """The status line: a notice (a refused move, in red), the prompt, a muted detail line.

    ``main`` is already HTML (it may contain a coloured name); ``detail`` and
    ``notice`` are plain text and get escaped.
    """
    parts = []
    if notice:
        parts.append(
            '<div class="tk-notice" style="color:#b42318;margin-bottom:2px">'
            f"&#9888; {html.escape(notice)}</div>"
        )
    lead = chip(colour) if colour else ""
    parts.append(f'<div style="font-size:15px;font-weight:600">{lead}{main}</div>')
    if detail:
        parts.append(f"<div>{muted(detail)}</div>")
    return "".join(parts)


def log_html(entries: Sequence[tuple[int, Event]], empty: str = "No moves yet.") -> str:
    """The move log, newest last, each event with its rule in a muted span.

    ``entries`` are ``(ply, event)`` pairs, ply counted from 1. The box anchors to its
    bottom (``column-reverse``), so the newest line is visible without scrolling.
    """
    if not entries:
        rows = [muted(empty)]
    else:
        rows = []
        for ply, event in entries:
            rule = f" {muted('[' + event.rule + ']')}" if event.rule else ""
            rows.append(
                f'<div class="tk-log-line">{muted(f"{ply}.")} {html.escape(event.text)}{rule}</div>'
            )
    return f'<div style="{_LOG_BOX}"><div>{"".join(rows)}</div></div>'
