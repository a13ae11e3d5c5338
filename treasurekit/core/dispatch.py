"""One dispatch for every game: the table from a move's type to its rule section
(docs/architecture.md §3, "Dispatch").

Each game builds one :class:`MoveTable` in its ``state.py``: every move class the game
knows maps to a :class:`Section`, the pair of functions of the rule section that owns
that move: ``problem`` (why the move may not be played now, or None) and ``apply`` (its
effect). The state's ``_check`` and ``_apply`` look the move up once
(``table.of(move)``) and call the section; no ``isinstance`` chain picks the rule.

The arguments the two functions take are the game's own (a draft, or a position and the
game's rules) and are the same for every section of one game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

__all__ = ["MoveTable", "Section", "UnknownMoveTypeError"]

E = TypeVar("E")


class UnknownMoveTypeError(TypeError):
    """A move of a type the game's table does not hold (a programming error: the
    engine refuses a foreign move object before its rules are asked)."""


@dataclass(frozen=True, slots=True)
class Section(Generic[E]):
    """The rule section that owns one move type.

    Attributes:
        problem: ``problem(*game_args, move) -> (reason, rule) | None``: why the move
            may not be played now, or None.
        apply: ``apply(*game_args, move) -> E``: play the (legal) move; ``E`` is what
            the game's effects return (events, a new position, what happens next).
        advance: optional, for a game whose search path (``State._advance``) builds the
            next position without events: ``advance(position, game, move) -> position``.
    """

    problem: Callable[..., tuple[str, str | None] | None]
    apply: Callable[..., E]
    advance: Callable[..., Any] | None = None


class MoveTable(Generic[E]):
    """The game's one table: move class -> :class:`Section`.

    ``table.of(move)`` is the section of ``type(move)`` (exact type: move classes are
    final frozen dataclasses). ``table.types`` are the move classes it knows.

    Raises:
        UnknownMoveTypeError: from :meth:`of`, for a move whose type is not a key,
            naming the game, the type and the types it knows.
    """

    __slots__ = ("_sections", "game")

    def __init__(self, game: str, sections: Mapping[type, Section[E]]) -> None:
        self.game = game
        self._sections: dict[type, Section[E]] = dict(sections)

    @property
    def types(self) -> frozenset[type]:
        """The move classes this table dispatches."""
        return frozenset(self._sections)

    def of(self, move: object) -> Section[E]:
        """The section that owns ``move`` (see the class's Raises)."""
        try:
            return self._sections[type(move)]
        except KeyError:
            known = ", ".join(sorted(t.__name__ for t in self._sections))
            raise UnknownMoveTypeError(
                f"{self.game} has no rule section for a move of type "
                f"{type(move).__name__} ({move!r}); its move types are: {known}") from None

    def __iter__(self) -> Iterator[type]:
        return iter(self._sections)

    def __len__(self) -> int:
        return len(self._sections)
