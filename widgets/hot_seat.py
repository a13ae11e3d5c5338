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
    from treasurekit.core.game import Game, State

__all__ = ["HotSeat"]


class HotSeat:
    """The seat the screen faces, and the cover shown between two humans' turns."""

    #: True for games in which a seat holds secrets (hidden cards, pieces, hints): the
    #: cover is shown between two humans' turns. Ahoy and Treasure Island (2003) hide
    #: nothing from one seat that another knows.
    SEAT_SECRETS = False

    # provided by GameBoard
    game: Game[Any]
    state: State[Any]
    seats: dict[int, Any]
    _view_ply: int | None

    if TYPE_CHECKING:
        @property
        def teaching(self) -> bool: ...

        def is_human(self, seat: int | None) -> bool: ...

        def seat_name(self, seat: int) -> str: ...

        def turn_of(self, state: State[Any]) -> int | None: ...

        def guarded(self, action: Any) -> None: ...

        def _refresh(self) -> None: ...

    def _init_hot_seat(self) -> None:
        self._facing: int | None = None  # the human the screen faces (None: nobody yet)
        self._cover_for: int | None = None  # the human the screen is to be passed to
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
        humans = sum(1 for p in range(self.game.num_players) if self.is_human(p))
        return self.SEAT_SECRETS and humans >= 2 and not self.teaching

    @property
    def facing_seat(self) -> int:
        """The seat whose view the board draws: the human the screen faces (the human to
        move, once they have pressed the cover), else the first human seat, else 0."""
        if self._facing is not None and self.is_human(self._facing):
            return self._facing
        return next((p for p in range(self.game.num_players) if self.is_human(p)), 0)

    @property
    def covered(self) -> bool:
        """True while the cover asks to pass the screen to another human."""
        return self._cover_for is not None

    def a11y_hidden(self) -> str:
        """While the cover is up, its words (the keyboard list and the picture's label
        then show nothing of the next player's, :func:`.a11y.covered_by`); else ``""``."""
        if self._cover_for is None:
            return ""
        return f"pass the screen to {self.seat_name(self._cover_for)}"

    def ready(self) -> None:
        """The cover's button: the human to move is at the screen; draw their view."""
        if self._cover_for is None:
            return
        self._facing, self._cover_for = self._cover_for, None
        self._facing_changed()
        self._refresh()

    def _facing_changed(self) -> None:
        """Hook: the screen faces another seat (Treasure Island 2018 offers its view)."""

    def _update_cover(self) -> bool:
        """Decide whether the cover is up for the live state; True if it is (called by
        every redraw before anything is drawn)."""
        state = self.state
        seat = self.turn_of(state)
        if state.is_terminal() or not self.is_human(seat):
            self._cover_for = None  # the end shows all; bots' turns face the same human
        elif self.hot_seat() and self.is_human(self._facing) and seat != self._facing:
            self._cover_for = seat
            self._view_ply = None
        else:
            self._cover_for = None
            if seat != self._facing:
                self._facing = seat
                self._facing_changed()
        self._show_cover(self._cover_for is not None)
        return self._cover_for is not None

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
            assert self._cover_for is not None
            name = html.escape(self.seat_name(self._cover_for))
            self.cover_button.description = f"Pass to {self.seat_name(self._cover_for)} — " \
                                           "press when ready"
            self.cover_button.tooltip = (f"{self.seat_name(self._cover_for)} presses this to "
                                        "see their own view of the board")
            self.cover_text.value = (
                f"<div style='font-size:15px;margin-bottom:8px'>It is <b>{name}</b>'s turn. "
                "The board is hidden so that nobody sees another player's secrets: pass "
                f"the screen to {name}.</div>")
        self.cover.layout.display = "flex" if on else "none"

    def _cover_status(self) -> str:
        assert self._cover_for is not None
        name = html.escape(self.seat_name(self._cover_for))
        return status_html(f"Pass the screen to {name}",
                           f"{name}: press the button when ready (the board is hidden)")
