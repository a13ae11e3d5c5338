"""Run every benchmark: ``python -m benchmarks`` (``make bench``).

``python -m benchmarks openspiel`` runs only the comparison with OpenSpiel
(benchmarks/openspiel.py) and replaces that section of results.md;
``python -m benchmarks silver`` runs only Long John Silver against three GreedyBots
(benchmarks/silver.py) and replaces its section.
"""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

from . import (
    ahoy,
    kernel_memory,
    notebook_times,
    silver,
    sjorovaron,
    skeleton_island,
    treasure_island_2003,
    treasure_island_2018,
)
from .harness import machine

RESULTS = Path(__file__).with_name("results.md")
SECTION = "## treasurekit beside OpenSpiel"
SILVER_SECTION = "## Long John Silver against three GreedyBots"


def _openspiel_section() -> str | None:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("OpenSpiel is not installed (pip install '.[openspiel]'): comparison skipped")
        return None
    from . import openspiel

    return f"{openspiel.run()}\n\nMeasured {datetime.date.today().isoformat()} on {machine()}."


def _with_section(text: str, section: str, title: str = SECTION) -> str:
    """``text`` with the section that starts with ``title`` replaced by ``section`` (or
    added at the end); the sections after it are kept."""
    head, found, tail = text.partition(title)
    rest = ""
    if found:
        after = tail.find("\n## ")
        rest = tail[after:].strip("\n") if after >= 0 else ""
    parts = [head.rstrip("\n"), section.rstrip("\n"), rest]
    return "\n\n".join(p for p in parts if p) + "\n"


def _silver_section() -> str:
    return f"{silver.run()}\n\nMeasured {datetime.date.today().isoformat()} on {machine()}."


def main(argv: list[str]) -> None:
    if argv[:1] == ["openspiel"]:
        section = _openspiel_section()
        if section is None:
            return
        print(section)
        old = RESULTS.read_text() if RESULTS.exists() else ""
        RESULTS.write_text(_with_section(old, section))
        print(f"\nwritten to {RESULTS}")
        return
    if argv[:1] == ["silver"]:
        section = _silver_section()
        print(section)
        old = RESULTS.read_text() if RESULTS.exists() else ""
        RESULTS.write_text(_with_section(old, section, SILVER_SECTION))
        print(f"\nwritten to {RESULTS}")
        return
    if argv:
        raise SystemExit(f"unknown benchmark {argv[0]!r}; choose 'openspiel', 'silver' or "
                         "nothing for all")
    results = ahoy.run()
    results += skeleton_island.run()
    results += treasure_island_2003.run()
    results += treasure_island_2018.run()
    results += sjorovaron.run()
    results += notebook_times.run()  # every notebook top to bottom, in a fresh kernel
    lines = [
        f"Measured {datetime.date.today().isoformat()} on {machine()}.",
        "",
        "| game | benchmark | result |",
        "|---|---|---|",
        *(r.row() for r in results),
    ]
    text = "\n".join(lines)
    print(text)
    section = _openspiel_section()
    if section is not None:
        print("\n" + section)
    # Kernel memory after each notebook and app (its own section, also runnable alone).
    memory = kernel_memory.section(kernel_memory.run())
    print("\n" + memory)
    text = text + "\n\n" + memory
    if section is not None:
        text = _with_section(text, section)
    # Long John Silver against three GreedyBots: 200 seeded games (its own section too).
    silver_section = _silver_section()
    print("\n" + silver_section)
    text = _with_section(text, silver_section, SILVER_SECTION)
    RESULTS.write_text(text + "\n")
    print(f"\nwritten to {RESULTS}")


if __name__ == "__main__":
    main(sys.argv[1:])
