"""The accessibility companion: every move by keyboard, and a board a screen reader can read.

:class:`KeyboardMoves` is a small anywidget (ESM ``a11y.js`` and CSS ``a11y.css``, shipped
with the package: no CDN) that sits in every board, under the controls row. In the browser
it

* shows **Your moves**: a listbox of every move the human may make now, each in words
  with its notation (``board.describe_move`` and ``str(move)``), built from
  ``state.legal_moves()`` of the human seat to move (or the board's Roll at a chance node
  waiting for that human). Arrow keys, Home/End and PageUp/PageDown choose, typing
  filters (type-ahead: every typed word must occur), Enter or Space plays, Escape cancels
  a half-made choice (the choice buttons of a click, a selected piece); on a hot-seat
  cover its one item presses the cover's Pass button; an empty list shows one line
  saying why (before a play app's Start: what to do), and Enter on it is answered in
  the board's notice (:meth:`KeyboardMoves.press_idle`);
* names the board's parts by their CSS classes, again whenever ipywidgets re-creates a
  node: ``tk-status`` a polite live region (``role=status``), the notice ``role=alert``,
  each bqplot picture ``role=img`` with :attr:`KeyboardMoves.picture_label` (the position
  in words, :func:`~.picture_words.picture_words`), sliders named after their
  description, the move log ``role=log`` and focusable, an app's collapsible sections
  buttons with ``aria-expanded``;
* draws a 3 px focus ring on every control of ``.tk-board`` and ``.tk-app`` and darkens
  ipywidgets' green and blue buttons to 4.5:1 contrast;
* hands focus to the moves list (or the next control) when the focused control disables,
  hides or removes itself, instead of dropping it to ``<body>``.

No secret reaches the browser through it: the moves are those the human seat may make
(what that seat already knows), the label reads the human seat's own view. The list is
rebuilt only when the position, the seat or the replay changes (not on every redraw), and
the board sends the status before it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import traitlets as t

from .picture_words import move_words, picture_words

if TYPE_CHECKING:
    from .base import GameBoard

__all__ = ["KeyboardMoves", "cancel_choice", "covered_by", "insert_after",
           "keyboard_words", "picture_viewer"]

_HERE = Path(__file__).parent

#: The action behind the one item of a hot-seat cover's list: the cover's Pass button.
READY = "ready"


def insert_after(children: Any, anchor: Any, extra: Any) -> tuple[Any, ...]:
    """``children`` with ``extra`` right after ``anchor`` (at the end if it is missing)."""
    items = [c for c in children if c is not extra]
    at = next((k + 1 for k, c in enumerate(items) if c is anchor), len(items))
    return (*items[:at], extra, *items[at:])


def picture_viewer(board: GameBoard, shown: Any, seat: int | None) -> int:
    """The seat whose view the picture shows: the board's own ``picture_viewer`` if it
    has one, else the seat its "View of" shows (``shown_seat``), else the human to move,
    else the first human seat (else seat 0)."""
    own = getattr(board, "picture_viewer", None)
    if callable(own):
        return int(own(shown, seat))
    chosen = getattr(board, "shown_seat", None)  # Treasure Island (2018): "View of"
    if isinstance(chosen, int):
        return chosen
    if seat is not None and board.is_human(seat):
        return seat
    return next((p for p in range(board.game.num_players) if board.is_human(p)), 0)


def covered_by(board: GameBoard) -> str:
    """Why the board hides everything now ("" if it does not): the board's
    ``a11y_hidden()`` if it has one (a hot-seat "pass to X" screen returns its words),
    so that neither the moves list nor the picture's label shows the next player's
    moves or view before they are ready."""
    own = getattr(board, "a11y_hidden", None)
    return str(own() or "") if callable(own) else ""


def waiting_words(board: GameBoard) -> str:
    """What a play app's board says while it waits for Start ("" if it does not wait:
    :attr:`~.start_gate.StartGate.waiting_for_start`)."""
    return str(getattr(board, "waiting_for_start", "") or "")


def keyboard_words(board: GameBoard, move: Any) -> str:
    """A move in words for the moves list: the board's ``keyboard_words`` if it has one,
    else :func:`~.picture_words.move_words` (the choice buttons' words, or more)."""
    own = getattr(board, "keyboard_words", None)
    return str(own(move)) if callable(own) else move_words(board, move)


def cancel_choice(board: GameBoard) -> None:
    """Drop a half-made choice (Escape): the choice buttons a click offered and any
    selection the board keeps (its ``_on_change`` resets them); the notice goes too."""
    board.controller.drop_choice()
    board._on_change()
    board._clear_notice()
    board._refresh()


class KeyboardMoves(anywidget.AnyWidget):
    """A board's "Your moves" list and accessibility companion (CSS class ``tk-keys``).

    Args:
        board: the :class:`~treasurekit_widgets.base.GameBoard` it serves; the board calls
            :meth:`update` on every redraw.

    Traits sent to the browser: ``items`` (each move in words, with its notation in
    brackets), ``version`` (counts the lists sent; a key press names the list it was made
    on, so a late key press on an old list is ignored), ``title``, ``idle`` (why there is
    nothing to play now) and ``picture_label``.

    The programmatic API mirrors the keys: :meth:`press_enter` (Enter on an item),
    :meth:`press_idle` (Enter on an empty list's line) and :meth:`press_escape`;
    :attr:`moves` are the actions behind :attr:`items` (a move, ``"roll"``, or
    :data:`READY`: the hot-seat cover's Pass button).
    """

    _esm = _HERE / "a11y.js"
    _css = _HERE / "a11y.css"

    items = t.List(t.Unicode()).tag(sync=True)
    version = t.Int(0).tag(sync=True)
    title = t.Unicode("Your moves").tag(sync=True)
    idle = t.Unicode("").tag(sync=True)
    picture_label = t.Unicode("").tag(sync=True)

    def __init__(self, board: GameBoard) -> None:
        super().__init__()
        self._board = board
        self._key: Any = None  # what the list was built from
        self._label_key: Any = None
        self.moves: list[Any] = []  # a move, or the string "roll", per item
        self.on_msg(self._on_key)

    # ----- kernel side -------------------------------------------------------------------
    def update(self, shown: Any, live: bool, seat: int | None) -> None:
        """Rebuild the list and the picture's label if the position changed.

        ``shown`` is the state on display (the live one or a replayed one), ``seat`` the
        seat whose turn it is there (None: chance or nobody).
        """
        board = self._board
        covered = covered_by(board)
        if covered:  # a hot-seat pass screen: nothing of the next player's until ready
            self._key = self._label_key = None
            self.moves = [READY]  # its one item presses the cover's Pass button
            items = [f"{covered[:1].upper()}{covered[1:]}: press Enter when ready"]
            with self.hold_sync():
                if items != list(self.items):
                    self.items = items
                    self.version += 1
                self.idle = ""
                self.picture_label = f"Hidden: {covered}"
            return
        key = (board.state.history, id(board.state), live, seat, board.is_human(seat),
               shown.ply, waiting_words(board))
        viewer = picture_viewer(board, shown, seat)
        if key != self._key:
            self._key = key
            moves, idle = self._moves(shown, live, seat)
            items = [self._words(m) for m in moves]
            self.moves = moves
            with self.hold_sync():
                if items != list(self.items):
                    self.items = items
                    self.version += 1
                self.idle = idle
        label_key = (key, viewer)
        if label_key != self._label_key:
            self._label_key = label_key
            self.picture_label = picture_words(board, shown, viewer,
                                               [m for m in self.moves if m != "roll"])

    def _moves(self, shown: Any, live: bool, seat: int | None) -> tuple[list[Any], str]:
        board = self._board
        waiting = waiting_words(board)
        if waiting:  # a play app's board before Start (start_gate.py)
            return [], f"{waiting}: your moves show here then."
        if not live:
            return [], "An earlier position is on display: move the Replay slider to the end."
        if shown.is_terminal():
            return [], "The game is over: New game (or Start) deals another."
        if seat is None or not board.is_human(seat):
            who = board.seat_name(seat) if seat is not None else "chance"
            return [], f"Please wait: {who} is playing."
        if shown.is_chance_node():  # the board's Roll waits for this human
            return ["roll"], ""
        return list(shown.legal_moves()), ""

    def _words(self, move: Any) -> str:
        if move == "roll":
            return str(self._board.roll_button.description)
        notation = str(move)
        words = keyboard_words(self._board, move)
        return notation if words == notation else f"{words}  [{notation}]"

    def press_enter(self, index: int, version: int | None = None) -> None:
        """Play item ``index`` of the list, as Enter does (``version``: the list the key
        was pressed on; another one is ignored). A refusal shows in the board's notice."""
        if version is not None and version != self.version:
            return
        if not 0 <= index < len(self.moves):
            return
        move = self.moves[index]
        board = self._board
        if move == READY:  # the hot-seat cover's one item: its Pass button
            board.guarded(board.ready)
        elif move == "roll":
            board.guarded(board.roll)
        else:
            board.guarded(lambda: board.play(move))

    def press_idle(self) -> None:
        """Enter (or a click) on an empty list's one line, which says why nothing can be
        played: the answer goes to the board's notice, read out as an alert (before a
        play app's Start: what to do; else the line's own words)."""
        if self.moves or not self.idle:
            return
        board = self._board
        words = str(getattr(board, "start_words", lambda: "")()) or self.idle
        board.guarded(lambda: board._tell(words))

    def press_escape(self) -> None:
        """Cancel a half-made choice, as Escape does: the choice buttons of a click and
        any selected piece or point (the board's ``cancel_choice``)."""
        self._board.guarded(lambda: cancel_choice(self._board))

    def _on_key(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict):
            return
        if content.get("cancel"):
            self.press_escape()
        elif content.get("idle"):
            self.press_idle()
        elif isinstance(content.get("play"), int):
            version = content.get("version")
            self.press_enter(content["play"], version if isinstance(version, int) else -1)
