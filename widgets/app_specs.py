"""A mapping whose values are built on first access: the play apps' specs by game.

``treasurekit_widgets.apps.APPS`` holds one builder per game. Building a spec imports
that game's rules, board and bots, so the kernel of one app (``apps/ahoy.ipynb``) pays
for one game, not five: a cheaper kernel start for each student of a class
(issue 27.1). Listing the games (``list(APPS)``, ``"ahoy" in APPS``) builds nothing.

>>> built = []
>>> specs = LazySpecs({"a": lambda: built.append("a") or 1, "b": lambda: 2})
>>> sorted(specs), built
(['a', 'b'], [])
>>> specs["a"], specs["a"], built
(1, 1, ['a'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Generic, TypeVar

__all__ = ["LazySpecs"]

T = TypeVar("T")


class LazySpecs(Mapping[str, T], Generic[T]):
    """``{key: value}`` where each value comes from a builder called once, when the key
    is first looked up (``specs[key]``, ``specs.get``, ``specs.items()``...).

    Args:
        builders: ``{key: builder}``, ``builder()`` returning the value; the keys' order
            is the mapping's order.

    Raises (on lookup):
        KeyError: the key has no builder.
    """

    def __init__(self, builders: Mapping[str, Callable[[], T]]) -> None:
        self._builders = dict(builders)
        self._built: dict[str, T] = {}

    def __getitem__(self, key: str) -> T:
        if key not in self._built:
            self._built[key] = self._builders[key]()
        return self._built[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)

    def built(self) -> list[str]:
        """The keys whose value has been built so far, in the order they were built."""
        return list(self._built)

    def __repr__(self) -> str:
        return f"LazySpecs({list(self._builders)}, built={self.built()})"
