"""TI2003 §4 Enclosed areas: many positions (sea, river, lake and partial-river
boundaries; the free-anchorage exception; opponents inside or on the edge), and the
fast detection checked against a plain reference on random positions."""

from __future__ import annotations

import random

import pytest

from treasurekit.core import load_game
from treasurekit.treasure_island_2003 import Open, TIGame, TIState
from treasurekit.treasure_island_2003.board import Board, load_board
from treasurekit.treasure_island_2003.enclosure import (
    EMPTY,
    all_enclosed_areas,
    enclosed_areas,
    placeable_squares,
    reaches_treasure,
)

R, B = 0, 1


def small(**options: object) -> TIGame:
    g = load_game("treasure_island_2003", board="small", **options)
    assert isinstance(g, TIGame)
    return g


def enclosed_squares(state: TIState) -> set[str]:
    return {state.board.name_of(s) for s in state.board.land if state.position.how[s] == 2}


def test_enclosed_area_bounded_by_counters_and_the_sea() -> None:
    s = small().position({"R": "d3 b4"}, dice=(1, 2))
    events = s.play("place c4")
    assert s.owner("c3") == R and enclosed_squares(s) == {"c3"}
    enclosure = [e for e in events if e.kind == "enclosure"]
    assert enclosure and "encloses 1 square (c3)" in enclosure[0].text
    assert enclosure[0].rule == "TI2003 §4 Enclosed areas"
    assert s.counters(R) == 4  # the enclosed square holds a counter like any other


def test_enclosed_area_bounded_by_a_river() -> None:
    # d9 touches d8 only across Black Dog Creek
    s = small().position({"R": "c9 e9 e10"}, dice=(4, 6))
    s.play("place d10")
    assert enclosed_squares(s) == {"d9"}


def test_enclosed_area_an_opponent_across_the_river_cannot_advance_in() -> None:
    s = small().position({"R": "c9 e9 e10", "B": "d8"}, dice=(4, 6))
    s.play("place d10")
    assert s.owner("d9") == R


def test_enclosed_area_bounded_by_lakes() -> None:
    s = small().position({"R": "g3 h3"}, dice=(2, 2))  # h4 lies between two lakes
    s.play("place g4")
    assert enclosed_squares(s) == {"h4"}


def test_enclosed_area_not_while_it_holds_a_free_anchorage() -> None:
    s = small().position({"R": "d3 e3"}, dice=(3, 3))
    s.play("place f3")  # d2, e2 (an anchorage) and f2 are cut off, but e2 is free
    assert enclosed_squares(s) == set() and s.owner("d2") is None
    s.play("roll 2 4")
    events = s.play("place e2")  # Red lands on the anchorage itself: two areas close
    assert enclosed_squares(s) == {"d2", "f2"}
    assert len([e for e in events if e.kind == "enclosure"]) == 2


def test_enclosed_area_not_with_an_opponent_on_the_anchorage() -> None:
    s = small().position({"R": "d3 e3", "B": "e2"}, dice=(3, 3))
    s.play("place f3")
    assert s.owner("d2") is None and s.owner("f2") is None


WALL = "c3 d3 b4 b5 b6 e4 e5 e6 d7"  # around c4-d6, open at c7


def test_enclosed_area_several_chests_opened_in_the_players_order() -> None:
    s = small().position({"R": WALL, "B": "j10"}, dice=(2, 2))
    events = s.play("place c7")
    assert enclosed_squares(s) == {"c4", "d4", "c5", "d5", "c6", "d6"}
    assert s.phase == "choose" and s.current_player == R
    assert set(s.legal_moves()) == {Open("long-john"), Open("ben-gunn")}
    assert any(e.rule == "TI2003 §4 When several treasure chests are won by an enclosure"
               for e in events)
    with pytest.raises(ValueError, match="not a chest won now"):
        s.play("open flint")
    s.play("open ben-gunn")
    assert s.phase == "reveal"
    for _ in range(3):
        s.play("reveal rum")
    # the second chest opens next, by itself
    assert s.phase == "reveal" and s.position.chest == "long-john"
    assert s.opened() == ("ben-gunn",)


def test_enclosed_area_not_with_an_opponent_counter_inside() -> None:
    s = small().position({"R": WALL, "B": "c5"}, dice=(2, 2))
    s.play("place c7")
    assert enclosed_squares(s) == set() and s.owner("d5") is None


def test_enclosed_area_not_with_an_opponent_on_its_edge() -> None:
    s = small().position({"R": "d3 d4 c5", "B": "b4"}, dice=(1, 1))
    s.play("place c4")  # c3 is closed off by Red, but c4... is Red's now: c3 enclosed
    assert enclosed_squares(s) == {"c3"}
    s2 = small().position({"R": "d3 d4 c5", "B": "b4"}, dice=(5, 5))
    s2.play("place c3")  # now c4 is the area, and Blue's b4 touches it
    assert s2.owner("c4") is None


