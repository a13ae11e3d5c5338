"""Colour is never the only code (issue 24, point 4).

The colours that tell seats, map colours and terrain kinds apart are simulated for
deuteranopia, protanopia and tritanopia (colorspacious, Machado et al. 2009, severity 100)
and compared in CAM02-UCS, whose ΔE is close to perceived difference. Thresholds:

- seats and map colours: :data:`~treasurekit_widgets.palette.MIN_SEAT_DELTA_E` (15) for
  every pair that meets on one board (see palette.py for why 15);
- Sjörövarön's land kinds (told apart by colour alone): 10 in lightness J' alone (what is
  left in greys / achromatopsia) and 10 ΔE under every simulation;
- TI2018: the hint line is at least 40 ΔE from the ground it is drawn on (the probability
  shading included) in one of its two tones; the volcano is grey (chroma C' < 8) and at
  least 15 ΔE from the strongest shading, so it does not read as "likely".

Seats that collapse in greys carry a letter on every piece: checked on the marks.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest

colorspacious = pytest.importorskip("colorspacious")

from treasurekit_widgets import (  # noqa: E402
    AhoyBoard,
    LongJohnBoard,
    SjoBoard,
    SkeletonBoard,
    TreasureIslandBoard,
)
from treasurekit_widgets.ahoy import draw as ahoy_draw  # noqa: E402
from treasurekit_widgets.palette import (  # noqa: E402
    MIN_SEAT_DELTA_E,
    PIECE_LETTER_CLASS,
    PIECE_LETTER_CSS,
    seat_letter,
)
from treasurekit_widgets.sjorovaron import draw as sjo_draw  # noqa: E402
from treasurekit_widgets.skeleton_island.faces import BACK, BACK_INNER, COIN_CARD, MAP_COLOURS  # noqa: E402
from treasurekit_widgets.treasure_island_2003 import draw as ti2003_draw  # noqa: E402
from treasurekit_widgets.treasure_island_2018 import draw as ti2018_draw  # noqa: E402

VISIONS = ("normal", "deuteranomaly", "protanomaly", "tritanomaly")
LAND_KINDS = ("lowland", "lake", "slope", "plateau", "ravine")


def rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)]) / 255.0


def hexed(c: np.ndarray) -> str:
    return "#" + "".join(f"{round(float(v) * 255):02x}" for v in np.clip(c, 0, 1))


def ucs(colour: str, vision: str = "normal") -> np.ndarray:
    """CAM02-UCS J'a'b' of ``colour`` as seen with ``vision`` (a dichromacy at severity
    100, or normal)."""
    c = rgb(colour)
    if vision != "normal":
        space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
        c = np.clip(colorspacious.cspace_convert(c, space, "sRGB1"), 0, 1)
    return np.asarray(colorspacious.cspace_convert(c, "sRGB1", "CAM02-UCS"))


def delta_e(a: str, b: str, vision: str = "normal") -> float:
    return float(np.linalg.norm(ucs(a, vision) - ucs(b, vision)))


def over(colour: str, ground: str, alpha: float) -> str:
    """``colour`` drawn at opacity ``alpha`` on ``ground``."""
    return hexed(alpha * rgb(colour) + (1 - alpha) * rgb(ground))


def too_close(colours: dict[str, str], least: float) -> list[str]:
    """Every pair of ``colours`` closer than ``least`` under some vision, in words."""
    return [f"{a}/{b} {vision}: ΔE {delta_e(colours[a], colours[b], vision):.1f}"
            for a, b in itertools.combinations(colours, 2) for vision in VISIONS
            if delta_e(colours[a], colours[b], vision) < least]


def test_the_simulation_is_the_one_the_issue_saw() -> None:
    """The old red and green pirates collapsed for a deuteranope: the check can fail."""
    assert delta_e("#d7312a", "#23964a", "deuteranomaly") < 10 < delta_e("#d7312a", "#23964a")


def test_every_pair_of_seat_colours_on_a_board_stays_apart() -> None:
    ahoy = AhoyBoard(players=4, seed=1)
    seats = {
        "ahoy": {c.name: ahoy_draw.seat_colour(ahoy.game.board, s)
                 for s, c in enumerate(ahoy.game.board.colours)},
        "treasure_island_2003": dict(enumerate(ti2003_draw.SEAT_COLOURS)),
        "sjorovaron": dict(enumerate(sjo_draw.SEAT_COLOURS)),
        "treasure_island_2018": dict(ti2018_draw.MINI_COLOURS),
    }
    assert len(seats["ahoy"]) == 4 and len(seats["treasure_island_2003"]) == 6
    for game, colours in seats.items():
        assert too_close(colours, MIN_SEAT_DELTA_E) == [], game


def test_skeleton_island_map_colours_stay_apart_and_unlike_sand_and_coin_cards() -> None:
    assert set(MAP_COLOURS) == {"red", "blue", "green", "yellow", "purple"}
    assert too_close(dict(MAP_COLOURS), MIN_SEAT_DELTA_E) == []
    # a yellow map must not look like a face-down (sand) card or a white coin card; those
    # also differ by their symbol ("?", a gold disc), hence a lower bar of 10
    for other in (BACK, BACK_INNER, COIN_CARD):
        for colour in MAP_COLOURS.values():
            for vision in VISIONS:
                assert delta_e(colour, other, vision) >= 10, (colour, other, vision)


def test_sjorovaron_land_kinds_part_in_greys_and_for_every_vision() -> None:
    kinds = {k: sjo_draw.KIND_COLOURS[k] for k in LAND_KINDS}
    lightness = {k: ucs(c)[0] for k, c in kinds.items()}
    for a, b in itertools.combinations(LAND_KINDS, 2):
        assert abs(lightness[a] - lightness[b]) >= 10, (a, b, lightness)
    assert too_close(kinds, 10) == []


def test_ti2018_hint_lines_read_on_the_probability_shading_and_every_ground() -> None:
    board = LongJohnBoard(players=4, seed=3)
    pic = board.picture
    ink, band = pic.hint_lines.colors[0], pic.hint_halo.colors[0]
    assert pic.hint_halo.stroke_width > pic.hint_lines.stroke_width  # a band under the line
    heat = hexed(np.array(ti2018_draw.HEAT_RGB) / 255)
    grounds = [ti2018_draw.ISLAND, ti2018_draw.SEA,
               *(over(fill, ti2018_draw.ISLAND, opacity)
                 for fill, _, opacity in ti2018_draw.LAYER_STYLE.values())]
    shaded = [over(heat, g, a / 255) for g in grounds for a in (0, *ti2018_draw.HEAT_ALPHA)]
    for ground in shaded:
        for vision in VISIONS:
            best = max(delta_e(ink, ground, vision), delta_e(band, ground, vision))
            assert best >= 40, (ground, vision, best)
    assert delta_e(ink, band) >= 40  # the two tones of the line part from each other


def test_ti2018_volcano_is_grey_hatched_and_unlike_high_probability() -> None:
    fill, _, opacity = ti2018_draw.LAYER_STYLE["volcano"]
    volcano = over(fill, ti2018_draw.ISLAND, opacity)
    assert np.hypot(*ucs(volcano)[1:]) < 8  # grey: no hue to mistake for the shading
    heat = hexed(np.array(ti2018_draw.HEAT_RGB) / 255)
    strong = over(heat, ti2018_draw.ISLAND, ti2018_draw.HEAT_ALPHA[1] / 255)
    for vision in VISIONS:
        assert delta_e(volcano, strong, vision) >= MIN_SEAT_DELTA_E, vision
    # hatch lines over the volcano, inside its bounds
    board = LongJohnBoard(players=4, seed=3)
    area = board.picture.map.layers()["volcano"]
    x0, y0, x1, y1 = area.bounds
    hatched = board.picture.volcano_hatch
    assert hatched in board.picture.figure.marks and hatched.visible
    xs, ys = np.asarray(hatched.x, float), np.asarray(hatched.y, float)
    assert xs.shape[0] >= 5  # several strokes
    assert (xs >= x0 - 1e-6).all() and (xs <= x1 + 1e-6).all()
    assert (ys >= y0 - 1e-6).all() and (ys <= y1 + 1e-6).all()


def letters_shown(board: Any, figure: Any) -> bool:
    """The board shows the letters' CSS and the figure carries their class."""
    def htmls(widget: Any) -> list[str]:
        own = [widget.value] if type(widget).__name__ == "HTML" else []
        return own + [h for c in getattr(widget, "children", ()) for h in htmls(c)]
    return (PIECE_LETTER_CLASS in figure._dom_classes
            and any(PIECE_LETTER_CSS in h for h in htmls(board)))


