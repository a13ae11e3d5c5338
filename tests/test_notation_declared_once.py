"""Each move's notation is declared once (issue 25 point 4): every move class of every
game declares ``NOTATION``, its ``__str__`` is the one :class:`~treasurekit.core.notation.
Notation` builds from it (no class writes its own), the game's ``parse_move`` reads by the
same declarations, and texts round-trip for a move of every form (the forms' own examples;
the moves of random playouts: tests/test_notation_round_trip.py)."""

from __future__ import annotations

from typing import Any

import pytest

import treasurekit
from treasurekit.core import MoveParseError
from treasurekit.core.notation import Notation

#: The games whose moves.py reads by declared notation.
GAMES = sorted(treasurekit.GAMES)


def _notation(game: str) -> tuple[Any, Notation]:
    g = treasurekit.load_game(game)
    notation = g.MOVE_TYPES[0].__str__.notation  # set by the Notation that wrote it
    assert isinstance(notation, Notation)
    return g, notation


@pytest.mark.parametrize("game", GAMES)
def test_every_move_class_declares_its_notation_and_writes_by_it(game: str) -> None:
    g, notation = _notation(game)
    assert set(notation.classes) == set(g.MOVE_TYPES)
    for cls in g.MOVE_TYPES:
        assert "NOTATION" in cls.__dict__, cls
        forms = cls.NOTATION if isinstance(cls.NOTATION[0], tuple) else (cls.NOTATION,)
        assert getattr(cls.__str__, "__notation__", None) == tuple(forms), \
            f"{cls.__name__} writes its own __str__"


@pytest.mark.parametrize("game", GAMES)
def test_every_form_example_reads_back_as_itself(game: str) -> None:
    g, notation = _notation(game)
    seen = set()
    for example in notation.forms.split("', '"):
        move = g.parse_move(example.strip("'"))
        seen.add(type(move))
        assert g.parse_move(str(move)) == move
    assert seen == set(g.MOVE_TYPES)


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_word_is_named_with_the_accepted_forms(game: str) -> None:
    g, notation = _notation(game)
    head = notation.forms.split(",")[0].strip("'").split()[0]
    with pytest.raises(MoveParseError) as info:
        g.parse_move(f"{head} zzzz-not-a-word zzzz")
    assert "'zzzz-not-a-word'" in info.value.reason or "'zzzz'" in info.value.reason
    assert notation.forms in info.value.reason
    with pytest.raises(MoveParseError, match="'nonsense' starts no move"):
        g.parse_move("nonsense 1 2")


@pytest.mark.parametrize("game", GAMES)
def test_a_move_read_again_is_a_new_object(game: str) -> None:
    """The notation keeps the texts it read; a caller who changes the move it got (with
    ``object.__setattr__``) changes nothing the next reader gets."""
    g, notation = _notation(game)
    text = next(t for t in (e.strip("'") for e in notation.forms.split("', '"))
                if g.parse_move(t).__dict__)  # a move with fields
    first = g.parse_move(text)
    again = g.parse_move(text)
    assert again == first and again is not first
    name = next(iter(first.__dict__))
    object.__setattr__(first, name, "changed")
    assert g.parse_move(text) == again
