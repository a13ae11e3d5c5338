"""The kernel manager of ``make play`` (scripts/play.py): Voilà with preheated kernels
and idle culling, without culling a kernel that a page is about to use.

Voilà keeps each app's preheated kernel out of the culler's reach while it waits in
the pool. When a page takes it, the kernel leaves the pool, but the page connects to it
only once it has loaded (seconds on a busy machine); in between, the kernel has no
connection and has been idle since it ran the app, maybe for longer than the idle
timeout, and a culling pass in that gap shuts it down: the page then never gets its
board. :class:`PlayKernelManager` restarts a kernel's idle clock the first time the
culler meets it outside the pool, so a kernel always gets the whole idle timeout to be
connected, and a closed tab's kernel still ends within ``cull_idle_timeout`` plus
twice ``cull_interval``.

Not imported by ``treasurekit_widgets``: only the play server loads it
(``--VoilaConfiguration.multi_kernel_manager_class=treasurekit_widgets.play_server.PlayKernelManager``).
"""

from __future__ import annotations

from typing import Any

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

__all__ = ["PlayKernelManager"]


class PlayKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """``AsyncMappingKernelManager`` whose culler gives every kernel a fresh idle clock
    the first time it sees it (Voilà's preheated pool is never shown to it)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._met: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self._met:
            self._met.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = utcnow()
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        self._met.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)
