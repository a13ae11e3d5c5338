"""Where things go on Skeleton Island's Sand Pile picture, in cm on the table: the window
to show (:func:`pile_window`), the compass names of the resting spots
(:func:`spot_labels`), the visible part of a covered card (:func:`visible_spot`) and
whether a card's caption fits on it at the drawing's scale (:func:`fit_caption`: no text
under 11 px, no caption spilling over its card or onto the symbol).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

import shapely  # type: ignore[import-untyped]
from shapely.geometry import Polygon  # type: ignore[import-untyped]

from treasurekit.skeleton_island import CardView, SkeletonView
from treasurekit.skeleton_island.pile import Placement, card_corners, card_polygon

from .faces import COIN_R_CM, CardFace

__all__ = ["COMPASS_NAMES", "LEGEND_PX", "caption_dy", "fit_caption", "legend_lines",
           "pile_window", "short_caption",
           "spot_labels", "visible_spot"]

COMPASS_NAMES = ("E", "NE", "N", "NW", "W", "SW", "S", "SE")  # every 45° from east
PILE_W, PILE_H, PILE_MARGIN = 500, 500, 2
MIN_SPAN_CM = 30.0  # the pile window shows at least this many cm top to bottom
INSET_CM = 0.35  # width of the frame around a face-up card's colour
LABEL_MIN_CM = 0.9  # a covered face-up card shows its symbol if a circle this big is visible
ID_PX, SYMBOL_PX, CAPTION_PX = 11, 22, 11  # font sizes of an uncovered card's three labels
#: Offsets (cm, up from the card's centre) of the id, the symbol and a coin's gold disc.
ID_DY, SYMBOL_DY, COIN_DY = 2.9, 0.3, -0.3
#: A label's box in font sizes: the width of a character (generous: Chromium's sans-serif
#: here, DejaVu Sans, averages about 0.6) and the height of its line (ascent + descent);
#: a symbol (½, ☠, ?) may come from a fallback font with a taller line: 1.5.
CHAR_EM, LINE_EM, SYMBOL_LINE_EM = 0.64, 1.2, 1.5


#: Font size of the pile picture's legend, and its left inset (px).
LEGEND_PX, LEGEND_INSET_PX = 12, 8


def legend_lines(text: str, width_px: float = PILE_W - 2 * PILE_MARGIN,
                 px: float = LEGEND_PX) -> list[str]:
    """The legend ``text`` cut into lines that fit ``width_px`` (at ``px`` font size,
    :data:`CHAR_EM` a character, after :data:`LEGEND_INSET_PX`): at its " · " parts,
    else at spaces. SVG text does not wrap: a legend longer than the picture was cut at
    any window width (issue 24).

    >>> for line in legend_lines("orange outline: uncovered · R½ B¼ map piece (colour "
    ...                          "letter, size) · ☠ pirate · ? face down"):
    ...     print(line)
    orange outline: uncovered ·
    R½ B¼ map piece (colour letter, size) · ☠ pirate · ? face down
    >>> legend_lines("a · b")
    ['a · b']
    """
    room = max(1, int((width_px - 2 * LEGEND_INSET_PX) // (CHAR_EM * px)))
    parts = text.split(" · ")
    lines: list[str] = []
    for k, part in enumerate(parts):
        piece = part + (" ·" if k < len(parts) - 1 else "")
        if lines and len(lines[-1]) + 1 + len(piece) <= room:
            lines[-1] += " " + piece  # the parts that fit share a line
            continue
        line = ""
        for word in piece.split(" "):  # a new line; a part too long is cut at spaces
            if line and len(line) + 1 + len(word) > room:
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}" if line else word
        lines.append(line)
    return lines or [""]


def pile_window(view: SkeletonView, spots: Sequence[Placement] = (), margin: float = 0.0,
                keep: tuple[float, ...] | None = None) -> tuple[float, ...]:
    """The part of the table to show: ``(x0, x1, y0, y1)`` in cm.

    It holds every card (with ``margin`` cm of room around the pile: for cards
    rested on its edge and carried by gusts) and resting spot with a margin, keeps
    centimetres square for the figure's shape, and moves in steps of 5 cm so the
    picture does not jitter. With ``keep`` (the window shown so far) the window never
    shrinks: ``keep`` itself is returned while every card and spot fits in it, else a
    window holding ``keep`` and everything with ``margin`` room again.
    """
    w, h = view.card_size
    xs: list[float] = []
    ys: list[float] = []
    for card in view.table:
        for x, y in card.corners((w, h)):
            xs.append(x)
            ys.append(y)
    for s in spots:
        for x, y in card_corners(s.x, s.y, s.angle, w, h):
            xs.append(x)
            ys.append(y)
    if keep is not None:
        kx0, kx1, ky0, ky1 = keep
        if not xs or (kx0 < min(xs) - 1 and max(xs) + 1 < kx1
                      and ky0 < min(ys) - 1 and max(ys) + 1 < ky1):
            return tuple(keep)
    if xs and margin:
        xs += [min(xs) - margin, max(xs) + margin]
        ys += [min(ys) - margin, max(ys) + margin]
    if keep is not None:
        xs += [kx0 + 1.5, kx1 - 1.5]
        ys += [ky0 + 1.5, ky1 - 1.5]
    if not xs:
        xs, ys = [0.0], [0.0]
    cx = 5 * round((min(xs) + max(xs)) / 10)
    cy = 5 * round((min(ys) + max(ys)) / 10)
    ratio = (PILE_W - 2 * PILE_MARGIN) / (PILE_H - 2 * PILE_MARGIN)
    half_h = max(MIN_SPAN_CM / 2, max(ys) - cy + 1.5, cy - min(ys) + 1.5,
                 (max(xs) - cx + 1.5) / ratio, (cx - min(xs) + 1.5) / ratio)
    half_h = 5 * math.ceil(half_h / 5)
    return (cx - half_h * ratio, cx + half_h * ratio, cy - half_h, cy + half_h)


def _outward(spots: Sequence[Placement], table: Sequence[CardView],
             size: tuple[float, float]) -> dict[Placement, tuple[float, float]]:
    """For each resting spot, the unit vector along its long side pointing away from
    the centre of the pile's bounding box."""
    xs = [p[0] for c in table for p in c.corners(size)]
    ys = [p[1] for c in table for p in c.corners(size)]
    cx = (min(xs) + max(xs)) / 2 if xs else 0.0
    cy = (min(ys) + max(ys)) / 2 if ys else 0.0
    out: dict[Placement, tuple[float, float]] = {}
    for s in spots:
        ux, uy = -math.sin(math.radians(s.angle)), math.cos(math.radians(s.angle))
        if ux * (s.x - cx) + uy * (s.y - cy) < 0:
            ux, uy = -ux, -uy
        out[s] = (ux, uy)
    return out