def test_enclosed_area_bounded_through_a_partial_river() -> None:
    # The north-east block meets the island only at k5|k6, a partly covered boundary:
    # a counter on k6 closes it (rivers, a lake and the sea do the rest).
    s = small().position({"R": "j3 l5"}, dice=(3, 6))
    s.play("place k6")
    assert enclosed_squares(s) == {"k3", "j4", "k4", "i5", "j5", "k5"}
    assert s.phase == "reveal" and s.position.chest == "blind-pew"  # k4 is Blind Pew's square


def test_enclosed_area_not_while_the_block_has_a_free_anchorage() -> None:
    s = small().position({"R": "j3"}, dice=(3, 6))
    s.play("place k6")
    assert enclosed_squares(s) == set()  # l5 is still free


def test_enclosed_area_only_for_the_player_who_placed() -> None:
    s = small().position({"R": "d3", "B": "b4"}, dice=(1, 1), turn=B)
    s.play("place c4")  # Blue takes c4: c3 touches Red and Blue; nobody encloses it
    assert s.owner("c3") is None


def test_enclosed_area_the_rest_of_the_island_once_every_anchorage_is_taken() -> None:
    board = load_board("small")
    red = [board.name_of(a) for a in sorted(board.anchorages) if board.name_of(a) != "a7"]
    s = small().position({"R": " ".join([*red, "b6", "b8", "c7"]), "B": "a7 b7"},
                         dice=(2, 2))
    s.play(s.legal_moves()[0])
    # no anchorage is free and Blue is boxed in: the empty island touches only Red.
    # (The hand-set position left two other such pieces, north-east and south; in play
    # they would have been filled when they were cut off.)
    assert len(enclosed_squares(s)) == 44
    assert s.owner("a7") == B and s.owner("b7") == B and s.owner("f5") == R
    assert s.phase == "choose" and len(s.legal_moves()) == 7  # seven chests at once


# ----- the fast detection against a plain reference ---------------------------------------
def reference_pieces(board: Board, owner: list[int], player: int) -> list[list[int]]:
    """Split the non-``player`` squares into connected pieces; keep the enclosed ones."""
    seen: set[int] = set()
    pieces = []
    for s in board.land:
        if owner[s] == player or s in seen:
            continue
        piece, todo = [s], [s]
        seen.add(s)
        while todo:
            x = todo.pop()
            for m in board.neighbours[x]:
                if owner[m] != player and m not in seen:
                    seen.add(m)
                    piece.append(m)
                    todo.append(m)
        if all(owner[x] == EMPTY and x not in board.anchorages for x in piece):
            pieces.append(sorted(piece))
    return sorted(pieces)


@pytest.mark.parametrize("side", ["large", "small"])
def test_enclosed_area_detection_matches_the_reference(side: str) -> None:
    board = load_board(side)
    rng = random.Random(side)
    checked = 0
    for _ in range(150):
        owner = [EMPTY] * board.size**2
        density = rng.random() * 0.7
        for s in board.land:
            if rng.random() < density:
                owner[s] = rng.randrange(3)
        player = rng.randrange(3)
        empties = [s for s in board.land if owner[s] == EMPTY]
        if not empties:
            continue
        sq = rng.choice(empties)
        owner[sq] = player
        expected = [p for p in reference_pieces(board, owner, player)
                    if any(n in p for n in board.neighbours[sq])]
        assert enclosed_areas(board, owner, player, sq) == expected
        assert all_enclosed_areas(board, owner, player) == reference_pieces(board, owner, player)
        checked += 1
    assert checked > 100


def test_reaching_a_treasure_square_through_empty_squares_or_a_free_anchorage() -> None:
    board = load_board("small")
    owner = [EMPTY] * board.size**2
    assert reaches_treasure(board, owner, R)  # by landing anywhere
    for name in ("d3", "c4", "c5"):  # Blue walls in b4 (and c3 is Blue's)
        owner[board.square(name)] = B
    owner[board.square("b4")] = R
    owner[board.square("c3")] = B
    assert placeable_squares(board, owner, R)  # Red can still land elsewhere
    assert reaches_treasure(board, owner, R)
    anchorages = [a for a in board.anchorages if owner[a] == EMPTY]
    for a in anchorages:
        owner[a] = B
    # Red's only counter is b4, boxed in: b5 is free though
    assert reaches_treasure(board, owner, R) == (owner[board.square("b5")] == EMPTY)
    owner[board.square("b5")] = B
    assert not reaches_treasure(board, owner, R)
