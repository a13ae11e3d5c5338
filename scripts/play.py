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

A class (issue 27.1): ``--class-size 30`` keeps 30 kernels of the class's app (``--class-app
ahoy``, the default; a comma list for several) preheated, so thirty students opening it
together each find a kernel that has already run the app. Start the server before the
lesson: the pool fills one kernel every ``--preheat-spacing`` seconds (about a minute for
thirty on two cores, about 110 MB each), and a kernel a page took is replaced
``--refill-delay`` seconds later (90 s with a class size), at the same pace: the class
has the cores to itself while it loads its boards. A student who comes after the pool
is empty waits for a replacement: preheat a few spare kernels (``--class-size 32``).
docs/teaching.md ("Sizing a server for a class") gives the measured costs.

Nothing is fetched from outside the server: the page template ``treasurekit``
(``share/jupyter/voila/templates/``, found through ``JUPYTER_PATH``, see
:func:`server_env`) drops the lab template's Font Awesome stylesheets from a CDN.

    python scripts/play.py [--port 8866] [--no-browser] [--no-preheat]
                           [--class-size N] [--class-app ahoy] [--preheat-spacing S]
                           [--cull-idle 120] [--cull-interval 30] [--Voila.any_option=value ...]

The browser tests and ``benchmarks/apps_in_voila.py`` start the server with
:func:`server_command` too, so they test this configuration.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
import webbrowser
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
APPS = "apps"
#: The gallery's URL path, relative to the server's base URL.
GALLERY = f"voila/render/{APPS}/index.ipynb"
#: A kernel with no open tab is shut down after this many idle seconds...
CULL_IDLE_S = 120
#: ... checked this often.
CULL_INTERVAL_S = 30
DEFAULT_PORT = 8866
#: The app a class opens unless ``--class-app`` names others.
CLASS_APP = "ahoy"
#: Seconds between the starts of two preheated kernels: a kernel's start and its run of
#: the app take about one CPU-second of the two cores, and thirty started at once made
#: every one of them (and the pages already served) wait for all the others.
PREHEAT_SPACING_S = 1.0
#: Seconds after a page took a preheated kernel before the pool starts its replacement,
#: with a class size (Voilà's ``fill_delay``; 1 s otherwise): thirty replacements started
#: while thirty students load their boards and play took the cores from them.
CLASS_REFILL_DELAY_S = 90.0
#: The Voilà page template of the apps (no stylesheet from a CDN).
TEMPLATE = "treasurekit"
#: Where Voilà finds :data:`TEMPLATE` (``<dir>/voila/templates/treasurekit``).
TEMPLATES_ROOT = ROOT / "share" / "jupyter"


def app_notebooks() -> list[str]:
    """The play apps' paths relative to the root (``apps/ahoy.ipynb``...), gallery excluded."""
    return sorted(f"{APPS}/{p.name}" for p in (ROOT / APPS).glob("*.ipynb")
                  if p.name != "index.ipynb")


