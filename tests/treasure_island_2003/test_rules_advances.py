"""Placing counters (TI2003 §4 Landings, Advances, Enclosed areas; ``rules/advances.py``
and ``enclosure.py``): many positions (sea, river, lake and partial-river boundaries;
the free-anchorage exception; opponents inside or on the edge), the fast detection
checked against a plain reference on random positions, and the fast placeable-square
search against the full scan."""

from __future__ import annotations

import random

import pytest

import treasurekit
from tests.treasure_island_2003.helpers import (
    B,
    R,
    game,
    small,
    squares,
)
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2003 import (
    Open,
    Pass,
    TIState,
)
from treasurekit.treasure_island_2003.board import Board, load_board
from treasurekit.treasure_island_2003.enclosure import (
    EMPTY,
    _grid,
    _placeable_by_scan,
    _symmetric,
    all_enclosed_areas,
    enclosed_after,
    enclosed_areas,
    placeable_squares,
    reaches_treasure,
)

WALL = "c3 d3 b4 b5 b6 e4 e5 e6 d7"  # around c4-d6, open at c7


# ----- §4 Landings ----------------------------------------------------------------------
def test_landings_the_first_counter_must_land_on_an_anchorage() -> None:
    s = game(first_player=0).new_initial_state(seed=0)
    s.play("roll 2 5")
    assert squares(s) == {"d2", "c3", "a8", "c11", "j13", "g14"}  # anchorages showing 2 or 5
    assert all(s.board.square(q) in s.board.anchorages for q in squares(s))
    reason = s.why_illegal("place e4") or ""
    assert "first counter must land on an anchorage" in reason and "§4 Landings" in reason


def test_landings_the_anchorage_must_be_empty() -> None:
    s = game(board="small").position({"B": "e2"}, dice=(2, 3), turn=R)
    assert "e2" not in squares(s)
    with pytest.raises(IllegalMoveError, match="e2 already holds Blue's counter"):
        s.play("place e2")


def test_landings_allowed_any_time_while_an_anchorage_is_free() -> None:
    s = game(board="small").position({"R": "a7 b7 c7"}, dice=(2, 4))
    assert "e2" in squares(s)  # far from Red's counters
    events = s.play("place e2")
    assert events[0].kind == "landing" and "lands at the anchorage e2" in events[0].text


# ----- §4 Advances ----------------------------------------------------------------------
def test_advances_onto_an_orthogonal_neighbour_of_ones_own_counter() -> None:
    s = game(board="small").position({"R": "b4"}, dice=(1, 3))
    assert squares(s) == {"c4", "b5", "k6", "l5"}  # beside b4, and the free anchorages
    events = s.play("place c4")
    assert events[0].kind == "advance" and events[0].rule == "TI2003 §4 Advances"


def test_advances_never_diagonally() -> None:
    s = game(board="small").position({"R": "b4"}, dice=(5, 5))
    assert squares(s) == {"j3", "j9", "e11"}  # c3 and c5 touch b4 only at a corner
    reason = s.why_illegal("place c5") or ""
    assert "not an anchorage and Red has no counter beside it" in reason


def test_advances_never_across_a_river() -> None:
    s = game().position({"R": "f7"}, dice=(1, 6))  # Silver Creek runs between f7 and g7
    assert "g7" not in squares(s)
    with pytest.raises(IllegalMoveError, match="a river runs between f7 and g7") as info:
        s.play("place g7")
    assert info.value.rule == "TI2003 §4 Advances"


def test_advances_across_a_partly_covered_boundary_are_allowed() -> None:
    s = game().position({"R": "f6"}, dice=(5, 5))  # the river covers f6|f7 only partly
    assert "f7" in squares(s)
    s.play("place f7")
    assert s.owner("f7") == R


def test_advances_only_beside_ones_own_counters_not_an_opponents() -> None:
    s = game(board="small").position({"R": "a7", "B": "e2"}, dice=(1, 1), turn=R)
    assert "d2" not in squares(s)  # beside Blue's e2, not Red's


