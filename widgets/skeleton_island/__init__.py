"""Skeleton Island's board: ``board`` (`SkeletonBoard`), ``hints``, and its drawing modules
``draw`` (what the board imports), ``pile``, ``table``, ``faces`` and ``layout``.

``treasurekit_widgets.skeleton_island`` exports what the flat module
``widgets/skeleton_island.py`` exported.
"""

from .board import SkeletonBoard

__all__ = ["SkeletonBoard"]