def server_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The play server's environment: ``base`` (default: this process's) with
    :data:`TEMPLATES_ROOT` first on ``JUPYTER_PATH``, where Voilà looks for templates."""
    env = dict(os.environ if base is None else base)
    paths = [str(TEMPLATES_ROOT), *filter(None, env.get("JUPYTER_PATH", "").split(os.pathsep))]
    env["JUPYTER_PATH"] = os.pathsep.join(dict.fromkeys(paths))
    return env


def class_pools(class_size: int, class_apps: tuple[str, ...] = (CLASS_APP,),
                class_only: bool = False) -> dict[str, Any]:
    """Voilà's ``kernel_pools_config``: ``class_size`` kernels (at least one) for each app
    of ``class_apps`` (game ids: ``"ahoy"``), one for every other app and the gallery
    (none with ``class_only``), none for the teaching notebooks (their kernels start on
    demand).

    Raises:
        ValueError: ``class_size`` is negative, or an app of ``class_apps`` does not exist
            (the message lists the apps).
    """
    if class_size < 0:
        raise ValueError(f"the class size must be 0 or more students, got {class_size}")
    apps = app_notebooks()
    unknown = [a for a in class_apps if f"{APPS}/{a}.ipynb" not in apps]
    if unknown:
        names = ", ".join(Path(a).stem for a in apps)
        raise ValueError(f"no app named {', '.join(map(repr, unknown))} (apps: {names})")
    sizes = {f"{APPS}/{a}.ipynb": max(class_size, 1) for a in class_apps}
    waiting = [*apps, f"{APPS}/index.ipynb"]  # the gallery's kernel: ~50 MB
    return {"default": {"pool_size": 0}, **{nb: {"pool_size": sizes.get(nb, 1)}
                                            for nb in waiting
                                            if nb in sizes or not class_only}}


def server_command(
    port: int = DEFAULT_PORT,
    *,
    cull_idle: int = CULL_IDLE_S,
    cull_interval: int = CULL_INTERVAL_S,
    preheat: bool = True,
    class_size: int = 0,
    class_apps: tuple[str, ...] = (CLASS_APP,),
    preheat_spacing: float = PREHEAT_SPACING_S,
    class_only: bool = False,
    refill_delay: float | None = None,
    ip: str = "localhost",
    extra: tuple[str, ...] = (),
) -> list[str]:
    """The Voilà command line of the play server on ``port`` (it opens no browser); run
    it with :func:`server_env` and the repository root as working directory.

    ``preheat`` keeps one executed kernel waiting per app and for the gallery (not for
    the teaching notebooks), ``class_size`` of them for each app of ``class_apps`` (game
    ids), started ``preheat_spacing`` seconds apart (``class_only``: no other app's); a
    kernel taken by a page is replaced after ``refill_delay`` seconds (None: 1 s, or
    :data:`CLASS_REFILL_DELAY_S` with a class size);
    ``extra`` are further ``--Class.trait=value`` options.

    Raises:
        ValueError: a culling time is not a positive number of seconds, a class size or
            spacing is negative, a class app does not exist, or a class is asked for
            without preheating.
    """
    if cull_idle <= 0 or cull_interval <= 0:
        raise ValueError(f"culling times must be positive seconds, got idle={cull_idle}, "
                         f"interval={cull_interval}")
    if preheat_spacing < 0:
        raise ValueError(f"the preheat spacing must be 0 or more seconds, got {preheat_spacing}")
    if refill_delay is None:
        refill_delay = CLASS_REFILL_DELAY_S if class_size else 1.0
    if refill_delay < 0:
        raise ValueError(f"the refill delay must be 0 or more seconds, got {refill_delay}")
    if class_size and not preheat:
        raise ValueError("a class size needs preheated kernels (drop --no-preheat)")
    pools = class_pools(class_size, class_apps, class_only)  # checks the class first
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
        f"--VoilaConfiguration.template={TEMPLATE}",  # found through server_env()
    ]
    if preheat:
        cmd += ["--VoilaConfiguration.preheat_kernel=True",
                f"--VoilaKernelManager.kernel_pools_config={json.dumps(pools)}",
                f"--PlayKernelManager.preheat_spacing={preheat_spacing}",
                f"--VoilaKernelManager.fill_delay={refill_delay}"]
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
    parser.add_argument("--class-size", type=int, default=0,
                        help="students opening the class app together: preheat that many "
                             "kernels of it (about 110 MB each)")
    parser.add_argument("--class-app", default=CLASS_APP,
                        help="the app(s) the class opens, comma-separated game ids "
                             f"(default {CLASS_APP})")
    parser.add_argument("--preheat-spacing", type=float, default=PREHEAT_SPACING_S,
                        help="seconds between the starts of two preheated kernels")
    parser.add_argument("--refill-delay", type=float, default=None,
                        help="seconds before a kernel a page took is replaced in its pool "
                             f"(default 1, or {CLASS_REFILL_DELAY_S:g} with --class-size)")
    parser.add_argument("--cull-idle", type=int, default=CULL_IDLE_S,
                        help="seconds an idle kernel with no open tab lives on")
    parser.add_argument("--cull-interval", type=int, default=CULL_INTERVAL_S,
                        help="seconds between checks for idle kernels")
    args, extra = parser.parse_known_args(argv)  # the rest goes to Voilà as is
    try:
        cmd = server_command(args.port, cull_idle=args.cull_idle,
                             cull_interval=args.cull_interval, preheat=not args.no_preheat,
                             class_size=args.class_size,
                             class_apps=tuple(a.strip() for a in args.class_app.split(",")),
                             preheat_spacing=args.preheat_spacing,
                             refill_delay=args.refill_delay, extra=tuple(extra))
    except ValueError as exc:
        parser.error(str(exc))
    base = f"http://localhost:{args.port}/"
    # cwd: Voilà reads voila.json there
    with subprocess.Popen(cmd, cwd=ROOT, env=server_env()) as proc:
        # a SIGTERM to this script stops Voilà too (it shuts its kernels down)
        signal.signal(signal.SIGTERM, lambda *_: proc.terminate())
        try:
            if wait_until_up(base, proc):
                print(f"\n  The gallery: {base}{GALLERY}\n  (Ctrl-C stops the server)\n",
                      flush=True)
                if args.class_size:
                    print(f"  Preheating {args.class_size} kernels of {args.class_app} for "
                          f"the class, one every {args.preheat_spacing:g} s (and one for "
                          "each other app): ready when the server's CPU falls quiet\n",
                          flush=True)
                if not args.no_browser:
                    webbrowser.open(base + GALLERY)
            return proc.wait()
        except KeyboardInterrupt:
            proc.terminate()
            return proc.wait()


if __name__ == "__main__":
    sys.exit(main())
