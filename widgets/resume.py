"""Nothing lost: a play app's saves, its "Resume your game" offer, downloads, and the
words the page shows when its kernel is gone.

:class:`SaveKeeper` is a small anywidget (its ES module ``resume.js`` ships with the
package: nothing is fetched from outside the server). In the browser it keeps the
app's save key in ``localStorage`` (the key only: the save itself, with the seed, stays
on the server, :mod:`.saving`) and hands a stored key back when the page opens again;
it shows "The game lost its connection to the server..." with one button when a click
gets no answer from the kernel within :attr:`SaveKeeper.lost_after_ms` (or ipywidgets
marks its widgets disconnected), and that button reloads the page, which resumes the
saved game at once. No message flows while nobody clicks.

:class:`AppSaving` wires it into a :class:`~treasurekit_widgets.apps.PlayApp`: the app's
board saves after each change (``board.saver``), a stored key with an unfinished game
behind it brings a **Resume your game** row (``tk-resume-offer``, button ``tk-resume``)
that rebuilds the same players, seats and bots at the same ply, and **Download record**
(``tk-download``) sends, only when pressed, the full record of a finished game or, during
play, the record of the human seat (``state.to_record(seat=p)``: no seed, no hidden part).
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import ipywidgets as w  # type: ignore[import-untyped]
import traitlets as t

from .controls import MUTED
from .saving import BoardSaver, SaveError, SaveStore, check_key, restore_board

if TYPE_CHECKING:
    from .apps import PlayApp
    from .base import GameBoard

__all__ = ["AppSaving", "SaveKeeper", "download_record"]


class SaveKeeper(anywidget.AnyWidget):
    """The browser side of saving (see the module docstring).

    Traits sent to the browser: ``app`` (the localStorage slot's name), ``kind``
    (``"app"``, or ``"board"`` for a notebook's board: :mod:`.nb_resume`), ``key`` (the
    save key to keep, once the game has been saved), ``lost_after_ms`` (milliseconds a
    click waits for the kernel's answer). From the browser: ``stored_key`` (the key kept
    from an earlier visit), ``stored_keys`` (a board's: every notebook board's key kept,
    newest first) and ``auto`` (True after the lost-connection button: resume without
    asking).
    """

    _esm = Path(__file__).with_name("resume.js")
    app = t.Unicode("").tag(sync=True)
    kind = t.Unicode("app").tag(sync=True)
    key = t.Unicode("").tag(sync=True)
    stored_key = t.Unicode("").tag(sync=True)
    stored_keys = t.List(t.Unicode(), default_value=[]).tag(sync=True)
    auto = t.Bool(False).tag(sync=True)
    lost_after_ms = t.Int(8000).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._on_message)

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "ping":
            n = content.get("n")
            self.send({"kind": "pong", "n": n if isinstance(n, int) else 0})

    def send_file(self, name: str, text: str) -> None:
        """Have the browser save ``text`` as a file called ``name``."""
        self.send({"kind": "file", "name": name, "text": text})


def download_record(board: GameBoard) -> tuple[str, str]:
    """``(file name, JSON text)`` of what a player may download from ``board``: the full
    record once the game is over; during play the seat record of the human seat (the
    one to move if several are human), which holds no seed and no hidden part.

    Raises:
        ValueError: the game is not over and no seat is human.
    """
    state, game = board.state, board.game.name
    if state.is_terminal():
        return f"{game}-record.json", state.to_record().to_json()
    humans = [p for p in range(board.game.num_players) if board.is_human(p)]
    if not humans:
        raise ValueError("no human seat: the record can be downloaded when the game is over")
    turn = board.turn_of(state)
    seat = turn if turn in humans else humans[0]
    return (f"{game}-seat{seat + 1}-record.json",
            state.to_record(seat=seat).to_json(indent=1))


class AppSaving:
    """Saving, resuming and downloading for one play app (see the module docstring).

    Args:
        app: the play app (its board gets a saver at once).
        widget_tree: ``widget_tree(board)`` lists every widget of a board (to close a
            board built for a save that then proves unfit).
        store: where saves go (default: :func:`~treasurekit_widgets.saving.saves_dir`).
    """

    def __init__(self, app: PlayApp, widget_tree: Callable[[w.Widget], list[w.Widget]],
                 store: SaveStore | None = None) -> None:
        self.app = app
        self.widget_tree = widget_tree
        self.store = store if store is not None else SaveStore()
        self.keeper = SaveKeeper(app=app.spec.game)
        self.keeper.add_class("tk-keeper-box")
        self.keeper.observe(self._on_stored_key, names="stored_key")
        self.offered = ""  # the key behind the Resume offer on display
        self.offer_text = w.HTML()
        self.resume_button = w.Button(description="Resume your game", icon="play",
                                      button_style="warning",
                                      layout=w.Layout(width="auto"),  # the whole label
                                      tooltip="carry on with the game saved from your last visit")
        self.resume_button.add_class("tk-resume")
        self.resume_button.on_click(lambda _: self.resume())
        self.dismiss_button = w.Button(description="No, keep this new game",
                                       tooltip="hide this offer", layout=w.Layout(width="auto"))
        self.dismiss_button.on_click(lambda _: self._hide_offer())
        self.offer = w.HBox([self.offer_text, self.resume_button, self.dismiss_button],
                            layout=w.Layout(display="none", align_items="center",
                                            flex_flow="row wrap"))
        self.offer.add_class("tk-resume-offer")
        self.download_button = w.Button(description="Download record", icon="download",
                                        tooltip="during play: your own record (what you "
                                                "saw); after the end: the whole game")
        self.download_button.add_class("tk-download")
        self.download_button.on_click(lambda _: self.download())
        self.note = w.HTML(layout=w.Layout(margin="0 6px"))
        self.note.add_class("tk-save-note")
        self.bar = w.HBox([self.download_button, self.note],
                          layout=w.Layout(align_items="center"))
        self.bar.add_class("tk-save-bar")
        self.saver = BoardSaver(self.store, extra=self._extra, on_saved=self._saved)
        self.attach(app.board)

    @property
    def widgets(self) -> list[w.Widget]:
        """The widgets to place in the app: the offer row, the download bar, the keeper."""
        return [self.offer, self.bar, self.keeper]

    def attach(self, board: GameBoard, *, save_now: bool = False) -> None:
        """Make ``board`` (the app's new board, just built from the form) save under this
        app's key after each change (``save_now``: at once too, e.g. a resumed game)."""
        # the form as it built this board: a later change of the form without Start
        # does not change the game being played (nor its save)
        self._form = {"app": self.app.spec.game, "players": int(self.app.players.value),
                      "choices": {str(s): k for s, k in self.app.seat_choices().items()}}
        self.saver.attach(board, save_now=save_now)

    def _extra(self) -> dict[str, Any]:
        return dict(self._form)

    def _saved(self, key: str) -> None:
        self.keeper.key = key
        if self.offered:  # the student plays on in this page: the old game is left
            self._hide_offer()
        self.note.value = ""

    def _hide_offer(self) -> None:
        self.offered = ""
        self.offer.layout.display = "none"

    # ----- resume ----------------------------------------------------------------------
    def _on_stored_key(self, change: dict[str, Any]) -> None:
        key = str(change["new"])
        try:
            save = self.store.read(check_key(key))
        except SaveError:
            return  # a key from elsewhere, or a broken save: nothing to offer
        if save is None or save.get("finished") or save.get("app") != self.app.spec.game:
            return
        self.offered = key
        if self.keeper.auto:
            with contextlib.suppress(SaveError):  # the note says why
                self.resume()
            return
        spec, seats = self.app.spec, save.get("choices", {})
        try:
            who = ", ".join(f"{spec.seat_label(int(s))}: "
                            f"{dict((k, label) for label, k in spec.seat_options(int(s)))[k]}"
                            for s, k in seats.items())
        except (KeyError, ValueError, TypeError):
            return  # a save the app cannot read: nothing to offer
        self.offer_text.value = (
            f'<span style="margin-right:8px">You have a saved game here, at '
            f"<b>ply {int(save.get('ply', 0))}</b> ({html.escape(who)}).</span>")
        self.offer.layout.display = "flex"

    def resume(self, key: str | None = None) -> None:
        """Replace the app's board by the game saved under ``key`` (default: the one
        offered): the same player count, seats and bots, at the same ply. From then on
        the app saves under that key.

        Raises:
            SaveError: no such save, or one that does not fit the app (then the board
                is left as it was and the note says why).
        """
        key = check_key(key if key is not None else self.offered)
        try:
            self._resume(key)
        except SaveError as exc:
            self.note.value = (f'<span style="color:{MUTED}">The saved game cannot be '
                               f"resumed: {html.escape(str(exc))}</span>")
            raise
        finally:
            self._hide_offer()

    def _resume(self, key: str) -> None:
        app = self.app
        save = self.store.read(key)
        if save is None:
            raise SaveError("no game is saved under this key")
        players, choices = save.get("players"), save.get("choices")
        low, high = app.spec.players
        if (save.get("app") != app.spec.game or not isinstance(players, int)
                or not low <= players <= high or not isinstance(choices, dict)
                or set(choices) != {str(s) for s in range(players)}):
            raise SaveError("the save does not belong to this app")
        old_players, old_choices = app.players.value, app.seat_choices()
        board: GameBoard | None = None
        try:
            app.players.value = players
            for seat, pick in enumerate(app.seat_picks):
                keys = [k for _, k in app.spec.seat_options(seat)]
                if choices[str(seat)] not in keys:
                    raise SaveError(f"seat {seat}: no choice {choices[str(seat)]!r} here")
                pick.value = choices[str(seat)]
            record = save.get("record")
            seed = record.get("seed") if isinstance(record, dict) else None
            if not isinstance(seed, int):
                raise SaveError("the save has no seed")
            board = app._new_board(seed)
            board.saver = None  # no save of its own: the app's saver takes it over
            restore_board(board, save)
        except SaveError:
            if board is not None:
                for widget in self.widget_tree(board):
                    widget.close()
            app.players.value = old_players
            for seat, pick in enumerate(app.seat_picks):
                pick.value = old_choices.get(seat, pick.value)
            raise
        self.saver.key = key
        self.keeper.key = key
        app.replace_board(board, save_now=True)

    # ----- downloads ---------------------------------------------------------------------
    def download(self) -> None:
        """Send the record a player may have now (:func:`download_record`) to the browser
        as a file."""
        try:
            name, text = download_record(self.app.board)
        except ValueError as exc:
            self.note.value = html.escape(str(exc))
            return
        self.keeper.send_file(name, text)
