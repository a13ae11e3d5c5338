"""The CSS every board shows once (in an invisible widget at its end): what ipywidgets'
layout traits cannot say.

- The status HTML's content box (``.widget-html-content``, a flex item that ipywidgets
  sizes to its content and never shrinks) may shrink to the board's width, so that the
  prompt wraps in a narrow window (issue 24, point 5: 700 px, 200% zoom) instead of
  running past the window's edge; the two muted lines below it stay single lines cut
  with an ellipsis (their full text is their tooltip and the move log).
"""

from __future__ import annotations

__all__ = ["BOARD_CSS"]

BOARD_CSS = (
    "<style>.tk-board .tk-status .widget-html-content { flex: 1 1 auto; min-width: 0; }"
    ".tk-board .tk-status .tk-prompt { white-space: normal; }</style>")
