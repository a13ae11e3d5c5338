"""Hidden information and views, the notation, the text of a position and records (``view.py``,
``moves.py``, ``text.py``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import treasurekit
from tests.skeleton_island.helpers import P0, P1, game, row, set_up
from treasurekit.core import MoveParseError
from treasurekit.skeleton_island import (
    Rest,
    parse_move,
)


# ----- hidden information and views -------------------------------------------------------
def test_hidden_face_down_cards_are_unknown_to_everyone_in_state_and_views() -> None:
    s = set_up(seed=6)
    rng = random.Random(6)
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
            continue
        face_down = [c for c in s.pile.cards.values() if not c.face_up]
        assert all(c.kind is None for c in face_down)  # nothing fixed in advance
        assert sum(s.unseen().values()) == len(face_down)  # the pool is exactly them
        for p in range(2):
            v = s.view(p)
            assert all(c.kind is None for c in v.table if not c.face_up)
            assert "seed" not in vars(v)
        s.play(rng.choice(s.legal_moves()))


def test_views_show_every_collection_ruling_skel_16() -> None:
    s = game().position(row("coin-1"), collections={P0: ["coin-3"], P1: ["pirate-hook"]})
    v = s.view(P0)
    assert [k for _, k in v.collections[P1]] == ["pirate-hook"]
    assert v.scores == (3, 0) and v.islands[0] == ("red", None)
    assert v.phase == "start" and v.can_blow and v.uncovered == (0,)
    assert dict(v.unseen)["coin-3"] == 1


def test_views_carry_the_geometry_to_draw_the_pile() -> None:
    s = game().position([("coin-1", 0, 0, 90), (None, 3, 0, 0)])
    v = s.view(P1)
    assert v.card_size == (5.7, 8.9)
    assert [(c.id, c.face_up, c.kind, c.uncovered) for c in v.table] == [
        (0, True, "coin-1", False), (1, False, None, True)]
    assert v.table[0].corners(v.card_size)[0] == (4.45, -2.85)


def test_views_are_equal_for_every_seat_but_the_seat_number() -> None:
    s = set_up(seed=1)
    a, b = s.view(0), s.view(1)
    assert a.table == b.table and a.collections == b.collections and a.player != b.player


# ----- notation ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    ["take 17", "keep", "rest 3.5,-2,30", "rest 0,0,0", "discard 3 8 9", "steal p1 22",
     "steal p1", "double", "blow", "spread 417", "reveal 12 map-red-half",
     "reveal 3 pirate-rum-bottle", "gust ne strong", "stolen 22"],
)
def test_notation_round_trips(text: str) -> None:
    move = parse_move(text)
    assert str(move) == text and parse_move(str(move)) == move


def test_notation_rest_is_rounded_to_hundredths_and_tenths_of_a_degree() -> None:
    assert parse_move("rest 1.234, -0.001, 390.04") == Rest(1.23, 0.0, 30.0)
    assert str(Rest(1.239, 2, -90)) == "rest 1.24,2,270"


@pytest.mark.parametrize("text", ["", "take", "take x", "rest 1", "rest a,b,c", "steal 1",
                                  "steal p1 x", "discard 1 a", "roll 3", "rest nan,0,0"])
def test_notation_bad_text_names_the_accepted_forms(text: str) -> None:
    with pytest.raises(MoveParseError, match="'take 17'"):
        parse_move(text)


def test_chance_moves_are_not_a_players_to_make() -> None:
    s = game().position(row("coin-1"))
    assert "chance move" in (s.why_illegal("reveal 0 coin-1") or "")
    assert "chance move" in (s.why_illegal("gust n light") or "")


# ----- text and records -------------------------------------------------------------------
def test_str_is_a_stable_plain_text_summary() -> None:
    s = game().position([("coin-1", 0, 0, 0), (None, 3, 0, 0), ("map-red-half", 20, 0, 0)],
                        collections={P1: ["pirate-hook"]}, islands={"blue": P1})
    assert str(s) == (
        "Skeleton Island, 2 players - ply 0, p0 to move\n"
        "pile:    3 cards, 2 uncovered: 1 face-down, 2 map-red-half\n"
        "p0:      0 coins; islands: -; cards: -\n"
        "p1:      5 coins; islands: blue; cards: pirate-hook\n"
        "islands: red:- blue:p1 green:- yellow:- purple:-\n"
        "out:     0 discarded, 0 used for Islands"
    )


def test_records_replay_a_whole_game() -> None:
    s = set_up(seed=12, players=3)
    rng = random.Random(1)
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(rng.choice(s.legal_moves()))
    again = treasurekit.replay(s.to_record().to_json())
    assert str(again) == str(s) and again.outcome() == s.outcome()
    assert Counter(type(m).__name__ for m in s.history)["Spread"] == 1
