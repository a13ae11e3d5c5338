"""The Sjörövarön board widget, driven without a browser: clicks go through the same
paths bqplot and ipywidgets use (the marks' custom-message callbacks, ``Button.click``)."""

from __future__ import annotations

import html
import re

import bqplot as bq
import numpy as np
import pytest

from treasurekit import load_game
from treasurekit.sjorovaron import Pick, Shoot, SjoState, Walk, load_map
from treasurekit_widgets import GameBoard, SjoBoard
from treasurekit_widgets.sjorovaron.draw import (
    KIND_COLOURS,
    SjoPicture,
    chest_hex,
    fan_out,
    key_html,
)

H, S = "hook", "svullo"
TWO_HUMANS = {0: "human", 1: "human"}


def plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def at(board: SjoBoard, state: SjoState) -> SjoBoard:
    board.state = state
    board.refresh()
    return board


def two(seed: int = 1) -> SjoBoard:
    return SjoBoard(players=2, seats=TWO_HUMANS, seed=seed)


def click_at(board: SjoBoard, x: float, y: float) -> None:
    """A click on the map at ``(x, y)`` (map units), as the bqplot front end sends it: on
    the transparent image laid over the whole picture."""
    mark = board.picture.catcher
    mark._msg_callbacks(mark, {"event": "element_click",
                               "data": {"click_x": x, "click_y": y}}, None)


def click_hex(board: SjoBoard, name: str, dx: float = 0.0, dy: float = 0.0) -> None:
    """A click inside hex ``name``, ``(dx, dy)`` off its centre."""
    h = board.game.board.hex(name)
    click_at(board, board.picture.cx[h] + dx, board.picture.cy[h] + dy)


def click_reach(board: SjoBoard, name: str) -> None:
    """A click on the yellow ring of a highlighted hex (a little off its centre)."""
    assert name in board.highlighted()
    click_hex(board, name, 0.25, -0.2)


def press(board: SjoBoard, label: str) -> None:
    for button in board.decision_list.children:
        if getattr(button, "description", None) == label:
            button.click()
            return
    raise AssertionError(f"no button {label!r}: {board.decisions()}")


def follow_hint(board: SjoBoard) -> None:
    """One human step the way a player following the hint would do it."""
    state = board.state
    if state.is_chance_node():
        board.roll_button.click()
        return
    move = board.hint()
    assert move is not None
    if isinstance(move, Pick):
        board.pick_choice.value = move.pirate
        click_hex(board, move.at)
    elif isinstance(move, Walk):
        click_hex(board, move.end)
    else:
        press(board, next(label for label, text in board.decisions() if text == str(move)))


def test_roll_then_click_a_reachable_hex_moves_the_pirate() -> None:
    board = at(two(), load_game("sjorovaron", players=2).position({H: "q14", S: "e12"}))
    press(board, "Move over land (roll)")
    assert board.state.phase == "roll" and not board.roll_button.disabled
    board.roll_button.click()
    lit = board.highlighted()
    assert lit == sorted(board.state.reachable(), key=board.game.board.hex)
    click_reach(board, lit[0])
    assert board.state.pirate(0).at == board.game.board.hex(lit[0])
    assert "walks q14" in board.log_lines[-1] or any("walks q14" in x for x in board.log_lines)


def test_a_refused_click_shows_why_and_changes_nothing() -> None:
    board = at(two(), load_game("sjorovaron", players=2).position({H: "q14", S: "e12"},
                                                                 die=2))
    before = board.state.history
    click_hex(board, "a1")
    assert "a walk goes over land only" in plain(board.notice_box.value)
    click_hex(board, "e12")
    assert "no walk of exactly 2 ends on e12" in plain(board.notice_box.value)
    assert board.state.history == before
    click_hex(board, "q16")
    assert board.state.pirate(0).at == board.game.board.hex("q16") and board.notice == ""


def test_click_before_the_roll_and_on_a_bots_turn_is_refused() -> None:
    board = SjoBoard(seed=3)
    click_hex(board, "k11")
    assert "must roll the die first" in plain(board.notice_box.value)
    assert board.state.ply == 0


