"""``make play``'s Voilà command line (scripts/play.py), without starting it.

The browser tests (tests/browser/test_apps_in_voila.py) start it and check that the apps
play, that links resolve and that idle kernels are culled.
"""

from __future__ import annotations

import importlib.util
import json
import re
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
