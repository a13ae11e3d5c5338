"""Saves of a board's game on the server: one JSON file per key, written after each move.

A save holds the FULL record (game, options, seed and every move: it stays on the
server and is never sent to the browser), the seats (``"human"`` or the bot's repr and
the state of every random generator it holds, so a resumed bot goes on drawing where
it stopped) and whatever the owner adds (a play app: its player count and the form's
seat choices). Its key is an unguessable token (``secrets.token_urlsafe(24)``, 32
characters of ``A-Z a-z 0-9 _ -``); the browser of a play app keeps only that key
(:mod:`.resume`).

Files live in ``$TREASUREKIT_SAVES``, else ``$XDG_DATA_HOME/treasurekit/saves``, else
``~/.local/share/treasurekit/saves`` (directory mode 0700, files 0600), each written
to a temporary file and renamed over the old one (a crash never leaves half a save),
at most :data:`MAX_SAVE_BYTES` long. The engine's rules decide everything on resume:
the moves are played again through ``state.play``, so a save whose moves are not legal
is refused as a whole.

>>> import tempfile
>>> from treasurekit_widgets import AhoyBoard
>>> store = SaveStore(tempfile.mkdtemp())
>>> board = AhoyBoard(players=2, seed=5)
>>> events = board.roll()
>>> key = new_key()
>>> store.write(key, board_save(board))
>>> again = AhoyBoard(players=2, seed=99)
>>> restore_board(again, store.read(key))
>>> again.state.history == board.state.history
True
"""

from __future__ import annotations

import json
import os
import random
import re
import secrets
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from treasurekit.core.errors import RecordError
from treasurekit.core.records import GameRecord

from .stepping import from_the_browser

if TYPE_CHECKING:
    from .base import GameBoard

__all__ = ["MAX_SAVE_BYTES", "SAVES_ENV", "SAVE_FORMAT", "BoardSaver", "SaveError", "SaveStore",
           "after_redraw", "board_save", "check_key", "new_key", "restore_board", "resume_board",
           "saves_dir"]

SAVE_FORMAT = "treasurekit-save/1"
#: The environment variable naming the saves directory.
SAVES_ENV = "TREASUREKIT_SAVES"
#: Longest save file, in bytes (a record is at most 4 MB of text; bots' states are small).
MAX_SAVE_BYTES = 5_000_000
_KEY = re.compile(r"[A-Za-z0-9_-]{32}")
_HUMAN = "human"  # stepping.HUMAN (not imported: this module stays free of widget imports)


class SaveError(ValueError):
    """A save key or a save file that cannot be used (the message says why)."""


def saves_dir() -> Path:
    """Where saves are kept: ``$TREASUREKIT_SAVES``, else ``$XDG_DATA_HOME/treasurekit/saves``,
    else ``~/.local/share/treasurekit/saves`` (not created here)."""
    chosen = os.environ.get(SAVES_ENV)
    if chosen:
        return Path(chosen)
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "treasurekit" / "saves"


def new_key() -> str:
    """A fresh save key: 24 random bytes from the operating system, 32 URL-safe characters."""
    return secrets.token_urlsafe(24)


def check_key(key: object) -> str:
    """``key`` if it has the form of a save key (32 characters of ``A-Za-z0-9_-``).

    Raises:
        SaveError: anything else (a path, a short or long string, not a string).
    """
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        shown = repr(key)[:40] if isinstance(key, str) else type(key).__name__
        raise SaveError(f"not a save key: {shown} (a key is 32 characters of A-Z, a-z, 0-9, "
                        "'_' and '-')")
    return key


class SaveStore:
    """A directory of saves, one ``<key>.json`` file each.

    Args:
        root: the directory; None (default): :func:`saves_dir`. Created (mode 0700) on
            the first write.
    """

    def __init__(self, root: str | Path | None = None) -> None:
        self.root = Path(root) if root is not None else saves_dir()

    def path(self, key: str) -> Path:
        """The file of ``key``. Raises SaveError for a malformed key."""
        return self.root / f"{check_key(key)}.json"

    def write(self, key: str, save: dict[str, Any]) -> None:
        """Store ``save`` (JSON data) under ``key``, atomically (temporary file, rename).

        Raises:
            SaveError: a malformed key, or a save longer than :data:`MAX_SAVE_BYTES`.
            OSError: the directory cannot be written.
        """
        target = self.path(key)
        data = json.dumps(save, separators=(",", ":")).encode()
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"save of {len(data)} bytes is over the limit of {MAX_SAVE_BYTES}")
        self.root.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.root, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "wb") as out:  # no fsync: 10 ms a move on this machine;
                out.write(data)  # a dead kernel or server loses nothing, a power cut
            os.replace(tmp, target)  # may lose the last moves (ext4 flushes on rename)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    def read(self, key: str) -> dict[str, Any] | None:
        """The save under ``key``, or None if there is none.

        Raises:
            SaveError: a malformed key, or a file that is too long, not JSON or not a save.
        """
        target = self.path(key)
        try:
            with target.open("rb") as src:
                data = src.read(MAX_SAVE_BYTES + 1)
        except FileNotFoundError:
            return None
        if len(data) > MAX_SAVE_BYTES:
            raise SaveError(f"save {key[:6]}... is over the limit of {MAX_SAVE_BYTES} bytes")
        try:
            save = json.loads(data)
        except ValueError as exc:
            raise SaveError(f"save {key[:6]}... is not JSON: {exc}") from None
        if not isinstance(save, dict) or save.get("format") != SAVE_FORMAT:
            raise SaveError(f"save {key[:6]}... is not a {SAVE_FORMAT} save")
        return save


