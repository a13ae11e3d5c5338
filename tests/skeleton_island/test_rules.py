"""One test (or more) per rule of Skeleton Island (SKEL), named after the rule."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import treasurekit
from treasurekit.core import CHANCE, TERMINAL, IllegalMoveError, MoveParseError
from treasurekit.skeleton_island import (
    Blow,
    Discard,
    Double,
    GreedyBot,
    Gust,
    Keep,
    Rest,
    Reveal,
    SkeletonGame,
    SkeletonState,
    Spread,
    Steal,
    Stolen,
    Stop,
    Take,
    parse_move,
)

P0, P1, P2 = 0, 1, 2
FAR = 40.0  # cards this far apart never touch


def game(**options: object) -> SkeletonGame:
    g = treasurekit.load_game("skeleton_island", **options)
    assert isinstance(g, SkeletonGame)
    return g


def row(*kinds: str | None) -> list[tuple[str | None, float, float, float]]:
    """Cards side by side, none touching: all uncovered."""
    return [(k, i * 10.0, 0.0, 0.0) for i, k in enumerate(kinds)]


def set_up(seed: int = 0, **options: object) -> SkeletonState:
    s = game(**options).new_initial_state(seed)
    while s.is_chance_node():
        s.resolve_chance()
    return s


def ids(state: SkeletonState, seat: int) -> list[int]:
    return [i for i, _ in state.collection(seat)]


def kinds(state: SkeletonState, seat: int) -> list[str]:
    return sorted(k for _, k in state.collection(seat))


# ----- SKEL §1 Components and players -----------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players(players: int) -> None:
    assert game(players=players).num_players == players


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_out_of_range_is_refused(players: int) -> None:
    with pytest.raises(ValueError, match="players"):
        game(players=players)


# ----- SKEL §2 Setup ----------------------------------------------------------------------
def test_setup_the_spread_is_a_chance_move_over_1000_seeded_layouts_ruling_skel_3() -> None:
    s = game().new_initial_state(seed=3)
    assert s.current_player == CHANCE and s.phase == "setup"
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 1000
    assert all(p == Fraction(1, 1000) for _, p in outcomes)
    assert outcomes[417][0] == Spread(417)


def test_setup_half_the_cards_face_up_their_faces_drawn_from_the_pool() -> None:
    s = game().new_initial_state(seed=3)
    events = s.play("spread 5")
    assert "face up" in events[0].text and events[0].rule == "SKEL §2 Setup"
    up = sorted(c.id for c in s.pile.cards.values() if c.face_up)
    assert len(up) in (24, 25)
    outcomes = s.chance_outcomes()
    assert {m.card for m, _ in outcomes if isinstance(m, Reveal)} == {up[0]}
    assert dict((m.kind, p) for m, p in outcomes if isinstance(m, Reveal))["coin-1"] == Fraction(
        6, 49
    )


def test_setup_ends_with_face_down_cards_that_have_no_identity_ruling_skel_20() -> None:
    s = set_up(seed=8)
    face_down = [c for c in s.pile.cards.values() if not c.face_up]
    assert face_down and all(c.kind is None for c in face_down)
    assert all(c.kind is not None for c in s.pile.cards.values() if c.face_up)
    assert sum(s.unseen().values()) == len(face_down)
    assert s.current_player == P0 and s.phase == "start"


def test_setup_first_player_is_seat_0_by_default_and_an_option_ruling_skel_17() -> None:
    assert set_up().current_player == P0
    assert set_up(players=3, first_player=2).current_player == P2
    with pytest.raises(ValueError, match="first_player"):
        game(players=2, first_player=3)


# ----- SKEL §3 standard turn: take an uncovered card --------------------------------------
def test_standard_turn_only_an_uncovered_card_may_be_taken() -> None:
    s = game().position([("coin-1", 0, 0, 0), ("coin-2", 3, 0, 0)])
    assert s.legal_moves()[:1] == [Take(1)]
    with pytest.raises(IllegalMoveError, match="covered by card 1") as info:
        s.play("take 0")
    assert info.value.rule == "SKEL §3 Game Turn: uncovered cards"


def test_standard_turn_a_card_not_in_the_pile_cannot_be_taken() -> None:
    s = game().position(row("coin-1"))
    assert "not in the Sand Pile" in (s.why_illegal("take 9") or "")


def test_standard_turn_keep_places_the_card_in_front_of_you_and_the_turn_passes() -> None:
    s = game().position(row("coin-3", "coin-1"))
    s.play("take 0")
    assert s.hand == (0, "coin-3") and s.phase == "hand"
    assert set(map(str, s.legal_moves())) >= {"keep"}
    events = s.play("keep")
    assert kinds(s, P0) == ["coin-3"] and s.scores() == (3, 0)
    assert "keeps card 0" in events[0].text
    assert s.current_player == P1 and s.phase == "start"


def test_standard_turn_a_face_down_card_is_drawn_from_the_unseen_cards_with_exact_odds() -> None:
    s = game().position([(None, 0, 0, 0), (None, 20, 0, 0)],
                        collections={P1: ["coin-1"] * 6 + ["coin-3"]})
    s.play("take 0")
    assert s.current_player == CHANCE and s.hand == (0, None)
    odds = dict((m.kind, p) for m, p in s.chance_outcomes() if isinstance(m, Reveal))
    assert "coin-1" not in odds  # all six are seen
    assert odds["coin-3"] == Fraction(1, 42) and odds["coin-2"] == Fraction(4, 42)
    assert sum(odds.values()) == 1
    assert "chance node" in (s.why_illegal("reveal 0 coin-1") or "")
    s.play("reveal 0 coin-2")
    assert s.hand == (0, "coin-2") and s.current_player == P0


def test_standard_turn_keep_or_rest_needs_a_card_in_hand() -> None:
    s = game().position(row("coin-1"))
    with pytest.raises(IllegalMoveError, match="holds no card to keep") as info:
        s.play("keep")
    assert info.value.rule == "SKEL §3 Game Turn: standard turn"
    assert "holds no card to rest" in (s.why_illegal("rest 5,0,0") or "")


def test_standard_turn_holding_a_card_no_other_may_be_taken() -> None:
    s = game().position(row("coin-1", "coin-2"))
    s.play("take 0")
    assert "keep it or rest it" in (s.why_illegal("take 1") or "")


# ----- SKEL §3 resting a card on the edge -------------------------------------------------
def test_rest_the_card_lies_face_up_on_top_of_the_pile_ruling_skel_5() -> None:
    s = game().position([(None, 0, 0, 0), ("coin-1", 0, 20, 0), ("coin-2", 20, 0, 0)])
    s.play("take 2")
    events = s.play("rest 4,0,0")  # half over card 0, half on the table
    rested = s.pile.cards[2]
    assert rested.face_up and rested.kind == "coin-2"
    assert rested.z > max(c.z for c in s.pile.cards.values() if c.id != 2)
    assert 2 in s.uncovered() and 0 not in s.uncovered()
    assert "face up on the edge" in events[0].text
    assert events[0].rule == "SKEL §3 Game Turn: resting a card on the edge"


def test_rest_a_face_down_card_is_rested_face_up_once_seen_ruling_skel_5() -> None:
    s = game().position([(None, 0, 0, 0), ("coin-1", 20, 0, 0)])
    s.play("take 0")
    s.play("reveal 0 pirate-skull")
    s.play(Rest(20, 7, 0))
    assert s.pile.cards[0].face_up and s.pile.cards[0].kind == "pirate-skull"


def test_rest_anywhere_by_coordinates_is_checked_by_geometry_ruling_skel_6() -> None:
    s = game().position(row("coin-1", "coin-2"))
    s.play("take 1")
    reason = s.why_illegal("rest 60,60,0") or ""
    assert "must touch or overlap the pile" in reason and "SKEL §3" in reason
    assert "bare table" in (s.why_illegal("rest 0,0,0") or "")
    assert s.why_illegal("rest 5.7,0,0") is None  # edge to edge
    assert s.why_illegal("rest 2.5,3,33.5") is None  # overlapping, turned
    before = str(s)
    with pytest.raises(IllegalMoveError):
        s.play("rest 60,60,0")
    assert str(s) == before


def test_rest_the_sampled_spots_are_legal_and_finite_ruling_skel_6() -> None:
    s = set_up(seed=2)
    s.play(Take(s.uncovered()[0]))
    while s.is_chance_node():
        s.resolve_chance()
    rests = [m for m in s.legal_moves() if isinstance(m, Rest)]
    assert 1 <= len(rests) <= 8 and Keep() in s.legal_moves()
    for m in rests:
        assert s.pile.rest_problem(m.placement) is None


def test_rest_impossible_when_the_last_card_was_taken() -> None:
    s = game().position(row("coin-1"))
    s.play("take 0")
    assert s.legal_moves() == [Keep()]
    assert "empty" in (s.why_illegal("rest 5,0,0") or "")


# ----- SKEL §3 the second card ------------------------------------------------------------
def test_second_card_may_be_taken_and_is_kept_at_once_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")  # above card 1, edge to edge
    assert s.phase == "second"
    assert s.legal_moves() == [Take(1), Stop()]
    assert "may now take a second" in (s.why_illegal("keep") or "")
    events = s.play("take 1")
    assert kinds(s, P0) == ["coin-3"]
    assert [e.kind for e in events] == ["take", "keep"]
    assert events[0].rule == "SKEL §3 Game Turn: the second card"
    assert s.current_player == P1


def test_second_card_may_be_declined_with_stop_ruling_skel_7() -> None:
    """SKEL §3: after resting, the player *may* choose a second uncovered card (issue 15)."""
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")
    events = s.play("stop")
    assert [e.kind for e in events] == ["stop"]
    assert events[0].rule == "SKEL §3 Game Turn: the second card"
    assert kinds(s, P0) == [] and s.current_player == P1
    assert 1 in s.pile and 0 in s.pile  # both cards stay on the table
    s.undo()
    assert s.phase == "second" and s.current_player == P0


def test_stop_only_declines_a_second_card_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    with pytest.raises(IllegalMoveError, match="only after resting") as info:
        s.play("stop")
    assert info.value.rule == "SKEL §3 Game Turn: the second card"
    s.play("take 0")
    assert "only after resting" in (s.why_illegal("stop") or "")


def test_second_card_must_be_taken_with_option_must_ruling_skel_7() -> None:
    s = game(second_card="must").position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")
    assert s.legal_moves() == [Take(1)]
    assert "must now take a second" in (s.why_illegal("keep") or "")
    assert "second_card='must'" in (s.why_illegal("stop") or "")


def test_greedy_bot_takes_a_worthwhile_second_card_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")
    ranked = GreedyBot(seed=0).explain(s)
    assert ranked[0].move == Take(1) and ranked[-1].move == Stop()
    assert "card 1 would score 3.00" in ranked[-1].reasons[0]


def test_second_card_cannot_be_the_card_just_rested_ruling_skel_7() -> None:
    s = game().position(row("coin-1", "coin-3"))
    s.play("take 0")
    s.play("rest 10,8.9,0")  # above card 1, edge to edge
    with pytest.raises(IllegalMoveError, match="just rested") as info:
        s.play("take 0")
    assert info.value.rule == "SKEL §3 Game Turn: the second card"


def test_second_card_face_down_is_revealed_then_kept() -> None:
    s = game().position([("coin-1", 0, 0, 0), (None, 20, 0, 0)])
    s.play("take 0")
    s.play("rest 20,8.9,0")
    s.play("take 1")
    assert s.current_player == CHANCE
    s.play("reveal 1 coin-2")
    assert kinds(s, P0) == ["coin-2"] and s.current_player == P1


def test_second_card_the_turn_ends_when_the_rest_covers_every_other_card_ruling_skel_7() -> None:
    s = game().position([("coin-1", 0, 0, 0), ("coin-2", 20, 0, 0)])
    s.play("take 1")
    events = s.play("rest 3,0,0")  # lies over card 0, the only other card
    assert s.uncovered() == (1,)
    assert "takes no second card" in events[-1].text
    assert s.current_player == P1 and s.collection(P0) == ()


def test_second_card_may_not_be_rested() -> None:
    s = game().position([("coin-1", 0, 0, 0), (None, 20, 0, 0), ("coin-2", 40, 0, 0)])
    s.play("take 0")
    s.play("rest 20,8.9,0")
    s.play("take 2")  # face up: kept at once, no choice
    assert kinds(s, P0) == ["coin-2"]


# ----- SKEL §3 the pirate turn ------------------------------------------------------------
def pirate(collection: list[str], **options: object) -> SkeletonState:
    return game(**options).position(
        row("coin-1", "coin-2", "coin-3"),
        collections={P0: collection, P1: ["coin-3", "map-red-half", "pirate-parrot"]},
    )


def test_pirate_turn_discard_three_map_cards_of_different_colours() -> None:
    s = pirate(["map-red-half", "map-blue-quarter", "map-green-quarter"])
    c = ids(s, P0)
    events = s.play(Discard(tuple(c)))
    assert s.collection(P0) == ()
    assert [why for _, _, why in s.out] == ["discarded"] * 3
    assert events[0].rule == "SKEL §3 Game Turn: pirate turn"
    assert s.phase == "pirate"


def test_pirate_turn_discard_pirate_objects_alone_or_mixed_with_maps() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    assert s.why_illegal(Discard(tuple(ids(s, P0)))) is None
    s = pirate(["pirate-hook", "map-red-half", "map-yellow-half"])
    assert s.why_illegal(Discard(tuple(ids(s, P0)))) is None


def test_pirate_turn_two_map_cards_of_one_colour_are_refused() -> None:
    s = pirate(["map-red-half", "map-red-quarter", "pirate-hook"])
    with pytest.raises(IllegalMoveError, match="2 red map cards") as info:
        s.play(Discard(tuple(ids(s, P0))))
    assert info.value.rule == "SKEL §3 Game Turn: pirate turn"
    assert s.legal_moves() == [Take(0), Take(1), Take(2)]  # no discard offered


def test_pirate_turn_gold_coins_cannot_be_discarded() -> None:
    s = pirate(["coin-1", "map-red-half", "pirate-hook"])
    assert "gold coin card" in (s.why_illegal(Discard(tuple(ids(s, P0)))) or "")


def test_pirate_turn_discards_exactly_three_cards_you_hold() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass", "pirate-spyglass"])
    mine = ids(s, P0)
    assert "exactly three" in (s.why_illegal(Discard(tuple(mine))) or "")
    assert "exactly three" in (s.why_illegal(Discard(tuple(mine[:2]))) or "")
    theirs = ids(s, P1)[2]
    assert "holds no card" in (s.why_illegal(Discard((mine[0], mine[1], theirs))) or "")


def test_pirate_turn_legal_discards_list_each_combination_of_kinds_once() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "map-red-quarter", "map-red-quarter"])
    discards = [m for m in s.legal_moves() if isinstance(m, Discard)]
    # hook + skull + a red quarter (one of the two equal quarters only)
    assert len(discards) == 1


def test_pirate_turn_discarded_cards_leave_the_game_for_good() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "map-red-half"])
    before = s.unseen()
    s.play(Discard(tuple(ids(s, P0))))
    s.play("double")
    assert s.unseen() == before  # they were seen already; they never come back
    assert {k for _, k, _ in s.out} == {"pirate-hook", "pirate-skull", "map-red-half"}


def test_pirate_turn_steal_a_chosen_card_from_an_opponent_ruling_skel_9() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    s.play(Discard(tuple(ids(s, P0))))
    coin = ids(s, P1)[0]
    assert Steal(P1, coin) in s.legal_moves() and Double() in s.legal_moves()
    events = s.play(f"steal p1 {coin}")
    assert kinds(s, P0) == ["coin-3"] and "coin-3" not in kinds(s, P1)
    assert "from p1" in events[0].text
    assert s.current_player == P1


def test_pirate_turn_steal_needs_a_named_card_when_chosen() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    s.play(Discard(tuple(ids(s, P0))))
    assert "name the card" in (s.why_illegal("steal p1") or "")
    assert "cannot take a card from themselves" in (s.why_illegal("steal p0 1") or "")
    assert "holds no card 99" in (s.why_illegal("steal p1 99") or "")
    assert "no seat p7" in (s.why_illegal("steal p7 1") or "")


def test_pirate_turn_steal_from_an_opponent_with_no_card_is_refused() -> None:
    s = game(players=3).position(row("coin-1"), collections={
        P0: ["pirate-hook", "pirate-skull", "pirate-compass"], P1: ["coin-2"]})
    s.play(Discard(tuple(ids(s, P0))))
    assert "has no Sand card" in (s.why_illegal("steal p2 1") or "")
    assert [m for m in s.legal_moves() if isinstance(m, Steal)] == [Steal(P1, ids(s, P1)[0])]


def test_pirate_turn_blind_steal_draws_any_card_with_equal_odds_ruling_skel_9() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"], steal="blind")
    s.play(Discard(tuple(ids(s, P0))))
    assert Steal(P1) in s.legal_moves()
    assert "drawn blind" in (s.why_illegal(f"steal p1 {ids(s, P1)[0]}") or "")
    s.play("steal p1")
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert [m for m, _ in outcomes] == [Stolen(i) for i in ids(s, P1)]
    assert all(p == Fraction(1, 3) for _, p in outcomes)
    s.play(outcomes[1][0])
    assert kinds(s, P0) == ["map-red-half"]


def test_pirate_turn_double_plays_two_standard_turns() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    s.play(Discard(tuple(ids(s, P0))))
    s.play("double")
    s.play("take 0")
    s.play("keep")
    assert s.current_player == P0 and s.phase == "start"
    assert not any(isinstance(m, (Discard, Blow)) for m in s.legal_moves())
    s.play("take 1")
    s.play("rest 25.7,0,0")
    s.play("take 2")
    assert kinds(s, P0) == ["coin-1", "coin-3"] and s.current_player == P1


def test_pirate_turn_is_chosen_before_any_card_is_taken() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    trio = Discard(tuple(ids(s, P0)))
    assert s.why_illegal(trio) is None
    s.play("take 0")
    assert "before any card is taken" in (s.why_illegal(trio) or "")
    s.play("rest 10,8.9,0")
    assert "before any card is taken" in (s.why_illegal(trio) or "")


def test_pirate_turn_steal_and_double_only_follow_a_discard() -> None:
    s = pirate(["pirate-hook", "pirate-skull", "pirate-compass"])
    assert "must first discard" in (s.why_illegal("double") or "")
    assert "must first discard" in (s.why_illegal("steal p1 5") or "")
    s.play(Discard(tuple(ids(s, P0))))
    assert "now choose" in (s.why_illegal("take 0") or "")


# ----- SKEL §3 blowing on the pile --------------------------------------------------------
def two_uncovered() -> SkeletonState:
    return game().position([(None, 0, 0, 0), (None, 3, 0, 0), ("coin-1", 20, 0, 0)])


def test_blow_allowed_when_one_or_two_cards_are_uncovered() -> None:
    s = two_uncovered()
    assert len(s.uncovered()) == 2 and Blow() in s.legal_moves() and s.can_blow()
    s.play("blow")
    assert s.current_player == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 24 and all(p == Fraction(1, 24) for _, p in outcomes)
    assert Gust("ne", "strong") in [m for m, _ in outcomes]


def test_blow_refused_when_three_or_more_cards_are_uncovered() -> None:
    s = game().position(row("coin-1", "coin-2", "coin-3"))
    assert Blow() not in s.legal_moves()
    with pytest.raises(IllegalMoveError, match="one or two cards are uncovered; 3 are") as info:
        s.play("blow")
    assert info.value.rule == "SKEL §3 Game Turn: blowing on the pile"


def test_blow_once_per_turn_ruling_skel_10() -> None:
    s = two_uncovered()
    s.play("blow")
    s.play("gust w light")  # the two left cards fly 3 cm west: card 0 comes to light
    assert s.current_player == P0
    assert "only once per turn" in (s.why_illegal("blow") or "")
    s2 = game().position([(None, 0, 0, 0), ("coin-1", 20, 0, 0)], blown=True)
    assert "only once per turn" in (s2.why_illegal("blow") or "")


def test_blow_only_before_the_turn_ruling_skel_10() -> None:
    s = two_uncovered()
    s.play("take 2")
    s.play("keep")  # p1's turn: one card uncovered, p1 may blow
    assert s.can_blow()
    s.play("take 1")
    s.play("reveal 1 coin-1")
    assert "before any card is taken" in (s.why_illegal("blow") or "")


def test_blow_the_gust_carries_the_uncovered_cards_ruling_skel_11() -> None:
    s = two_uncovered()
    s.play("blow")
    events = s.play("gust e strong")
    assert (s.pile.cards[1].x, s.pile.cards[2].x) == (12, 29)
    assert s.pile.cards[0].x == 0
    assert s.uncovered() == (0, 1, 2)
    assert "uncovered cards: 2 -> 3" in events[0].text


def test_blow_allowed_before_a_pirate_turn_ruling_skel_10() -> None:
    s = game().position([(None, 0, 0, 0), ("coin-1", 3, 0, 0)],
                        collections={P0: ["pirate-hook", "pirate-skull", "pirate-compass"]})
    s.play("blow")
    s.play("gust n light")
    assert any(isinstance(m, Discard) for m in s.legal_moves())


def test_blow_never_needed_on_an_empty_pile_the_top_card_is_uncovered_ruling_skel_12() -> None:
    s = set_up(seed=4)
    rng = random.Random(4)
    while not s.is_terminal():
        if s.is_chance_node():
            s.resolve_chance()
            continue
        if s.phase in ("start", "second"):
            assert s.uncovered(), "a player to take a card always finds an uncovered one"
        s.play(rng.choice(s.legal_moves()))
    assert len(s.pile) == 0 or len(s.islands) == 5


# ----- SKEL §3 completing a treasure map --------------------------------------------------
@pytest.mark.parametrize(
    ("held", "last"),
    [
        (["map-red-half"], "map-red-half"),  # two halves
        (["map-red-half", "map-red-quarter"], "map-red-quarter"),  # a half and two quarters
        (["map-red-quarter"] * 2, "map-red-half"),  # the half may come last
        (["map-red-quarter"] * 3, "map-red-quarter"),  # four quarters
    ],
)
def test_map_the_three_ways_to_complete_a_map_win_the_island_card(held: list[str],
                                                                  last: str) -> None:
    s = game().position(row(last, "coin-1"), collections={P0: held})
    s.play("take 0")
    events = s.play("keep")
    assert s.islands == {"red": P0}
    island = next(e for e in events if e.kind == "island")
    assert "wins the red Island card" in island.text
    assert island.rule == "SKEL §3 Game Turn: completing a treasure map"
    assert s.scores() == (5, 0)


def test_map_three_quarters_or_a_half_and_a_quarter_are_not_a_map() -> None:
    s = game().position(row("map-red-quarter", "coin-1"),
                        collections={P0: ["map-red-quarter"] * 2, P1: ["map-blue-half"]})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {}
    s.play("take 1")
    s.play("keep")
    assert s.islands == {}


def test_map_pieces_of_different_colours_do_not_make_a_map_ruling_skel_2() -> None:
    s = game().position(row("map-blue-half", "coin-1"), collections={P0: ["map-red-half"]})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {}


def test_map_used_pieces_leave_the_game_ruling_skel_13() -> None:
    s = game().position(row("map-red-half", "coin-1"),
                        collections={P0: ["map-red-half", "map-red-quarter"]})
    s.play("take 0")
    s.play("keep")
    assert kinds(s, P0) == ["map-red-quarter"]
    assert sorted(why for _, _, why in s.out) == ["island", "island"]


def test_map_used_pieces_stay_with_the_option_kept_ruling_skel_13() -> None:
    s = game(used_maps="kept").position(row("map-red-half", "coin-1"),
                                        collections={P0: ["map-red-half"]})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {"red": P0}
    assert kinds(s, P0) == ["map-red-half", "map-red-half"] and s.out == ()


def test_map_only_the_first_player_to_complete_it_wins_the_island_ruling_skel_14() -> None:
    s = game().position(row("map-red-half", "coin-1"),
                        collections={P0: ["map-red-half"], P1: ["map-red-quarter"] * 2},
                        islands={})
    s.play("take 0")
    s.play("keep")
    assert s.islands == {"red": P0}
    s2 = game().position(row("map-red-half", "coin-1"),
                         collections={P0: ["map-red-quarter"] * 2}, islands={"red": P1})
    s2.play("take 0")
    s2.play("keep")  # the red Island card is already taken: nothing more to win
    assert s2.islands == {"red": P1} and kinds(s2, P0).count("map-red-quarter") == 2


def test_map_completed_by_the_second_card_wins_at_once_ruling_skel_15() -> None:
    s = game().position(row("coin-1", "map-red-half"), collections={P0: ["map-red-half"]})
    s.play("take 0")
    s.play("rest 10,8.9,0")
    events = s.play("take 1")
    assert s.islands == {"red": P0}
    assert [e.kind for e in events] == ["take", "keep", "island"]


def test_map_completed_by_a_stolen_card_ruling_skel_15() -> None:
    s = game().position(row("coin-1"), collections={
        P0: ["map-red-half", "pirate-hook", "pirate-skull", "pirate-compass"],
        P1: ["map-red-half"]})
    hook, skull, compass = ids(s, P0)[1:]
    s.play(Discard((hook, skull, compass)))
    s.play(f"steal p1 {ids(s, P1)[0]}")
    assert s.islands == {"red": P0}


def test_map_a_hand_made_whole_map_without_its_island_is_refused() -> None:
    with pytest.raises(ValueError, match="whole red map"):
        game().position(row("coin-1"), collections={P0: ["map-red-half"] * 2})


# ----- SKEL §4 end of the game and scoring ------------------------------------------------
def test_end_when_every_island_card_has_been_won_ruling_skel_18() -> None:
    s = game().position(row("map-red-half", "coin-1", None),
                        collections={P0: ["map-red-half"]},
                        islands={"blue": P1, "green": P1, "yellow": P0, "purple": P1})
    s.play("take 0")
    events = s.play("keep")
    assert s.is_terminal() and s.current_player == TERMINAL and len(s.pile) == 2
    out = s.outcome()
    assert out is not None and out.termination == "every Island card has been won"
    assert events[-1].kind == "end" and events[-1].rule == "SKEL §4 Victory"


def test_end_in_the_middle_of_a_double_turn_ruling_skel_18() -> None:
    s = game().position(row("map-red-half", "coin-1", "coin-2"),
                        collections={P0: ["map-red-half", "pirate-hook", "pirate-skull",
                                          "pirate-compass"]},
                        islands={"blue": P1, "green": P1, "yellow": P0, "purple": P1})
    s.play(Discard(tuple(ids(s, P0)[1:])))
    s.play("double")
    s.play("take 0")
    s.play("keep")
    assert s.is_terminal() and s.legal_moves() == []


def test_end_when_the_sand_pile_is_empty() -> None:
    s = game().position(row("coin-2"))
    s.play("take 0")
    assert not s.is_terminal()
    s.play("keep")
    assert s.is_terminal()
    out = s.outcome()
    assert out is not None and out.termination == "the Sand Pile is empty"


def test_scoring_island_cards_and_gold_coin_cards_count() -> None:
    s = game(players=3).position(
        row("coin-1"),
        collections={P0: ["coin-3", "coin-2", "pirate-hook", "map-blue-half"],
                     P1: ["coin-1"] * 3, P2: []},
        islands={"red": P0, "green": P2, "blue": P2},
    )
    assert s.scores() == (5 + 3 + 2, 3, 10)


def test_victory_the_largest_treasure_wins() -> None:
    s = game().position(row("coin-1"), collections={P0: ["coin-3"], P1: ["coin-2"]}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.scores == (3, 3)
    assert out.winners == (0, 1)  # tied on coins and on Island cards (none)


def test_ties_more_island_cards_win_ruling_skel_19() -> None:
    s = game().position(row("coin-1"), collections={P1: ["coin-3", "coin-2"]},
                        islands={"red": P0}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.scores == (5, 6)
    s = game().position(row("coin-1"), collections={P1: ["coin-3", "coin-1"]},
                        islands={"red": P0}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.scores == (5, 5) and out.winners == (0,)
    assert "most Island cards" in out.reason


def test_ties_shared_with_the_option_ruling_skel_19() -> None:
    s = game(tie_break="shared").position(row("coin-1"),
                                          collections={P1: ["coin-3", "coin-1"]},
                                          islands={"red": P0}, turn=P1)
    s.play("take 0")
    s.play("keep")
    out = s.outcome()
    assert out is not None and out.winners == (0, 1)


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
