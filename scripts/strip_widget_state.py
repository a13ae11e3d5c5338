"""Clean executed notebooks before they are committed.

Usage: python scripts/strip_widget_state.py [--check] NOTEBOOK.ipynb ...

- removes the notebook-level ``metadata.widgets`` (saved widget state, tens of KB);
- removes the cell metadata keys ``execution`` and ``collapsed`` (timing/UI noise);
- fails (exit 1, naming the notebook and cell) if any output is an error, except in a
  cell tagged ``raises-exception``, or is text on stderr (a warning must not be stored).

With ``--check`` nothing is written; exit 1 if a notebook would change.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

NOISY_CELL_KEYS = ("execution", "collapsed")


def clean(nb: dict[str, Any]) -> bool:
    """Strip widget state and cell noise in place; return True if anything changed."""
    changed = nb.get("metadata", {}).pop("widgets", None) is not None
    for cell in nb.get("cells", []):
        meta = cell.get("metadata", {})
        for key in NOISY_CELL_KEYS:
            if key in meta:
                del meta[key]
                changed = True
    return changed


def problems(nb: dict[str, Any]) -> list[str]:
    """Describe every error output and every stderr output, by cell."""
    found = []
    for index, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        where = f"cell {index} (id {cell.get('id', '?')}, [{cell.get('execution_count')}])"
        tags = cell.get("metadata", {}).get("tags", [])
        for out in cell.get("outputs", []):
            kind = out.get("output_type")
            if kind == "error" and "raises-exception" not in tags:
                found.append(f"{where}: error {out.get('ename')}: {out.get('evalue')}")
            elif kind == "stream" and out.get("name") == "stderr":
                text = "".join(out.get("text", "")).strip().splitlines()
                found.append(f"{where}: stderr: {text[0] if text else ''}")
    return found


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"]
    status = 0
    for path in paths:
        nb = json.loads(path.read_text(encoding="utf-8"))
        for problem in problems(nb):
            print(f"{path}: {problem}", file=sys.stderr)
            status = 1
        if clean(nb):
            if check:
                print(f"{path}: has widget state or cell noise to strip", file=sys.stderr)
                status = 1
            else:
                text = json.dumps(nb, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
                path.write_text(text, encoding="utf-8")
                print(f"{path}: stripped")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
