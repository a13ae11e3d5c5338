"""One student of a class, spoken at the protocol level: no browser (benchmarks/class_load.py).

A :class:`Student` does over HTTP and the kernel's websocket what a browser tab of the
Ahoy app does against the play server (scripts/play.py):

1. GET the Voilà page of the app (``/voila/render/apps/ahoy.ipynb``), then the files a
   browser with an empty cache fetches for it: the list ``assets`` recorded from a real
   page (``class_load`` does, about 110 files and 5.5 MB), or else only the stylesheets and
   scripts the page names and the widget extensions' entry files;
2. open the kernel's websocket (``/api/kernels/<id>/channels``, the id is in the page),
   ask for the kernel's info, open the ``jupyter.widget.control`` comm and ask for every
   widget's state (``request_states``), as ipywidgets 8's manager does: the board is
   *ready* when the states have arrived (the browser still has to draw them: the real
   browsers of ``--browsers`` measure that part); then press **Start**, untimed (the
   app's first board waits for it: a click on it is answered in words, not played);
3. every ``interval`` seconds, one legal action of the Ahoy board, as a click sends it:
   **Roll the die** (a button's ``click`` event) when it is enabled, else the first
   choice button, else **Pass**, else a ringed pirate (a bqplot ``element_click`` on the
   pirates' scatter; the ring, the ``halo`` scatter, marks the pirates that can move),
   else **New game** when the game is over.

After a click: *status* is the time until the first state update of the status line or
the notice (``tk-status``, ``tk-notice-box``), *picture* until the first update of a
bqplot model; a click with neither within ``answer_timeout`` seconds is *unanswered*.

Messages follow the ``v1.kernel.websocket.jupyter.org`` websocket protocol, as in
JupyterLab: binary frames of offsets, the channel, four JSON parts and the buffers.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

__all__ = ["Student", "StudentResult", "decode_frame", "encode_frame"]

PROTOCOL = "v1.kernel.websocket.jupyter.org"  # JupyterLab's and Voilà's (binary frames)
STATUS_CLASSES = ("tk-status", "tk-notice-box")
KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
ASSET = re.compile(r'<(?:script|link)[^>]*?(?:src|href)="(/[^"]+)"')
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.DOTALL)


@dataclass
class StudentResult:
    """What one student saw. Times in seconds from the moment the class started."""

    ready_s: float | None = None  # widget states received (None: never)
    page_s: float | None = None  # the page's HTML received
    status_ms: list[float] = field(default_factory=list)
    picture_ms: list[float] = field(default_factory=list)
    clicks: int = 0
    unanswered: int = 0
    error: str | None = None
    kernel_id: str | None = None


def encode_frame(channel: str, parts: list[dict[str, Any]]) -> bytes:
    """A message as a websocket frame of the ``v1.kernel.websocket.jupyter.org`` protocol:
    ``parts`` are header, parent header, metadata and content (JSON), no buffers."""
    chunks = [channel.encode("utf8"), *(json.dumps(p).encode("utf8") for p in parts)]
    offsets = [8 * (len(chunks) + 2)]
    for chunk in chunks:
        offsets.append(offsets[-1] + len(chunk))
    head = b"".join(n.to_bytes(8, "little") for n in [len(offsets), *offsets])
    return head + b"".join(chunks)


def decode_frame(frame: bytes | str) -> dict[str, Any]:
    """A ``v1.kernel.websocket.jupyter.org`` frame as a message dict (``channel``,
    ``header``, ``parent_header``, ``metadata``, ``content``, ``buffers``: bytes).

    Raises:
        ValueError: a text frame, or a frame whose offsets do not fit its length.
    """
    if isinstance(frame, str):
        raise ValueError("a text frame: the v1 protocol sends binary frames only")
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if count < 6 or any(b < a for a, b in itertools.pairwise(offsets)) \
            or offsets[-1] > len(frame):
        raise ValueError(f"a frame with bad offsets {offsets} (length {len(frame)})")
    parts = [frame[a:b] for a, b in itertools.pairwise(offsets)]
    msg: dict[str, Any] = {"channel": parts[0].decode("utf8")}
    for name, part in zip(("header", "parent_header", "metadata", "content"), parts[1:5],
                          strict=True):
        msg[name] = json.loads(part)
    msg["buffers"] = parts[5:]
    return msg


def _put_buffers(state: dict[str, Any], paths: list[list[Any]], buffers: list[bytes]) -> None:
    for path, buf in zip(paths, buffers, strict=False):
        target: Any = state
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = buf


def _array(value: Any) -> np.ndarray[Any, Any]:
    """A bqplot array trait's value (``{"value": bytes, "dtype": ...}`` or a list)."""
    if isinstance(value, dict) and isinstance(value.get("value"), bytes | memoryview):
        return np.frombuffer(value["value"], dtype=value.get("dtype", "float64"))
    return np.asarray(value if value is not None else [], dtype=float)


