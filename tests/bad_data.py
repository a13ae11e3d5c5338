"""The one check of the data tests that a bad file is refused naming the file and the key path."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from treasurekit.core import BoardDataError


def assert_refused(load: Callable[[Path], Any], folder: Path, data: Any,
                   edit: Callable[[Any], Any], message: str, name: str = "mine.json") -> None:
    """Write ``data`` changed by ``edit`` as ``folder/name``; ``load`` must raise
    ``"<path>: <message>"``."""
    edit(data)
    bad = folder / name
    bad.write_text(json.dumps(data))
    with pytest.raises(BoardDataError) as info:
        load(bad)
    assert str(info.value) == f"{bad}: {message}"
