"""Record every comm message the widgets send to the browser, and look for secrets in it.

The final state of a board's models is not all the browser sees: each redraw sends
messages, and an early one may hold what a later one takes back (issue 23 point 3).
:class:`Wire` records every message from widget creation on (``comm_open`` with the
whole state, ``update``, ``custom``), binary buffers (bqplot arrays, PNG images)
included, and decodes each into plain values: arrays as lists, other bytes as a digest.

How a secret is found:

* **The live seed**: its digits in any message (:meth:`Wire.text`).
* **A point** (Treasure Island 2018's treasure): a pair of any mark's ``x``/``y`` arrays
  (read from each model's state as the messages built it up) or its text.
* **Another seat's view** (:func:`seat_secrets`): an oracle board of the same game, in
  teaching mode, is drawn on the same position for every seat; every value (an HTML
  text, an array, an image digest) drawn for another seat and never for the seat at
  the screen is that seat's secret, and must be in no message (:meth:`Wire.leaves`).

Use it as a context manager (``with Wire() as wire:``) or through the ``wire`` fixture
of the tests; :meth:`Wire.mark` and ``since=`` look at the messages of one step.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import comm
import numpy as np

from treasurekit_widgets import HUMAN, GameBoard, LongJohnBoard

__all__ = ["Message", "Wire", "leaves", "plain", "seat_secrets"]


def plain(value: Any) -> Any:
    """A message value as plain data: a bqplot array (``{"value": bytes, "dtype",
    "shape"}``) as nested lists (NaN as None), other bytes as ``"sha1:..."``."""
    if isinstance(value, dict):
        if isinstance(value.get("value"), bytes | memoryview) and "dtype" in value:
            arr = np.frombuffer(bytes(value["value"]), dtype=value["dtype"])
            if arr.dtype.kind == "f":
                arr = np.where(np.isnan(arr), None, arr)
            return arr.reshape(value.get("shape") or (-1,)).tolist()
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    if isinstance(value, bytes | memoryview):
        return "sha1:" + hashlib.sha1(bytes(value)).hexdigest()
    return value


def _with_buffers(state: dict[str, Any], paths: list[list[Any]],
                  buffers: list[Any]) -> dict[str, Any]:
    """``state`` with each binary buffer put back at its path (as the front end does)."""
    state = json.loads(json.dumps(state, default=str))
    for path, buf in zip(paths, buffers, strict=False):
        target: Any = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = bytes(buf)
    return state


@dataclass
class Message:
    """One message to the browser: the model (comm) id, ``open``/``update``/``custom``
    /``close``, and its decoded state (buffers back in place, plain values)."""

    model: str
    kind: str
    state: dict[str, Any]


def leaves(value: Any) -> Iterator[Any]:
    """The values a message can carry a secret in: every string, and every list of
    numbers (an array) as a tuple. Single numbers and booleans are too common to tell."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from leaves(v)
    elif isinstance(value, list):
        if value and all(isinstance(v, int | float) or v is None for v in value):
            yield tuple(value)
        elif value and all(isinstance(v, list) for v in value) and all(
                isinstance(x, int | float) or x is None for v in value for x in v):
            yield tuple(tuple(v) for v in value)
        else:
            for v in value:
                yield from leaves(v)


