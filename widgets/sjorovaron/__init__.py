"""Sjörövarön's board: ``board`` (`SjoBoard`) and ``draw`` (its hex map figure).

``treasurekit_widgets.sjorovaron`` exports what the flat module ``widgets/sjorovaron.py``
exported.
"""

from .board import SjoBoard, move_label

__all__ = ["SjoBoard", "move_label"]
