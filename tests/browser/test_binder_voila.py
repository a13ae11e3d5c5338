"""Binder's Voilà asks no other host (issue 27.3): an app opened as on mybinder.org
(``?urlpath=voila/render/apps/ahoy.ipynb``: Voilà as the Jupyter server's extension, with
what ``binder/postBuild`` installs) makes no request to another host than the server.
Without postBuild's template, Voilà's default page asked cdn.jsdelivr.net for Font Awesome.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import require_browser

from tests.binder_voila import (
    BOARD_READY_JS,
    ROOT,
    binder_env,
    jupyter_server,
    outside_requests,
    postbuild_prefix,
)


@pytest.mark.browser
@pytest.mark.timeout(300)
def test_an_app_on_binders_voila_asks_no_other_host(tmp_path: Path, browser: Any) -> None:
    require_browser()
    prefix = postbuild_prefix(tmp_path)
    env = binder_env(prefix, tmp_path / "home")
    with jupyter_server(env, ROOT, log=tmp_path / "server.log") as url:
        context = browser.new_context(viewport={"width": 1400, "height": 1400})
        try:
            page = context.new_page()
            asked: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            page.goto(f"{url}/voila/render/apps/ahoy.ipynb", wait_until="commit")
            page.wait_for_function(BOARD_READY_JS, timeout=180_000, polling=200)
            page.wait_for_timeout(1000)  # late stylesheets and fonts
            assert any("/voila/" in u for u in asked)
            assert outside_requests(asked, url) == []
        finally:
            context.close()
