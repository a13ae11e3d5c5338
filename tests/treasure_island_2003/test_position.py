"""The position is one frozen value (docs/architecture.md §4): undo and copy share it,
an illegal move leaves it untouched, and records made before the reshape of issue 11
replay to the same positions."""

from __future__ import annotations

import dataclasses
import json

import pytest

from tests.treasure_island_2003.helpers import flint, played, small
from tests.treasure_island_2003.records import DATA, fingerprint
from treasurekit.core import IllegalMoveError
from treasurekit.treasure_island_2003 import Phase, TIPosition, TIState
from treasurekit.treasure_island_2003.flow import PHASES
from treasurekit.treasure_island_2003.holdings import FrozenHoldings, Holdings
from treasurekit.treasure_island_2003.position import TIDraft, draft

RECORDS = json.loads(DATA.read_text(encoding="utf-8"))


def test_position_is_frozen() -> None:
    s = played(3, 60)
    p = s.position
    assert isinstance(p, TIPosition) and isinstance(p.holdings, FrozenHoldings)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.turn = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.holdings.jolly = (9, 9)  # type: ignore[misc]
    assert isinstance(p.owner, tuple) and isinstance(p.holdings.piles, tuple)


def test_frozen_holdings_built_without_init_equal_the_constructors() -> None:
    """``Holdings.freeze`` and ``FrozenHoldings.drawn`` fill a bare instance's dict: the
    value equals, hashes and prints as the dataclass's constructor would build it, and
    stays frozen."""
    s = played(4, 120)
    h = s.position.holdings
    again = Holdings.thaw(h, s.cards).freeze()
    made = FrozenHoldings(*(getattr(h, f.name) for f in dataclasses.fields(FrozenHoldings)))
    assert again == made == h and hash(again) == hash(made) and repr(again) == repr(made)
    kind = h.unseen[0][0]
    drawn = h.drawn(kind)
    thawed = Holdings.thaw(h, s.cards)
    thawed.draw(kind)
    assert drawn == thawed.freeze() and hash(drawn) == hash(thawed.freeze())
    with pytest.raises(dataclasses.FrozenInstanceError):
        drawn.unseen = ()  # type: ignore[misc]


def test_the_plys_draft_is_the_constructors() -> None:
    """``position.draft`` (the state's hot path) makes what ``TIDraft(p, cards)`` makes."""
    s = played(2, 50)
    p = s.position
    for _ in range(2):  # the first call learns the generated draft class
        fast, slow = draft(p, s.cards), TIDraft(p, s.cards)
        assert type(fast) is type(slow) and isinstance(fast, TIDraft)
        for name in ("cards", "then", "placed", "_h"):
            assert getattr(fast, name) is getattr(slow, name)
        assert fast.freeze() == slow.freeze() == p


def test_position_equal_positions_are_equal_games_and_hash_alike() -> None:
    a, b = played(5, 80), played(5, 80)
    assert a.position is not b.position
    assert a.position == b.position and hash(a.position) == hash(b.position)
    b.resolve_chance() if b.is_chance_node() else b.play(b.legal_moves()[0])
    assert a.position != b.position


def test_position_copy_shares_it_and_diverges_after_a_move() -> None:
    s = played(7, 50)
    c = s.copy()
    assert c.position is s.position
    before = s.position
    c.resolve_chance() if c.is_chance_node() else c.play(c.legal_moves()[0])
    assert c.position is not before and s.position is before
    assert str(s) != str(c)


def test_position_undo_restores_the_identical_object() -> None:
    s = flint()  # Red opens Flint's chest: card reveals change the holdings
    seen = [s.position]
    for kind in ("rum", "purple-cannon", "rubies"):
        s.play(f"reveal {kind}")
        seen.append(s.position)
    for expected in reversed(seen[:-1]):
        s.undo()
        assert s.position is expected


def test_position_an_illegal_move_leaves_it_identical() -> None:
    s = small().position({"R": "a7 b7"}, dice=(4, 6))
    p = s.position
    with pytest.raises(IllegalMoveError):
        s.play("place a1")
    with pytest.raises(IllegalMoveError):
        s.play("end")
    assert s.position is p and s.ply == 0


def test_position_a_draft_never_changes_the_position_it_starts_from() -> None:
    s = flint()
    p = s.position
    d = TIDraft(p, s.cards)
    d.h.gain(0, "rum", 3)
    d.turn = 1
    q = d.freeze()
    assert type(q) is TIPosition and q is not p and q.turn == 1
    assert Holdings.thaw(q.holdings, s.cards).piles[0]["rum"] == 3
    assert p == s.position and "rum" not in dict(p.holdings.piles[0])


def test_position_holdings_of_the_state_are_a_working_copy() -> None:
    s = flint()
    h = s.holdings
    h.gain(0, "rum", 5)
    assert "rum" not in s.holdings.piles[0]


def test_phase_is_an_enum_equal_to_its_word() -> None:
    s = small(first_player=0).new_initial_state(seed=1)
    assert s.phase is Phase.ROLL and s.phase == "roll" and f"{s.phase}" == "roll"
    assert [str(p) for p in PHASES] == ["opening", "roll", "place", "choose", "reveal",
                                        "cannon", "skirmish", "wrap", "discard", "over"]
    assert s.view(0).phase == "roll"


@pytest.mark.parametrize("row", RECORDS, ids=lambda r: f"ply{r['fingerprint']['ply']}")
def test_records_made_before_the_reshape_replay_to_the_same_positions(row: dict) -> None:
    assert fingerprint(row["record"]) == row["fingerprint"]


def test_a_hand_set_position_is_a_position_of_the_state() -> None:
    s = small().position({"R": "a7", "B": "e2"}, dice=(4, 6), piles={"R": {"rum": 2}})
    again = TIState(s.game, 0, s.position)
    assert again.position is s.position and str(again) == str(s)
    assert again.legal_moves() == s.legal_moves()
