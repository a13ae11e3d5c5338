"""Small helpers for the words in events and errors."""

from __future__ import annotations

__all__ = ["count", "possessive"]


def possessive(name: str) -> str:
    """``"Flint"`` -> ``"Flint's"``, ``"Israel Hands"`` -> ``"Israel Hands'"``.

    >>> possessive("Israel Hands"), possessive("Ben Gunn")
    ("Israel Hands'", "Ben Gunn's")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def count(n: int, word: str, plural: str | None = None) -> str:
    """``count(1, "card")`` -> ``"1 card"``; ``count(3, "card")`` -> ``"3 cards"``.

    >>> count(1, "half", "halves"), count(2, "half", "halves")
    ('1 half', '2 halves')
    """
    return f"{n} {word if n == 1 else plural or word + 's'}"
