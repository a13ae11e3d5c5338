"""Hot-seat play for :class:`~treasurekit_widgets.base.GameBoard`: two or more humans
at one screen (DESIGN §4 Play conventions; issue 24 point 6).

The board faces one human at a time (:attr:`HotSeat.facing_seat`): every picture,
panel and hint is drawn from that seat's view, also on bots' turns and in replay.
When the turn passes to another human, in a game whose seats hold secrets
(:attr:`HotSeat.SEAT_SECRETS`: Treasure Island (2018), Sjörövarön, Skeleton Island),
the board hides everything but the status and the controls, draws nothing more, and
shows a cover: a button "Pass to X — press when ready" (``cover_button``, classes
``tk-pass-screen`` and, on those boards, ``tk-pass``; in a box ``tk-cover``). Only the
press draws the next human's view. Teaching mode shows no cover.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]

from .controls import status_html

if TYPE_CHECKING:
    from .controller import BoardController

__all__ = ["HotSeat"]


class HotSeat:
    """The cover shown between two humans' turns; whom the screen faces and when the cover
    is up are the controller's (:meth:`~.controller.BoardController.update_cover`)."""

    #: True for games in which a seat holds secrets (hidden cards, pieces, hints): the
    #: cover is shown between two humans' turns. Ahoy and Treasure Island (2003) hide
    #: nothing from one seat that another knows.
    SEAT_SECRETS = False

    # provided by GameBoard
    controller: BoardController

    if TYPE_CHECKING:
        def seat_name(self, seat: int) -> str: ...

        def guarded(self, action: Any) -> None: ...

        def _refresh(self) -> None: ...

    def _init_hot_seat(self) -> None:
        self._hidden: list[tuple[w.Widget, str | None]] = []  # parts hidden by the cover
        self.cover_button = w.Button(description="Pass to", button_style="warning",
                                    icon="eye", layout=w.Layout(width="auto"))
        self.cover_button.add_class("tk-pass-screen")
        if self.SEAT_SECRETS:  # Ahoy's Pass (a move) is its tk-pass: one per board
            self.cover_button.add_class("tk-pass")
        self.cover_button.on_click(lambda _: self.guarded(self.ready))
        self.cover_text = w.HTML()
        self.cover = w.VBox([self.cover_text, self.cover_button],
                            layout=w.Layout(display="none", padding="24px",
                                            align_items="flex-start"))
        self.cover.add_class("tk-cover")

    def _coverable(self) -> list[w.Widget]:
        """The parts the cover hides (GameBoard lists its picture, slot, panels, log and
        replay slider)."""
        return []

    def hot_seat(self) -> bool:
        """True if this board covers the screen between two humans' turns: the game has
        seat secrets, two or more seats are human, and teaching mode is off."""
        return self.controller.hot_seat()

    @property
    def facing_seat(self) -> int:
        """The seat whose view the board draws: the human the screen faces (the human to
        move, once they have pressed the cover), else the first human seat, else 0."""
        return self.controller.facing_seat

    @property
    def covered(self) -> bool:
        """True while the cover asks to pass the screen to another human."""
        return self.controller.covered

    def a11y_hidden(self) -> str:
        """While the cover is up, its words (the keyboard list and the picture's label
        then show nothing of the next player's, :func:`.a11y.covered_by`); else ``""``."""
        seat = self.controller.cover_for
        return "" if seat is None else f"pass the screen to {self.seat_name(seat)}"

    def ready(self) -> None:
        """The cover's button: the human to move is at the screen; draw their view."""
        if self.controller.ready():
            self._facing_changed()
            self._refresh()

    def _facing_changed(self) -> None:
        """Hook: the screen faces another seat (Treasure Island 2018 offers its view)."""

    def _update_cover(self) -> bool:
        """Ask the controller whether the cover is up for the live state, and show it;
        True if it is (called by every redraw before anything is drawn)."""
        covered, turned = self.controller.update_cover()
        if turned:
            self._facing_changed()
        self._show_cover(covered)
        return covered

    def _show_cover(self, on: bool) -> None:
        if on and not self._hidden:
            self._hidden = [(part, part.layout.display) for part in self._coverable()]
            for part, _ in self._hidden:
                part.layout.display = "none"
        elif not on and self._hidden:
            for part, display in self._hidden:
                part.layout.display = display
            self._hidden = []
        if on:
            seat = self.controller.cover_for
            assert seat is not None
            name = html.escape(self.seat_name(seat))
            self.cover_button.description = f"Pass to {self.seat_name(seat)} — " \
                                           "press when ready"
            self.cover_button.tooltip = (f"{self.seat_name(seat)} presses this to "
                                        "see their own view of the board")
            self.cover_text.value = (
                f"<div style='font-size:15px;margin-bottom:8px'>It is <b>{name}</b>'s turn. "
                "The board is hidden so that nobody sees another player's secrets: pass "
                f"the screen to {name}.</div>")
        self.cover.layout.display = "flex" if on else "none"

    def _cover_status(self) -> str:
        seat = self.controller.cover_for
        assert seat is not None
        name = html.escape(self.seat_name(seat))
        return status_html(f"Pass the screen to {name}",
                           f"{name}: press the button when ready (the board is hidden)")
