"""Shared checks of the per-game controller tests (issue 25 point 6)."""

from __future__ import annotations

import ast
from pathlib import Path

WIDGETS = Path(__file__).resolve().parents[2] / "widgets"
WIDGET_LIBRARIES = {"ipywidgets", "bqplot", "traitlets", "IPython", "anywidget"}


def imports_of(game: str) -> set[str]:
    """The top-level packages ``widgets/<game>/controller.py`` imports (absolute imports)."""
    tree = ast.parse((WIDGETS / game / "controller.py").read_text(encoding="utf-8"))
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.level == 0}
    return imported