def spot_labels(spots: Sequence[Placement], table: Sequence[CardView],
                size: tuple[float, float]) -> dict[Placement, str]:
    """A compass name for each resting spot: the side of the pile it lies on.

    A resting spot lies with its long side pointing away from the pile (ruling SKEL-6),
    so its angle gives the axis and the pile's centre the side: ``N`` is up (+y), ``E``
    right (+x). Two spots on one side get ``E``, ``E2``...

    >>> from treasurekit.skeleton_island.pile import Placement
    >>> labels = spot_labels([Placement(20, 0, 90), Placement(0, -20, 0)], [], (5.7, 8.9))
    >>> sorted(labels.values())
    ['E', 'S']
    """
    out: dict[Placement, str] = {}
    used: dict[str, int] = {}
    for s, (ux, uy) in _outward(spots, table, size).items():
        name = COMPASS_NAMES[round(math.degrees(math.atan2(uy, ux)) / 45) % 8]
        used[name] = used.get(name, 0) + 1
        out[s] = name if used[name] == 1 else f"{name}{used[name]}"
    return out


def visible_spot(table: Sequence[CardView], card_id: int,
                 size: tuple[float, float]) -> tuple[float, float, float] | None:
    """A point in the visible part of a card: ``(x, y, r)``, the centre of the largest
    circle (radius ``r`` cm) that no card above it covers; None if nothing is visible.

    For an uncovered card that is its centre. Used to label partly covered cards
    and by tests to click on the part of a card that shows.
    """
    card = next(c for c in table if c.id == card_id)
    if card.uncovered:
        return (card.x, card.y, min(size) / 2)
    x0, y0, x1, y1 = _bounds(card.x, card.y, card.angle, *size)
    above = []
    for c in table:
        if c.z > card.z:
            a0, b0, a1, b1 = _bounds(c.x, c.y, c.angle, *size)
            if a0 < x1 and a1 > x0 and b0 < y1 and b1 > y0:
                above.append((c.x, c.y, c.angle))
    return _visible((card.x, card.y, card.angle), tuple(above), size)


