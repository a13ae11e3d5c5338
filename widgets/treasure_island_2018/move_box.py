"""The "Your move" box of the Treasure Island (2018) board, right of the map.

:class:`MoveBox` holds the box's widgets and the moves its buttons play: the choice
buttons of a map click (the shared :class:`~.clicks.ChoiceButtons`, stacked), one
button per move without a map point (Compass, Verification, hints, answers: words with
their rule, from a reused pool so that the model count stays flat), Done (always
visible) and a text box that plays any move in notation. Choices look like choices
(blue), never like the notice's error red.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit.treasure_island_2018 import Done, move_words

from ..controls import Refused
from .controller import MAX_BUTTONS, TI2018Controller

if TYPE_CHECKING:
    from collections.abc import Callable

    from treasurekit.treasure_island_2018 import TIState

    from ..clicks import ChoiceButtons

__all__ = ["CHOICE_FILL", "CHOICE_INK", "MOVE_BOX_CSS", "MoveBox"]

CHOICE_INK = "#1c4f8c"  # the words that offer choices: blue, never the notice's red
CHOICE_FILL = "#e7f1fb"
#: Buttons in the "Your move" box wrap their words onto a second line instead of cutting them.
MOVE_BOX_CSS = ("<style>.tk-ti18-move-box .jupyter-button.tk-choice, .tk-ti18-move-box "
                ".jupyter-button.tk-ti18-decision {white-space: normal; height: auto; "
                "min-height: 28px; line-height: 16px; text-align: left; padding: 3px 8px}"
                "</style>")


class MoveBox:
    """The "Your move" box of :class:`~treasurekit_widgets.treasure_island_2018.LongJohnBoard`.

    Classes: ``tk-ti18-move-box`` (the box), ``tk-ti18-decisions`` / ``tk-ti18-decision``
    (buttons), ``tk-ti18-done``, ``tk-ti18-move-text`` / ``tk-ti18-move-play``.
    """

    # provided by GameBoard
    state: TIState
    choice_buttons: ChoiceButtons
    controller: TI2018Controller

    if TYPE_CHECKING:
        @property
        def _notice(self) -> str: ...

        def play(self, move: Any) -> list[Any]: ...

        def describe_move(self, move: Any) -> str: ...

        def _tell(self, notice: str, rule: str | None = None) -> None: ...

        def _quietly(self, action: Callable[[], Any]) -> None: ...

    def _init_move_box(self) -> None:
        """Make the box's widgets (before ``GameBoard.__init__`` builds the picture)."""
        # Buttons are reused from render to render (new ones would be new widget models
        # in the browser on every move): a pool, and the move each one plays.
        self._pool: list[w.Button] = []
        self._button_move: dict[int, Any] = {}
        self._grow(MAX_BUTTONS)  # made once: the model count stays flat
        self.move_title = w.HTML()
        self.decision_list = w.VBox(layout=w.Layout(flex="none"))
        self.decision_list.add_class("tk-ti18-decisions")
        self.done_button = w.Button(description="Done: end your turn", button_style="primary",
                                    icon="check", tooltip="end your turn [TI2018 §7 Game "
                                    "Sequence: Choose actions]",
                                    layout=w.Layout(width="100%", flex="none"))
        self.done_button.add_class("tk-ti18-done")
        self.done_button.on_click(lambda _: self._quietly(self._press_done))
        self.move_text = w.Text(placeholder="or type a move, e.g. done",
                                layout=w.Layout(width="220px"))
        self.move_text.add_class("tk-ti18-move-text")
        self.move_play = w.Button(description="Play", layout=w.Layout(width="70px"))
        self.move_play.add_class("tk-ti18-move-play")
        self.move_play.on_click(lambda _: self._quietly(self._play_text))

    def _move_box(self, height: str) -> w.VBox:
        """The box: the title, the choice and decision buttons (scrolling), Done and the
        text box; ``height`` its CSS height."""
        box = self.choice_buttons.box
        box.layout.flex_flow = "column"
        box.layout.align_items = "stretch"
        box.layout.flex = "none"
        self.choice_buttons.label.layout.margin = "0 0 2px 0"
        scroll = w.VBox([box, self.decision_list],
                        layout=w.Layout(flex="1 1 auto", overflow="hidden auto",
                                        min_height="0"))
        move_box = w.VBox(
            [self.move_title, scroll, self.done_button,
             w.HBox([self.move_text, self.move_play], layout=w.Layout(flex="none"))],
            layout=w.Layout(height=height, border="1px solid #d0d7de", padding="4px",
                            margin="0 0 6px 0"))
        move_box.add_class("tk-ti18-move-box")
        return move_box

    def _move_box_widgets(self) -> list[w.Widget]:
        """The box's widgets whose updates a redraw batches."""
        return [self.decision_list, self.move_title, self.done_button]

    def _render_move_box(self, shown: TIState, acting: bool, moves: list[Any],
                         game_over: bool) -> None:
        """Redraw the box for ``shown``: ``moves`` the legal moves of the human to act
        (``acting``; empty otherwise)."""
        self.controller.sort_moves(moves, acting)
        done = self.controller.done_moves
        self.decision_list.children = self._buttons(self.controller.decisions)
        self.done_button.disabled = not done
        if done:
            words = move_words(shown, done[0])
            self.done_button.description = words.text
            self.done_button.tooltip = str(words)
        self.move_text.disabled = self.move_play.disabled = not acting
        self.move_title.value = self._move_title_html(game_over)
        self._style_choices()

    def decisions(self) -> list[str]:
        """The moves without a map point offered as buttons now (notation; Done is the
        Done button)."""
        return [str(m) for m in self.controller.decisions]

    def decide(self, text: str) -> list[Any]:
        """Press the choice, decision or Done button whose move is ``text`` (notation or
        the button's words).

        Raises:
            ValueError: no such button now (also shown in the notice).
            IllegalMoveError: the engine refused the move.
        """
        click = self.controller.decide(text, self.describe_move)
        if click.kind == "play":
            return self.play(click.moves[0])
        self._tell(click.reason, click.rule)
        raise Refused(self._notice)

    def _press_done(self) -> None:
        self.play(Done())

    def _play_text(self) -> None:
        text = self.move_text.value.strip()
        if text:
            self.play(text)
            self.move_text.value = ""

    def _move_title_html(self, game_over: bool) -> str:
        style = f"font-size:13px;line-height:17px;color:{CHOICE_INK}"
        waiting = str(getattr(self, "waiting_for_start", ""))  # a play app's first board
        text, idle = self.controller.move_title(game_over, waiting)
        if idle:
            return (f"{MOVE_BOX_CSS}<div style='{style};color:#6b7280'><b>Your move</b>: "
                    f"{html.escape(text)}</div>")
        tail = f": {text}" if text else ""
        return f"{MOVE_BOX_CSS}<div style='{style}'><b>Your move</b>{tail}</div>"

    def _style_choices(self) -> None:
        """Choice buttons look like choices (blue, full width), never like an error."""
        self.choice_buttons.label.style.text_color = CHOICE_INK
        for b in self.choice_buttons.buttons:
            b.layout.width = "100%"
            b.layout.margin = "0 0 2px 0"
            b.style.button_color = CHOICE_FILL
            b.style.font_size = "12px"

    def _grow(self, size: int) -> list[w.Button]:
        """The pool of decision buttons, grown to at least ``size`` buttons."""
        pool = self._pool
        while len(pool) < size:
            b = w.Button(layout=w.Layout(width="100%", flex="none", margin="0 0 2px 0"),
                         style={"font_size": "12px"})
            b.add_class("tk-ti18-decision")
            b.on_click(self._pressed)
            pool.append(b)
        return pool

    def _buttons(self, moves: list[Any]) -> tuple[w.Button, ...]:
        """One button per move, in words with its rule, reused from the pool."""
        pool = self._grow(len(moves))
        for b, m in zip(pool, moves, strict=False):
            words = move_words(self.state, m)
            b.description = words.short
            b.tooltip = f"{words}  [{m}]"
            self._button_move[id(b)] = m
        return tuple(pool[: len(moves)])

    def _pressed(self, button: w.Button) -> None:
        move = self._button_move.get(id(button))
        if move is not None:
            self._quietly(lambda: self.play(move))