def test_counters_never_move_once_placed() -> None:
    s = game(board="small").position({"R": "a7"}, dice=(4, 4))
    s.play("place b7")
    assert s.squares_of(R) == ["a7", "b7"]
    assert s.counters(R) == 2


# ----- §4 Passing ------------------------------------------------------------------------
def test_passing_when_neither_number_can_be_used() -> None:
    s = game(board="small").position({"R": "a7 b7", "B": "c7"}, dice=(1, 4), turn=R)
    assert s.legal_moves() == [Pass()]  # b6 and b8 show 2; no anchorage shows 1 or 4
    events = s.play("pass")
    assert events[0].kind == "pass"
    assert s.turn == B and s.phase == "roll"


def test_passing_is_refused_while_a_counter_can_be_placed_ruling_ti2003_9() -> None:
    s = game(board="small").position({"R": "a7"}, dice=(4, 5))
    with pytest.raises(IllegalMoveError, match="must; a player passes only when") as info:
        s.play("pass")
    assert info.value.rule == "TI2003 §4 Advances"




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


@pytest.mark.parametrize("board", ["large", "small"])
def test_landings_and_advances_from_counters_match_the_full_scan(board: str) -> None:
    bd = treasurekit.load_game("treasure_island_2003", board=board).board
    assert _symmetric(bd)  # otherwise placeable_squares itself falls back to the scan
    assert _grid(bd) is not None  # the bundled boards use the squares-as-bits path
    rng = random.Random(12)
    n = len(bd.neighbours)
    for _ in range(500):
        owner = [rng.choice([EMPTY, EMPTY, EMPTY, 0, 1, 2]) for _ in range(n)]
        player = rng.randrange(3)
        fast = placeable_squares(bd, owner, player)
        assert fast == _placeable_by_scan(bd, owner, player)
        assert all(owner[s] == EMPTY for s in fast)


def test_landings_and_advances_in_played_positions_match_the_full_scan() -> None:
    game = treasurekit.load_game("treasure_island_2003", players=4)
    state = game.new_initial_state(seed=5)
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal() and checked < 200:
        owner = list(state.position.owner)
        for player in range(4):
            fast = placeable_squares(game.board, owner, player)
            assert fast == _placeable_by_scan(game.board, owner, player)
        checked += 1
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    assert checked == 200


def test_the_kept_and_carried_bit_sets_of_played_positions_match_the_full_scan() -> None:
    """``_Grid.open`` keeps what it knows of the last owner tuple, and a placement carries
    the packed squares, the seats' squares and the empty squares to the next owner tuple
    (``enclosure.carry``): what they answer is what packing the tuple afresh and the
    full scan answer."""
    game = treasurekit.load_game("treasure_island_2003", players=3)
    grid = _grid(game.board)
    assert grid is not None
    state = game.new_initial_state(seed=7)
    rng = random.Random(7)
    carried = 0
    while not state.is_terminal():
        owner = state.position.owner
        if grid.owner is owner:
            carried += grid.answer is None
            packed = grid.pack(*owner)
            assert grid.packed == packed
            for seat, mask in grid.masks.items():
                assert grid.squares(mask) == [s for s in range(len(owner)) if owner[s] == seat]
            if grid.empty is not None:
                assert grid.squares(grid.empty) == [s for s in range(len(owner))
                                                    if owner[s] == EMPTY]
        for player in (state.position.turn, 0, 1, 2, state.position.turn):
            fast = placeable_squares(game.board, owner, player)
            assert fast == _placeable_by_scan(game.board, owner, player)
            assert reaches_treasure(game.board, owner, player) == _reaches_by_flood(
                game.board, list(owner), player)
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    assert carried > 10


