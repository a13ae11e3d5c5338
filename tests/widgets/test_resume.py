"""Nothing lost (issue 27.3), at widget level: saves after each move, resume, keys, downloads.

* every app's board saves its game after each change, on the server, under the app's
  key; a fresh page saves nothing until something is played;
* a stored key brings the Resume offer; resuming gives the same position, the same
  seats and the same bots, whose generators go on where they stopped (the next bot
  moves are the same as in the game that was left);
* malformed keys, foreign or tampered saves are refused, and nothing is half-applied;
* a download is the full record once the game is over, the seat record during play,
  and no widget message sent during play holds the seed or the treasure's place.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]
import pytest
from comm.base_comm import BaseComm

from treasurekit import replay
from treasurekit.treasure_island_2018.geometry import fmt_pt
from treasurekit_widgets.apps import APPS, PlayApp, play_app
from treasurekit_widgets.resume import download_record
from treasurekit_widgets.saving import (
    MAX_SAVE_BYTES,
    SaveError,
    SaveStore,
    board_save,
    check_key,
    new_key,
    restore_board,
)

BIG = 7_340_000_000_123  # a seed whose digits cannot turn up by chance


@pytest.fixture(autouse=True)
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TREASUREKIT_SAVES", str(tmp_path))
    return tmp_path


def act(app: PlayApp, rng: random.Random) -> None:
    """One action of the human seat (a roll or a random legal move)."""
    board = app.board
    if board.state.is_chance_node():
        board.roll()
    else:
        board.play(rng.choice(board.state.legal_moves()))


def play_on(app: PlayApp, actions: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(actions):
        if app.board.state.is_terminal():
            return
        act(app, rng)


def saved(saves: Path, app: PlayApp) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((saves / f"{app.saving.saver.key}.json").read_text())
    return data


def test_a_save_after_each_move_and_none_before(saves: Path) -> None:
    app = play_app("ahoy", seed=5)
    assert list(saves.iterdir()) == [] and app.saving.keeper.key == ""
    rng = random.Random(2)
    for _ in range(4):
        act(app, rng)
        save = saved(saves, app)
        assert save["record"]["moves"] == [str(m) for m in app.board.state.history]
        assert save["ply"] == app.board.state.ply
        assert save["record"]["seed"] == 5 and save["app"] == "ahoy"
    assert app.saving.keeper.key == app.saving.saver.key  # handed to the browser
    assert len(list(saves.iterdir())) == 1
    app.board.teaching = True  # a play board refuses to take back a roll: teaching mode may
    app.board.undo()
    assert saved(saves, app)["ply"] == app.board.state.ply  # an undo is saved too


@pytest.mark.parametrize("game", list(APPS))
def test_resume_gives_the_same_game_seats_and_bots(game: str) -> None:
    app = play_app(game, seed=11)
    if game == "ahoy":  # a seat that is not the default one: the form's choice is kept
        app.seat_picks[2].value = "random"
        app.start()
    play_on(app, 5)
    assert not app.board.state.is_terminal()
    again = play_app(game, seed=99)
    again.saving.keeper.stored_key = app.saving.keeper.key  # what the browser sends
    assert again.saving.offer.layout.display == "flex"
    assert f"ply {app.board.state.ply}" in again.saving.offer_text.value
    again.saving.resume_button.click()
    old, new = app.board, again.board
    assert new.state.history == old.state.history and new.seed == old.seed
    assert new.log_lines == old.log_lines
    assert again.seat_choices() == app.seat_choices()
    assert {s: repr(b) for s, b in new.seats.items()} == {s: repr(b) for s, b in old.seats.items()}
    for seat, bot in old.seats.items():
        if bot != "human":
            assert new.seats[seat].rng.getstate() == bot.rng.getstate()
    assert again.saving.offer.layout.display == "none"
    # the bots go on as they would have: the same next moves in both games
    play_on(app, 3, seed=7)
    play_on(again, 3, seed=7)
    assert new.state.history == old.state.history
    assert again.saving.saver.key == app.saving.saver.key  # saved on under the same key


def test_a_bot_seat_resumes_its_own_generator_not_a_fresh_one() -> None:
    app = play_app("ahoy", seed=3)
    play_on(app, 6)
    save = board_save(app.board)
    fresh = play_app("ahoy", seed=3)
    restore_board(fresh.board, save)
    assert fresh.board.seats[1].rng.getstate() == app.board.seats[1].rng.getstate()
    assert fresh.board.seats[1].rng.getstate() != random.Random(1).getstate()


def test_a_finished_game_is_not_offered(saves: Path) -> None:
    app = play_app("skeleton_island", seed=4)
    play_on(app, 2000)
    assert app.board.state.is_terminal() and saved(saves, app)["finished"]
    again = play_app("skeleton_island")
    again.saving.keeper.stored_key = app.saving.keeper.key
    assert again.saving.offer.layout.display == "none"


@pytest.mark.parametrize("key", ["", "../../etc/passwd", "a" * 31, "a" * 33, "a/b" + "c" * 29,
                                 "é" * 32, None, 42])
def test_bad_keys_are_refused(key: Any, saves: Path) -> None:
    with pytest.raises(SaveError, match="not a save key"):
        check_key(key)
    with pytest.raises(SaveError):
        SaveStore(saves).read(key)
    app = play_app("ahoy")
    if isinstance(key, str):
        app.saving.keeper.stored_key = key  # from the browser: quietly nothing to offer
        assert app.saving.offer.layout.display == "none"
    assert check_key(new_key()) and len(new_key()) == 32


def test_broken_saves_are_refused_and_nothing_changes(saves: Path) -> None:
    app = play_app("ahoy", seed=8)
    play_on(app, 4)
    key = app.saving.saver.key
    good = saved(saves, app)
    other = play_app("ahoy", seed=9)
    board, history = other.board, other.board.state.history
    for broken, reason in [
        ({**good, "record": {**good["record"], "moves": [*good["record"]["moves"], "fly"]}},
         "illegal"),
        ({**good, "record": {**good["record"], "game": "sjorovaron"}}, "game of"),
        ({**good, "seats": {**good["seats"], "1": "human"}}, "seat 1"),
        ({**good, "seats": {**good["seats"], "1": {**good["seats"]["1"], "bot": "X()"}}},
         "another bot"),
        ({**good, "players": 9}, "does not belong"),
    ]:
        (saves / f"{key}.json").write_text(json.dumps(broken))
        with pytest.raises(SaveError, match=reason):
            other.saving.resume(key)
        assert other.board is board and board.state.history == history
        assert "cannot be resumed" in other.saving.note.value
    (saves / f"{key}.json").write_text("{not json")
    with pytest.raises(SaveError, match="not JSON"):
        other.saving.resume(key)
    (saves / f"{key}.json").write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(SaveError, match="over the limit"):
        other.saving.resume(key)
    with pytest.raises(SaveError, match="over the limit"):
        SaveStore(saves).write(key, {"x": "y" * MAX_SAVE_BYTES})


# ----- downloads and what goes to the browser -------------------------------------------------
@pytest.fixture
def wire(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every comm message the kernel sends to the browser, as JSON text."""
    sent: list[str] = []
    probe = w.Button()
    kind = type(probe.comm)  # comm.DummyComm outside a kernel (its own publish_msg)
    probe.close()
    assert issubclass(kind, BaseComm)
    original = kind.publish_msg

    def record(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
               buffers: Any = None, **keys: Any) -> None:
        sent.append(json.dumps(data, default=repr))
        original(self, msg_type, data, metadata, buffers, **keys)

    monkeypatch.setattr(kind, "publish_msg", record)
    yield sent