def test_shoot_through_its_button() -> None:
    board = at(two(seed=2), load_game("sjorovaron", players=2).position({H: "q14", S: "n14"}))
    assert ("Shoot at Svullo", "shoot svullo") in board.decisions()
    press(board, "Shoot at Svullo")
    assert Shoot(S) in board.state.history
    assert any("Shooting at Svullo" in line for line in board.log_lines)
    assert board.state.phase != "shot"  # the board rolls the shooting die itself


def test_pick_by_choosing_a_pirate_and_clicking_a_start_hex() -> None:
    board = SjoBoard(seed=1)
    board.roll()
    assert board.state.phase == "pick" and board.pick_choice.layout.display == "flex"
    target = board.highlighted()[0]
    board.pick_choice.value = "hook"
    click_hex(board, target)
    assert board.state.pirate(0).name == "hook"
    assert board.state.pirate(0).at == board.game.board.hex(target)
    assert board.pick_choice.layout.display == "none"


def test_bots_play_their_seats_until_the_humans_turn() -> None:
    board = SjoBoard(seed=5)
    for _ in range(12):
        follow_hint(board)
    assert board.turn_of(board.state) in (0, None) or board.state.is_terminal()
    movers = {line.split()[0] for line in board.log_lines}
    assert len(movers) >= 4


def test_undo_takes_back_to_the_previous_human_decision() -> None:
    board = SjoBoard(seed=5, teaching=True)  # the mechanics: past rolls too
    for _ in range(6):
        follow_hint(board)
    ply = board.state.ply
    taken = board.undo()
    assert taken and board.state.ply < ply
    assert board.is_human(board.turn_of(board.state))


def test_same_seed_same_log() -> None:
    logs = []
    for _ in range(2):
        board = SjoBoard(seed=7)
        for _ in range(25):
            if board.state.is_terminal():
                break
            follow_hint(board)
        logs.append(board.log_lines)
    assert logs[0] == logs[1] and len(logs[0]) > 20
    board.new_game(seed=7)
    assert board.state.ply == 0 and board.log_lines == []


def test_a_full_four_player_game_with_a_human_following_the_hint() -> None:
    board = SjoBoard(seed=4)
    for _ in range(3000):
        if board.state.is_terminal():
            break
        follow_hint(board)
    assert board.state.is_terminal()
    outcome = board.state.outcome()
    assert outcome is not None
    assert "Game over" in plain(board.status.value)
    assert repr(board) == f"SjoBoard(players=4, ply={board.state.ply}, game over)"


def test_repr_is_short_and_stable() -> None:
    a, b = SjoBoard(seed=1), SjoBoard(seed=1)
    assert repr(a) == repr(b) == "SjoBoard(players=4, ply=0, Player 1 to roll)"
    assert len(repr(a)) < 110


def test_no_hidden_pieces_of_others_in_the_rendered_widgets() -> None:
    board = SjoBoard(seed=2)
    board.hint_button.value = True
    for _ in range(60):
        if board.state.is_terminal():
            break
        follow_hint(board)
        state = board.state
        mine = set(state.view(0).my_pieces)
        hidden = set(board.game.board.piece_ids) - mine
        if 0 in state.knows:
            hidden.discard(state.hidden_piece)
        texts = [board.status.value, board.pirates_box.value, board.log_box.value,
                 board.hint_panel.value, board.notice_box.value,
                 *(b.description for b in board.decision_list.children)]
        for piece in hidden:
            for text in texts:
                assert not re.search(rf"\b{piece}\b", text), (piece, text[:200])
        spot = chest_hex(state.view(0), board.game.board)
        if state.chest[0] == "buried" and 0 not in state.knows:
            assert spot is None and list(board.picture.chest.x) == []


def test_terrain_is_coloured_per_hex_kind_and_drawn_from_corners() -> None:
    board = SjoBoard(seed=1)
    m = board.game.board
    picture = board.picture
    terrain = picture.terrain
    assert list(terrain.fill_colors) == [KIND_COLOURS[k] for k in picture.kinds]
    assert sorted(picture.kinds) == sorted(set(m.kinds))
    for curve, kind in enumerate(picture.kinds):  # each hex of the kind: 7 points, a NaN
        xs = np.asarray(terrain.x[curve])
        hexes = [h for h in range(len(m.hexes)) if m.kinds[h] == kind]
        assert int(np.isfinite(xs).sum()) == 7 * len(hexes), kind
        first = m.corners(hexes[0])
        assert np.allclose(xs[:6], [x for x, _ in first]) and np.isnan(xs[7])
    assert "tk-sjo-figure" in picture.figure._dom_classes
    assert isinstance(board, GameBoard) and "tk-board" in board._dom_classes