# ----- what a board's save holds -----------------------------------------------------------
def _generators(obj: Any, path: str = "", depth: int = 0) -> dict[str, random.Random]:
    """Every ``random.Random`` held by ``obj`` (a bot), by attribute path (``"rng"``,
    ``"playout_bot.rng"``), following treasurekit objects three levels deep."""
    found: dict[str, random.Random] = {}
    for name, value in sorted(vars(obj).items()) if hasattr(obj, "__dict__") else ():
        where = f"{path}{name}"
        if isinstance(value, random.Random):
            found[where] = value
        elif (depth < 3 and hasattr(value, "__dict__") and not callable(value)
              and type(value).__module__.startswith("treasurekit")):
            found.update(_generators(value, where + ".", depth + 1))
    return found


def _bot_save(bot: Any) -> dict[str, Any]:
    return {"bot": repr(bot),
            "rngs": {path: [v, list(internal), gauss] for path, (v, internal, gauss)
                     in ((p, g.getstate()) for p, g in _generators(bot).items())}}


def board_save(board: GameBoard, **extra: Any) -> dict[str, Any]:
    """The save of ``board``'s live game: the full record, each seat (``"human"`` or its
    bot's repr and generators' states), the ply, whether it is over, the time (Unix
    seconds), and ``extra`` (JSON data the owner needs to rebuild the board)."""
    record = board.state.to_record()
    seats = {str(seat): (_HUMAN if who == _HUMAN else _bot_save(who))
             for seat, who in sorted(board.seats.items())}
    return {"format": SAVE_FORMAT, "record": json.loads(record.to_json(indent=None)),
            "seats": seats, "ply": board.state.ply, "finished": board.state.is_terminal(),
            "saved_at": time.time(), **extra}


def restore_board(board: GameBoard, save: dict[str, Any]) -> None:
    """Put the saved game on ``board`` (built with the same game, options and seats):
    the moves are played again from the seed, each bot's generators set as saved.

    Nothing changes on the board unless the whole save fits.

    Raises:
        SaveError: another game or options, a seat that is human in one and a bot (or
            another bot) in the other, a malformed record or an illegal move.
    """
    try:
        record = GameRecord.from_json(json.dumps(save.get("record")))
    except RecordError as exc:
        raise SaveError(f"the save's record is refused: {exc}") from None
    mine = board.state.to_record()
    if (record.game, record.options) != (mine.game, json.loads(json.dumps(mine.options))):
        raise SaveError(f"the save is a game of {record.game} {record.options}, not of "
                        f"{mine.game} {mine.options}")
    seats = save.get("seats")
    if not isinstance(seats, dict) or set(seats) != {str(s) for s in board.seats}:
        raise SaveError("the save's seats do not match the board's")
    generators: list[tuple[random.Random, tuple[Any, ...]]] = []
    for seat, who in board.seats.items():
        saved = seats[str(seat)]
        if who == _HUMAN or saved == _HUMAN:
            if who != saved:
                raise SaveError(f"seat {seat} is {'human' if who == _HUMAN else repr(who)} "
                                f"here but {saved if saved == _HUMAN else 'a bot'} in the save")
            continue
        if not isinstance(saved, dict) or saved.get("bot") != repr(who):
            raise SaveError(f"seat {seat}: the save has another bot than {who!r}")
        mine_gens, rngs = _generators(who), saved.get("rngs")
        if not isinstance(rngs, dict) or set(rngs) != set(mine_gens):
            raise SaveError(f"seat {seat}: the save's generators do not match {who!r}")
        for path, gen in mine_gens.items():
            try:
                version, internal, gauss = rngs[path]
                gen_state = (version, tuple(int(x) for x in internal), gauss)
                random.Random().setstate(gen_state)  # checked on a throwaway generator
            except (TypeError, ValueError) as exc:
                raise SaveError(f"seat {seat}: bad generator state {path}: {exc}") from None
            generators.append((gen, gen_state))
    state = board.game.new_initial_state(record.seed)
    for i, text in enumerate(record.moves, start=1):
        try:
            state.play(text)
        except ValueError as exc:
            reason = getattr(exc, "reason", str(exc))
            raise SaveError(f"saved move {i} ({text[:40]!r}) is illegal: {reason}") from None
    for gen, saved_state in generators:
        gen.setstate(saved_state)
    board.seed = record.seed
    board.state = state
    board.refresh()