def files_sent(wire: list[str]) -> list[dict[str, Any]]:
    found = []
    for text in wire:
        data = json.loads(text)
        content = (data or {}).get("content") if isinstance(data, dict) else None
        if isinstance(content, dict) and content.get("kind") == "file":
            found.append(content)
    return found


def test_mid_game_download_is_a_seat_record_with_no_secret(wire: list[str]) -> None:
    app = play_app("treasure_island_2018", seed=BIG)
    play_on(app, 4)
    board = app.board
    assert not board.state.is_terminal()
    treasure = board.state.treasure
    assert treasure is not None
    wire.clear()
    app.saving.download_button.click()
    (sent,) = files_sent(wire)
    assert sent["name"] == "treasure_island_2018-seat2-record.json"
    record = json.loads(sent["text"])
    assert "seed" not in record and record["seat"] == 1
    spot = re.compile(r"(?<![\d.])" + re.escape(fmt_pt(treasure)) + r"(?![\d])")
    for text in wire:  # every message of the download, and every widget update
        assert str(BIG) not in text
        assert not spot.search(text), "the treasure's place went to the browser"
    name, text = download_record(board)
    assert json.loads(text) == record and name == sent["name"]


def test_finished_game_download_is_the_full_record(wire: list[str]) -> None:
    app = play_app("ahoy", seed=BIG)
    play_on(app, 3000)
    assert app.board.state.is_terminal()
    wire.clear()
    app.saving.download_button.click()
    (sent,) = files_sent(wire)
    assert sent["name"] == "ahoy-record.json"
    record = json.loads(sent["text"])
    assert record["seed"] == BIG
    assert replay(sent["text"]).history == app.board.state.history


