"""Colours every board draws with, chosen so that colour is never the only code.

One module for the palettes of all five boards, so that a seat, a map colour or a
terrain kind looks the same wherever it is drawn, and one test
(``tests/widgets/test_colour_vision.py``) checks them under simulated colour-vision
deficiency.

- :data:`SEAT_COLOURS`: the screen colour of a seat or map colour *name* (the games name
  their seats after the pieces' colours: "red", "blue", ...). They start from the
  Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"), which keeps red, green
  and blue apart for protan and deutan viewers; green, purple and orange were then moved
  in lightness (CAM02-UCS) until every pair of colours that meet on one board is at least
  :data:`MIN_SEAT_DELTA_E` apart in normal vision and under simulated deuteranopia,
  protanopia and tritanopia (colorspacious, severity 100). Under achromatopsia they still
  collapse (red and green have almost the same lightness), so every piece also carries a
  letter: :func:`seat_letter`.
- :data:`PIECE_LETTER_CSS`: how the letters on pieces are drawn (bqplot ``Scatter`` names:
  centred on the marker, dark with a white halo so they read on every seat colour).

Hue names are kept (a "red" seat is vermillion, a "purple" one reddish purple): the
players call their pieces by those names.
"""

from __future__ import annotations

__all__ = ["LETTER_OFFSETS", "MIN_SEAT_DELTA_E", "OKABE_ITO", "PIECE_LETTER_CLASS",
           "PIECE_LETTER_CSS", "SEAT_COLOURS", "SEAT_LETTERS", "screen_colour", "seat_letter"]

#: The eight colours of Okabe & Ito (2008), for reference and for charts.
OKABE_ITO = {"black": "#000000", "orange": "#E69F00", "sky blue": "#56B4E9",
             "bluish green": "#009E73", "yellow": "#F0E442", "blue": "#0072B2",
             "vermillion": "#D55E00", "reddish purple": "#CC79A7"}

#: Screen colour of each seat / map colour name (lower case).
SEAT_COLOURS = {
    "red": OKABE_ITO["vermillion"],
    "blue": OKABE_ITO["blue"],
    "green": "#4ab67c",  # Okabe–Ito bluish green made lighter: apart from blue for tritans
    "yellow": OKABE_ITO["yellow"],
    "orange": OKABE_ITO["orange"],
    "purple": "#ab6881",  # reddish purple made darker: apart from orange for tritans
    "black": "#1f1f1f",
    "white": "#f8f9fa",
    "silver": "#a3a6ae",
}

#: The least CAM02-UCS colour difference (ΔE) between two seat colours that meet on one
#: board, in normal vision and under each simulated dichromacy. About 1 is a just
#: noticeable difference between large patches; a pirate is a disc 12-25 px across, and
#: small patches need several times more (the ΔE of 10-20 that data-visualisation
#: palettes aim for): 15 keeps the closest pair (red and orange for a deuteranope)
#: clearly apart while the colours stay near their names.
MIN_SEAT_DELTA_E = 15.0

#: The letter on a piece of each seat colour: the initial, but K for black (B is blue).
SEAT_LETTERS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "orange": "O",
                "purple": "P", "black": "K", "white": "W", "silver": "S"}

#: Class given to a figure whose pieces show letters (see :data:`PIECE_LETTER_CSS`).
PIECE_LETTER_CLASS = "tk-piece-letters"

#: CSS for the letters on pieces (bqplot draws a Scatter's names as ``text.dot_text`` in
#: the point's own group, so a click on the letter is a click on the piece): centred on
#: the marker, bold, dark ink with a white halo (readable on black and on yellow).
PIECE_LETTER_CSS = (
    f"<style>.{PIECE_LETTER_CLASS} text.dot_text {{ fill: #111; font: bold 11px sans-serif; "
    "text-anchor: middle; dominant-baseline: central; paint-order: stroke; stroke: #fff; "
    "stroke-width: 2.5px; stroke-linejoin: round; pointer-events: none; }</style>")

#: Scatter traits that put a point's name on the point (bqplot offsets it by the marker's
#: radius when an offset is 0 or None, so a tiny one stands for none; the CSS centres it).
#: ``names_unique=False``: many pieces share a letter, and bqplot would otherwise key its
#: points by name (points with one name merged: pieces undrawn or wrongly coloured).
LETTER_OFFSETS = {"label_display_horizontal_offset": 0.01,
                  "label_display_vertical_offset": 0.01, "names_unique": False}


def screen_colour(name: str) -> str:
    """The screen colour (``#rrggbb``) of a seat or map colour ``name`` (any case); a
    name not in :data:`SEAT_COLOURS` is returned as is (a CSS colour).

    >>> screen_colour("Red"), screen_colour("#123456")
    ('#D55E00', '#123456')
    """
    return SEAT_COLOURS.get(name.lower(), name)


def seat_letter(name: str) -> str:
    """The letter drawn on a piece of colour ``name`` (any case): :data:`SEAT_LETTERS`,
    else the name's first letter in upper case.

    >>> seat_letter("Black"), seat_letter("teal")
    ('K', 'T')
    """
    return SEAT_LETTERS.get(name.lower(), name[:1].upper())