class Student:
    """One student's tab: ``await student.run(t0, play_s)`` fills :attr:`result`.

    Args:
        base: the server's base URL (``http://127.0.0.1:8866``; loopback only).
        app: the app's notebook path (``apps/ahoy.ipynb``).
        interval: seconds between two clicks (a student thinks for a while).
        answer_timeout: seconds after which a click without answer counts as unanswered.
        ready_timeout: seconds the student waits for the board before giving up.
        assets: paths (with their query) of the files to fetch after the page; None: the
            ones the page names.

    Raises:
        ValueError: ``base`` is not a loopback address.
    """

    def __init__(self, base: str, app: str, *, interval: float = 3.0,
                 answer_timeout: float = 15.0, ready_timeout: float = 120.0,
                 assets: list[str] | None = None) -> None:
        if not re.match(r"http://(127\.0\.0\.1|localhost)(:\d+)?$", base):
            raise ValueError(f"the class load driver talks to loopback only, not {base!r}")
        self.base, self.app = base, app
        self.interval, self.answer_timeout = interval, answer_timeout
        self.ready_timeout = ready_timeout
        self.assets = assets
        self.result = StudentResult()
        self.models: dict[str, dict[str, Any]] = {}  # comm id -> {"module", "state"}
        self.session = uuid.uuid4().hex
        self._ws: WebSocketClientConnection | None = None
        self._updated: dict[str, asyncio.Event] = {}  # the current click's awaited answers
        self._answered: dict[str, float] = {}  # ... and when each came
        self._states_in = asyncio.Event()
        self._control = uuid.uuid4().hex
        self._idle: dict[str, asyncio.Event] = {}  # message id -> the kernel has handled it

    # ----- messages ---------------------------------------------------------------------------
    async def _send(self, msg_type: str, content: dict[str, Any],
                    metadata: dict[str, Any] | None = None) -> str:
        """Send a shell message; its id (its answers' parent)."""
        assert self._ws is not None
        msg_id = uuid.uuid4().hex
        self._idle[msg_id] = asyncio.Event()
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "student",
                  "session": self.session, "date": "", "version": "5.3"}
        await self._ws.write_message(
            encode_frame("shell", [header, {}, metadata or {}, content]), binary=True)
        return msg_id

    async def _handled(self, msg_id: str) -> None:
        """Until the kernel is idle after handling message ``msg_id``."""
        await asyncio.wait_for(self._idle[msg_id].wait(), self.ready_timeout)

    async def _listen(self) -> None:
        assert self._ws is not None
        while True:
            frame = await self._ws.read_message()
            if frame is None:
                return
            msg = decode_frame(frame)
            kind = msg["header"].get("msg_type")
            content = msg.get("content", {})
            parent = msg.get("parent_header", {}).get("msg_id")
            if kind == "status" and content.get("execution_state") == "idle" \
                    and parent in self._idle:
                self._idle.pop(parent).set()
            elif kind == "comm_open" and content.get("target_name") == "jupyter.widget":
                data = content.get("data", {})
                state = data.get("state", {})
                _put_buffers(state, data.get("buffer_paths", []), msg["buffers"])
                self.models[content["comm_id"]] = {
                    "module": state.get("_model_module", ""), "state": state}
            elif kind == "comm_msg":
                self._on_comm_msg(content, msg["buffers"])
            elif kind == "comm_close":  # e.g. the first board's, replaced by Start's
                self.models.pop(content.get("comm_id", ""), None)

    def _on_comm_msg(self, content: dict[str, Any], buffers: list[bytes]) -> None:
        data = content.get("data", {})
        method = data.get("method")
        if method == "update_states" and content.get("comm_id") == self._control:
            states = data.get("states", {})
            _put_buffers(states, data.get("buffer_paths", []), buffers)
            for model_id, item in states.items():
                self.models[model_id] = {"module": item.get("model_module", ""),
                                         "state": item.get("state", {})}
            self._states_in.set()
        elif method in ("update", "echo_update"):
            state = data.get("state", {})
            _put_buffers(state, data.get("buffer_paths", []), buffers)
            model = self.models.setdefault(content["comm_id"], {"module": "", "state": {}})
            model["state"].update(state)
            kind = "picture" if model["module"] == "bqplot" else (
                "status" if self._has_class(model, STATUS_CLASSES) else None)
            if kind and method == "update" and kind in self._updated:
                self._answered.setdefault(kind, time.monotonic())
                self._updated[kind].set()

    # ----- the board --------------------------------------------------------------------------
    @staticmethod
    def _has_class(model: dict[str, Any], classes: tuple[str, ...]) -> bool:
        return any(c in classes for c in model["state"].get("_dom_classes", ()))

    def _find(self, cls: str) -> str | None:
        return next((mid for mid, m in self.models.items() if self._has_class(m, (cls,))
                     and not m["state"].get("disabled", False)), None)

    def _children(self, cls: str) -> list[str]:
        box = next((m for m in self.models.values() if self._has_class(m, (cls,))), None)
        refs = box["state"].get("children", []) if box else []
        return [r.removeprefix("IPY_MODEL_") for r in refs if r.removeprefix("IPY_MODEL_")
                in self.models]

    def _pirate_click(self) -> tuple[str, dict[str, Any]] | None:
        """The pirates' scatter and a click on a ringed pirate (the last two marks of the
        Ahoy figure are the halo, then the pirates)."""
        figure = next((m for m in self.models.values()
                       if self._has_class(m, ("tk-ahoy-figure",))), None)
        marks = [r.removeprefix("IPY_MODEL_") for r in (figure or {"state": {}})["state"]
                 .get("marks", [])]
        if len(marks) < 2 or not all(m in self.models for m in marks[-2:]):
            return None
        halo, pirates = (self.models[m]["state"] for m in marks[-2:])
        hx, hy = _array(halo.get("x")), _array(halo.get("y"))
        px, py = _array(pirates.get("x")), _array(pirates.get("y"))
        if not len(hx) or not len(px):
            return None
        index = int(np.argmin((px - hx[0]) ** 2 + (py - hy[0]) ** 2))
        return marks[-1], {"event": "element_click", "data": {"index": index}}

    def next_click(self) -> tuple[str, dict[str, Any]] | None:
        """``(comm id, custom content)`` of the next legal action, None if none is seen."""
        click = {"event": "click"}
        roll = self._find("tk-roll")
        if roll:
            return roll, click
        choices = [c for c in self._children("tk-choices")
                   if self._has_class(self.models[c], ("tk-choice",))
                   and not self.models[c]["state"].get("disabled", False)]
        if choices:
            return choices[0], click
        pass_button = self._find("tk-pass")
        if pass_button:
            return pass_button, click
        pirate = self._pirate_click()
        if pirate:
            return pirate
        status = next((m for m in self.models.values() if self._has_class(m, ("tk-status",))),
                      None)
        new = self._find("tk-new")
        if status and "Game over" in str(status["state"].get("value", "")) and new:
            return new, click
        return None

    # ----- a tab ------------------------------------------------------------------------------
    async def open(self, t0: float) -> None:
        """Load the page and the board (``result.page_s``, ``result.ready_s``)."""
        http = AsyncHTTPClient()
        page = await http.fetch(HTTPRequest(f"{self.base}/voila/render/{self.app}",
                                            request_timeout=self.ready_timeout))
        html = page.body.decode("utf8", "replace")
        self.result.page_s = time.monotonic() - t0
        found = KERNEL_ID.search(html)
        if not found:
            raise RuntimeError("no kernel id in the page")
        self.result.kernel_id = found.group(1)
        assets = dict.fromkeys(self.assets if self.assets is not None else ASSET.findall(html))
        config = CONFIG.search(html)
        if config and self.assets is None:
            data = json.loads(config.group(1))
            exts = data.get("federated_extensions") or []
            for ext in json.loads(exts) if isinstance(exts, str) else exts:
                assets[f"{data.get('fullLabextensionsUrl', '/voila/labextensions')}/"
                       f"{ext['name']}/{ext['load']}"] = None
        await asyncio.gather(*(http.fetch(f"{self.base}{a}", raise_error=False)
                               for a in assets))
        ws_url = (self.base.replace("http", "ws", 1) +
                  f"/api/kernels/{self.result.kernel_id}/channels?session_id={self.session}")
        self._ws = await websocket_connect(ws_url, max_message_size=64 * 2**20,
                                           subprotocols=[PROTOCOL])
        asyncio.get_running_loop().create_task(self._listen())
        await self._handled(await self._send("kernel_info_request", {}))
        # ipywidgets 8's control protocol 1.0.0: the comm first, then the request
        await self._handled(await self._send(
            "comm_open", {"comm_id": self._control, "data": {},
                          "target_name": "jupyter.widget.control"},
            metadata={"version": "1.0.0"}))
        await self._send("comm_msg", {"comm_id": self._control,
                                      "data": {"method": "request_states"}})
        await asyncio.wait_for(self._states_in.wait(), self.ready_timeout)
        self.result.ready_s = time.monotonic() - t0
        await self._start()

    async def _start(self) -> None:
        """Press the app's Start, as a student does first: the app's first board waits
        for it (a click on it is answered in words, not played). Untimed; the kernel's
        idle after it comes after the new board's widgets and the old one's closing."""
        status = next((m for m in self.models.values() if self._has_class(m, ("tk-status",))),
                      None)
        start = self._find("tk-app-start")
        if start is None or "press Start" not in str((status or {"state": {}})["state"]
                                                     .get("value", "")):
            return
        await self._handled(await self._send("comm_msg", {
            "comm_id": start, "data": {"method": "custom", "content": {"event": "click"}}}))

    async def _timed_clicks(self, until: float) -> None:
        """Clicks every :attr:`interval` seconds until ``until`` (monotonic)."""
        while time.monotonic() + self.interval < until:
            tick = time.monotonic()
            self._updated = {}
            action = self.next_click()
            if action is not None:
                comm_id, content = action
                status, picture = asyncio.Event(), asyncio.Event()
                self._updated = {"status": status, "picture": picture}
                self._answered = {}
                sent = time.monotonic()
                await self._send("comm_msg", {"comm_id": comm_id, "data": {
                    "method": "custom", "content": content}})
                self.result.clicks += 1
                answered = False
                for kind, event in (("status", status), ("picture", picture)):
                    left = self.answer_timeout - (time.monotonic() - sent)
                    try:
                        await asyncio.wait_for(event.wait(), max(left, 0.01))
                    except TimeoutError:
                        continue
                    answered = True
                    ms = (self._answered[kind] - sent) * 1000
                    (self.result.status_ms if kind == "status" else
                     self.result.picture_ms).append(ms)
                if not answered:
                    self.result.unanswered += 1
            await asyncio.sleep(max(0.0, tick + self.interval - time.monotonic()))

    async def run(self, t0: float, play_s: float) -> StudentResult:
        """Open the app, then click for ``play_s`` seconds; close the websocket."""
        try:
            await self.open(t0)
            await self._timed_clicks(time.monotonic() + play_s)
        except Exception as exc:  # a student's failure is a result, not a crash
            self.result.error = f"{type(exc).__name__}: {exc}"
        finally:
            if self._ws is not None:
                self._ws.close()
        return self.result
