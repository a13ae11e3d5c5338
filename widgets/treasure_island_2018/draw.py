"""The Treasure Island (2018) map picture, drawn with bqplot from a seat's ``TIView``.

:class:`MapPicture` draws the island in miles: the sea and the island outline, the
districts, the restricted areas (deep water, mountains, the volcano), the zones the
DEDUCTION hint uses (forest, fresh water, buildings), the ruined temple, the black
towers, the starting circles and the ALTITUDE dotted lines; then, from the view, the
movement lines, the crosses, the search circles drawn in vain, the hint drawings and
the miniatures; and, when asked, the probability map as one ``bqplot.Image`` (a PNG
made from the posterior grid: DESIGN §4, never thousands of rects).

Clicks come from a transparent Image mark laid over everything else (``catcher``):
whatever is drawn under the pointer (a line, a circle, a miniature, a tower), the click
reaches the map, and its ``on_element_click`` reports it in data coordinates (miles),
passed on to ``on_click(x, y)``; it reaches over the padding round the map too, and a
click there, off the map, calls ``on_nothing()`` (:mod:`.empty_clicks`). The clicked
point is marked with a ring until the next change. :func:`legend_html` is the key:
every kind of drawing and the probability map's colours.

The picture never decides what to show: the treasure is drawn only if the view holds
it (Long John Silver's view; a pirate's view never does).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import bqplot as bq  # type: ignore[import-untyped]
import ipywidgets as w  # type: ignore[import-untyped]
import numpy as np

from treasurekit.treasure_island_2018 import IslandMap, Posterior, TIView, drawings
from treasurekit.treasure_island_2018.geometry import outlines

from ..empty_clicks import catcher, within
from ..palette import screen_colour
from ..png import CLEAR_PNG, png_rgba
from ..updates import assign

__all__ = ["MINI_COLOURS", "MapPicture", "hatch", "heat_png", "legend_html"]

#: Screen colours of the miniatures (anything else is used as CSS as is).
MINI_COLOURS = {c: screen_colour(c) for c in ("red", "blue", "yellow", "green", "purple",
                                              "silver")}  # palette.py; names beside them
SEA, ISLAND, ISLAND_EDGE = "#a5d8ff", "#f3e9c6", "#8d6e3f"
LAYER_STYLE = {  # layer: (fill, edge, fill opacity)
    "deep_water": ("#4dabf7", "#1971c2", 0.9),
    "forest": ("#8ce99a", "#2f9e44", 0.55),
    "water": ("#74c0fc", "#1c7ed6", 0.7),
    "buildings": ("#ced4da", "#495057", 0.8),
    "mountains": ("#a1887f", "#5d4037", 0.85),
    # grey and hatched: no colour of the probability map's (a volcano is no likely place)
    "volcano": ("#9a9a9a", "#343a40", 0.9),
    "ruined_temple": ("#b197fc", "#5f3dc4", 0.8),
}
HINT_INK = "#c2255c"  # what Silver draws for a hint area
#: A hint line: black dash-dots on a white band, readable on the red probability shading,
#: on every ground colour and for every kind of colour vision.
HINT_LINE_INK, HINT_HALO = "#000000", "#ffffff"
VOLCANO_HATCH, HATCH_STEP = "#343a40", 0.6  # hatch lines on the volcano, miles apart
CLICK_INK = "#000000"  # the ring round the clicked point
SEARCH_INK = "#343a40"
HEAT_RGB = (201, 42, 42)  # the probability map's colour; mass sets the opacity
HEAT_ALPHA = (50, 170)  # opacity (0-255) of the least and the most likely cells
MAP_W, MAP_H = 640, 480  # pixels; the map is 32 x 24 miles


def heat_png(mass: np.ndarray) -> bytes:
    """The probability map as a PNG: one pixel per grid cell, red with an opacity that
    grows with the cell's mass, from faint (possible) to strong (the likeliest cells);
    cells with no mass stay clear (the grid's row 0 is the south edge, the PNG's the top)."""
    top = float(mass.max()) if mass.size else 0.0
    alpha = np.zeros(mass.shape, np.uint8)
    if top > 0:
        alpha = np.where(mass > 0, HEAT_ALPHA[0] + (HEAT_ALPHA[1] - HEAT_ALPHA[0]) * mass / top,
                         0).astype(np.uint8)
    rgba = np.zeros((*mass.shape, 4), np.uint8)
    rgba[..., 0], rgba[..., 1], rgba[..., 2] = HEAT_RGB
    rgba[..., 3] = alpha
    return png_rgba(rgba[::-1])


def hatch(geom: Any, step: float) -> tuple[list[list[float]], list[list[float]]]:
    """Diagonal hatch lines ``step`` apart (map units) clipped to ``geom`` (a shapely
    area): x and y of each segment, ``([], [])`` for an empty area."""
    from shapely.geometry import LineString  # type: ignore[import-untyped]

    if geom.is_empty:
        return [], []
    x0, y0, x1, y1 = geom.bounds
    xs: list[list[float]] = []
    ys: list[list[float]] = []
    span = (x1 - x0) + (y1 - y0)
    for k in np.arange(0.0, span + step, step):
        cut = geom.intersection(LineString([(x0 + k, y0), (x0 + k - (y1 - y0), y1)]))
        for part in getattr(cut, "geoms", [cut]):
            if part.geom_type == "LineString" and not part.is_empty:
                xs.append([float(v) for v in part.xy[0]])
                ys.append([float(v) for v in part.xy[1]])
    return xs, ys


def _paths(geoms: Sequence[Any]) -> tuple[list[list[float]], list[list[float]]]:
    xs: list[list[float]] = []
    ys: list[list[float]] = []
    for g in geoms:
        for x, y in outlines(g):
            xs.append(x)
            ys.append(y)
    return _padded(xs), _padded(ys)


def _padded(paths: list[list[float]]) -> list[list[float]]:
    """Paths of one length (bqplot wants a rectangular array): repeat each last point."""
    n = max((len(p) for p in paths), default=0)
    return [p + [p[-1]] * (n - len(p)) for p in paths]


def _circle(x: float, y: float, r: float, n: int = 48) -> tuple[list[float], list[float]]:
    t = np.linspace(0.0, 2 * np.pi, n + 1)
    return [float(v) for v in x + r * np.cos(t)], [float(v) for v in y + r * np.sin(t)]


def _lines(scales: dict[str, Any], **kw: Any) -> bq.Lines:
    return bq.Lines(x=[[0.0, 0.0]], y=[[0.0, 0.0]], scales=scales, visible=False, **kw)


def _set(mark: bq.Lines, xs: list[list[float]], ys: list[list[float]],
         colors: list[str] | None = None) -> None:
    """Show ``xs``/``ys`` paths on ``mark`` (hide it when there are none), sending only
    the traits whose value changed (:func:`~.updates.assign`)."""
    if not xs:
        assign(mark, visible=False)
        return
    with mark.hold_sync():
        assign(mark, x=_padded(xs), y=_padded(ys))
        if colors is not None:
            assign(mark, colors=colors)
        assign(mark, visible=True)


class MapPicture:
    """The island map figure (class ``tk-ti18-map``); ``on_click(x, y)`` gets miles.

    Attributes:
        figure: the ``bqplot.Figure``.
        heat: the Image mark that shows the probability map and takes the clicks.
        treasure: the treasure's Scatter mark (visible only for a view that holds it).
    """

    def __init__(self, imap: IslandMap, on_click: Callable[[float, float], None],
                 on_nothing: Callable[[], None] = lambda: None) -> None:
        self.map = imap
        self._on_click = on_click
        self._on_nothing = on_nothing
        x0, y0, x1, y1 = imap.bounds
        self.extent = (x0, x1, y0, y1)
        sx, sy = bq.LinearScale(min=x0, max=x1), bq.LinearScale(min=y0, max=y1)
        self.scales = {"x": sx, "y": sy}
        layers = imap.layers()
        base: list[Any] = []
        # deep water is a ring round the island: bqplot fills every path on its own, so
        # fill its outer edge, then its hole in the sea's colour, then the island on top
        deep = layers["deep_water"]
        polys = list(getattr(deep, "geoms", [deep]))
        fill, edge, _ = LAYER_STYLE["deep_water"]
        for rings, colour in (([p.exterior for p in polys], fill),
                              ([r for p in polys for r in p.interiors], SEA)):
            xs, ys = _paths(rings)
            if xs:
                base.append(bq.Lines(x=xs, y=ys, scales=self.scales, fill="inside",
                                     close_path=True, colors=[edge], fill_colors=[colour],
                                     fill_opacities=[1.0], stroke_width=1))
        ix, iy = _paths([layers["island"]])
        base.append(bq.Lines(x=ix, y=iy, scales=self.scales, fill="inside", close_path=True,
                             colors=[ISLAND_EDGE], fill_colors=[ISLAND],
                             fill_opacities=[1.0], stroke_width=2))
        for name, (fill, edge, opacity) in LAYER_STYLE.items():
            if name == "deep_water":
                continue
            xs, ys = _paths([layers[name]])
            if xs:
                base.append(bq.Lines(x=xs, y=ys, scales=self.scales, fill="inside",
                                     close_path=True, colors=[edge], fill_colors=[fill],
                                     fill_opacities=[opacity], opacities=[opacity],
                                     stroke_width=1))
        for name, style, colour in (("district_borders", "solid", "#6d4c2f"),
                                    ("starting_circles", "dashed", "#495057"),
                                    ("altitude_lines", "dotted", "#5c3d2e")):
            xs, ys = _paths([layers[name]])
            if xs:
                base.append(bq.Lines(x=xs, y=ys, scales=self.scales, colors=[colour],
                                     line_style=style, stroke_width=1.2))
        hx, hy = hatch(layers["volcano"], HATCH_STEP)
        #: the volcano's hatch lines (it is grey and hatched, unlike any probability)
        self.volcano_hatch = bq.Lines(x=_padded(hx) or [[0.0]], y=_padded(hy) or [[0.0]],
                                      scales=self.scales, colors=[VOLCANO_HATCH],
                                      stroke_width=1.2, visible=bool(hx))
        base.append(self.volcano_hatch)
        names = [(d.polygon.representative_point(), f"{d.id}") for d in imap.districts]
        base.append(bq.Label(x=[p.x for p, _ in names], y=[p.y for p, _ in names],
                             text=[t for _, t in names], scales=self.scales, default_size=11,
                             colors=["#6d4c2f"], align="middle", font_weight="bold"))
        towers = [t.xy for t in imap.towers]
        base.append(bq.Scatter(x=[p[0] for p in towers], y=[p[1] for p in towers],
                               scales=self.scales, marker="triangle-up", colors=["#212529"],
                               default_size=90, stroke="#fff"))
        self.heat = bq.Image(image=w.Image(value=CLEAR_PNG, format="png"), scales=self.scales,
                             x=[x0, x1], y=[y0, y1])
        # on top of every mark: a click on a line, a circle or a miniature reaches the map;
        # it covers the padding round the map too (a click off the map: on_nothing)
        self.catcher = catcher(self.scales, self._clicked)
        self.clicked = bq.Scatter(x=[], y=[], scales=self.scales, marker="circle", fill=False,
                                  default_size=260, stroke_width=2.5, colors=[CLICK_INK],
                                  visible=False)
        self.hint_areas = _lines(self.scales, fill="inside", close_path=True,
                                 colors=[HINT_INK], fill_colors=[HINT_INK],
                                 fill_opacities=[0.12], stroke_width=1)
        self.hint_halo = _lines(self.scales, colors=[HINT_HALO], stroke_width=6)
        self.hint_lines = _lines(self.scales, colors=[HINT_LINE_INK], stroke_width=2.5,
                                 line_style="dash_dotted")
        self.searches = _lines(self.scales, colors=[SEARCH_INK], stroke_width=1.8,
                               line_style="dashed", fill="inside", fill_colors=["#868e96"],
                               fill_opacities=[0.18], close_path=True)
        self.moves = _lines(self.scales, stroke_width=2.5)
        self.crosses = bq.Scatter(x=[], y=[], scales=self.scales, marker="cross",
                                  default_size=50, colors=[SEARCH_INK])
        self.minis = bq.Scatter(x=[], y=[], scales=self.scales, marker="circle",
                                default_size=220, stroke="#000", stroke_width=2,
                                colors=["#000"])
        self.mini_names = bq.Label(x=[], y=[], text=[], scales=self.scales, default_size=11,
                                   colors=["#212529"], align="middle", y_offset=-14,
                                   font_weight="bold")
        self.treasure = bq.Scatter(x=[], y=[], scales=self.scales, marker="diamond",
                                   default_size=160, colors=["#ffd43b"], stroke="#000",
                                   stroke_width=2, visible=False)
        self.figure = bq.Figure(
            marks=[*base, self.hint_areas, self.searches, self.heat, self.hint_halo,
                   self.hint_lines,
                   self.moves, self.crosses, self.treasure, self.minis, self.mini_names,
                   self.clicked, self.catcher],
            fig_margin={"top": 4, "bottom": 4, "left": 4, "right": 4},
            padding_x=0.0, padding_y=0.0, background_style={"fill": SEA},
            min_aspect_ratio=(x1 - x0) / (y1 - y0), max_aspect_ratio=(x1 - x0) / (y1 - y0),
            animation_duration=0, display_toolbar=False,
            layout=w.Layout(width=f"{MAP_W}px", height=f"{MAP_H}px"),
        )
        self.figure.add_class("tk-ti18-map")

    @property
    def marks(self) -> list[Any]:
        """The marks that change on a redraw (for ``hold_sync``)."""
        return [self.heat, self.hint_areas, self.hint_halo, self.hint_lines, self.searches,
                self.moves,
                self.crosses, self.minis, self.mini_names, self.treasure, self.clicked]

    def mark_click(self, point: tuple[float, float] | None) -> None:
        """Ring ``point`` (miles) as the clicked point; None removes the ring."""
        with self.clicked.hold_sync():
            assign(self.clicked, x=[point[0]] if point is not None else [],
                   y=[point[1]] if point is not None else [], visible=point is not None)

    def _clicked(self, x: float, y: float) -> None:
        if within((x, y), self.extent[:2], self.extent[2:]):
            self._on_click(x, y)
        else:
            self._on_nothing()

    def draw(self, view: TIView, post: Posterior | None = None,
             hints: Sequence[int] = ()) -> None:
        """Redraw from ``view``: ``post`` the probability map to show (None: off);
        ``hints`` the numbers of the hints whose drawings to show."""
        assign(self.heat.image, value=heat_png(post.mass) if post is not None else CLEAR_PNG)
        xs, ys, cs = [], [], []
        for line in view.lines:
            xs.append([line.a[0], line.b[0]])
            ys.append([line.a[1], line.b[1]])
            cs.append(MINI_COLOURS.get(line.mini, line.mini))
        _set(self.moves, xs, ys, cs)
        sx, sy = [], []
        for s in view.searches:
            x, y = _circle(s.x, s.y, s.radius)
            sx.append(x)
            sy.append(y)
        _set(self.searches, sx, sy)
        with self.crosses.hold_sync():
            assign(self.crosses, x=[p[0] for _, p in view.crosses],
                   y=[p[1] for _, p in view.crosses])
        ax, ay, lx, ly = [], [], [], []
        for h in view.hints:
            if h.number not in hints:
                continue
            for d in drawings(h.kind, h.args, h.situation, self.map):
                if d.style == "marker":
                    continue
                px, py = _paths([d.geometry])
                if d.style == "area":
                    ax += px
                    ay += py
                else:
                    lx += px
                    ly += py
        _set(self.hint_areas, ax, ay)
        _set(self.hint_halo, lx, ly)
        _set(self.hint_lines, lx, ly)
        on = [m for m in view.miniatures if m.at is not None]
        xs_on = [m.at[0] for m in on if m.at]
        ys_on = [m.at[1] for m in on if m.at]
        with self.minis.hold_sync():
            assign(self.minis, x=xs_on, y=ys_on,
                   colors=[MINI_COLOURS.get(m.name, m.name) for m in on] or ["#000"])
        with self.mini_names.hold_sync():
            assign(self.mini_names, x=xs_on, y=ys_on, text=[m.name for m in on])
        t = view.treasure
        with self.treasure.hold_sync():
            assign(self.treasure, x=[t[0]] if t is not None else [],
                   y=[t[1]] if t is not None else [], visible=t is not None)


# ----- the key -------------------------------------------------------------------------------
def _svg(body: str, width: int = 22) -> str:
    return (f"<svg width='{width}' height='14' viewBox='0 0 {width} 14' "
            f"style='vertical-align:-2px;flex:none'>{body}</svg>")


def _swatch_line(colour: str, dash: str = "", width: float = 2.5) -> str:
    dashes = f" stroke-dasharray='{dash}'" if dash else ""
    return _svg(f"<line x1='1' y1='7' x2='21' y2='7' stroke='{colour}' "
                f"stroke-width='{width}'{dashes}/>")


def _swatch_area(fill: str, edge: str, opacity: float, dash: str = "") -> str:
    dashes = f" stroke-dasharray='{dash}'" if dash else ""
    return _svg(f"<rect x='2' y='2' width='18' height='10' fill='{fill}' "
                f"fill-opacity='{opacity}' stroke='{edge}'{dashes}/>")


def _item(swatch: str, label: str) -> str:
    return (f"<span style='display:inline-flex;align-items:center;gap:3px;"
            f"margin:0 10px 1px 0;white-space:nowrap'>{swatch}{label}</span>")


def _heat_bar() -> str:
    r, g, b = HEAT_RGB
    lo, hi = (round(a / 255, 2) for a in HEAT_ALPHA)
    return (f"<span style='display:inline-block;width:70px;height:10px;vertical-align:-1px;"
            f"border:1px solid #adb5bd;background:linear-gradient(to right, "
            f"rgba({r},{g},{b},{lo}), rgba({r},{g},{b},{hi}))'></span>")


def legend_html(minis: Sequence[str] = ("red", "blue", "yellow", "green", "silver"),
                heat: bool = True, treasure: bool = False) -> str:
    """The map's key: what each kind of drawing means, in the map's own colours.

    ``minis`` the miniatures in play (their colours); ``heat``: add the probability
    map's colour bar; ``treasure``: add the treasure's diamond (only in a view that holds
    it). Plain HTML with small inline SVG swatches, text 12 px (class ``tk-ti18-key``).
    """
    dots = "".join(
        f"<circle cx='{5 + 7 * k}' cy='7' r='4.5' fill='{MINI_COLOURS.get(m, m)}' "
        f"stroke='#000' stroke-width='1'/>" for k, m in enumerate(minis))
    mini_swatch = _svg(dots, width=max(10, 7 * len(minis) + 4))
    items = [
        _item(mini_swatch, "miniatures"),
        _item(_swatch_line(MINI_COLOURS["red"]), "movement line"),
        _item(_svg(f"<path d='M7 3 L15 11 M15 3 L7 11' stroke='{SEARCH_INK}' "
                   "stroke-width='2'/>"), "a miniature stood here"),
        _item(_svg(f"<circle cx='11' cy='7' r='5.5' fill='#868e96' fill-opacity='0.18' "
                   f"stroke='{SEARCH_INK}' stroke-width='1.5' stroke-dasharray='3 2'/>"),
              "searched in vain"),
        _item(_svg("<line x1='1' y1='7' x2='21' y2='7' stroke='#fff' stroke-width='6'/>"
                   f"<line x1='1' y1='7' x2='21' y2='7' stroke='{HINT_LINE_INK}' "
                   "stroke-width='2.5' stroke-dasharray='6 2 1 2'/>"), "hint: line"),
        _item(_swatch_area(HINT_INK, HINT_INK, 0.12), "hint: area"),
        _item(_svg("<path d='M11 2 L17 12 L5 12 Z' fill='#212529' stroke='#fff'/>"),
              "black tower"),
        _item(_svg(f"<circle cx='11' cy='7' r='5.5' fill='none' stroke='{CLICK_INK}' "
                   "stroke-width='2'/>"), "your click"),
    ]
    if treasure:
        items.append(_item(_svg("<path d='M11 1 L17 7 L11 13 L5 7 Z' fill='#ffd43b' "
                                "stroke='#000' stroke-width='1.5'/>"), "the treasure"))
    items += [
        _item(_swatch_line("#6d4c2f", width=1.2), "district border (number)"),
        _item(_swatch_line("#495057", "4 2", 1.2), "starting circle"),
        _item(_swatch_line("#5c3d2e", "1 2", 1.5), "altitude line"),
    ]
    for name, label in (("deep_water", "deep water"), ("mountains", "mountains"),
                        ("volcano", "volcano"), ("forest", "forest"), ("water", "fresh water"),
                        ("buildings", "buildings"), ("ruined_temple", "ruined temple")):
        fill, edge, opacity = LAYER_STYLE[name]
        swatch = _swatch_area(fill, edge, opacity)
        if name == "volcano":  # hatched, as on the map
            swatch = swatch.replace("</svg>", f"<path d='M4 12 L12 2 M10 12 L18 2' stroke="
                                    f"'{VOLCANO_HATCH}' stroke-width='1.2'/></svg>")
        items.append(_item(swatch, label))
    restricted = "<i>deep water, mountains, volcano: no move ends or crosses there</i>"
    rows = "".join(items)
    heat_row = ""
    if heat:
        heat_row = (f"<div style='margin-top:2px'><b>Probability map</b> (where the treasure "
                    f"can be, as the shown seat knows it): clear = impossible, "
                    f"{_heat_bar()} faint = possible, strong = most likely</div>")
    return (f"<div class='tk-ti18-key' style='font-size:12px;line-height:17px;color:#343a40'>"
            f"<b>Key</b> <div style='display:flex;flex-wrap:wrap'>{rows}</div>"
            f"<div style='color:#6b7280'>{restricted}</div>{heat_row}</div>")
