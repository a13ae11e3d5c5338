"""Nothing lost in a notebook (issue 27.3): a board shown on its own in a notebook saves its
game after each move and, when its cell runs again, offers **Resume your game**.

A board displayed as a cell's result (``board`` or ``display(board)``; not a board inside a
play app, which saves through :class:`~treasurekit_widgets.resume.AppSaving`) gets a
:class:`NotebookSaving` at that moment:

* a :class:`NotebookSaver` writes the game to the server (:mod:`.saving`: full record,
  seats, bots' generators) after each change, from the first change made in the browser
  on (a notebook's own code, as in Run All, writes nothing), together with the board's
  **signature** (:func:`board_signature`: its class, game, options, seats and the seed
  written in the code, or None), which stays on the server;
* a :class:`~treasurekit_widgets.resume.SaveKeeper` of kind ``"board"`` puts the save key
  (only the key) in the browser's localStorage, in one list for every notebook board of
  that server (the newest first, at most :data:`KEYS_KEPT`);
* shown again (the cell run again after a reload of the page, a restart of the kernel or
  a new server), the board receives that list from the browser, reads those saves and
  offers the newest unfinished one with the same signature above the board
  (``tk-resume-offer``: "You have a saved game of this board here, at ply N (seats)",
  **Resume your game** ``tk-resume``, **No, keep this new game** ``tk-resume-dismiss``).
  Resume puts that game back at the same ply with the same seats and bots
  (:func:`~treasurekit_widgets.saving.resume_board`), which go on as they would have;
* a click on the board that gets no answer from its kernel brings words in the board
  (``tk-lost``): the kernel died, was restarted or shut down; run the cell again and
  resume.

>>> import tempfile
>>> from treasurekit_widgets import AhoyBoard
>>> board = AhoyBoard(players=2, seed=3)
>>> saving = NotebookSaving(board, SaveStore(tempfile.mkdtemp()))
>>> board_signature(board)["seed"], board_signature(AhoyBoard(players=2))["seed"]
(3, None)
>>> saving.offer.layout.display
'none'
"""

from __future__ import annotations

import contextlib
import html
import json
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]

from . import stepping
from .controls import MUTED
from .resume import SaveKeeper
from .saving import BoardSaver, SaveError, SaveStore, check_key, resume_board

if TYPE_CHECKING:
    from .base import GameBoard

__all__ = ["KEYS_KEPT", "NotebookResume", "NotebookSaver", "NotebookSaving", "board_signature"]

#: Keys the browser keeps for notebook boards (resume.js's KEEP), and the most read back.
KEYS_KEPT = 40


def board_signature(board: GameBoard) -> dict[str, Any]:
    """What makes two notebook boards "the same board": the class, the game and its
    options, the seats as given (``"human"`` or the bot's repr; ``"default"`` for the
    board's default seating, which depends on the seed) and the seed written in the code
    (None when the board picked one: such a board matches a game of any seed).

    JSON data, kept in the save on the server (never sent to the browser).
    """
    record = board.state.to_record()
    c = board.controller
    seed = c.first_seed if getattr(board, "_seed_given", False) else None
    seats: Any = ("default" if c.default_seating else
                  {str(s): (who if who == stepping.HUMAN else repr(who))
                   for s, who in sorted(c.templates.items())})
    signature = {"class": type(board).__name__, "game": record.game,
                 "options": record.options, "seats": seats, "seed": seed}
    return dict(json.loads(json.dumps(signature)))  # as read back from a save


class NotebookSaver(BoardSaver):
    """A :class:`~treasurekit_widgets.saving.BoardSaver` that starts writing at the first
    change of the board made from the browser (a click); changes made by the notebook's
    code before that (Run All) write nothing. From then on every change is saved."""

    started = False

    def attach(self, board: GameBoard, *, save_now: bool = False) -> None:
        """As :meth:`BoardSaver.attach`; ``save_now`` (a resumed game) starts writing."""
        self.started = self.started or save_now
        super().attach(board, save_now=save_now)

    def board_changed(self, board: GameBoard) -> None:
        """Save ``board``'s game if it changed, once a change came from the browser."""
        if not self.started:
            mark = self._mark(board)
            if mark == self._last:
                return
            if not stepping.from_the_browser():
                self._last = mark  # the notebook's code moved the board: not a game yet
                return
            self.started = True
        super().board_changed(board)


