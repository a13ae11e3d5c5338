"""Records, data options, seeds, game names and move text from untrusted sources
(issue 16): refused with the error of their kind, quickly, without opening a file."""

from __future__ import annotations

import builtins
import io
import json
import os
import pathlib
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import treasurekit
from tests.core.data_options import DATA_OPTIONS
from treasurekit.core import (
    BoardDataError,
    GameRecord,
    IllegalMoveError,
    MoveParseError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from treasurekit.core.inputs import MAX_MOVE_CHARS, parse_decimal, parse_int, short


def _record(game: str, **options: Any) -> str:
    return json.dumps({"game": game, "options": options, "seed": 1, "moves": []})


@pytest.fixture(name="no_file_access")
def _no_file_access(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every way the engine could open a file now records the attempt and fails."""
    attempts: list[str] = []

    def refuse(*args: Any, **kwargs: Any) -> Any:
        attempts.append(repr(args[:1]))
        raise AssertionError(f"a file was opened: {args[:1]!r}")

    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(io, "open", refuse)
    monkeypatch.setattr(pathlib.Path, "open", refuse)
    monkeypatch.setattr(pathlib.Path, "read_text", refuse)
    monkeypatch.setattr(pathlib.Path, "read_bytes", refuse)
    monkeypatch.setattr(os, "open", refuse)
    return attempts


@pytest.mark.parametrize(("game", "option", "_pkg", "_file"), DATA_OPTIONS)
@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom", "/etc/passwd", "board.json",
                                  "../../data/map.json", "C:\\boards\\x.json"])
def test_record_naming_a_path_is_refused_without_opening_it(
        game: str, option: str, _pkg: str, _file: str, path: str,
        no_file_access: list[str]) -> None:
    with pytest.raises(RecordError, match=f"option {option}=") as info:
        treasurekit.replay(_record(game, **{option: path}))
    assert "never as text or through a record" in str(info.value)
    assert no_file_access == []


@pytest.mark.parametrize(("game", "option", "_pkg", "_file"), DATA_OPTIONS)
def test_data_option_as_text_is_never_a_file_name(
        game: str, option: str, _pkg: str, _file: str, no_file_access: list[str]) -> None:
    with pytest.raises(OptionError, match=r"pathlib\.Path"):
        treasurekit.load_game(game, **{option: "/dev/zero"})
    assert no_file_access == []


@pytest.mark.parametrize(("game", "option", "pkg", "file"), DATA_OPTIONS)
def test_custom_data_file_is_passed_as_a_path(
        game: str, option: str, pkg: str, file: str, tmp_path: Path) -> None:
    src = resources.files(f"treasurekit.{pkg}").joinpath(file)
    path = tmp_path / "mine.json"
    path.write_bytes(src.read_bytes())
    g = treasurekit.load_game(game, **{option: path})
    assert g == treasurekit.load_game(game, **{option: path})


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_custom_data_file_is_read_with_a_size_limit(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(BoardDataError, match="larger than"):
        treasurekit.load_game("ahoy", board=Path(device))


def test_record_of_a_custom_board_names_no_path_and_replays_with_the_board_given(
        tmp_path: Path) -> None:
    path = tmp_path / "secret-folder" / "my_board.json"
    path.parent.mkdir()
    shutil.copyfile(str(resources.files("treasurekit.ahoy").joinpath("data/board.json")), path)
    state = treasurekit.load_game("ahoy", board=path).new_initial_state(3)
    state.resolve_chance()
    text = state.to_record().to_json()
    assert "secret-folder" not in text
    assert json.loads(text)["options"]["board"] == "custom:my_board.json"
    with pytest.raises(RecordError, match=r"board='custom:my_board\.json'"):
        treasurekit.replay(text)
    again = treasurekit.replay(text, board=path)
    assert again.history == state.history


def test_replay_refuses_deep_nesting_in_bounded_time() -> None:
    deep = '{"game": "ahoy", "options": {"x": ' + "[" * 100_000 + "]" * 100_000 + "}}"
    with pytest.raises(RecordError, match="nests deeper"):
        treasurekit.replay(deep)
    with pytest.raises(RecordError, match="nests deeper"):
        GameRecord.from_json("[" * 50 + "]" * 50)


def test_replay_refuses_huge_records_before_parsing() -> None:
    huge = '{"game": "ahoy", "seed": 1, "moves": ["' + "x" * 5_000_000 + '"]}'
    with pytest.raises(RecordError, match="at most") as info:
        treasurekit.replay(huge)
    assert len(str(info.value)) < 200
    many = json.dumps({"game": "ahoy", "seed": 1, "moves": ["pass"] * 100_001})
    with pytest.raises(RecordError, match="100,001 moves"):
        GameRecord.from_json(many)


@pytest.mark.parametrize("seed", ["5" * 5000, "-1", "1e3", "1.5", "true", '"7"', "null",
                                  "NaN", "Infinity", str(2**63), "[1]"], ids=short)
def test_record_seed_must_be_a_bounded_whole_number(seed: str) -> None:
    text = f'{{"game": "ahoy", "options": {{}}, "seed": {seed}, "moves": []}}'
    with pytest.raises(RecordError) as info:
        treasurekit.replay(text)
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("seed", [-1, 2**63, 10**5000, 1.0, "7", None, True],
                         ids=["negative", "2**63", "5001 digits", "float", "text", "None", "bool"])
def test_new_initial_state_refuses_bad_seeds_with_an_option_error(seed: Any) -> None:
    for name in treasurekit.GAMES:
        with pytest.raises(OptionError, match="seed"):
            treasurekit.load_game(name).new_initial_state(seed)


def test_largest_seed_plays_and_records() -> None:
    state = treasurekit.load_game("ahoy").new_initial_state(2**63 - 1)
    state.resolve_chance()
    assert treasurekit.replay(state.to_record().to_json()).history == state.history


@pytest.mark.parametrize("name", [None, ["ahoy"], 3, b"ahoy", "ahoyy", "x" * 10_000, ""],
                         ids=lambda n: short(n, 20))
def test_load_game_refuses_unknown_names_with_a_value_error_naming_the_games(
        name: Any) -> None:
    with pytest.raises(UnknownGameError) as info:
        treasurekit.load_game(name)
    assert isinstance(info.value, ValueError)
    assert "ahoy" in str(info.value) and "skeleton_island" in str(info.value)
    assert len(str(info.value)) < 300


def test_record_of_an_unknown_game_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="no game called 'chess'"):
        treasurekit.replay(_record("chess"))


# Unicode digits and over-long numbers in every game's notation (issue 16 examples).
UNICODE_DIGITS = [
    ("ahoy", ["roll 3"], "move start ²"),
    ("ahoy", ["roll 3"], "move ¹ 3"),
    ("ahoy", ["roll 3"], "move start " + "9" * 5000),
    ("sjorovaron", [], "order p0 ⁵"),
    ("skeleton_island", [], "spread ３"),
    ("skeleton_island", [], "spread " + "1" * 5000),
    ("treasure_island_2003", [], "roll ３ 4"),
    ("treasure_island_2018", [], "bury 1²,3"),
    ("treasure_island_2018", [], "bury 1e3,3"),
    ("treasure_island_2018", [], "bury nan,3"),
    ("treasure_island_2018", [], "deal p¹ d3"),
]


@pytest.mark.parametrize(("game", "before", "text"), UNICODE_DIGITS,
                         ids=[f"{g}-{short(t, 20)}" for g, _, t in UNICODE_DIGITS])
def test_unicode_and_huge_numbers_are_move_errors(game: str, before: list[str],
                                                  text: str) -> None:
    state = treasurekit.load_game(game).new_initial_state(1)
    for m in before:
        state.play(m)
    history = state.history
    reason = state.why_illegal(text)
    assert isinstance(reason, str) and len(reason) < 600  # the notation's forms, no more
    with pytest.raises(IllegalMoveError):
        state.play(text)
    assert state.history == history
    rec = json.dumps({"game": game, "seed": 1, "moves": [*before, text]})
    with pytest.raises(RecordError, match=f"record move {len(before) + 1} "):
        treasurekit.replay(rec)


def _sjo_walk_state() -> Any:
    state = treasurekit.load_game("sjorovaron").new_initial_state(1)
    while state.is_chance_node():
        state.resolve_chance()
    return state


def test_sjorovaron_walk_with_a_unicode_digit_is_a_move_error() -> None:
    state = _sjo_walk_state()
    assert isinstance(state.why_illegal("walk a²"), str)
    with pytest.raises(MoveParseError):
        state.play("walk a²")


@pytest.mark.parametrize("text", ["verify ²", "card ³", "hint bermuda t1 t² red bluff",
                                  "hint manuscript d² d3 truth", "ask district ²",
                                  "ask near red ⁵", "share d²", "reveal d" + "1" * 5000],
                         ids=lambda t: short(t, 30))
def test_treasure_island_2018_unicode_digits_are_reasons_not_crashes(text: str) -> None:
    state = treasurekit.load_game("treasure_island_2018").new_initial_state(1)
    state.play("bury 10,13")
    while state.is_chance_node():
        state.resolve_chance()
    before = state.history
    reason = state.why_illegal(text)
    assert isinstance(reason, str)
    with pytest.raises(IllegalMoveError):
        state.play(text)
    assert state.history == before


def test_error_messages_quote_a_short_prefix_of_a_huge_move() -> None:
    state = treasurekit.load_game("ahoy").new_initial_state(1)
    text = "move " + "x" * 1_000_000
    with pytest.raises(MoveParseError) as info:
        state.play(text)
    assert len(str(info.value)) < 300
    assert len(state.why_illegal(text) or "") < 300
    assert len(state.why_illegal("move " + "x" * MAX_MOVE_CHARS) or "") < 400


def test_option_errors_quote_a_short_prefix() -> None:
    with pytest.raises(OptionError) as info:
        treasurekit.load_game("ahoy", variant="v" * 100_000)
    assert len(str(info.value)) < 300
    with pytest.raises(OptionError) as info:
        treasurekit.load_game("ahoy", **{"o" * 100_000: 1})
    assert len(str(info.value)) < 400


def test_number_helpers_accept_ascii_digits_of_bounded_length_only() -> None:
    assert parse_int("0042") == 42
    assert [parse_int(w) for w in ["²", "٣", "-1", "+1", " 1", "1_0", "", "1" * 10]] == [
        None] * 8
    assert parse_decimal("12.5") == 12.5 and parse_decimal("-3") == -3.0
    assert [parse_decimal(w) for w in ["1e3", "inf", "nan", "1_0.5", "１", "1.2.3"]] == [
        None] * 6
    assert short("a" * 1000).endswith("(1000 characters)")


def test_data_file_with_a_renamed_character_is_refused_at_load(tmp_path: Path) -> None:
    src = resources.files("treasurekit.treasure_island_2018").joinpath("data/hints.json")
    data = json.loads(src.read_text())
    data["characters"][0]["id"] = "annie"
    path = tmp_path / "hints.json"
    path.write_text(json.dumps(data))
    with pytest.raises(BoardDataError, match=r"hints.json: key 'characters\[0\].id'"):
        treasurekit.load_game("treasure_island_2018", cards=path)


@pytest.mark.parametrize(("game", "option", "_pkg", "_file"), DATA_OPTIONS)
@pytest.mark.parametrize(("content", "problem"), [
    (b"\xff\xfe{}", "not UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nests deeper"),
    (b'{"a": ' + b"9" * 5000 + b"}", "too many digits"),
    (b'{"a": NaN}', "NaN"),
])
def test_data_file_decoding_problems_name_the_file(
        game: str, option: str, _pkg: str, _file: str, content: bytes, problem: str,
        tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    with pytest.raises(BoardDataError, match=problem) as info:
        treasurekit.load_game(game, **{option: path})
    assert "broken.json" in str(info.value)
