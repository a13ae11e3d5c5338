"""Ahoy Treasures!'s board: ``board`` (`AhoyBoard`, the widgets) and ``draw`` (its figure).

``treasurekit_widgets.ahoy`` exports what the flat module ``widgets/ahoy.py`` exported.
"""

from .board import AhoyBoard

__all__ = ["AhoyBoard"]