@dataclass
class Wire:
    """Every comm message sent while recording (see the module docstring)."""

    messages: list[Message] = field(default_factory=list)
    paused: bool = False
    drawn: list[tuple[int, Any]] = field(default_factory=list)
    _original: Any = None

    def __enter__(self) -> Wire:
        self._original = comm.DummyComm.publish_msg
        wire = self

        def publish(comm_self: Any, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
            wire._record(comm_self.comm_id, msg_type, data or {}, buffers or [])

        comm.DummyComm.publish_msg = publish  # type: ignore[method-assign]
        return self

    def __exit__(self, *exc: object) -> None:
        comm.DummyComm.publish_msg = self._original  # type: ignore[method-assign]

    @contextmanager
    def pause(self) -> Iterator[None]:
        """Do not record (an oracle board's own messages)."""
        self.paused = True
        try:
            yield
        finally:
            self.paused = False

    def _record(self, model: str, msg_type: str, data: dict[str, Any],
                buffers: list[Any]) -> None:
        if self.paused:
            return
        kind = {"comm_open": "open", "comm_close": "close"}.get(msg_type, "")
        kind = kind or str(data.get("method", msg_type))
        raw = data.get("state", {} if kind != "custom" else data.get("content", {}))
        state = plain(_with_buffers(raw if isinstance(raw, dict) else {"content": raw},
                                    data.get("buffer_paths", []), buffers))
        self.messages.append(Message(model, kind, state))

    def watch(self, board: GameBoard) -> GameBoard:
        """Record each position ``board`` draws (each ``_on_change``), with the number of
        messages before it: a click's step-by-step replies draw the bots' plies one by one,
        and the seat at the screen legitimately sees each of them (:meth:`drawn_since`)."""
        draw = board._on_change

        def recorded() -> None:
            if not self.paused:
                self.drawn.append((len(self.messages), board.state.copy()))
            draw()

        board._on_change = recorded  # type: ignore[method-assign]
        return board

    def drawn_since(self, since: int, board: GameBoard) -> list[Any]:
        """The positions a watched board drew since ``since``, and its position now."""
        return [state for at, state in self.drawn if at >= since] + [board.state]

    def mark(self) -> int:
        """The number of messages so far (for ``since=``)."""
        return len(self.messages)

    def since(self, since: int = 0) -> list[Message]:
        return self.messages[since:]

    def text(self, since: int = 0) -> str:
        """The messages since ``since`` as one JSON text."""
        return json.dumps([m.state for m in self.since(since)], default=str)

    def all_leaves(self, since: int = 0) -> set[Any]:
        return {leaf for m in self.since(since) for leaf in leaves(m.state)}

    def drew_point(self, point: tuple[float, float], since: int = 0) -> bool:
        """True if a message since ``since`` marked ``point`` (to 6 decimals; each model's
        state built up message by message): a point of a Scatter or a Label, or an end of
        a path of Lines. A vertex inside a drawn path is not a mark: a circle drawn around
        a public point passes through grid points by chance (a pirate's 6-mile circle
        through a treasure 6 miles due south)."""
        target = (round(point[0], 6), round(point[1], 6))
        models: dict[str, dict[str, Any]] = {}
        for i, message in enumerate(self.messages):
            state = models.setdefault(message.model, {})
            state.update(message.state)
            if i < since or not {"x", "y"} & set(message.state):
                continue
            marked = _marked_points(state)
            if any(isinstance(x, int | float) and isinstance(y, int | float)
                   and (round(float(x), 6), round(float(y), 6)) == target for x, y in marked):
                return True
        return False


def _marked_points(state: dict[str, Any]) -> list[tuple[Any, Any]]:
    """The points a mark's state singles out: every point of a Scatter or Label, the ends
    of each path of Lines (``x``/``y`` one list, or a list of lists)."""
    xs, ys = state.get("x"), state.get("y")
    if not (isinstance(xs, list) and isinstance(ys, list) and len(xs) == len(ys)):
        return []
    if state.get("_model_name") != "LinesModel":
        return list(zip(xs, ys, strict=True))
    paths = list(zip(xs, ys, strict=True)) if xs and isinstance(xs[0], list) else [(xs, ys)]
    ends: list[tuple[Any, Any]] = []
    for px, py in paths:
        if isinstance(px, list) and isinstance(py, list) and px and len(px) == len(py):
            ends += [(px[0], py[0]), (px[-1], py[-1])]
    return ends


# ----- what each seat may see -----------------------------------------------------------------
def oracle_for(board: GameBoard) -> GameBoard:
    """A teaching-mode board of the same game, every seat human, to draw any position
    for any seat (its toggles as on ``board``)."""
    n = board.game.num_players
    oracle = type(board)(board.game, seats=dict.fromkeys(range(n), HUMAN), seed=1,
                         teaching=True)
    oracle._update_cover = lambda: False  # type: ignore[method-assign]  # facing set below
    for name in ("hint_button", "heat_toggle", "trust_slider", "hint_pick"):
        if hasattr(board, name):
            getattr(oracle, name).value = getattr(board, name).value
    return oracle


def drawn_for(oracle: GameBoard, state: Any, seat: int) -> set[Any]:
    """Every leaf value of the oracle's models with ``state`` drawn for ``seat``."""
    from .test_widget_secrets import model_tree  # the browser's view of every model

    oracle._facing = seat
    oracle.state = state.copy()
    oracle._resync()
    oracle._on_change()
    if isinstance(oracle, LongJohnBoard):
        oracle._post_key = None
        oracle.seat_pick.value = seat
    oracle._refresh()
    return set(leaves(plain(model_tree(oracle))))


def seat_secrets(oracle: GameBoard, state: Any, facing: int) -> set[Any]:
    """What any other seat sees of ``state`` that seat ``facing`` does not: values drawn
    for another seat and not for ``facing`` (see the module docstring). ``state`` may be
    a list of the positions drawn during one step (:meth:`Wire.drawn_since`): a value is
    then a secret if another seat sees it at one of them and ``facing`` at none (seat 2's
    map before a hint of this step is seat 1's map if seat 1 has no hint yet)."""
    states = state if isinstance(state, list) else [state]
    mine: set[Any] = set().union(*(drawn_for(oracle, s, facing) for s in states))
    secrets: set[Any] = set()
    for s in states:
        for seat in range(oracle.game.num_players):
            if seat != facing:
                secrets |= drawn_for(oracle, s, seat) - mine
    return secrets
