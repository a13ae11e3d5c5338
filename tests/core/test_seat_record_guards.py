"""Both record readers are guarded (issue 23 point 6): ``replay_seat`` reads its JSON with
the same bounded reader as ``replay`` (size, nesting, numbers), both refuse a key written
twice, NaN and Infinity, and whatever is wrong, only a ``RecordError`` comes out (no
RecursionError, AttributeError, TypeError or plain ValueError)."""

from __future__ import annotations

import functools
import json
import time
from typing import Any

import pytest

import treasurekit
from treasurekit.core import RecordError
from treasurekit.core.inputs import MAX_DEPTH

READERS = {"replay": treasurekit.replay, "replay_seat": treasurekit.replay_seat}


@functools.cache
def seat_text(game: str = "sjorovaron") -> str:
    state = treasurekit.load_game(game, players=2).new_initial_state(seed=4)
    while state.ply < 12 and not state.is_terminal():
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(state.legal_moves()[0])
    return state.to_record(seat=0).to_json()


@functools.cache
def full_text() -> str:
    state = treasurekit.load_game("ahoy", players=2).new_initial_state(seed=4)
    for _ in range(6):
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(state.legal_moves()[0])
    return state.to_record().to_json()


def text_for(reader: str) -> str:
    return seat_text() if reader == "replay_seat" else full_text()


def refused(reader: str, text: str | bytes, match: str | None = None) -> str:
    """The RecordError message ``reader`` gives ``text`` (any other error fails)."""
    with pytest.raises(RecordError, match=match) as info:
        READERS[reader](text)
    assert type(info.value) is RecordError
    assert len(str(info.value)) < 600
    return str(info.value)


def test_the_untampered_records_replay() -> None:
    assert len(treasurekit.replay_seat(seat_text()).views) == 13
    assert treasurekit.replay(full_text()).ply == 6


@pytest.mark.parametrize("reader", READERS)
def test_a_key_written_twice_is_refused(reader: str) -> None:
    """json.loads keeps the last of two equal keys: a record could say "ahoy" to one
    reader and "sjorovaron" to another."""
    text = text_for(reader)
    twice = text.replace('"game": ', '"game": "ahoy", "game": ', 1)
    assert twice != text
    refused(reader, twice, "appears twice")
    nested = text.replace('"options": {', '"options": {"players": 3, ', 1)
    refused(reader, nested, "'players' appears twice")


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_refused_anywhere(reader: str, constant: str) -> None:
    data = json.loads(text_for(reader))
    data["options"] = {"players": 2, "x": "PLACEHOLDER"}
    text = json.dumps(data).replace('"PLACEHOLDER"', constant)
    refused(reader, text, "not a number JSON allows")
    if reader == "replay_seat":
        data = json.loads(text_for(reader))
        key = next(iter(data["views"][0]))
        data["views"][0][key] = "PLACEHOLDER"
        refused(reader, json.dumps(data).replace('"PLACEHOLDER"', constant),
                "not a number JSON allows")


@pytest.mark.parametrize("reader", READERS)
def test_a_30_megabyte_move_is_refused_before_parsing(reader: str) -> None:
    data = json.loads(text_for(reader))
    data["moves"][0] = "PLACEHOLDER"
    text = json.dumps(data).replace("PLACEHOLDER", "x" * 30_000_000)
    t0 = time.perf_counter()
    message = refused(reader, text, "at most")
    assert time.perf_counter() - t0 < 2.0
    assert "xxxxxxxxxx" not in message


def test_a_long_move_within_the_size_limit_is_refused_by_name() -> None:
    data = json.loads(seat_text())
    data["moves"][2] = "x" * 100_000
    refused("replay_seat", json.dumps(data), "move 3 is 'xxx")
    data = json.loads(seat_text())
    data["events"][1] = ["y" * 100_000]
    refused("replay_seat", json.dumps(data), "'events'")


def test_seat_records_have_the_same_bounds_as_full_records() -> None:
    from treasurekit.core.seat import MAX_SEAT_RECORD_CHARS

    assert MAX_SEAT_RECORD_CHARS < 30_000_000
    data = json.loads(seat_text())
    data["moves"] = ["pass"] * 100_001
    refused("replay_seat", json.dumps(data), "at most 100,000")
    data = json.loads(seat_text())
    data["seat"] = 10**30
    refused("replay_seat", json.dumps(data), "too many digits")
    data["seat"] = 10**15
    refused("replay_seat", json.dumps(data), "'seat'")
    data = json.loads(seat_text())
    data["options"]["players"] = 1e300
    refused("replay_seat", json.dumps(data), "out of range")


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 200_000])
def test_deep_nesting_is_refused_in_bounded_time(reader: str, depth: int) -> None:
    data = json.loads(text_for(reader))
    data["options"] = {"players": "PLACEHOLDER"}
    text = json.dumps(data).replace('"PLACEHOLDER"', "[" * depth + "]" * depth)
    t0 = time.perf_counter()
    refused(reader, text, "nests deeper")
    assert time.perf_counter() - t0 < 2.0


@pytest.mark.parametrize("value", [
    {"pirates": "everyone"}, [], 7, None, "1/0", "x" * 5000, [[[[1]]]], {"": {"": {}}},
    ["1/0"], [{"a": 1}], 10**19, -1.5, True,
], ids=repr)
def test_any_value_in_any_view_field_is_a_record_error(value: Any) -> None:
    """Every field of the first view and of a later view replaced by odd JSON."""
    base = json.loads(seat_text())
    for ply in (0, 5):
        for key in list(base["views"][0]):
            data = json.loads(seat_text())
            data["views"][ply][key] = value
            try:
                treasurekit.replay_seat(json.dumps(data))
            except RecordError as exc:
                assert type(exc) is RecordError and len(str(exc)) < 1500


@pytest.mark.parametrize("fraction", ["1/0", "0/0", "9" * 5000 + "/7", "1/x", "½"])
def test_a_bad_fraction_in_a_view_is_a_record_error(fraction: str) -> None:
    from fractions import Fraction

    from treasurekit.core.seat import from_jsonable

    with pytest.raises(RecordError, match="fraction"):
        from_jsonable(Fraction, fraction)
    assert from_jsonable(Fraction, "-3/4") == Fraction(-3, 4)


@pytest.mark.parametrize("record", [None, 7, b"\xff\xfe", ["a"], {"game": "ahoy"}, 2.5],
                         ids=repr)
def test_replay_seat_of_a_non_record_is_a_record_error(record: Any) -> None:
    with pytest.raises(RecordError):
        treasurekit.replay_seat(record)


@pytest.mark.parametrize("options", [{"players": [2]}, {"players": {"a": 1}},
                                     {"players": "2"}, {"seed": 3}, {"": 1},
                                     {"players": 10**18}])
def test_bad_options_in_a_seat_record_are_a_record_error(options: dict[str, Any]) -> None:
    data = json.loads(seat_text())
    data["options"] = options
    refused("replay_seat", json.dumps(data))