def test_every_ahoy_pirate_carries_its_colour_letter() -> None:
    board = AhoyBoard(players=4, seed=2)
    for _ in range(30):  # a few turns: pirates leave their boxes and pile up
        if board.state.is_terminal():
            break
        board.roll() if board.state.is_chance_node() else board.play(
            board.state.legal_moves()[0])
    pirates, pieces = board.picture.pirates, board.picture.pieces
    colours = board.game.board.colours
    assert pirates.display_names and len(pieces) == 16
    assert not pirates.names_unique  # points keyed by index: letters repeat
    assert list(pirates.names) == [seat_letter(colours[p.seat].name) for p in pieces]
    assert {seat_letter(c.name) for c in colours} == {"R", "B", "G", "Y"}
    assert any(p.square > 0 for p in pieces)
    assert letters_shown(board, board.picture.figure)


def test_every_ti2003_counter_carries_its_colour_letter() -> None:
    board = TreasureIslandBoard(players=6, board="large", first_player=0,
                                seats={s: "human" for s in range(6)})
    board.state = board.game.position({"R": "d3 b4 c5", "K": "e2", "W": "f6"}, dice=(1, 2))
    board.refresh()
    pic = board.picture
    sq = board.game.board.square
    letters = dict(zip(pic._counter_squares, pic.counters.names, strict=True))
    assert pic.counters.display_names and pic.chest_counters.display_names
    assert not pic.counters.names_unique and not pic.chest_counters.names_unique
    assert letters == {sq("d3"): "R", sq("b4"): "R", sq("c5"): "R", sq("e2"): "K",
                       sq("f6"): "W"}
    assert letters_shown(board, pic.figure)


def test_sjorovaron_pirates_and_skeleton_maps_carry_letters() -> None:
    sjo = SjoBoard(seed=2024)
    tags = list(sjo.picture.tags.text)
    assert len(tags) == len(sjo.picture.pirates.x) and all(t.strip() for t in tags)
    skel = SkeletonBoard(players=3, seed=1)
    deck = skel.game.deck
    from treasurekit_widgets.skeleton_island.faces import card_face
    for kind, info in deck.kinds.items():
        if info.is_map:
            assert card_face(kind, deck).symbol[0] == seat_letter(info.colour or ""), kind
