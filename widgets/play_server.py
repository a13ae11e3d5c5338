"""The kernel manager of ``make play`` (scripts/play.py): Voilà with preheated kernels
and idle culling, without culling a kernel that a page is about to use.

Voilà keeps each app's preheated kernel out of the culler's reach while it waits in
the pool. When a page takes it, the kernel leaves the pool, but the page connects to it
only once it has loaded (seconds on a busy machine); in between, the kernel has no
connection and has been idle since it ran the app, maybe for longer than the idle
timeout, and a culling pass in that gap shuts it down: the page then never gets its
board. :class:`PlayKernelManager` restarts the idle clock of a kernel that has left the
pool at the culler's next pass, so it gets the whole idle timeout to be connected; a
closed tab's kernel still ends within ``cull_idle_timeout`` plus ``cull_interval``.

It also paces the preheated pool: a kernel for a pool starts at least
:attr:`PlayKernelManager.preheat_spacing` seconds after the previous one (a page's own
kernel, when its app's pool is empty, is never held back). Thirty kernels started at
once (``make play PLAY_ARGS='--class-size 30'``, or a class taking thirty kernels that
the pool then replaces) would share the cores with each other and with the pages being
served, and every one would be late.

Not imported by ``treasurekit_widgets``: only the play server loads it
(``--VoilaConfiguration.multi_kernel_manager_class=treasurekit_widgets.play_server.PlayKernelManager``).
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float

__all__ = ["PLAYER_ONLY", "PlayKernelManager"]

#: The environment variable that tells the apps' kernels no JupyterLab is served here
#: (the same name as ``treasurekit_widgets.apps.PLAYER_ONLY``; not imported from there,
#: which would load ipywidgets into the server).
PLAYER_ONLY = "TREASUREKIT_PLAYER_ONLY"


class PlayKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` whose culler restarts the idle clock of every kernel
    that has left Voilà's preheated pool since its last pass (Voilà's pooling subclass,
    pinned at 0.5.13, keeps them in ``_pools``: task -> {"kernel_id": ...})."""

    preheat_spacing = Float(
        0.0, min=0.0, config=True,
        help="Seconds between the starts of two kernels for Voila's preheated pools "
             "(0: all at once)")

    def __init__(self, **kwargs: Any) -> None:
        self._next_pool_start = 0.0  # (set before Voila's subclass starts filling pools)
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        # The kernels inherit the server's environment: the apps then know that no
        # JupyterLab serves the teaching notebooks here (widgets/apps.py PLAYER_ONLY).
        os.environ[PLAYER_ONLY] = "1"
        self._was_pooled: set[str] = set()

    def pooled_kernels(self) -> set[str]:
        """Ids of the kernels waiting, ready, in a preheated pool (none without preheat)."""
        found = set()
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    found.add(task.result().get("kernel_id"))
        return found

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        """Start a kernel; one for a preheated pool (Voila sets ``VOILA_PREHEAT=True`` in
        its environment) waits its turn, :attr:`preheat_spacing` seconds after the last."""
        env = kwargs.get("env") or {}
        if env.get("VOILA_PREHEAT") == "True" and self.preheat_spacing > 0:
            now = time.monotonic()
            turn = max(now, self._next_pool_start)
            self._next_pool_start = turn + self.preheat_spacing
            if turn > now:
                await asyncio.sleep(turn - now)
        kernel_id: str = await super().start_kernel(*args, **kwargs)
        return kernel_id

    async def cull_kernels(self) -> None:
        pooled = self.pooled_kernels()
        for kernel_id in self._was_pooled - pooled:  # handed to a page since the last pass
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
        self._was_pooled = pooled
        await super().cull_kernels()  # type: ignore[no-untyped-call]
