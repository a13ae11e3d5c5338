"""Small HTML helpers shared by every board: the status area, the notice and the move log.

Pure functions from engine objects to HTML strings, so they are easy to test and
keep the widget classes short. Everything user-visible is escaped.

The status area and the slot under the picture keep at least their height
(:data:`STATUS_HEIGHT`, :data:`SLOT_HEIGHT`), so a short message never moves the board;
a prompt too long for the width wraps rather than being cut (issue 24: a 700 px window,
200% zoom); the detail and "last:" lines are cut with an ellipsis (full text in their
tooltip and the log), and the notice is clamped to two lines (its full text in its tooltip).

>>> from treasurekit import Event
>>> log_html([(1, Event("Red rolls 4", "AHOY §5 The die"))])[:21]
'<div style="max-heigh'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from typing import Any

from treasurekit import Event

__all__ = [
    "MUTED",
    "SLOT_HEIGHT",
    "STATUS_HEIGHT",
    "Refused",
    "chip",
    "log_html",
    "log_rows",
    "muted",
    "notice_html",
    "status_html",
]

#: Colour of secondary text (rule references, move numbers).
MUTED = "#6b7280"
#: Height of the status area above the picture: a prompt line and two detail lines.
STATUS_HEIGHT = "64px"
#: Height of the slot under the picture (choice buttons and a two-line notice).
SLOT_HEIGHT = "40px"

_LOG_BOX = (
    "max-height:170px;overflow-y:auto;display:flex;flex-direction:column-reverse;"
    "border:1px solid #e5e7eb;border-radius:6px;padding:4px 8px;background:#fafafa;"
    "font-size:12.5px;line-height:1.45"
)
_WRAPPED = "overflow-wrap:anywhere"  # the prompt wraps, never cut (issue 24.5)
_ONE_LINE = "white-space:nowrap;overflow:hidden;text-overflow:ellipsis"


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


def _plain(markup: str) -> str:
    """The text of an HTML snippet (for a tooltip)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def _line(markup: str, style: str, title: str, cls: str, wrap: bool = False) -> str:
    return (f'<div class="{cls}" title="{html.escape(title)}" '
            f'style="{_WRAPPED if wrap else _ONE_LINE};{style}">{markup}</div>')


def status_html(main: str, detail: str = "", last: str = "", colour: str | None = None,
                detail_tip: str = "", news: str = "") -> str:
    """The status area: the prompt, a muted detail line and a muted "last:" line.

    ``news`` (plain text: what befell the human's seat during the bots' plies) replaces
    the "last:" line, in dark red on a pale background (class ``tk-news``).

    Always three lines (empty ones keep their place), each carrying its full text as a
    tooltip. The prompt wraps when it is too long for the board's width (the area grows:
    what to do is never cut); the detail and "last:" lines stay single lines cut with an
    ellipsis (their full text is also in the move log), so a bot's move never moves the
    picture under the mouse.
    ``main`` is already HTML (it may contain a coloured name); ``detail`` and ``last``
    are plain text and get escaped. ``detail_tip`` is an extra tooltip for the detail
    line (e.g. what "ply 25" counts).

    >>> status_html("Red to roll", "ply 0").count("<div")
    3
    """
    lead = chip(colour) if colour else ""
    tip = detail + (f" ({detail_tip})" if detail_tip and detail else "")
    return (
        _line(f"{lead}{main}", "font-size:15px;font-weight:600;line-height:24px",
              _plain(main), "tk-prompt", wrap=True)
        + _line(muted(detail) if detail else "&nbsp;", "line-height:19px", tip, "tk-detail")
        + (_line(f"<b>While you waited:</b> {html.escape(news)}",
                 "line-height:19px;color:#9a3412;background:#fff7ed", f"While you waited: {news}",
                 "tk-news") if news else
           _line(muted(f"last: {last}") if last else "&nbsp;", "line-height:19px",
                 f"last: {last}" if last else "", "tk-last"))
    )