def _reaches_by_flood(board: Board, owner: list[int], player: int) -> bool:
    """Reference for :func:`reaches_treasure`: a plain flood over ``board.neighbours``
    from the free anchorages and the squares beside the player's counters."""
    goal = {s for s in board.treasure_at if owner[s] == EMPTY}
    todo = _placeable_by_scan(board, owner, player)
    seen = set(todo)
    while todo:
        s = todo.pop()
        if s in goal:
            return True
        for m in board.neighbours[s]:
            if owner[m] == EMPTY and m not in seen:
                seen.add(m)
                todo.append(m)
    return False


@pytest.mark.parametrize("board", ["large", "small"])
def test_using_both_dice_reaching_a_treasure_square_matches_a_plain_flood(board: str) -> None:
    bd = treasurekit.load_game("treasure_island_2003", board=board).board
    rng = random.Random(13)
    n = len(bd.neighbours)
    answers = set()
    for _ in range(400):
        fill = rng.choice([0.3, 0.6, 0.85, 0.95])
        owner = [rng.choice([0, 1, 2]) if rng.random() < fill else EMPTY for _ in range(n)]
        player = rng.randrange(3)
        expected = _reaches_by_flood(bd, owner, player)
        assert reaches_treasure(bd, owner, player) == expected
        assert reaches_treasure(bd, tuple(owner), player) == expected
        answers.add(expected)
    assert answers == {True, False}


def test_placeable_squares_showing_the_usable_numbers_match_the_full_scan() -> None:
    bd = load_board("large")
    rng = random.Random(14)
    for _ in range(300):
        owner = [rng.choice([EMPTY, EMPTY, 0, 1]) for _ in range(len(bd.neighbours))]
        numbers = tuple(rng.sample(range(1, 7), rng.randrange(0, 3)))
        got = placeable_squares(bd, owner, 0, numbers=numbers)
        assert got == [s for s in _placeable_by_scan(bd, owner, 0) if bd.numbers[s] in numbers]


def test_placeable_squares_of_an_owner_list_that_is_not_one_seat_per_square_are_scanned(
) -> None:
    bd = load_board("small")
    owner = [EMPTY] * len(bd.neighbours)
    owner[bd.square("b4")] = 300  # no seat: the squares-as-bits path cannot pack it
    assert placeable_squares(bd, owner, 300) == _placeable_by_scan(bd, owner, 300)
    owner[bd.square("b4")] = 9  # packs, but is no seat the path has a table for
    assert placeable_squares(bd, owner, 9) == _placeable_by_scan(bd, owner, 9)
    assert reaches_treasure(bd, owner, 9) == _reaches_by_flood(bd, owner, 9)
    assert placeable_squares(bd, owner, EMPTY) == _placeable_by_scan(bd, owner, EMPTY)


def test_the_areas_a_placement_encloses_from_the_bit_sets_match_the_flood() -> None:
    """``enclosed_after`` (rings over the board's bit sets) finds the areas the
    square-by-square flood of ``enclosed_areas`` finds, for every empty square any seat
    might take in played positions (and answers None for a tuple the bit sets do not
    know)."""
    game = treasurekit.load_game("treasure_island_2003", players=3)
    board = game.board
    state = game.new_initial_state(seed=11)
    rng = random.Random(11)
    compared = enclosing = 0
    while not state.is_terminal():
        owner = state.position.owner
        if state.ply % 3 == 0:
            for player in range(3):
                reaches_treasure(board, owner, player)  # the bit sets know ``owner`` now
                for sq in board.land:
                    if owner[sq] != EMPTY:
                        continue
                    after = list(owner)
                    after[sq] = player
                    found = enclosed_after(board, owner, player, sq)
                    assert found == enclosed_areas(board, after, player, sq)
                    compared += 1
                    enclosing += bool(found)
            assert enclosed_after(board, list(owner), 0, board.land[0]) is None
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(rng.choice(state.legal_moves()))
    assert compared > 1000 and enclosing > 20
