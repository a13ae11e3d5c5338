"""``make play``'s Voilà command line (scripts/play.py), without starting it.

The browser tests (tests/browser/test_apps_in_voila.py) start it and check that the apps
play, that links resolve and that idle kernels are culled.
"""

from __future__ import annotations

import asyncio
import importlib.util
import itertools
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def load_play() -> Any:
    spec = importlib.util.spec_from_file_location("tk_play", ROOT / "scripts" / "play.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PLAY = load_play()


def option(cmd: list[str], name: str) -> str:
    (value,) = [a.split("=", 1)[1] for a in cmd if a.startswith(f"--{name}=")]
    return value


def test_the_server_serves_the_repository_root_and_culls_idle_kernels() -> None:
    cmd = PLAY.server_command(9999, cull_idle=60, cull_interval=10)
    assert cmd[1:4] == ["-m", "voila", str(ROOT)] and "--no-browser" in cmd
    assert option(cmd, "Voila.port") == "9999"
    assert option(cmd, "MappingKernelManager.cull_idle_timeout") == "60"
    assert option(cmd, "MappingKernelManager.cull_interval") == "10"
    assert option(cmd, "MappingKernelManager.cull_connected") == "False"
    assert int(option(cmd, "VoilaExecutor.iopub_timeout")) >= 30  # outputs are not dropped


def test_each_app_and_the_gallery_keep_one_preheated_kernel() -> None:
    cmd = PLAY.server_command()
    assert option(cmd, "VoilaConfiguration.preheat_kernel") == "True"
    pools = json.loads(option(cmd, "VoilaKernelManager.kernel_pools_config"))
    apps = {f"apps/{p.name}" for p in (ROOT / "apps").glob("*.ipynb")}
    assert apps and {k for k, v in pools.items() if v["pool_size"] == 1} == apps
    assert pools["default"]["pool_size"] == 0  # the teaching notebooks start kernels on demand
    assert not any("preheat" in a for a in PLAY.server_command(preheat=False))


def test_the_culler_spares_kernels_leaving_the_pool() -> None:
    name = option(PLAY.server_command(), "VoilaConfiguration.multi_kernel_manager_class")
    module, _, cls = name.rpartition(".")
    manager = getattr(__import__(module, fromlist=[cls]), cls)
    assert manager.__name__ == "PlayKernelManager"
    assert any(name in a for a in PLAY.server_command(preheat=False))


def test_culling_times_must_be_positive() -> None:
    with pytest.raises(ValueError, match="culling times must be positive"):
        PLAY.server_command(cull_idle=0)


def test_voila_json_allow_lists_the_rulings_and_the_images() -> None:
    allow = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"][
        "file_allowlist"]
    for path in ("docs/rulings.md", "notebooks/images/ahoy-board.png"):
        assert any(re.fullmatch(p, path, re.IGNORECASE) for p in allow), path
    assert not any(re.fullmatch(p, "treasurekit/__init__.py") for p in allow)


def test_the_makefile_and_readme_show_make_play() -> None:
    assert re.search(r"^play: .*\n\t\$\(BIN\)/python scripts/play\.py",
                     (ROOT / "Makefile").read_text(), re.MULTILINE)
    readme = (ROOT / "README.md").read_text()
    assert "make play" in readme and "urlpath=voila/render/apps/index.ipynb" in readme


def test_a_class_size_preheats_that_many_kernels_of_the_class_app() -> None:
    cmd = PLAY.server_command(class_size=30)
    pools = json.loads(option(cmd, "VoilaKernelManager.kernel_pools_config"))
    assert pools["apps/ahoy.ipynb"]["pool_size"] == 30
    assert pools["apps/sjorovaron.ipynb"]["pool_size"] == 1  # the other apps keep one
    assert pools["apps/index.ipynb"]["pool_size"] == 1 and pools["default"]["pool_size"] == 0
    assert float(option(cmd, "PlayKernelManager.preheat_spacing")) == PLAY.PREHEAT_SPACING_S
    # the class loads its boards before the pool replaces the kernels it took
    assert float(option(cmd, "VoilaKernelManager.fill_delay")) == PLAY.CLASS_REFILL_DELAY_S
    assert float(option(PLAY.server_command(), "VoilaKernelManager.fill_delay")) == 1.0
    two = json.loads(option(PLAY.server_command(class_size=12, class_apps=(
        "ahoy", "skeleton_island"), class_only=True), "VoilaKernelManager.kernel_pools_config"))
    assert two == {"default": {"pool_size": 0}, "apps/ahoy.ipynb": {"pool_size": 12},
                   "apps/skeleton_island.ipynb": {"pool_size": 12}}


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"class_size": -1}, "class size must be 0 or more"),
    ({"class_size": 5, "class_apps": ("chess",)}, "no app named 'chess'.*ahoy"),
    ({"class_size": 5, "preheat": False}, "needs preheated kernels"),
    ({"preheat_spacing": -1.0}, "preheat spacing must be 0 or more"),
    ({"refill_delay": -1.0}, "refill delay must be 0 or more"),
])
def test_a_bad_class_is_refused_by_name(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        PLAY.server_command(**kwargs)


def test_make_play_takes_a_class_size(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        PLAY.main(["--class-size", "30", "--class-app", "chess", "--no-browser"])
    assert "no app named 'chess'" in capsys.readouterr().err


def test_the_page_template_fetches_nothing_from_another_host() -> None:
    """Voilà finds the ``treasurekit`` template through server_env()'s JUPYTER_PATH; it is
    the lab template without its CDN stylesheets."""
    cmd = PLAY.server_command()
    assert option(cmd, "VoilaConfiguration.template") == PLAY.TEMPLATE
    env = PLAY.server_env({"JUPYTER_PATH": "/elsewhere"})
    assert env["JUPYTER_PATH"].split(os.pathsep) == [str(PLAY.TEMPLATES_ROOT), "/elsewhere"]
    code = ("from voila.paths import collect_template_paths as c; "
            "print(c(['voila', 'nbconvert'], 'treasurekit', prune=True)[0])")
    found = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                           text=True, check=True, timeout=60).stdout.strip()
    template = Path(found) / "index.html.j2"
    assert template.is_file() and "extends 'lab/index.html.j2'" in template.read_text()
    assert not re.search(r"https?://", template.read_text())


def test_preheated_kernels_start_spaced_and_a_pages_own_kernel_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from treasurekit_widgets.play_server import PlayKernelManager

    started: list[tuple[str, float]] = []

    async def start(self: Any, *args: Any, **kwargs: Any) -> str:  # the base's start, timed
        started.append((kwargs["env"]["VOILA_PREHEAT"], time.monotonic()))
        return f"k{len(started)}"

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    manager = PlayKernelManager(preheat_spacing=1.0)

    async def class_arrives() -> list[str]:
        pool = [manager.start_kernel(env={"VOILA_PREHEAT": "True"}) for _ in range(3)]
        page = manager.start_kernel(env={"VOILA_PREHEAT": "False"})
        return list(await asyncio.gather(*pool, page))

    ids = asyncio.run(class_arrives())
    assert sorted(ids) == ["k1", "k2", "k3", "k4"]
    # the page's kernel starts at once, before the second and third of the pool (an order,
    # not a wall-clock bound: a loaded CI machine may take its time for every start)
    assert [kind for kind, _ in started] == ["True", "False", "True", "True"]
    pool_times = [t for kind, t in started if kind == "True"]
    assert all(b - a >= 0.95 for a, b in itertools.pairwise(pool_times))