@lru_cache(maxsize=16384)
def _bounds(x: float, y: float, angle: float, w: float, h: float) -> tuple[float, ...]:
    corners = card_corners(x, y, angle, w, h)
    xs, ys = [p[0] for p in corners], [p[1] for p in corners]
    return (min(xs), min(ys), max(xs), max(ys))


@lru_cache(maxsize=8192)
def _visible(card: tuple[float, float, float], above: tuple[tuple[float, float, float], ...],
             size: tuple[float, float]) -> tuple[float, float, float] | None:
    """:func:`visible_spot` for a card at ``card`` under the cards at ``above``
    (``(x, y, angle)`` each), cached: most cards keep their neighbours from move to move."""
    poly = card_polygon(*card, *size)
    hits = [p for p in (card_polygon(*a, *size) for a in above) if p.intersects(poly)]
    seen = poly.difference(shapely.union_all(hits)) if hits else poly
    if seen.is_empty or seen.area <= 1e-6:
        return None
    parts = list(getattr(seen, "geoms", [seen]))
    best = max(parts, key=lambda g: g.area)
    circle = shapely.maximum_inscribed_circle(best, 0.05)
    (x, y), _ = circle.coords
    return (round(x, 3), round(y, 3), round(circle.length, 3))


def _text_box(x: float, y: float, text: str, px: float, scale: float,
              char_em: float = CHAR_EM, line_em: float = LINE_EM) -> Polygon:
    """The box (cm) a label of ``text`` at ``px`` px centred on ``(x, y)`` takes up when the
    pile is drawn at ``scale`` px per cm (one spare pixel on each side)."""
    half_w = (len(text) * px * char_em + 2) / scale / 2
    half_h = (px * line_em) / scale / 2
    return shapely.box(x - half_w, y - half_h, x + half_w, y + half_h)


def short_caption(caption: str) -> str:
    """The caption for a card too small for its full one: ``"map"`` for a map piece
    (its colour and ½/¼ are on the card), else nothing (the symbol says it: ``?``, a coin's
    digit, ☠).

    >>> short_caption("red map"), short_caption("rum bottle")
    ('map', '')
    """
    return "map" if caption.endswith(" map") else ""


def caption_dy(face: CardFace, scale: float) -> float:
    """Where a caption goes (cm up from the card's centre, negative: down): just under the
    symbol (and under a coin's disc), as near the centre as it can be, where a card
    lying at any angle has the most room."""
    gap = 2.0 / scale  # two pixels between the boxes
    dy = SYMBOL_DY - (SYMBOL_PX * SYMBOL_LINE_EM + CAPTION_PX * LINE_EM) / 2 / scale - gap
    if face.disc is not None:
        dy = min(dy, COIN_DY - COIN_R_CM - CAPTION_PX * LINE_EM / 2 / scale - gap)
    return dy


def fit_caption(card: CardView, face: CardFace, size: tuple[float, float],
                scale: float) -> str:
    """The caption to print on uncovered ``card`` when the pile is drawn at ``scale`` px
    per cm, at :func:`caption_dy`: the full one if its box (11 px text) lies inside the
    card's face without touching the id, the symbol or a coin's disc; else the short one
    (:func:`short_caption`) if that fits; else ``""``. The full words of every uncovered
    card are in the board's hint panel.
    """
    face_poly = card_polygon(card.x, card.y, card.angle, size[0] - 2 * INSET_CM,
                             size[1] - 2 * INSET_CM)
    keep_out = [_text_box(card.x, card.y + ID_DY, str(card.id), ID_PX, scale),
                _text_box(card.x, card.y + SYMBOL_DY, face.symbol, SYMBOL_PX, scale, 0.75,
                          SYMBOL_LINE_EM)]
    if face.disc is not None:
        keep_out.append(shapely.Point(card.x, card.y + COIN_DY).buffer(COIN_R_CM))
    dy = caption_dy(face, scale)
    for text in (face.caption, short_caption(face.caption)):
        if not text:
            continue
        box = _text_box(card.x, card.y + dy, text, CAPTION_PX, scale)
        if face_poly.contains(box) and not any(box.intersects(k) for k in keep_out):
            return text
    return ""
