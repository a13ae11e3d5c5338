"""Run every benchmark: ``python -m benchmarks`` (``make bench``)."""

from __future__ import annotations

import datetime
from pathlib import Path

from . import (
    ahoy,
    kernel_memory,
    notebook_times,
    sjorovaron,
    skeleton_island,
    treasure_island_2003,
    treasure_island_2018,
)
from .harness import machine


def main() -> None:
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
    # Kernel memory after each notebook and app (its own section, also runnable alone).
    memory = kernel_memory.section(kernel_memory.run())
    print("\n" + memory)
    out = Path(__file__).with_name("results.md")
    out.write_text(text + "\n\n" + memory)
    print(f"\nwritten to {out}")


if __name__ == "__main__":
    main()