class NotebookSaving:
    """Saving and the Resume offer of one board displayed in a notebook (see the module
    docstring). Adds the offer row above the board and the keeper under it.

    Args:
        board: the board (not yet saving: ``board.saver`` unset).
        store: where saves go (default: :func:`~treasurekit_widgets.saving.saves_dir`).
    """

    def __init__(self, board: GameBoard, store: SaveStore | None = None) -> None:
        self.board = board
        self.store = store if store is not None else SaveStore()
        self.signature = board_signature(board)
        self.keeper = SaveKeeper(app="notebook", kind="board")
        self.keeper.add_class("tk-keeper-box")
        self.keeper.observe(self._on_stored_keys, names="stored_keys")
        self.offered = ""  # the key behind the offer on display
        self.offer_text = w.HTML()
        self.resume_button = w.Button(description="Resume your game", icon="play",
                                      button_style="warning",
                                      layout=w.Layout(width="auto"),  # the whole label
                                      tooltip="carry on with the game this board saved "
                                              "before (same seats, same bots)")
        self.resume_button.add_class("tk-resume")
        self.resume_button.on_click(lambda _: board.guarded(self._resume_offered))
        self.dismiss_button = w.Button(description="No, keep this new game",
                                       tooltip="hide this offer", layout=w.Layout(width="auto"))
        self.dismiss_button.add_class("tk-resume-dismiss")
        self.dismiss_button.on_click(lambda _: self._hide_offer())
        self.offer = w.HBox([self.offer_text, self.resume_button, self.dismiss_button],
                            layout=w.Layout(display="none", align_items="center",
                                            flex_flow="row wrap", max_width="800px"))
        self.offer.add_class("tk-resume-offer")
        self.saver = NotebookSaver(self.store, extra=self._extra, on_saved=self._saved)
        self.saver.attach(board)
        board.children = [self.offer, *board.children, self.keeper]

    def _extra(self) -> dict[str, Any]:
        return {"signature": self.signature}

    def _saved(self, key: str) -> None:
        self.keeper.key = key
        if self.offered:  # the student plays on with this board: the old game is left
            self._hide_offer()

    def _hide_offer(self) -> None:
        self.offered = ""
        self.offer.layout.display = "none"

    def saved_game(self, keys: list[str]) -> tuple[str, dict[str, Any]] | None:
        """The newest unfinished save of a board like this one among ``keys`` (the first
        :data:`KEYS_KEPT`; malformed keys and unreadable saves are skipped), or None."""
        best: tuple[str, dict[str, Any]] | None = None
        for key in keys[:KEYS_KEPT]:
            try:
                save = self.store.read(check_key(key))
            except SaveError:
                continue
            if (save is None or save.get("finished") or save.get("signature") != self.signature
                    or key == self.saver.key):
                continue
            when = save.get("saved_at", 0)
            if best is None or (isinstance(when, (int, float))
                                and when > best[1].get("saved_at", 0)):
                best = (key, save)
        return best

    def _on_stored_keys(self, change: dict[str, Any]) -> None:
        keys = [k for k in change["new"] if isinstance(k, str)]
        found = self.saved_game(keys)
        if found is None:
            return
        key, save = found
        try:
            who = ", ".join(f"{self.board.seat_name(int(s))}: "
                            + ("you" if v == stepping.HUMAN else str(v["bot"]).split("(")[0])
                            for s, v in save["seats"].items())
            ply = int(save.get("ply", 0))
        except (KeyError, ValueError, TypeError):
            return  # a save this board cannot describe: nothing to offer
        self.offered = key
        self.resume_button.layout.display = ""
        self.offer_text.value = (
            f'<span style="margin-right:8px">You have a saved game of this board here, at '
            f"<b>ply {ply}</b> ({html.escape(who)}).</span>")
        self.offer.layout.display = "flex"

    def _resume_offered(self) -> None:
        with contextlib.suppress(SaveError):  # the offer row says why
            self.resume()

    def resume(self, key: str | None = None) -> None:
        """Put the game saved under ``key`` (default: the one offered) on the board: the
        same seats and bots at the same ply. From then on the board saves under that key.

        Raises:
            SaveError: a malformed key, no such save, or one that does not fit the board
                (the board is then as it was, and the offer row says why).
        """
        try:
            resume_board(self.board, check_key(key if key is not None else self.offered),
                         self.store, saver=self.saver)
        except SaveError as exc:
            self.offered = ""
            self.offer_text.value = (f'<span style="color:{MUTED}">The saved game cannot be '
                                     f"resumed: {html.escape(str(exc))}</span>")
            self.resume_button.layout.display = "none"
            self.offer.layout.display = "flex"
            raise
        self.keeper.key = self.saver.key
        self._hide_offer()


class NotebookResume:
    """Part of :class:`~treasurekit_widgets.base.GameBoard`: a board displayed on its own
    (a cell's result, or ``display(board)``) gets its :class:`NotebookSaving` then, unless
    it already saves (``board.saver``: an app's board, or ``board.saver = None``)."""

    notebook_saving: NotebookSaving | None = None

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        if (self.notebook_saving is None and not hasattr(self, "saver")
                and getattr(self, "comm", None) is not None):
            self.notebook_saving = NotebookSaving(self)  # type: ignore[arg-type]
        return super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