def test_the_key_goes_to_the_browser_only_once_saved_and_pings_are_answered(
        wire: list[str]) -> None:
    app = play_app("sjorovaron", seed=BIG)
    keeper = app.saving.keeper
    assert all(app.saving.saver.key not in text for text in wire)
    play_on(app, 2)
    assert any(app.saving.saver.key in text for text in wire)
    wire.clear()
    keeper._on_message(keeper, {"kind": "ping", "n": 3}, [])
    assert [json.loads(t)["content"] for t in wire] == [{"kind": "pong", "n": 3}]
    assert all(str(BIG) not in text for text in wire)


# ----- notebook boards ----------------------------------------------------------------------
def test_a_notebook_board_saves_once_clicked_and_resumes_by_key(
        saves: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from treasurekit_widgets import LongJohnBoard, saving

    board = LongJohnBoard(players=3, seed=21)
    rng = random.Random(4)
    board.play(rng.choice(board.state.legal_moves())) if not board.state.is_chance_node() \
        else board.roll()
    assert list(saves.iterdir()) == []  # played by code alone: nothing written
    monkeypatch.setattr(saving, "from_the_browser", lambda: True)  # now a click
    board.refresh()
    assert list(saves.iterdir()) == []  # saved from the next change on
    for _ in range(3):
        board.roll() if board.state.is_chance_node() else board.play(
            rng.choice(board.state.legal_moves()))
    key = board.saver.key
    assert json.loads((saves / f"{key}.json").read_text())["ply"] == board.state.ply
    monkeypatch.setattr(saving, "from_the_browser", lambda: False)
    again = LongJohnBoard(players=3, seed=5)  # another seed: its Silver is dealt anew
    saving.resume_board(again, key)
    assert again.state.history == board.state.history
    assert repr(again.seats[0]) == repr(board.seats[0])  # Silver of the saved seed
    assert again.seats[0].rng.getstate() == board.seats[0].rng.getstate()
    assert again.saver.key == key
    wrong = LongJohnBoard(players=4, seed=5)
    history = wrong.state.history
    with pytest.raises(SaveError, match="game of"):
        saving.resume_board(wrong, key)
    assert wrong.state.history == history and wrong.seed == 5


def test_the_keepers_module_ships_with_the_package_and_fetches_nothing() -> None:
    import tomllib

    from treasurekit_widgets import resume

    source = Path(resume.__file__).with_name("resume.js")
    config = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["treasurekit_widgets"]
    assert any(source.match(p) for p in patterns)
    keeper = resume.SaveKeeper(app="ahoy")
    assert keeper.get_state()["_esm"] == source.read_text()  # sent by the kernel itself
    assert not re.search(r"^\s*import\b|\bimport\(|https?://", source.read_text(), re.M)
    keeper.close()


def test_the_save_holds_the_form_that_built_the_board_not_a_later_change(saves: Path) -> None:
    app = play_app("ahoy", seed=6)
    app.players.value = 4  # changed, but Start not pressed: the 3-player game goes on
    app.seat_picks[1].value = "random"
    play_on(app, 3)
    save = saved(saves, app)
    assert save["players"] == 3 and save["choices"]["1"] == "greedy"
    again = play_app("ahoy")
    again.saving.resume(app.saving.saver.key)
    assert again.board.state.history == app.board.state.history
