"""Determinization (``state.determinize(p, rng)``, ``determinize.py``): every item a
pirate cannot see is resampled, consistently with what it sees, and its view is unchanged.

Each hidden item gets a test that it varies across determinizations of one position and
that the copy is consistent with the rules that tie it to the (new) treasure. The
positions come from seeded random play (``play_until``) to the first ply where the item
exists for another seat than the one determinized for (seat 1).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import treasurekit.treasure_island_2018 as ti
from treasurekit.treasure_island_2018.geometry import sector_of
from treasurekit.treasure_island_2018.hints import truthful
from treasurekit.treasure_island_2018.rules.chest import chest_token_true

P = 1  # the pirate determinized for
N = 16  # determinizations per test


def _live(st: ti.TIState) -> bool:
    return not st.is_chance_node() and st.data.winner is None


def _position(set_up: Any, play_until: Any, seed: int,
              stop: Callable[[ti.TIState], bool]) -> ti.TIState:
    s = set_up(seed, players=4)
    play_until(s, lambda st: _live(st) and stop(st), seed=seed)
    assert _live(s), "the game ended before the hidden item appeared"
    return s


def _twins(s: ti.TIState, seed: int = 1) -> list[ti.TIState]:
    """``N`` determinizations for seat P; each leaves P's view exactly as it was."""
    rng = random.Random(seed)
    before = s.view(P)
    twins = [s.determinize(P, rng) for _ in range(N)]
    for twin in twins:
        assert twin.view(P) == before
    assert s.view(P) == before  # the original is untouched
    return twins


@pytest.fixture(name="tokens_position")
def _tokens_position(set_up: Any, play_until: Any) -> ti.TIState:
    return _position(set_up, play_until, 0, lambda st: st.data.bluff_received >= 1 and sum(
        1 for h in st.data.played if not h.face_up and h.number not in st.data.verified[P]) >= 2)


def test_the_treasure_is_redrawn_where_the_pirate_cannot_rule_it_out(
        tokens_position: ti.TIState) -> None:
    s = tokens_position
    twins = _twins(s)
    spots = {t.treasure for t in twins}
    assert len(spots) > N // 2
    for twin in twins:
        t = twin.treasure
        assert t is not None and s.map.treasure_problem(t) is None
        district = s.map.district_at(t)
        assert district not in s.data.dealt[P]
        if district is not None:
            assert twin.data.set_aside == district


def test_face_down_information_tokens_follow_the_new_treasure(
        tokens_position: ti.TIState) -> None:
    s = tokens_position
    hidden = [h.number for h in s.data.played
              if not h.face_up and h.number not in s.data.verified[P]]
    truth_total = s.data.truth + sum(1 for h in s.data.played if h.token == "truth")
    bluff_total = s.data.bluff + sum(1 for h in s.data.played if h.token == "bluff")
    seen = set()
    for twin in _twins(s):
        d, t = twin.data, twin.treasure
        assert t is not None
        tokens = tuple(h.token for h in d.played if h.number in hidden)
        seen.add(tokens)
        for h in d.played:
            if h.number in hidden:  # Bluff where false; Truth only where true
                true = truthful(h.kind, h.args, h.situation, s.map, t)
                assert h.token == "bluff" or true
        used_truth = sum(1 for h in d.played if h.token == "truth")
        used_bluff = sum(1 for h in d.played if h.token == "bluff")
        assert (d.truth, d.bluff) == (truth_total - used_truth, bluff_total - used_bluff)
        assert d.truth >= 0 and d.bluff >= 0
    assert len(seen) > 1


def test_other_pirates_district_hints_are_dealt_again(tokens_position: ti.TIState) -> None:
    s = tokens_position
    d0 = s.data
    every = {x for h in d0.dealt for x in h} | set(d0.undealt) | {d0.set_aside}
    hands = set()
    for twin in _twins(s):
        d = twin.data
        assert d.dealt[P] == d0.dealt[P]
        assert [len(h) for h in d.dealt] == [len(h) for h in d0.dealt]  # counts are public
        assert {x for h in d.dealt for x in h} | set(d.undealt) | {d.set_aside} == every
        assert len(d.undealt) == len(d0.undealt)
        assert all(d.set_aside not in h for h in d.dealt)
        for seat, seen in enumerate(d.shared):  # what PARROT showed is in the shower's hand
            for q, x in seen:
                assert x in d.dealt[q], (seat, q, x)
        hands.add(tuple(d.dealt[s] for s in (2, 3)))
    assert len(hands) > 1


