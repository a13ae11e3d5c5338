"""The Skeleton Island pictures, drawn with bqplot: every name of the four modules that
draw them, importable from here as before.

- :mod:`.faces`: how a card looks (colours, :func:`card_face`, :func:`hand_text`);
- :mod:`.layout`: where things go on the pile (:func:`pile_window`,
  :func:`spot_labels`, :func:`visible_spot`, :func:`fit_caption`);
- :mod:`.pile`: the Sand Pile picture (:class:`PilePicture`);
- :mod:`.table`: what lies beside the pile (:class:`TablePicture`, :class:`Slot`).
"""

from __future__ import annotations

from .faces import (
    BACK,
    BACK_EDGE,
    BACK_INNER,
    CLEAR_PNG,
    COIN,
    COIN_CARD,
    COIN_EDGE,
    COIN_R_CM,
    COIN_R_PX,
    COVERING,
    FRAME,
    FRAME_EDGE,
    GHOST,
    INK,
    LIGHT,
    MAP_COLOURS,
    MUTED,
    PICKED,
    PIRATE,
    REST,
    TABLE,
    TARGET,
    UNCOVERED,
    CardFace,
    card_face,
    hand_text,
)
from .layout import (
    COMPASS_NAMES,
    INSET_CM,
    LABEL_MIN_CM,
    MIN_SPAN_CM,
    PILE_H,
    PILE_MARGIN,
    PILE_W,
    fit_caption,
    pile_window,
    short_caption,
    spot_labels,
    visible_spot,
)
from .pile import PilePicture
from .table import (
    CARD_H,
    CARD_STEP,
    CARD_W,
    GROUP_GAP,
    HEADER_FILL,
    HEADER_H,
    LIFT,
    LINE_H,
    ROW_FILL,
    ROW_TOP,
    TABLE_H,
    TABLE_W,
    TILE,
    TURN_FILL,
    Slot,
    TablePicture,
    flow,
)

__all__ = [
    "BACK", "BACK_EDGE", "BACK_INNER", "CARD_H", "CARD_STEP", "CARD_W", "CLEAR_PNG", "COIN",
    "COIN_CARD", "COIN_EDGE", "COIN_R_CM", "COIN_R_PX", "COMPASS_NAMES", "COVERING", "FRAME",
    "FRAME_EDGE", "GHOST", "GROUP_GAP", "HEADER_FILL", "HEADER_H", "INK", "INSET_CM",
    "LABEL_MIN_CM", "LIFT", "LIGHT", "LINE_H", "MAP_COLOURS", "MIN_SPAN_CM", "MUTED",
    "PICKED", "PILE_H", "PILE_MARGIN", "PILE_W", "PIRATE", "REST", "ROW_FILL", "ROW_TOP",
    "TABLE", "TABLE_H", "TABLE_W", "TARGET", "TILE", "TURN_FILL", "UNCOVERED", "CardFace",
    "PilePicture", "Slot", "TablePicture", "card_face", "fit_caption", "flow", "hand_text",
    "pile_window", "short_caption", "spot_labels", "visible_spot",
]