class Refused(ValueError, IndexError):
    """A request the board refused and has already explained in its notice (a typed seed
    that is not a number, a choice not on display, Undo with nothing to take back...).
    Raised by the board's API; a click or button handler swallows it (the notice is the
    player's answer), and callers may catch ValueError or IndexError as before."""


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``... ``11th``, ``12th``, ``13th``, ``21st``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def notice_html(notice: str, rule: str | None = None, said: int = 1) -> str:
    """A refused action, in red with its rule reference muted in "[...]"; at most two lines
    (the full text is the tooltip). Returns ``""`` for no notice (the slot keeps its height
    anyway). ``said``: the how-manieth time in a row this notice is told (from 2 on it says
    so, so that a repeated refusal still changes the page and is read out).

    >>> "tk-notice" in notice_html("Red must roll the die first", "AHOY §5 The die")
    True
    >>> "again, 3rd time" in notice_html("Red must roll the die first", said=3)
    True
    """
    if not notice:
        return ""
    title = f"{notice} [{rule}]" if rule else notice
    ref = f" {muted('[' + rule + ']')}" if rule else ""
    if said > 1:
        ref += f" {muted(f'(again, {_ordinal(said)} time)')}"
    return (
        f'<div class="tk-notice" title="{html.escape(title)}" style="color:#b42318;'
        "font-size:13px;line-height:17px;max-height:34px;overflow:hidden;display:-webkit-box;"
        '-webkit-line-clamp:2;-webkit-box-orient:vertical">'
        f"&#9888; {html.escape(notice)}{ref}</div>"
    )


def log_rows(entries: Sequence[tuple[int, Event]]) -> list[str]:
    """One HTML row per event of the move log (see :func:`log_html`).

    A move's first event shows the move number; its further events are indented under it
    (class ``tk-log-more``). Rows of the first event of a move have class ``tk-log-line``.
    """
    rows = []
    previous = None
    for number, event in entries:
        rule = f" {muted('[' + event.rule + ']')}" if event.rule else ""
        first = number != previous
        previous = number
        label = muted(f"{number}.") if first else ""
        cls = "tk-log-line" if first else "tk-log-line tk-log-more"
        indent = "" if first else ' style="padding-left:1.2em"'
        rows.append(
            f'<div class="{cls}" style="display:flex">'
            f'<span style="flex:none;min-width:2.6em;text-align:right;margin-right:0.45em">'
            f"{label}</span><span{indent}>"
            f"{html.escape(event.text)}{rule}</span></div>"
        )
    return rows


def log_html(entries: Sequence[tuple[int, Event]], empty: str = "No moves yet.") -> str:
    """The move log, newest last, each event with its rule in a muted span.

    ``entries`` are ``(move number, event)`` pairs, counted from 1. A move with several
    events (a pirate moves, then the game ends) shows its number once: the further
    events are indented under the first. The box anchors to its bottom
    (``column-reverse``), so the newest line is visible without scrolling. (A board's
    live log is a :class:`~treasurekit_widgets.updates.MoveLog`, which sends only new
    lines; this one-piece HTML is for static pages.)

    >>> from treasurekit import Event
    >>> text = log_html([(7, Event("a")), (7, Event("b")), (8, Event("c"))])
    >>> text.count("7."), text.count("8."), text.count("tk-log-more")
    (1, 1, 1)
    """
    rows = log_rows(entries) if entries else [muted(empty)]
    return f'<div style="{_LOG_BOX}"><div>{"".join(rows)}</div></div>'


def ranking_html(
    rows: Sequence[Any], phrase: Callable[[Any], str], note: str, digits: int = 0
) -> str:
    """The hint panel's table of a greedy bot's candidates (best first, at most 8).

    ``rows`` are ``Candidate`` objects; ``phrase(move)`` says the move in words;
    ``note`` follows the title; scores are shown with ``digits`` decimals.
    """
    cell = "padding:1px 8px 1px 0;line-height:1.35;vertical-align:top"
    body = "".join(
        f"<tr><td style='{cell};white-space:nowrap'>"
        f"{html.escape(phrase(c.move))}</td>"
        f"<td style='{cell};white-space:nowrap;color:{MUTED}'>"
        f"<code>{html.escape(str(c.move))}</code></td>"
        f"<td style='{cell};text-align:right'>{c.score:.{digits}f}</td>"
        f"<td style='{cell}'>{html.escape('; '.join(c.reasons))}</td></tr>"
        for c in rows[:8])
    head = "".join(f"<th style='{cell};text-align:{a};font-weight:600;color:{MUTED}'>{t}</th>"
                   for t, a in [("move", "left"), ("as text", "left"), ("score", "right"),
                                ("why", "left")])
    return ("<div style='font-size:12.5px'><b>Greedy bot's ranking</b> "
            f"{muted(note)}"
            f"<table style='border-collapse:collapse;margin-top:2px'><tr>{head}</tr>"
            f"{body}</table></div>")
