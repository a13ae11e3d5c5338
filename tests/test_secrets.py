"""Secrets stay secret in the engine: seat views, seat records and event texts.

Property tests over many seeded plies of the hidden-information games (issue 15):

* what a seat is given (its view at every ply, its seat record, the event texts) holds
  no secret of another seat: the treasure, the pieces and hints dealt to others, the
  face-down Information tokens, Silver's hands, the face-down cards' kinds;
* a seat record plus its seat's view cannot predict the next hidden draw: they never
  hold the seed, and they are identical for two seeds that draw differently next;
* a seat record plays back exactly what the seat saw live, ply by ply, in every game,
  while the full record (the omniscient one, for after the game) replays as before.

Seeds are large numbers so that their digits cannot appear anywhere by chance.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import pytest

import treasurekit
from treasurekit import RandomBot, SeatRecord, replay, replay_seat
from treasurekit.core import RecordError
from treasurekit.core.chance import sample_outcome
from treasurekit.core.seat import HIDDEN
from treasurekit.sjorovaron import GreedyBot as SjoGreedy
from treasurekit.treasure_island_2018 import GreedyBot as PirateGreedy
from treasurekit.treasure_island_2018 import SilverBot
from treasurekit.treasure_island_2018.geometry import fmt_pt
from treasurekit.treasure_island_2018.moves import (
    Answer,
    Bury,
    Card,
    Confess,
    Deal,
    Draw,
    PlayHint,
    Share,
)

GREEDY = {
    "treasure_island_2018": lambda seed, n: {
        0: SilverBot(seed=seed % 97), **{p: PirateGreedy(seed=p) for p in range(1, n)}},
    "sjorovaron": lambda seed, n: {p: SjoGreedy(seed=p) for p in range(n)},
}
GAMES = ("ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
         "skeleton_island")
HIDDEN_GAMES = ("treasure_island_2018", "sjorovaron", "skeleton_island")
BIG = 7_340_000_000_000  # base of the seeds: 13 digits that cannot turn up by chance


@functools.cache
def play(name: str, seed: int, *, players: int | None = None, bots: str = "random",
         max_plies: int = 400) -> tuple[Any, dict[int, list[Any]], dict[int, list[Any]]]:
    """A seeded game; returns the state and, per seat, the views and events seen live.

    ``bots``: "random" (RandomBot everywhere) or "greedy" (the game's bots). Stops
    before the game ends, so the state is a game in play (its secrets still secret).
    Cached: callers must not change what it returns.
    """
    options = {} if players is None else {"players": players}
    state = treasurekit.load_game(name, **options).new_initial_state(seed)
    n = state.game.num_players
    seats = (GREEDY[name](seed, n) if bots == "greedy"
             else {p: RandomBot(seed=seed % 1000 + p) for p in range(n)})
    views = {p: [state.view(p)] for p in range(n)}
    events: dict[int, list[Any]] = {p: [] for p in range(n)}
    while state.ply < max_plies:
        if state.is_chance_node():
            happened = state.resolve_chance()
        else:
            happened = state.play(seats[state.current_player].choose(state.copy()))
        if state.is_terminal():
            state.undo()
            break
        for p in range(n):
            views[p].append(state.view(p))
            events[p].append(tuple(str(e) for e in happened))
    return state, views, events


# ----- seat records play back what the seat saw ------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_seat_record_replays_what_the_seat_saw_at_every_ply(name: str) -> None:
    state, views, events = play(name, BIG + 11, max_plies=250)
    assert state.ply > 30  # random Skeleton Island games may end sooner by ruling SKEL-21
    for p in range(state.game.num_players):
        record = state.to_record(seat=p)
        text = record.to_json()
        assert SeatRecord.from_json(text) == record
        back = replay_seat(text)
        assert list(back.views) == views[p]  # ply by ply, as view objects
        assert [list(e) for e in back.events] == [list(e) for e in events[p]]
        assert len(back.moves) == state.ply
        assert "seed" not in json.loads(text) and str(BIG + 11) not in text


@pytest.mark.parametrize("name", GAMES)
def test_full_record_is_the_omniscient_one_and_still_replays(name: str) -> None:
    state, _, _ = play(name, BIG + 12, max_plies=150)
    record = state.to_record()
    assert record.seed == BIG + 12
    assert record.moves == tuple(str(m) for m in state.history)  # nothing redacted
    again = replay(record.to_json())
    assert again.history == state.history
    assert [again.view(p) for p in range(state.game.num_players)] == [
        state.view(p) for p in range(state.game.num_players)]
    with pytest.raises(RecordError, match="seat record"):
        replay(state.to_record(seat=0).to_json())
    with pytest.raises(RecordError, match="seat record"):
        replay(state.to_record(seat=0))  # type: ignore[arg-type]


def test_a_record_written_before_seat_records_still_replays() -> None:
    text = ('{"format": "treasurekit-record/1", "game": "sjorovaron", "options": '
            '{"players": 2}, "seed": 3, "moves": ["order p0 2", "order p1 5"]}')
    state = replay(text)
    assert [str(m) for m in state.history] == ["order p0 2", "order p1 5"]


def test_seat_record_errors_name_the_problem() -> None:
    state, _, _ = play("sjorovaron", BIG + 13, max_plies=30)
    with pytest.raises(ValueError, match="seat must be a seat"):
        state.to_record(seat=7)
    text = state.to_record(seat=1).to_json()
    with pytest.raises(RecordError, match="not a seat record"):
        replay_seat(state.to_record().to_json())
    with pytest.raises(RecordError, match="not valid JSON"):
        replay_seat(text[:-3])
    data = json.loads(text)
    data["views"] = data["views"][:-1]
    with pytest.raises(RecordError, match="'views'"):
        replay_seat(json.dumps(data))
    data = json.loads(text)
    data["views"][3] = {"pirates": "everyone"}
    with pytest.raises(RecordError, match="after move 3"):
        replay_seat(json.dumps(data))
    data = json.loads(text)
    data["seat"] = 5
    with pytest.raises(RecordError, match="'seat' is 5"):
        replay_seat(json.dumps(data))


# ----- no seat is given another seat's secret ---------------------------------------------------
TI2018_GAMES = [(BIG + 21, 2, "random"), (BIG + 22, 3, "random"), (BIG + 23, 4, "random"),
                (BIG + 24, 5, "random"), (BIG + 25, 4, "greedy")]


@pytest.mark.parametrize(("seed", "players", "bots"), TI2018_GAMES)
def test_ti2018_a_pirate_is_given_no_secret(seed: int, players: int, bots: str) -> None:
    state, views, events = play("treasure_island_2018", seed, players=players, bots=bots,
                                max_plies=200)
    d = state.position
    assert d.treasure is not None and len(state.history) > 30
    treasure = re.compile(r"(?<![\d.])" + re.escape(fmt_pt(d.treasure)) + r"(?![\d])")
    for p in range(1, players):
        for v in views[p]:  # the view at every ply
            assert v.treasure is None and v.set_aside is None and v.undealt == ()
            assert v.hand == () and v.compass_hand == () and v.chest_left == ()
            assert v.truth_left is None and v.bluff_left is None and v.chest_credit is None
            assert v.dealt == () and v.compass_given == ()
            assert d.set_aside not in v.my_districts
            assert d.set_aside not in {x for _, x in v.shared_districts}
        v = views[p][-1]
        shown = {x for _, x in d.shared[p]}
        assert set(v.my_districts) == set(d.dealt[p])  # its own hints, and no other
        assert {x for _, x in v.shared_districts} == shown
        assert v.my_chest_items == d.chest_items[p] and v.my_chest_info == d.chest_info[p]
        assert v.my_compass == tuple(c for s, c in d.compass_given if s == p)
        for h in v.hints:  # a face-down Information token only after p verified it
            seen = h.face_up or h.number in d.verified[p]
            assert (h.token != "hidden") == seen
        record = state.to_record(seat=p)
        text = record.to_json()
        assert str(seed) not in text and "seed" not in json.loads(text)
        for move, written in zip(state.history, record.moves, strict=True):
            _check_ti2018_move(move, written, p)
        for line in [t for ply in record.events for t in ply] + [
                t for ply in events[p] for t in ply]:
            assert not treasure.search(line), line
        hidden_moves = [m for m in record.moves if m.endswith(HIDDEN)]
        assert hidden_moves and hidden_moves[0] == f"bury {HIDDEN}"


def _check_ti2018_move(move: Any, written: str, seat: int) -> None:
    if isinstance(move, (Bury, Draw)):
        assert written.endswith(f" {HIDDEN}"), (move, written)
        assert written.split()[:-1] == str(move).split()[: len(written.split()) - 1]
    elif isinstance(move, Deal):
        assert written == (str(move) if move.seat == seat else f"deal p{move.seat} {HIDDEN}")
    elif isinstance(move, Confess):
        assert written == f"confess p{move.seat} {move.answer} {HIDDEN}"
    elif isinstance(move, PlayHint) and move.token is not None and written != str(move):
        assert written == " ".join(["hint", move.kind, *move.args, HIDDEN])
    elif isinstance(move, (Answer, Card, Share)):
        assert written in (str(move), f"{str(move).split()[0]} {HIDDEN}")
    else:
        assert written == str(move)


def test_ti2018_face_down_tokens_and_given_tokens_are_written_hidden() -> None:
    state, _, _ = play("treasure_island_2018", BIG + 25, players=4, bots="greedy",
                       max_plies=200)
    silver = state.to_record(seat=0).moves
    assert silver == tuple(str(m) for m in state.history)  # Silver knows every move
    records = {p: state.to_record(seat=p).moves for p in (1, 2, 3)}
    walk = state.game.new_initial_state(0)
    tokens = given = 0
    for ply, move in enumerate(state.history):
        d = walk.position
        for p, moves in records.items():
            written = moves[ply]
            if isinstance(move, PlayHint) and move.token in ("truth", "bluff"):
                face_up = not d.played  # the first hint's token lies face up
                assert written.endswith(f" {HIDDEN}") != face_up
                tokens += p == 1
            elif isinstance(move, Answer) and move.token != "none":
                assert d.last_search is not None
                mine = d.last_search[0] == p
                assert written == (str(move) if mine else f"answer {HIDDEN}")
                given += p == 1
            elif isinstance(move, Card):
                assert written == (str(move) if d.active == p else f"card {HIDDEN}")
                given += p == 1
        walk.apply(move)
    assert tokens >= 2 and given >= 1


SJO_GAMES = [(BIG + 31, 2), (BIG + 32, 3), (BIG + 33, 4), (BIG + 34, 6)]


@pytest.mark.parametrize(("seed", "players"), SJO_GAMES)
def test_sjorovaron_a_seat_is_given_only_its_own_map_pieces(seed: int, players: int) -> None:
    bots = "greedy" if players != 6 else "random"
    state, views, events = play("sjorovaron", seed, players=players, bots=bots,
                                max_plies=400)
    ids = state.game.board.piece_ids
    assert state.hidden_piece is not None
    for p in range(players):
        unseen = set(ids) - set(state._seen[p])
        if p not in state.knows:
            assert state.hidden_piece in unseen
        for v in views[p]:
            assert v.spot is None or p in state.knows
            assert not unseen & set(v.my_pieces)
        assert set(views[p][-1].my_pieces) == set(state.pieces(p))
        record = state.to_record(seat=p)
        text = record.to_json()
        assert str(seed) not in text
        for move, written in zip(state.history, record.moves, strict=True):
            if written.startswith("deal") and not written.startswith(f"deal p{p} "):
                assert written.endswith(f" {HIDDEN}")
            else:
                assert written == str(move)
        words = {m.split()[-1] for m in record.moves if m.startswith("deal")}
        quoted = set(re.findall(r'"([a-z]+)"', json.dumps(record.views)))
        lines = " ".join(t for ply in events[p] for t in ply)
        for piece in unseen:
            assert piece not in words and piece not in quoted
            assert not re.search(rf"\b{piece}\b", lines), piece


SKELETON_GAMES = [(BIG + 41, 2), (BIG + 42, 3), (BIG + 43, 4)]


@pytest.mark.parametrize(("seed", "players"), SKELETON_GAMES)
def test_skeleton_island_a_face_down_card_is_unknown_to_every_seat(seed: int,
                                                                   players: int) -> None:
    state, views, _ = play("skeleton_island", seed, players=players, max_plies=200)
    for p in range(players):
        for v in views[p]:
            for card in v.table:
                assert card.face_up or card.kind is None
            if v.hand is not None and v.hand.kind is None:
                assert v.hand.id not in {c.id for c in v.table}
        text = state.to_record(seat=p).to_json()
        assert str(seed) not in text
    assert state.to_record(seat=0).moves == tuple(str(m) for m in state.history)


# ----- a seat cannot predict the next hidden draw -----------------------------------------------
def _other_seed(state: Any, seed: int) -> int | None:
    """A seed whose draw at this chance node differs from ``seed``'s (None if the node
    has a single outcome)."""
    outcomes = state.chance_outcomes()
    if len(outcomes) < 2:
        return None
    mine = sample_outcome(outcomes, state.game.name, seed, state.ply)
    for other in range(seed + 1, seed + 200):
        if sample_outcome(outcomes, state.game.name, other, state.ply) != mine:
            return other
    raise AssertionError("no seed draws differently")


@pytest.mark.parametrize("name", [*HIDDEN_GAMES, "treasure_island_2003"])
def test_seat_information_cannot_predict_the_next_hidden_draw(name: str) -> None:
    seed = BIG + 51
    state, _, _ = play(name, seed, max_plies=160)
    n = state.game.num_players
    replayed = state.copy()
    nodes = []
    while replayed.ply:
        replayed.undo()
        if replayed.is_chance_node() and len(replayed.chance_outcomes()) > 1:
            nodes.append(replayed.ply)
    checked = 0
    for ply in nodes[:: max(1, len(nodes) // 3)][:3]:
        here = treasurekit.load_game(name).new_initial_state(seed)
        for move in state.history[:ply]:
            here.apply(move)
        other = _other_seed(here, seed)
        assert other is not None
        twin = treasurekit.load_game(name).new_initial_state(other)
        for move in state.history[:ply]:
            twin.apply(move)
        # the next draws differ ...
        a, b = here.copy(), twin.copy()
        a.resolve_chance()
        b.resolve_chance()
        assert a.history[-1] != b.history[-1]
        # ... while everything each seat holds is the same
        for p in range(n):
            assert here.view(p) == twin.view(p)
            assert here.to_record(seat=p).to_json() == twin.to_record(seat=p).to_json()
            assert str(seed) not in here.to_record(seat=p).to_json()
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("name", GAMES)
def test_no_view_holds_the_seed(name: str) -> None:
    seed = BIG + 61
    _, views, _ = play(name, seed, max_plies=120)
    for seen in views.values():
        for v in seen[:: 10]:
            assert not hasattr(v, "seed")
            assert str(seed) not in repr(v)
