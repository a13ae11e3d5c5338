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

Not imported by ``treasurekit_widgets``: only the play server loads it
(``--VoilaConfiguration.multi_kernel_manager_class=treasurekit_widgets.play_server.PlayKernelManager``).
"""

from __future__ import annotations

import os
from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["PLAYER_ONLY", "PlayKernelManager"]

#: The environment variable that tells the apps' kernels no JupyterLab is served here
#: (the same name as ``treasurekit_widgets.apps.PLAYER_ONLY``; not imported from there,
#: which would load ipywidgets into the server).
PLAYER_ONLY = "TREASUREKIT_PLAYER_ONLY"


class PlayKernelManager(AsyncMappingKernelManager):
    """``AsyncMappingKernelManager`` whose culler restarts the idle clock of every kernel
    that has left Voilà's preheated pool since its last pass (Voilà's pooling subclass,
    pinned at 0.5.13, keeps them in ``_pools``: task -> {"kernel_id": ...})."""

    def __init__(self, **kwargs: Any) -> None:
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

    async def cull_kernels(self) -> None:
        pooled = self.pooled_kernels()
        for kernel_id in self._was_pooled - pooled:  # handed to a page since the last pass
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
        self._was_pooled = pooled
        await super().cull_kernels()  # type: ignore[no-untyped-call]