def test_other_pirates_chest_information_tokens_are_redrawn_true(
        set_up: Any, play_until: Any) -> None:
    s = _position(set_up, play_until, 0, lambda st: any(st.data.chest_info[q] for q in (2, 3)))
    seen = set()
    for twin in _twins(s):
        d, t = twin.data, twin.treasure
        assert t is not None
        for q in (2, 3):
            assert len(d.chest_info[q]) == len(s.data.chest_info[q])
            for tok, old in zip(d.chest_info[q], s.data.chest_info[q], strict=True):
                assert tok.at == old.at
                assert chest_token_true(tok.token, tok.at, s.map.district_at(tok.at), t, s.map)
        seen.add(tuple(tok.token for q in (2, 3) for tok in d.chest_info[q]))
        assert sorted(d.chest_left + tuple(x.token for q in (1, 2, 3) for x in d.chest_info[q])
                      + tuple(x for q in (1, 2, 3) for x in d.chest_items[q])) == sorted(
            s.data.chest_left + tuple(x.token for q in (1, 2, 3) for x in s.data.chest_info[q])
            + tuple(x for q in (1, 2, 3) for x in s.data.chest_items[q]))
    assert len(seen) > 1


def test_other_pirates_chest_items_are_redrawn(set_up: Any, play_until: Any) -> None:
    s = _position(set_up, play_until, 0, lambda st: any(st.data.chest_items[q] for q in (2, 3)))
    seen = set()
    for twin in _twins(s):
        d = twin.data
        assert [len(x) for x in d.chest_items] == [len(x) for x in s.data.chest_items]
        seen.add(tuple(d.chest_items[q] for q in (2, 3)))
    assert len(seen) > 1


def test_other_pirates_compass_hints_are_redrawn_true_where_the_compass_lay(
        set_up: Any, play_until: Any) -> None:
    s = _position(set_up, play_until, 1,
                  lambda st: any(q != P for q, _ in st.data.compass_given))
    seen = set()
    for twin in _twins(s):
        d, t = twin.data, twin.treasure
        assert t is not None
        assert len(d.compass_given) == len(s.data.compass_given)
        for (q, c), (q0, c0) in zip(d.compass_given, s.data.compass_given, strict=True):
            assert (q, c.mini, c.at) == (q0, c0.mini, c0.at)
            assert not set(c.skulls) & set(sector_of(c.at, t))  # Silver cannot lie
        cards = [c.card for _, c in d.compass_given] + list(d.compass_hand) + list(
            d.compass_pile)
        assert sorted(cards) == sorted([c.card for _, c in s.data.compass_given]
                                       + list(s.data.compass_hand) + list(s.data.compass_pile))
        seen.add(tuple(c.card for q, c in d.compass_given if q != P))
    assert len(seen) > 1


def test_silvers_hands_are_redrawn_from_the_cards_the_pirate_has_not_seen(
        tokens_position: ti.TIState) -> None:
    s = tokens_position
    seen = set()
    for twin in _twins(s):
        d = twin.data
        assert (len(d.start_hand), len(d.bs_hand), len(d.compass_hand)) == (
            len(s.data.start_hand), len(s.data.bs_hand), len(s.data.compass_hand))
        seen.add((d.start_hand, d.bs_hand, d.compass_hand))
    assert len(seen) > 1


def test_determinize_is_seeded_and_silver_gets_a_plain_copy(
        tokens_position: ti.TIState) -> None:
    s = tokens_position
    a = s.determinize(P, random.Random(5))
    b = s.determinize(P, random.Random(5))
    assert a.data == b.data
    assert s.determinize(0, random.Random(5)).data == s.data


def test_a_determinized_copy_plays_on_to_the_end(tokens_position: ti.TIState) -> None:
    rng = random.Random(3)
    for twin in _twins(tokens_position)[:4]:
        while not twin.is_terminal():
            if twin.is_chance_node():
                twin.apply(twin.sample_chance(rng), undoable=False)
            else:
                twin.apply(rng.choice(twin.legal_moves()), undoable=False)
        assert twin.outcome() is not None
