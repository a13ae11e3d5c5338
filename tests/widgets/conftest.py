"""Fixtures shared by the widget tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from treasurekit_widgets import stepping


@pytest.fixture
def browser_click(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Handle what follows as a message from a widget in the browser (a click)."""
    monkeypatch.setattr(stepping, "from_the_browser", lambda: True)
    monkeypatch.setattr(stepping.BotStepping, "BOT_PAUSE_S", 0.0)
    yield