def test_the_picture_is_a_few_marks_not_one_element_per_hex() -> None:
    """Every SVG element of the figure is styled again on each button press in the page:
    the 437 hexes are one curve per kind of ground, the striped frames one curve, and the
    click catcher one image (no click circle per hex)."""
    picture = SjoBoard(seed=1).picture
    curves = sum(len(np.atleast_2d(m.x)) for m in picture.figure.marks
                 if isinstance(m, bq.Lines))
    points = sum(len(m.x) for m in picture.figure.marks if isinstance(m, bq.Scatter))
    assert curves <= 40 and points <= 60, (curves, points)
    assert picture.figure.marks[-1] is picture.catcher


def test_a_click_anywhere_in_a_hex_means_that_hex() -> None:
    """The catcher turns a click's map point into the hex it lies in: any point inside a
    hex (nearer its centre than any other), not only its centre."""
    m = load_map()
    clicked: list[int] = []
    picture = SjoPicture(m, clicked.append)
    for name in ("k11", "q14", "e12"):
        h = m.hex(name)
        corners = np.array(m.corners(h))
        centre = corners.mean(axis=0)
        for corner in corners:  # 0.8 of the way to each corner: still inside
            x, y = centre + 0.8 * (corner - centre)
            picture._clicked(picture.catcher, {"data": {"click_x": x, "click_y": y}})
        assert clicked == [h] * 6, name
        clicked.clear()
    picture._clicked(picture.catcher, {"data": {}})  # no point: nothing
    assert clicked == []


def test_hint_panel_ranks_moves() -> None:
    board = at(two(), load_game("sjorovaron", players=2).position({H: "q14", S: "n14"}))
    board.hint_button.value = True
    assert "shoot svullo" in board.hint_panel.value
    assert board.hint_panel.layout.display == "block"


def test_options_and_bad_arguments() -> None:
    with pytest.raises(TypeError, match="not both"):
        SjoBoard(load_game("sjorovaron"), players=3)
    board = SjoBoard(players=3, seed=1)
    assert board.game.num_players == 3
    assert sorted(board.seats) == [0, 1, 2]


def test_pirates_sharing_a_hex_are_fanned_out_side_by_side() -> None:
    assert fan_out([3, 4]) == [(0.0, 0.0), (0.0, 0.0)]
    left, alone, right = fan_out([3, 4, 3])
    assert alone == (0.0, 0.0) and left[0] < 0 < right[0]
    pos = load_game("sjorovaron", players=2).position({H: "q14", S: "q16"},
                                                      wounded={S: 2}, die=2)
    pos.play("walk q15 q16")  # Hook ends on the wounded Svullo's hex
    pic = SjoPicture(pos.board, lambda h: None)
    pic.draw(pos.view(0), [])
    assert len(set(pic.pirates.x)) == 2 and list(pic.tags.x) == list(pic.pirates.x)
    assert list(pic.pirates.size) == [0.5, 0.5]
    assert list(pic.tags.text) == ["K", "s2"]  # the text map's letters: Hook is K


def test_key_explains_every_mark_with_a_neutral_example() -> None:
    key = plain(key_html())
    for words in ("starting hex", "violet ring", "rowing boat", "x: the mortar's raft hexes",
                  "striped", "hiding spot", "raft (R)", "wounded: lower case, turns left"):
        assert words in key
    assert "Hannibal" not in key


def test_wound_status_wording_and_pressing_without_buttons() -> None:
    pos = load_game("sjorovaron", players=2).position({H: "q14", S: "n14"},
                                                      wounded={S: 1})
    board = at(two(), pos)
    assert "misses 1 more turn " in plain(board.pirates_box.value)
    board = SjoBoard(seed=3)
    with pytest.raises(ValueError, match="no buttons now: press Roll the die"):
        board.decide("x")
