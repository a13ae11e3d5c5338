"""core/schema.py: a data file checked against its typed shape names the file and the key path."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Annotated, Any

import pytest
from pydantic import Field
from typing_extensions import TypedDict

from treasurekit.ahoy.board import load_board
from treasurekit.core import BoardDataError
from treasurekit.core.schema import XY, Count, Float, Int, Slug, Text, fail, key_path, read_as


class _Leaf(TypedDict):
    xy: XY
    n: Count


class _Doc(TypedDict):
    name: Slug
    note: Text
    leaves: Annotated[list[_Leaf], Field(min_length=1)]
    by_name: dict[str, Int]
    scale: Float


def _good() -> dict[str, Any]:
    return {"name": "isle-2", "note": "x", "leaves": [{"xy": [1, 2.5], "n": 0}],
            "by_name": {"a": 1}, "scale": 2}


def test_a_good_document_is_returned_with_pairs_as_float_tuples() -> None:
    doc = read_as(_Doc, _good(), "f.json")
    assert doc["leaves"][0]["xy"] == (1.0, 2.5) and type(doc["leaves"][0]["xy"][0]) is float
    assert doc["scale"] == 2.0 and type(doc["scale"]) is float


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["leaves"][0]["xy"].__setitem__(1, True),
         "f.json: leaves[0].xy[1]: Input should be a valid number; got True"),
        (lambda d: d["leaves"][0].update(n="3"),
         "f.json: leaves[0].n: Input should be a valid integer; got '3'"),
        (lambda d: d["leaves"][0].update(n=1.0),
         "f.json: leaves[0].n: Input should be a valid integer; got 1.0"),
        (lambda d: d["leaves"][0].update(n=-1),
         "f.json: leaves[0].n: Input should be greater than or equal to 0; got -1"),
        (lambda d: d.pop("note"), "f.json: note: is missing"),
        (lambda d: d.update(note="  "),
         "f.json: note: Value error, expected some text, not a blank string; got '  '"),
        (lambda d: d.update(leaves=[]),
         "f.json: leaves: List should have at least 1 item after validation, not 0; "
         "got a list of 0 items"),
        (lambda d: d["by_name"].update(b=None),
         "f.json: by_name.b: Input should be a valid integer; got None"),
        (lambda d: d.update(scale=math.inf), "f.json: scale: Input should be a finite number; "
                                             "got inf"),
        (lambda d: d.update(name="Isle"),
         "f.json: name: String should match pattern '^[a-z0-9-]+$'; got 'Isle'"),
    ],
)
def test_the_first_problem_names_the_key_path_and_the_value(edit: Any, message: str) -> None:
    data = _good()
    edit(data)
    with pytest.raises(BoardDataError) as info:
        read_as(_Doc, data, "f.json")
    assert str(info.value) == message


def test_more_problems_are_counted_and_a_non_object_is_named_as_the_file() -> None:
    with pytest.raises(BoardDataError, match=r"^f\.json: note: is missing \(and 2 more "
                                             r"problems\)$"):
        read_as(_Doc, {"name": "a", "scale": 1.0, "leaves": [{"xy": [0, 0], "n": -1}]}, "f.json")
    with pytest.raises(BoardDataError, match=r"^f\.json: note: is missing \(and 1 more "
                                             r"problem\)$"):
        read_as(_Doc, {"name": "a", "scale": 1.0, "leaves": [{"xy": [0, 0], "n": 1}]}, "f.json")
    with pytest.raises(BoardDataError, match=r"^f\.json: the file: Input should be a valid "
                                             r"dictionary; got a list of 2 items$"):
        read_as(_Doc, [1, 2], "f.json")


def test_key_path_reads_like_the_file() -> None:
    assert key_path(("hexes", 12, "terrain")) == "hexes[12].terrain"
    assert key_path(("bonus", "4", "[key]")) == "bonus.4 (key)"
    assert key_path((3, 0)) == "[3][0]" and key_path(()) == "the file"


def test_a_long_key_of_the_file_is_cut_in_the_message() -> None:
    data = _good()
    data["by_name"]["k" * 5000] = "x"
    with pytest.raises(BoardDataError) as info:
        read_as(_Doc, data, "f.json")
    assert len(str(info.value)) < 200 and "by_name.kkk" in str(info.value)


def test_fail_is_the_message_of_checks_after_the_schema() -> None:
    assert str(fail("f.json", "colours", "has a repeated name")) == (
        "f.json: key 'colours' has a repeated name")


def test_a_data_file_that_is_not_an_object_names_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "board.json"
    bad.write_text(json.dumps(["not", "a", "board"]))
    with pytest.raises(BoardDataError) as info:
        load_board(bad)
    assert str(info.value) == (f"{bad}: the file: Input should be a valid dictionary; "
                               "got a list of 3 items")
