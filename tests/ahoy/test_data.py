"""The Ahoy board file is validated on load with errors naming the key."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import treasurekit
from tests.bad_data import assert_refused
from treasurekit.ahoy.board import load_board, parse_board
from treasurekit.core import BoardDataError


def standard() -> dict[str, Any]:
    text = resources.files("treasurekit.ahoy").joinpath("data/board.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


def test_standard_board_has_start_squares_path_water_and_five_chests() -> None:
    board = load_board()
    assert [c.name for c in board.colours] == ["red", "blue", "green", "yellow"]
    assert board.length == 20 and board.island_square == 21
    assert len(board.water_squares) == 9 == board.planks
    assert [c.number for c in board.chests] == [1, 2, 3, 4, 5]
    assert [c.value for c in board.chests] == [1, 2, 3, 4, 5]  # ruling AHOY-9


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.pop("path"), "path: is missing"),
        (lambda d: d["path"][3].update(kind="lava"), "path[3].kind"),
        (lambda d: d["path"][4].update(square=9), "path[4].square"),
        (lambda d: d["path"][0].update(kind="water"), "path[0].kind"),
        (lambda d: d.update(planks=3), "'planks' is 3 but the path has 9 water"),
        (lambda d: d["island"]["chests"].pop(), "lists 4 chests"),
        (lambda d: d["island"]["chests"][2].update(number=7), "island.chests[2].number"),
        (lambda d: d["colours"][1].update(letter="R"), "repeated letter"),
        (lambda d: d["colours"][0].update(xy=[1]), "colours[0].xy"),
        (lambda d: d.update(format="v0"), "format: Input should be 'treasurekit-ahoy-board/1'"),
    ],
)
def test_corrupted_board_is_refused_naming_the_key(edit: Any, message: str) -> None:
    data = copy.deepcopy(standard())
    edit(data)
    with pytest.raises(BoardDataError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_board(data, "board.json")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["island"]["chests"][1]["xy"].__setitem__(1, "3"),
         "island.chests[1].xy[1]: Input should be a valid number; got '3'"),
        (lambda d: d["colours"][2].pop("letter"), "colours[2].letter: is missing"),
        (lambda d: d["path"][7].update(kind="lava"),
         "path[7].kind: Input should be 'land' or 'water'; got 'lava'"),
        (lambda d: d.update(planks=True), "planks: Input should be a valid integer; got True"),
    ],
)
def test_bad_board_file_names_the_file_and_the_key_path(
        tmp_path: Path, edit: Any, message: str) -> None:
    assert_refused(load_board, tmp_path, standard(), edit, message)


def test_board_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "board.json"
    bad.write_text('{\n "format": "treasurekit-ahoy-board/1",\n "name": \n}')
    with pytest.raises(BoardDataError, match="line 4"):
        load_board(bad)


def test_a_custom_board_file_can_be_played(tmp_path: Path) -> None:
    data = standard()
    data["name"] = "dry"
    for sq in data["path"]:
        sq["kind"] = "land"
    path = tmp_path / "dry.json"
    path.write_text(json.dumps(data))
    game = treasurekit.load_game("ahoy", board=path)
    assert game.board.name == "dry" and game.board.water_squares == ()


def test_missing_board_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(BoardDataError, match="cannot read Ahoy board file"):
        treasurekit.load_game("ahoy", board=tmp_path / "nope.json")
