"""Davy Jones' Legacy (TI2003 §9) and the Final Reckoning (§10; ``rules/reckoning.py``):
one test or more per rule."""

from __future__ import annotations

import random

import pytest

from tests.treasure_island_2003.helpers import (
    SMALL,
    B,
    G,
    R,
    finish,
    full_board,
    reckon,
    small,
)
from treasurekit.core import TERMINAL


# ----- §9 Davy Jones' Legacy -------------------------------------------------------------------
def test_legacy_the_player_with_the_most_counters_opens_it() -> None:
    s = small().position(full_board({"R": 38, "B": 37}))
    assert s.board_full() and s.phase == "reveal" and s.position.chest == "legacy"
    assert s.legacy_winner == R and s.turn == R
    assert s.view(B).chests[-1] == ("legacy", 4, None)
    finish(s)
    assert s.holdings.piles[R] == {"tobacco": 4}
    assert s.is_terminal()


def test_legacy_tie_is_decided_by_a_skirmish() -> None:
    t = small(players=3).position(full_board({"R": 30, "B": 30, "G": 15}))
    assert t.skirmish == ((R, B), (0, 0), "legacy")
    for _ in range(3):
        t.play("hit blue")
    assert t.legacy_winner == B and t.phase == "reveal"


def test_legacy_the_board_filling_mid_turn_ends_the_turn() -> None:
    counts = full_board({"R": 37, "B": 38})
    last = counts["B"].split()[-1]
    counts["B"] = " ".join(counts["B"].split()[:-1])
    s = small().position(counts, turn=B, dice=(SMALL.numbers[SMALL.square(last)],) * 2)
    s.play(f"place {last}")  # doubles, but no square is left: no further throw
    assert s.board_full() and s.position.chest == "legacy" and s.legacy_winner == B


def test_legacy_winner_uses_its_cannons_and_discards_as_usual() -> None:
    s = small().position(full_board({"R": 38, "B": 37}),
                         piles={"R": {"rubies": 1}, "B": {"rubies": 2}})
    s.play("reveal purple-cannon")
    s.play("reveal rum")
    s.play("reveal rum")
    s.play("reveal silk")
    assert s.phase == "cannon" and s.turn == R
    s.play("fire purple at blue rubies")
    assert s.holdings.piles[R]["rubies"] == 3
    assert s.is_terminal()


def test_legacy_then_the_others_use_the_locker_clockwise_from_the_winners_left() -> None:
    s = small(players=3).position(full_board({"R": 20, "B": 35, "G": 20}),
                                  piles={"R": {"pearls": 1}, "G": {"pearls": 1}},
                                  locker={"pearls": 3})
    assert s.legacy_winner == B
    for _ in range(4):
        s.play("reveal tobacco")
    assert s.phase == "wrap" and s.turn == G  # Blue's left is Green, then Red
    s.play("take pearls")
    assert s.holdings.piles[G]["pearls"] == 4
    assert s.is_terminal()  # nothing left for Red: straight to the reckoning


def test_final_reckoning_most_cards_of_a_type_scores_its_points() -> None:
    s = reckon({"R": {"diamonds": 2, "rum": 1}, "B": {"diamonds": 1, "rum": 3}})
    assert ("diamonds", R, 2, 16, "most cards") in s.awards
    assert ("rum", B, 3, 2, "most cards") in s.awards
    assert ("tobacco", R, 4, 1, "most cards") in s.awards  # the Legacy's four cards
    out = s.outcome()
    assert out is not None and out.scores == (17, 2) and out.winners == (R,)
    assert s.current_player == TERMINAL


def test_final_reckoning_bonus_points_for_five_or_more_cards() -> None:
    s = reckon({"R": {"diamonds": 5}, "B": {"rubies": 6, "rum": 8}})
    points = {kind: pts for kind, _, _, pts, _ in s.awards}
    assert points["diamonds"] == 17 and points["rubies"] == 17 and points["rum"] == 2 + 15


def test_final_reckoning_a_type_nobody_holds_or_all_in_the_locker_scores_nothing() -> None:
    s = reckon({"R": {"diamonds": 1}}, locker={"rubies": 6})
    kinds = {kind for kind, *_ in s.awards}
    assert kinds == {"diamonds", "tobacco"}
    assert s.outcome() is not None


def test_final_reckoning_a_tie_for_a_type_is_decided_by_a_skirmish() -> None:
    s = small().position(full_board({"R": 38, "B": 37}),
                         piles={"R": {"diamonds": 2}, "B": {"diamonds": 2, "rum": 1}})
    finish(s)
    assert s.phase == "skirmish" and s.skirmish == ((R, B), (0, 0), "reckon")
    for _ in range(3):
        s.play("hit blue")
    assert ("diamonds", B, 2, 16, "won the skirmish") in s.awards
    out = s.outcome()
    assert out is not None and out.scores == (1, 18) and out.winners == (B,)


def test_final_reckoning_a_tied_winner_is_decided_by_a_final_skirmish() -> None:
    # Red: Rubies 14 + Tobacco 1 = 15; Blue: Gold 12 + Gunpowder 3 = 15
    s = small().position(full_board({"R": 38, "B": 37}),
                         piles={"R": {"rubies": 1}, "B": {"gold": 1, "gunpowder": 1}})
    finish(s)
    assert s.phase == "skirmish" and s.skirmish == ((R, B), (0, 0), "final")
    for move in ("hit red", "hit blue", "hit blue", "hit blue"):
        s.play(move)
    out = s.outcome()
    assert out is not None and out.scores == (15, 15) and out.winners == (B,)
    assert "final skirmish" in out.reason


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_seeded_game_reaches_the_final_reckoning(players: int) -> None:
    s = small(players=players).new_initial_state(seed=players)
    rng = random.Random(players)
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(rng.choice(s.legal_moves()))
    out = s.outcome()
    assert out is not None and s.board_full() and "legacy" in s.opened()
    assert len(s.opened()) == 10  # nine chests and the Legacy
    assert out.scores == s.scores()
