"""Serve the play apps in Voilà (``make play``) and open the gallery in the browser.

Voilà serves the repository root, so the links of the gallery, the apps and the
notebooks resolve as they do on Binder (``?urlpath=voila/render/apps/index.ipynb``);
``voila.json`` in the root allow-lists ``docs/rulings.md``.

Kernels: every page load takes a kernel. With preheating (the default) each app keeps
one kernel that has already run it, so its board is there as soon as the page is; the
pool refills after a page takes its kernel (about 150 MB per waiting kernel). A kernel
whose tab is closed is shut down once it has been idle for ``--cull-idle`` seconds
(checked every ``--cull-interval`` seconds): within about ``cull_idle + cull_interval``
seconds. Open tabs keep theirs (``cull_connected`` off).

    python scripts/play.py [--port 8866] [--no-browser] [--no-preheat]
                           [--cull-idle 120] [--cull-interval 30] [--Voila.any_option=value ...]

The browser tests and ``benchmarks/apps_in_voila.py`` start the server with
:func:`server_command` too, so they test this configuration.
"""

from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import time
import urllib.request
import webbrowser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = "apps"
#: The gallery's URL path, relative to the server's base URL.
GALLERY = f"voila/render/{APPS}/index.ipynb"
#: A kernel with no open tab is shut down after this many idle seconds...
CULL_IDLE_S = 120
#: ... checked this often.
CULL_INTERVAL_S = 30
DEFAULT_PORT = 8866


def app_notebooks() -> list[str]:
    """The play apps' paths relative to the root (``apps/ahoy.ipynb``...), gallery excluded."""
    return sorted(f"{APPS}/{p.name}" for p in (ROOT / APPS).glob("*.ipynb")
                  if p.name != "index.ipynb")


def server_command(
    port: int = DEFAULT_PORT,
    *,
    cull_idle: int = CULL_IDLE_S,
    cull_interval: int = CULL_INTERVAL_S,
    preheat: bool = True,
    ip: str = "localhost",
    extra: tuple[str, ...] = (),
) -> list[str]:
    """The Voilà command line of the play server on ``port`` (it opens no browser).

    ``preheat`` keeps one executed kernel waiting per app and for the gallery (not for
    the teaching notebooks);
    ``extra`` are further ``--Class.trait=value`` options.

    Raises:
        ValueError: a culling time is not a positive number of seconds.
    """
    if cull_idle <= 0 or cull_interval <= 0:
        raise ValueError(f"culling times must be positive seconds, got idle={cull_idle}, "
                         f"interval={cull_interval}")
    cmd = [
        sys.executable, "-m", "voila", str(ROOT), "--no-browser",
        f"--Voila.ip={ip}", f"--Voila.port={port}",
        f"--MappingKernelManager.cull_idle_timeout={cull_idle}",
        f"--MappingKernelManager.cull_interval={cull_interval}",
        "--MappingKernelManager.cull_connected=False",
        # nbclient waits 4 s for a cell's outputs after its reply, then drops them: on a
        # busy machine (several preheated kernels running their apps) the board was lost
        "--VoilaExecutor.iopub_timeout=60",
        # restarts the idle clock of a kernel leaving the preheated pool (see the module)
        "--VoilaConfiguration.multi_kernel_manager_class="
        "treasurekit_widgets.play_server.PlayKernelManager",
    ]
    if preheat:
        waiting = [*app_notebooks(), f"{APPS}/index.ipynb"]  # the gallery's kernel: ~50 MB
        pools = {"default": {"pool_size": 0}, **{nb: {"pool_size": 1} for nb in waiting}}
        cmd += ["--VoilaConfiguration.preheat_kernel=True",
                f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}"]
    return [*cmd, *extra]


def wait_until_up(url: str, proc: subprocess.Popen[bytes], timeout: float = 90) -> bool:
    """Poll ``url`` until the server answers; False if it exited or timed out."""
    deadline = time.monotonic() + timeout
    while proc.poll() is None and time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return True
        except OSError:
            time.sleep(0.3)
    return False


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument("--no-preheat", action="store_true",
                        help="no waiting kernels: less memory, a slower first board")
    parser.add_argument("--cull-idle", type=int, default=CULL_IDLE_S,
                        help="seconds an idle kernel with no open tab lives on")
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL_S,
                        help="seconds between checks for idle kernels")
    args, extra = parser.parse_known_args(argv)  # the rest goes to Voilà as is
    cmd = server_command(args.port, cull_idle=args.cull_idle, cull_interval=args.cull_interval,
                         preheat=not args.no_preheat, extra=tuple(extra))
    base = f"http://localhost:{args.port}/"
    with subprocess.Popen(cmd, cwd=ROOT) as proc:  # cwd: Voilà reads voila.json there
        # a SIGTERM to this script stops Voilà too (it shuts its kernels down)
        signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
        try:
            if wait_until_up(base, proc):
                print(f"\n  The gallery: {base}{GALLERY}\n  (Ctrl-C stops the server)\n",
                      flush=True)
                if not args.no_browser:
                    webbrowser.open(base + GALLERY)
            return proc.wait()
        except KeyboardInterrupt:
            proc.terminate()
            return proc.wait()


if __name__ == "__main__":
    sys.exit(main())
