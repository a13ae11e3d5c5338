"""core/draft.py: the one way to build the next position (issue 25 point 1)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from treasurekit.core.draft import Draft, fields_of, replace


@dataclass(frozen=True)
class Spot:
    turn: int
    dice: tuple[int, ...]
    chests: frozenset[int]


BASE = Spot(turn=0, dice=(), chests=frozenset({1}))


@dataclass(frozen=True, slots=True)
class Slotted:
    turn: int
    dice: tuple[int, ...]


def test_a_draft_freezes_into_a_new_equal_hashable_position() -> None:
    d = Draft(BASE)
    d.turn = 1
    d.dice = (*d.dice, 4)
    new = d.freeze()
    expected = Spot(turn=1, dice=(4,), chests=frozenset({1}))
    assert new == expected and hash(new) == hash(expected)
    assert type(new) is Spot
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.turn = 2  # type: ignore[misc]


def test_the_old_position_is_never_touched() -> None:
    d = Draft(BASE)
    d.turn = 5
    first = d.freeze()
    d.turn = 6  # changing the draft after freezing changes no position built from it
    assert (BASE.turn, first.turn, d.freeze().turn) == (0, 5, 6)


def test_a_name_that_is_not_a_field_is_refused_by_name() -> None:
    d = Draft(BASE)  # a position with a dict: the draft keeps one; freeze refuses
    d.trun = 1
    with pytest.raises(AttributeError, match=r"Spot has no field 'trun' \(fields: turn, "):
        d.freeze()
    slotted = Draft(Slotted(turn=0, dice=()))  # a slotted position: refused at once
    with pytest.raises(AttributeError, match="'Draft' object has no attribute 'trun'"):
        slotted.trun = 1
    with pytest.raises(AttributeError, match="has no field 'die'"):
        replace(BASE, die=6)


def test_a_deleted_field_is_refused_at_freeze() -> None:
    d = Draft(BASE)
    del d.turn
    with pytest.raises(AttributeError, match="turn"):
        d.freeze()


def test_the_fields_are_declared_once_in_the_position() -> None:
    assert fields_of(Spot) == ("turn", "dice", "chests")
    # a slotted position's draft has the position's fields as its slots (not written twice)
    assert type(Draft(Slotted(0, ()))).__slots__ == fields_of(Slotted)
    assert "__slots__" not in vars(Draft) or Draft.__slots__ == ()


def test_replace_equals_dataclasses_replace() -> None:
    assert replace(BASE, turn=3) == dataclasses.replace(BASE, turn=3)


def test_a_slotted_position_is_built_the_same_way() -> None:
    base = Slotted(turn=0, dice=(1,))
    d = Draft(base)
    d.turn = 2
    new = d.freeze()
    assert new == Slotted(2, (1,)) and hash(new) == hash(Slotted(2, (1,)))
    assert base.turn == 0 and replace(base, dice=()) == Slotted(0, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        new.turn = 3  # type: ignore[misc]
    with pytest.raises(AttributeError, match="Slotted has no field 'die'"):
        replace(base, die=6)


def test_a_non_dataclass_is_refused_with_a_reason() -> None:
    with pytest.raises(TypeError, match="not a dataclass"):
        Draft(object())


def test_a_subclass_keeps_its_working_attributes_out_of_the_fields() -> None:
    class TurnDraft(Draft[Spot]):
        __slots__ = ("then",)

    d = TurnDraft(BASE)
    d.then = "next step"
    d.turn = 2
    assert d.freeze() == Spot(turn=2, dice=(), chests=frozenset({1}))
    assert isinstance(d, TurnDraft) and type(d).__name__ == "TurnDraft"

    class Clash(Draft[Spot]):
        __slots__ = ("turn",)

    with pytest.raises(TypeError, match="declares 'turn' in __slots__, a field of Spot"):
        Clash(BASE)
