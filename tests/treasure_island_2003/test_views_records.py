"""Views show what a seat may know and nothing more; the text board; records, undo and
copies are exact."""

from __future__ import annotations

import random

import pytest

from tests.treasure_island_2003.helpers import (
    game,
    played,
    small,
)
from treasurekit.core import CHANCE, IllegalMoveError, load_game, replay


def test_str_shows_the_grid_and_who_is_to_move() -> None:
    s = game(board="small").position({"R": "a7 b7", "B": "e2"}, dice=(2, 6))
    text = str(s)
    assert text.splitlines()[0] == (
        "Treasure Island (2003), Small Board, 2 players - ply 0: Red to place (dice 2 and 6, "
        "one number; usable 2 6)")
    assert " 7  R^ R  2  1  6* 2" in text
    assert "~~ ~~ ~~ 1  B^ 5" in text
    assert str(s) == str(s.copy())


def test_views_hold_no_seed_and_no_unseen_card() -> None:
    a = small().new_initial_state(seed=1)
    b = small().new_initial_state(seed=2)
    assert a.view(0) == b.view(0)
    view = played(3, 120).view(1)
    assert "seed" not in vars(view)
    for _chest, size, cards in view.chests:
        assert cards is None or len(cards) == size
    assert all(cards is None for c, _, cards in view.chests if c == "legacy")


def test_views_public_table_is_the_same_for_every_seat() -> None:
    s = played(4, 150, players=3)
    views = [s.view(p) for p in range(3)]
    assert {v.player for v in views} == {0, 1, 2}
    stripped = {(v.owner, v.piles, v.locker, v.chests, v.unseen, v.fired) for v in views}
    assert len(stripped) == 1


def test_views_unseen_counts_are_the_deck_minus_every_card_shown() -> None:
    s = played(5, 200)
    view = s.view(0)
    seen = s.holdings.seen()
    assert dict(view.unseen) == {k: n - seen[k] for k, n in s.cards.deck.items()
                                 if n - seen[k]}
    assert sum(n for _, n in view.unseen) == s.holdings.unseen_total()


def test_views_refuse_a_seat_that_is_not_in_the_game() -> None:
    with pytest.raises(ValueError, match="seat 0-1"):
        small().new_initial_state(seed=0).view(2)


def test_record_replays_move_for_move() -> None:
    s = played(6, 400)
    again = replay(s.to_record().to_json())
    assert str(again) == str(s) and again.history == s.history


def test_undo_takes_back_chest_cards_cannons_and_skirmish_rounds() -> None:
    s = small().position({"R": "a7", "B": "e2"}, cannons=("gold",),
                         piles={"R": {"rubies": 1}, "B": {"rubies": 3}},
                         protected={"B": "rubies"})
    before = (str(s), s.view(0))
    s.play("fire gold at blue rubies")
    s.play("hit red")
    s.play("hit red")
    s.play("hit red")
    assert s.holdings.piles[0]["rubies"] == 4
    for _ in range(4):
        s.undo()
    assert (str(s), s.view(0)) == before


def test_illegal_moves_leave_the_state_exactly_as_it_was() -> None:
    s = played(7, 90)
    while s.current_player == CHANCE:
        s.resolve_chance()
    before = (str(s), s.view(0), s.history)
    for text in ("place a1", "place z9", "fire purple at green rum", "take gold", "end",
                 "discard rum", "open flint", "hit red", "pass"):
        if text in {str(m) for m in s.legal_moves()}:
            continue
        with pytest.raises(IllegalMoveError):
            s.play(text)
    assert (str(s), s.view(0), s.history) == before


def test_copies_are_independent() -> None:
    s = played(8, 60)
    twin = s.copy()
    rng = random.Random(1)
    for _ in range(50):
        if twin.is_terminal():
            break
        if twin.is_chance_node():
            twin.resolve_chance()
        else:
            twin.play(rng.choice(twin.legal_moves()))
    assert str(s) == str(played(8, 60))


def test_the_printout_wraps_long_lines_between_names() -> None:
    text = str(load_game("treasure_island_2003", players=4).new_initial_state(seed=1))
    assert max(len(line) for line in text.splitlines()[1:]) <= 72  # after the title
    words = " ".join(text.split("unopened chests:")[1].split())
    assert "roberts" in words.split() and "long-john" in words.split()
