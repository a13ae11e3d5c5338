"""Run every benchmark: ``python -m benchmarks`` (``make bench``).

``python -m benchmarks openspiel`` runs only the comparison with OpenSpiel
(benchmarks/openspiel.py) and replaces that section of results.md.
``python -m benchmarks ladder [--game G] [--jobs N] [--scale X]`` runs only the bot
ladders (benchmarks/ladder.py) and replaces their section (a run with ``--scale`` other than 1
only prints).
``python -m benchmarks board_latency [options]`` measures how fast every board answers
clicks in JupyterLab in headless Chromium (benchmarks/board_latency.py; ``--help``).
``python -m benchmarks class_load [options]`` lets a class of N students open the Ahoy app
together against the ``make play`` server and play (benchmarks/class_load.py; ``--help``).
``python -m benchmarks silver`` runs only Long John Silver against three GreedyBots
(benchmarks/silver.py) and replaces its section.
``python -m benchmarks strong [--game G] [--games N]`` plays the Strong level against
GreedyBot, resumably (benchmarks/strong.py), and replaces its section.
``python -m benchmarks burial_spread`` measures how spread Silver's cunning burial is
(benchmarks/burial_spread.py) and replaces its section.
"""

from __future__ import annotations

import datetime
import sys
from pathlib import Path

from . import (
    ahoy,
    kernel_memory,
    ladder,
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


def _with_section(text: str, section: str, header: str = SECTION) -> str:
    """``text`` with the section that starts at ``header`` (up to the next ``## `` heading)
    replaced by ``section``, or ``section`` appended."""
    start = text.find(header)
    if start < 0:
        return f"{text.rstrip(chr(10))}\n\n{section}\n"
    end = text.find("\n## ", start + len(header))
    head = text[:start].rstrip("\n")
    tail = "" if end < 0 else text[end:].lstrip("\n")
    return f"{head}\n\n{section}\n" + (f"\n{tail}" if tail else "")


def _replace_in_results(section: str, header: str) -> None:
    old = RESULTS.read_text() if RESULTS.exists() else ""
    RESULTS.write_text(_with_section(old, section, header))
    print(f"\nwritten to {RESULTS}")


def _silver_section() -> str:
    return f"{silver.run()}\n\nMeasured {datetime.date.today().isoformat()} on {machine()}."


def main(argv: list[str]) -> None:
    if argv[:1] == ["openspiel"]:
        section = _openspiel_section()
        if section is None:
            return
        print(section)
        _replace_in_results(section, SECTION)
        return
    if argv[:1] == ["ladder"]:
        ladders = ladder.main(argv[1:])
        if any(lad.scale != 1 for lad in ladders):
            print("A scaled run (--scale): benchmarks/results.md keeps the full run's tables.")
            return
        # read results.md only now: a run of another --game may have written it meanwhile
        old = RESULTS.read_text() if RESULTS.exists() else ""
        _replace_in_results(ladder.section(ladders, old), ladder.SECTION)
        return
    if argv[:1] == ["board_latency"]:
        from . import board_latency

        board_latency.main(argv[1:])
        return
    if argv[:1] == ["class_load"]:  # N students at once against make play (issue 27.2)
        from . import class_load

        class_load.main(argv[1:])
        return
    if argv[:1] == ["silver"]:
        section = _silver_section()
        print(section)
        _replace_in_results(section, SILVER_SECTION)
        return
    if argv[:1] == ["strong"]:
        from . import strong

        section = strong.main(argv[1:])
        if section:
            print(section)
            _replace_in_results(section, strong.SECTION)
        return
    if argv[:1] == ["burial_spread"]:
        from . import burial_spread

        section = burial_spread.run()
        print(section)
        _replace_in_results(section, burial_spread.SECTION)
        return
    if argv:
        raise SystemExit(f"unknown benchmark {argv[0]!r}; choose 'openspiel', 'ladder', "
                         "'board_latency', 'class_load', 'silver', 'strong', 'burial_spread' "
                         "or nothing for all")
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
    # Every game's bot ladder (issue 13; also runnable alone).
    ladders = ladder.section(ladder.run())
    text = _with_section(text, ladders, ladder.SECTION)
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
