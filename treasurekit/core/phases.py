"""The base of every game's ``Phase`` enum (docs/architecture.md §3).

A phase is where a turn stands ("roll", "place", "over"...). Each game lists its
phases in its ``flow.py`` as ``class Phase(PhaseEnum)``. Members are also ``str``
equal to their value, so records, views and old code that compare with the plain
word keep working, and ``str(phase)`` / ``f"{phase}"`` is the word on every
supported Python (3.10 formats a ``(str, Enum)`` differently from 3.11; this does not).
"""

from __future__ import annotations

from enum import Enum

__all__ = ["PhaseEnum"]


class PhaseEnum(str, Enum):
    """A ``str`` enum whose text is its value: ``str(Phase.ROLL) == "roll"``."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)
