"""Treasure Island (2003)'s board: ``board`` (`TreasureIslandBoard`) and ``draw`` (its
grid figure).

``treasurekit_widgets.treasure_island_2003`` exports what the flat module
``widgets/treasure_island_2003.py`` exported.
"""

from .board import TreasureIslandBoard, decision_label

__all__ = ["TreasureIslandBoard", "decision_label"]
