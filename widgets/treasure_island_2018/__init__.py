"""Treasure Island (2018)'s board: ``board`` (`LongJohnBoard`), ``draw`` (the map),
``move_box`` (the move chooser) and ``panels`` (calendar, hints, info).

``treasurekit_widgets.treasure_island_2018`` exports what the flat module
``widgets/treasure_island_2018.py`` exported.
"""

from .board import MAP_MOVES, LongJohnBoard

__all__ = ["MAP_MOVES", "LongJohnBoard"]
