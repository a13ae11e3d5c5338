"""The texts beside the Treasure Island (2018) map: the calendar, what the shown seat
holds and the hints so far. Pure functions from a seat's ``TIView`` to HTML (everything
user-visible escaped); the view decides what may be shown.
"""

from __future__ import annotations

import html

from treasurekit.treasure_island_2018 import IslandMap, Posterior, TIView, describe

from ..controls import muted

__all__ = ["EVENT_MARK", "EVENT_TIP", "calendar_html", "hints_html", "info_html"]

EVENT_MARK = {"starting_hint": "S", "bluff": "B", "prison": "P", "black_spot": "X",
              "black_spot_hint": "H"}
EVENT_TIP = {"S": "Starting Hint", "B": "Bluff token", "P": "Prison", "X": "Black Spot",
             "H": "Black Spot Hint"}


def calendar_html(view: TIView) -> str:
    """The calendar above the map: one cell per day (today highlighted, its stars and
    event mark), then the escape."""
    cells = []
    for space in view.calendar[: view.escape_day - 1]:
        mark = EVENT_MARK.get(space.event or "", "")
        now = space.day == view.day and not view.escape_round
        style = ("background:#ffe066;font-weight:bold" if now else
                 "background:#f1f3f5" if space.day < view.day else "background:#fff")
        tip = f"{space.day} June: {space.stars} action(s)" + (
            f", {EVENT_TIP[mark]}" if mark else "")
        cells.append(f"<span title='{tip}' style='{style};border:1px solid #ced4da;"
                     f"padding:1px 3px;margin:0 1px;font-size:11px'>{space.day}"
                     f"{'★' * space.stars}{mark}</span>")
    esc = "background:#ffc9c9;font-weight:bold" if view.escape_round else "background:#fff"
    cells.append(f"<span style='{esc};border:1px solid #ced4da;padding:1px 3px;"
                 f"font-size:11px'>{view.escape_day}: Escape</span>")
    # the days wrap to a second row in a narrow window (never cut); a day stays whole
    return ("<div class='tk-ti18-days' style='display:flex;flex-wrap:wrap;row-gap:3px;"
            "white-space:nowrap'>" + "".join(cells) + "</div>")


def info_html(view: TIView, post: Posterior | None) -> str:
    """What the shown seat holds (District Hints, Compass, Chest, uses, hand, tokens) and
    the feasible area of the probability map ``post``."""
    rows = []
    if view.treasure is not None:
        rows.append(f"<b>Treasure</b> at {view.treasure[0]:g},{view.treasure[1]:g} "
                    "(only Silver sees it)")
    if view.my_districts:
        rows.append("District Hints: not " + ", ".join(f"d{d}" for d in view.my_districts))
    for c in view.my_compass:
        rows.append(f"Compass {c.card} at {c.mini}: skulls {c.skulls}")
    if view.my_chest_items:
        rows.append("Chest items: " + ", ".join(view.my_chest_items))
    for info in view.my_chest_info:
        rows.append(f"Chest: {info.token}" + (f" d{info.district}" if info.district else ""))
    uses = dict(view.uses[view.player]) if view.player < len(view.uses) else {}
    if uses:
        rows.append("Uses left: " + ", ".join(f"{k} {v}" for k, v in uses.items()))
    if view.hand:
        rows.append(f"Hand: {', '.join(view.hand)}")
    if view.truth_left is not None:
        rows.append(f"Truth tokens {view.truth_left}, Bluff tokens {view.bluff_left}")
    if post is not None:
        rows.append(f"Probability map: {post.area:.0f} sq mi feasible")
    return "<div style='font-size:12px;line-height:1.35'>" + "<br>".join(
        html.escape(r) if not r.startswith("<b>") else r for r in rows) + "</div>"


def hints_html(view: TIView, imap: IslandMap) -> str:
    """The hints played so far, in words, with their token."""
    if not view.hints:
        return muted("No Starting or Black Spot Hint played yet.")
    items = []
    for h in view.hints:
        token = {"truth": "Truth", "bluff": "Bluff"}.get(h.token, "token face down")
        text = describe(h.kind, h.args, imap, h.name)
        items.append(f"<li>day {h.day}: {html.escape(text)} <i>[{token}]</i></li>")
    return ("<div style='font-size:12.5px'><b>Hints so far</b><ol style='margin:2px 0'>"
            + "".join(items) + "</ol></div>")
