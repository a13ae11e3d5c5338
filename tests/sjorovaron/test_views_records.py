"""Notation, views (hidden map pieces), text, records, options and hand-made positions."""

from __future__ import annotations

import pytest

import treasurekit
from treasurekit.core import GameRecord, MoveParseError, OptionError
from treasurekit.sjorovaron import SjoGame, SjoState, parse_move
from treasurekit.sjorovaron.bots import GreedyBot

H, S, M = "hook", "svullo", "marquis"


def greedy_game(seed: int, players: int = 3) -> SjoState:
    s = SjoGame(players=players).new_initial_state(seed=seed)
    bots = [GreedyBot(seed + i) for i in range(players)]
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(bots[s.current_player].choose(s))
    return s


# ----- notation ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["order p2 5", "deal p1 skull", "roll 4", "hit", "miss", "pick hook g2", "shoot svullo",
     "fire hook", "fire raft", "move", "walk h8 h9 i10", "stay", "jump i4", "jump raft",
     "cross k11", "float", "climb j9", "dig", "drag", "launch", "wait", "push k9", "end"],
)
def test_notation_round_trips(text: str) -> None:
    assert str(parse_move(text)) == text


def test_notation_accepts_the_pirates_real_names() -> None:
    assert str(parse_move("Shoot Tjo-Pang")) == "shoot tjopang"
    assert str(parse_move("pick MÅNSKÄRAN G2")) == "pick manskaran g2"


@pytest.mark.parametrize("text", ["walk", "walk a1 a2 a3 a4 a5 a6 a7", "shoot blackbeard",
                                  "roll 7", "jump", "order p9 1", "move 3 2", "",
                                  "deal p0"])
def test_bad_move_text_names_the_accepted_forms(text: str) -> None:
    with pytest.raises(MoveParseError, match="'walk h8 h9 i10'"):
        parse_move(text)


# ----- views -------------------------------------------------------------------------------------
def test_views_show_own_pieces_counts_of_others_and_no_seed() -> None:
    s = greedy_game(3)
    for p in range(3):
        v = s.view(p)
        assert v.my_pieces == tuple(sorted(s.pieces(p)))
        assert "seed" not in vars(v)
        for q, pv in enumerate(v.pirates):
            assert pv.pieces == len(s.pieces(q))


def test_view_shows_the_spot_only_to_those_who_held_all_eight() -> None:
    s = SjoGame(players=3).position({H: "q14", S: "e12", M: "c11"}, spot="well", knows=[S])
    assert s.view(1).spot == "well"
    assert s.view(0).spot is None and s.view(2).spot is None
    assert [pv.knows for pv in s.view(0).pirates] == [False, True, False]


def test_view_refuses_a_seat_that_does_not_exist() -> None:
    s = SjoGame().new_initial_state(seed=0)
    with pytest.raises(ValueError, match="seat 0-1"):
        s.view(2)


# ----- text --------------------------------------------------------------------------------------
def test_str_shows_status_pirates_and_the_map() -> None:
    s = SjoGame().position({H: "q14", S: "q16"}, wounded={S: 2}, die=2)
    text = str(s)
    lines = text.splitlines()
    assert lines[0] == "Sjörövarön, 2 players - ply 0, round 1, Hook - walk, rolled 2"
    assert lines[1].startswith("p0 Hook      q14  standing   4 pieces")
    assert "wounded 2" in lines[2]
    assert " K " in text and " s " in text  # Hook standing, Svullo lying
    assert len(lines) == 4 + 20
    assert str(s) == text  # stable


# ----- records -----------------------------------------------------------------------------------
def test_record_replays_to_the_same_game() -> None:
    s = greedy_game(5)
    record = GameRecord.from_json(s.to_record().to_json())
    again = treasurekit.replay(record)
    assert str(again) == str(s) and again.outcome() == s.outcome()


def test_undo_restores_a_walk_and_its_loot() -> None:
    s = SjoGame().position({H: "q14", S: "q15"}, wounded={S: 2}, die=2)
    before = str(s)
    s.play("walk q15 q16")
    assert len(s.pieces(0)) == 8
    s.undo()
    assert str(s) == before and len(s.pieces(0)) == 4


# ----- options and positions ------------------------------------------------------------
def test_options_are_checked() -> None:
    with pytest.raises(OptionError, match="did you mean 'hit_faces'"):
        SjoGame(hit_face=3)
    with pytest.raises(OptionError, match="hit_faces"):
        SjoGame(hit_faces=6)
    with pytest.raises(OptionError, match="line_blockers"):
        SjoGame(line_blockers="none")
    assert SjoGame(max_rounds=0).options["max_rounds"] == 0


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"pirates": {H: "q14"}}, "needs 2 pirates"),
        ({"pirates": {H: "q14", "blackbeard": "e12"}}, "blackbeard"),
        ({"pirates": {H: "q12", S: "e12"}}, "rock"),
        ({"pirates": {H: "q14", S: "q14"}}, "both stand on q14"),
        ({"pirates": {H: "q14", S: "e12"}, "wounded": {S: 5}}, "0-3"),
        ({"pirates": {H: "q14", S: "e12"}, "spot": "atlantis"}, "hiding spot"),
        ({"pirates": {H: "q14", S: "e12"}, "pieces": {H: ["skull"]}}, "hidden piece"),
        ({"pirates": {H: "q14", S: "e12"}, "chest": "raft"}, "raft="),
        ({"pirates": {H: "k12", S: "e12"}, "die": 3}, "standing on land"),
    ],
)
def test_position_refuses_bad_setups(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SjoGame().position(**kwargs)  # type: ignore[arg-type]


def test_moves_at_a_hex_are_what_a_click_there_can_mean() -> None:
    s = SjoGame().position({H: "q14", S: "e12"}, die=2)
    assert [str(m) for m in s.moves_at("q16")] == ["walk q15 q16"]
    assert s.moves_at("a1") == []
    t = SjoGame().position({H: "k9", S: "e12"})
    assert [str(m) for m in t.moves_at("j9")] == ["climb j9"]
