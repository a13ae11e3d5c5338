"""How Skeleton Island's cards look: colours, card faces and small drawing helpers shared
by the Sand Pile (:mod:`.pile`) and the table beside it (:mod:`.table`).

Gold coin cards are white cards with a round gold coin on them, so that no (yellow) map
piece looks like a coin. The helpers set a bqplot mark's traits through
:func:`~.updates.assign`: a mark whose data did not change is not re-sent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from treasurekit.skeleton_island import Deck, HandView

from ..palette import screen_colour, seat_letter
from ..png import CLEAR_PNG
from ..updates import assign

__all__ = ["CLEAR_PNG", "MAP_COLOURS", "CardFace", "card_face", "hand_text", "set_lines",
           "set_text"]

#: Map colours (palette.py: apart under every simulated colour-vision deficiency); a map
#: card also shows its colour's letter before its size ("R½"), so colour is not the only code.
MAP_COLOURS = {c: screen_colour(c) for c in ("red", "blue", "green", "yellow", "purple")}
TABLE = "#bcdcea"  # the table under the pile
# a face-down card: greyish sand, apart from every map colour for every kind of colour
# vision (a sand yellow looked like a yellow map to a tritan), and marked "?"
BACK, BACK_INNER, BACK_EDGE = "#cac3b2", "#cac3b2", "#8a7a55"
FRAME, FRAME_EDGE = "#fffaf0", "#4b3b25"  # the white frame of a face-up card
PIRATE, COIN, COIN_EDGE = "#3b3748", "#f3b631", "#9a6b10"
COIN_CARD = "#ffffff"  # a gold coin card is white with a gold disc: never like a yellow map
COIN_R_CM, COIN_R_PX = 1.6, 10.5  # radius of the gold disc on the pile (cm) / in the table
INK, MUTED, LIGHT = "#1f2933", "#6b7280", "#ffffff"
UNCOVERED = "#ff7a00"  # outline of an uncovered card
REST = "#7a4d12"  # dashed outline of an offered resting spot
PICKED, TARGET = "#7c3aed", "#d1132a"  # a card chosen to discard (violet) / to steal (red)
COVERING = "#d1132a"  # brief outline of the cards covering a card that was clicked
GHOST = "#4a6a8c"  # where a gust picked cards up, and its arrows
COMPASS_NAMES = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")  # every 45° from east




def _ink_on(colour: str) -> str:
    """Dark or white text, whichever reads better on ``colour`` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else LIGHT


@dataclass(frozen=True)
class CardFace:
    """How a card looks: fill colour, text colour, a big symbol and a short caption;
    ``disc`` the colour of a round coin drawn under the symbol (gold coin cards only)."""

    fill: str
    ink: str
    symbol: str
    caption: str
    disc: str | None = None


def card_face(kind: str | None, deck: Deck) -> CardFace:
    """The look of a card of ``kind`` (None: face down, its back).

    >>> from treasurekit.skeleton_island import load_cards
    >>> card_face("map-red-half", load_cards()).symbol
    'R½'
    >>> card_face(None, load_cards()).caption
    'face down'
    >>> card_face("coin-2", load_cards())
    CardFace(fill='#ffffff', ink='#1f2933', symbol='2', caption='coins', disc='#f3b631')
    """
    if kind is None:
        return CardFace(BACK_INNER, "#4d3d1c", "?", "face down")
    info = deck.kinds[kind]
    if info.is_map:
        fill = MAP_COLOURS.get(info.colour or "", info.colour or INK)
        symbol = seat_letter(info.colour or "") + {"half": "½", "quarter": "¼"}.get(
            info.piece or "", info.piece or "")
        return CardFace(fill, _ink_on(fill) if fill.startswith("#") else LIGHT, symbol,
                        f"{info.colour} map")
    if info.is_coin:
        return CardFace(COIN_CARD, INK, str(info.coins), "coin" if info.coins == 1 else "coins",
                        disc=COIN)
    return CardFace(PIRATE, LIGHT, "☠", info.label)


def _closed(corners: Sequence[tuple[float, float]]) -> tuple[list[float], list[float]]:
    return [p[0] for p in corners], [p[1] for p in corners]


def _circle(x: float, y: float, r: float, n: int = 28) -> tuple[list[float], list[float]]:
    """A circle of radius ``r`` around ``(x, y)`` as a closed polygon of ``n`` points."""
    steps = [2 * math.pi * k / n for k in range(n)]
    return [x + r * math.cos(t) for t in steps], [y + r * math.sin(t) for t in steps]


def _padded(paths: list[list[float]]) -> list[list[float]]:
    """Paths of one length (bqplot wants a rectangular array): each short path repeats
    its last point, which draws nothing more."""
    n = max((len(p) for p in paths), default=0)
    return [p + [p[-1]] * (n - len(p)) for p in paths]


def set_lines(mark: Any, xs: list[list[float]], ys: list[list[float]], **style: Any) -> None:
    """Show the paths ``xs``/``ys`` on a ``bqplot.Lines`` mark (hidden when there are none),
    sending only the traits that changed."""
    if not xs:
        assign(mark, visible=False)
        return
    assign(mark, x=_padded(xs), y=_padded(ys), **style)
    assign(mark, visible=True)


def set_text(mark: Any, rows: Sequence[tuple[float, float, str, str]]) -> None:
    """Show ``(x, y, text, colour)`` rows on a ``bqplot.Label`` mark (only what changed)."""
    assign(mark, x=[r[0] for r in rows], y=[r[1] for r in rows], text=[r[2] for r in rows],
           colors=[r[3] for r in rows] or [INK])


def hand_text(hand: HandView | None, deck: Deck) -> str:
    """Words for the card in hand (``"card 17 (red map half)"``), or ``""``."""
    if hand is None:
        return ""
    label = "face down" if hand.kind is None else deck.kinds[hand.kind].label
    return f"card {hand.id} ({label})"
