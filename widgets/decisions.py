"""A board's row of decision buttons, one per move its controller lists (Sjörövarön's
and Treasure Island 2003's boards): the view half of ``controller.decisions``."""

from __future__ import annotations

from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

__all__ = ["DecisionButtons"]


class DecisionButtons:
    """Buttons made on demand, button ``k`` playing ``controller.decisions[k]``.

    The board sets ``DECISION_CLASS`` (its CSS class for them) and
    ``decision_buttons = []``; ``controller``, ``guarded`` and ``play`` are
    :class:`~treasurekit_widgets.base.GameBoard`'s."""

    DECISION_CLASS: str
    decision_buttons: list[w.Button]
    controller: Any
    guarded: Any
    play: Any

    def _press(self, index: int) -> None:
        decisions = self.controller.decisions
        if 0 <= index < len(decisions):
            move = decisions[index]
            self.guarded(lambda: self.play(move))

    def _button(self, index: int) -> w.Button:
        while len(self.decision_buttons) <= index:
            k = len(self.decision_buttons)
            button = w.Button(layout=w.Layout(width="100%", height="28px", min_height="28px",
                                              margin="0 0 3px 0", flex="none"))
            button.add_class(self.DECISION_CLASS)
            button.on_click(lambda _, k=k: self._press(k))
            self.decision_buttons.append(button)
        return self.decision_buttons[index]