class BoardSaver:
    """Saves a board's game under one key after each change (set as ``board.saver``).

    Args:
        store: where to write.
        key: the save key (default: a fresh one).
        extra: called for the owner's data added to each save (JSON data).
        on_saved: called with the key after each save (a play app hands it to the browser).

    Nothing is written for the position a board had when it was handed to the saver
    (:meth:`attach`: a fresh page does not overwrite the game a student may still want
    to resume), nor twice for the same position.
    A failed write is kept in :attr:`problem` (the board plays on).
    """

    def __init__(self, store: SaveStore, key: str | None = None, *,
                 extra: Callable[[], dict[str, Any]] | None = None,
                 on_saved: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.key = check_key(key) if key is not None else new_key()
        self.extra = extra
        self.on_saved = on_saved
        self.problem = ""
        self._last: tuple[Any, ...] | None = None

    @staticmethod
    def _mark(board: GameBoard) -> tuple[Any, ...]:
        return (board.seed, id(board.seats), board.state.history)

    def attach(self, board: GameBoard, *, save_now: bool = False) -> None:
        """Save ``board``'s game from now on (``board.saver``), from its next change on
        (``save_now``: at once as well)."""
        board.saver = self
        self._last = None if save_now else self._mark(board)
        if save_now:
            self.board_changed(board)

    def board_changed(self, board: GameBoard) -> None:
        """Save ``board``'s game if it changed since the last save (or since :meth:`attach`)."""
        mark = self._mark(board)
        if mark == self._last:
            return
        try:
            self.store.write(self.key, board_save(board, **(self.extra() if self.extra else {})))
        except (OSError, SaveError) as exc:
            self.problem = f"the game could not be saved: {exc}"
            return
        self.problem = ""
        self._last = mark
        if self.on_saved is not None:
            self.on_saved(self.key)


def after_redraw(board: GameBoard) -> None:
    """The board's hook after every redraw: its :class:`BoardSaver` (``board.saver``)
    saves the game if it changed.

    A board without one (a notebook's board) gets its own, under a fresh key, the first
    time it is redrawn while the kernel answers a click in the browser; from then on it
    saves after each change (clicks and code alike). Boards played by code alone (tests,
    a notebook's Run All) write nothing. ``board.saver = None`` turns saving off.
    """
    if not hasattr(board, "saver"):
        if not from_the_browser():
            return
        BoardSaver(SaveStore()).attach(board)  # from the next change on
    saver = board.saver
    if saver is not None:
        saver.board_changed(board)


def resume_board(board: GameBoard, key: str, store: SaveStore | None = None, *,
                 saver: BoardSaver | None = None) -> None:
    """Resume on a notebook's ``board`` the game saved under ``key`` (``board.saver.key``
    of the board that played it): the board restarts with the saved seed (its default
    seats are dealt for that seed), then the moves and the bots' generators are restored.
    From then on the board saves under ``key``, through ``saver`` if given (its key
    becomes ``key``), else a new :class:`BoardSaver` of ``store``.

    Raises:
        SaveError: a malformed key, no save under it, or a save that does not fit the
            board (another game, options or seats); the board is then as it was.
    """
    store = store if store is not None else SaveStore()
    save = store.read(key)
    if save is None:
        raise SaveError(f"no game is saved under the key {key[:6]}...")
    record = save.get("record")
    seed = record.get("seed") if isinstance(record, dict) else None
    if not isinstance(seed, int):
        raise SaveError("the save has no seed")
    c = board.controller
    before = (c.seed, c.state, c.seats, c.templates)
    saver = getattr(board, "saver", None)
    board.saver = None
    try:
        board.new_game(seed=seed)
        restore_board(board, save)
    except (SaveError, ValueError, TypeError) as exc:
        c.seed, c.state, c.seats, c.templates = before
        board.saver = saver
        board.refresh()
        raise SaveError(str(exc)) from None
    if saver is None:
        saver = BoardSaver(store, key)
    saver.key = key
    saver.attach(board, save_now=True)
