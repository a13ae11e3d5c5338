"""Hypothesis fuzz tests over every input a user or a file can give (issues 15 and 16).

Game names, options, seeds, move text (Unicode, huge, near misses, other games'
notation, other seats' moves), moves at chance and terminal states, hand-built move
objects, records (truncated, tampered, wrong game, illegal mid-way, huge, deeply
nested) and every game's data files corrupted. Each bad input raises a ValueError
subclass naming the problem; an illegal move leaves the state as it was; a corrupted
data file is refused at load or plays without an internal error.

The examples are derandomized and no example database is kept, so CI is reproducible.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
import random
import tempfile
import typing
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import treasurekit
from tests.core.data_options import DATA_FILES
from treasurekit.core import (
    BoardDataError,
    GameRecord,
    IllegalMoveError,
    OptionError,
    RecordError,
    State,
    UnknownGameError,
)

GAMES = sorted(treasurekit.GAMES)

#: ``TREASUREKIT_FUZZ_SCALE=20 TREASUREKIT_FUZZ_RANDOM=1 pytest tests/core/test_fuzz_inputs.py``
#: for a deep local run with fresh examples; CI runs the fixed, derandomized ones.
SCALE = float(os.environ.get("TREASUREKIT_FUZZ_SCALE", "1"))
FUZZ = settings(derandomize=not os.environ.get("TREASUREKIT_FUZZ_RANDOM"), database=None,
                deadline=None,
                max_examples=int(60 * SCALE),
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
FEW = settings(FUZZ, max_examples=int(25 * SCALE))

#: Plies of the seeded random playouts kept as fuzzing positions (and the last one).
PLIES = (0, 1, 2, 5, 12, 30, 80)
MAX_PLIES = {"treasure_island_2018": 120}


def _random_move(state: State[Any], rng: random.Random) -> Any:
    if state.is_chance_node():
        return state.sample_chance(rng)
    return rng.choice(state.legal_moves())


@functools.cache
def positions(game: str) -> tuple[State[Any], ...]:
    """Positions of two seeded random games: early plies, chance nodes, the end."""
    out: list[State[Any]] = []
    for seed in (1, 2):
        rng = random.Random(seed)
        state = treasurekit.load_game(game).new_initial_state(seed)
        for ply in range(MAX_PLIES.get(game, 400)):
            if ply in PLIES or (state.is_chance_node() and ply % 7 == 0):
                out.append(state.copy())
            if state.is_terminal():
                break
            state.play(_random_move(state, rng))
        out.append(state.copy())
    return tuple(out)


@functools.cache
def vocabulary() -> tuple[str, ...]:
    """Words of every game's legal moves: the material of near misses."""
    words: set[str] = set()
    for game in GAMES:
        for s in positions(game):
            for m in s.legal_moves()[:40]:
                words.update(str(m).split())
    return tuple(sorted(words))


@functools.cache
def notation(game: str | None = None) -> tuple[str, ...]:
    """Move texts legal somewhere in ``game`` (or in any game)."""
    texts: set[str] = set()
    for g in [game] if game else GAMES:
        for s in positions(g):
            texts.update(str(m) for m in s.legal_moves()[:60])
    return tuple(sorted(texts))


def fingerprint(state: State[Any]) -> tuple[Any, ...]:
    """What an illegal move must leave unchanged."""
    return (state.history, str(state), state.current_player, repr(state._snapshot()))


WEIRD_DIGITS = "²³¹⁵０１３٣۴߂१৩੪૫୬௭౮೯൦๑໒༣၄႕០᠑"


def _near_miss(draw: st.DrawFn, game: str) -> str:
    text = draw(st.sampled_from(notation(game)))
    words = text.split()
    i = draw(st.integers(0, len(words) - 1))
    kind = draw(st.integers(0, 6))
    if kind == 0:
        words[i] = draw(st.sampled_from(WEIRD_DIGITS)) + words[i][1:]
    elif kind == 1:
        words[i] = words[i] + "9" * draw(st.sampled_from([1, 5, 30, 5000]))
    elif kind == 2:
        words[i] = draw(st.sampled_from(vocabulary()))
    elif kind == 3:
        del words[i]
    elif kind == 4:
        words.insert(i, draw(st.sampled_from(vocabulary())))
    elif kind == 5:
        words[i] = draw(st.text(max_size=6))
    else:
        words[i] = words[i].upper() + draw(st.sampled_from(["", "-1", ",", ".5", "e9", "\x00"]))
    return " ".join(words)


@st.composite
def move_texts(draw: st.DrawFn, game: str) -> str:
    choice = draw(st.integers(0, 5))
    if choice == 0:
        return draw(st.text(max_size=30))
    if choice == 1:
        return _near_miss(draw, game)
    if choice == 2:  # other games' notation and other seats' moves
        return draw(st.sampled_from(notation()))
    if choice == 3:
        return draw(st.sampled_from(notation(game)))
    if choice == 4:
        return draw(st.sampled_from(["", " ", "\n", "x" * 1_000_000, "move " * 50_000,
                                     "9" * 5000, "roll " + "1" * 5000, "\u202e", "\x00"]))
    return " ".join(draw(st.lists(st.sampled_from(vocabulary()), min_size=1, max_size=5)))


def check_refusal_or_play(state: State[Any], move: Any) -> None:
    """The contract for any move: a reason and an IllegalMoveError with the state
    unchanged, or (when it is legal) a play that works."""
    before = fingerprint(state)
    reason = state.why_illegal(move)
    assert fingerprint(state) == before
    trial = state.copy()
    if reason is None:
        trial.play(move)
        return
    assert isinstance(reason, str) and reason
    assert len(reason) < 1200
    with pytest.raises(IllegalMoveError) as info:
        trial.play(move)
    assert isinstance(info.value, ValueError)
    assert len(str(info.value)) < 1500
    assert fingerprint(trial) == before


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_move_text_gets_a_reason_or_plays(game: str, data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(positions(game)))
    text = data.draw(move_texts(game))
    check_refusal_or_play(state, text)


# ----- hand-built move objects -------------------------------------------------------
def _field_strategy(tp: Any) -> st.SearchStrategy[Any]:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, __import__("types").UnionType):
        return st.one_of(*(_field_strategy(a) for a in args))
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_field_strategy(args[0]), max_size=4).map(tuple)
        return st.tuples(*(_field_strategy(a) for a in args))
    if tp is type(None):
        return st.none()
    if tp is bool:
        return st.booleans()
    if tp is int:
        return st.one_of(st.integers(-2, 40), st.integers(), st.booleans(), st.none())
    if tp is float:
        return st.one_of(st.floats(-5, 35), st.floats(), st.integers(-2, 30))
    if tp is str:
        return st.one_of(st.sampled_from(vocabulary()), st.text(max_size=8), st.none())
    return st.none()


def _construct(cls: type, **fields: Any) -> Any:
    """The move, or None if its constructor refuses the fields (then it cannot be played)."""
    try:
        return cls(**fields)
    except (TypeError, ValueError, OverflowError):
        return None


@functools.cache
def move_strategy(game: str) -> st.SearchStrategy[Any]:
    builds = []
    for cls in treasurekit.GAMES[game].MOVE_TYPES:
        hints = typing.get_type_hints(cls)
        fields = {f.name: _field_strategy(hints[f.name]) for f in dataclasses.fields(cls)}
        builds.append(st.builds(functools.partial(_construct, cls), **fields))
    others = [st.sampled_from(s.legal_moves()[:30]) for g in GAMES if g != game
              for s in positions(g)[:3] if s.legal_moves()]
    return st.one_of(*builds, *others, st.none(), st.integers(), st.tuples(st.integers()))


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_hand_built_moves_get_a_reason_never_an_internal_error(
        game: str, data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(positions(game)))
    legal = state.legal_moves()
    if legal and data.draw(st.booleans()):  # a legal move with one field changed
        base = data.draw(st.sampled_from(legal[:200]))
        fields = dataclasses.fields(base)
        if fields:
            f = data.draw(st.sampled_from(fields))
            value = data.draw(_field_strategy(typing.get_type_hints(type(base))[f.name]))
            move = _construct(type(base), **{**dataclasses.asdict(base), f.name: value})
        else:
            move = base
    else:
        move = data.draw(move_strategy(game))
    check_refusal_or_play(state, move)


# ----- names, options, seeds ------------------------------------------------------------
ANY_VALUE = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20),
                      st.lists(st.integers(), max_size=3), st.binary(max_size=5),
                      st.sampled_from(["standard", "large", "small", "/dev/zero", "x" * 10_000]))


#: Values a JSON record can hold.
JSON_VALUE = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False),
                       st.text(max_size=20), st.lists(st.integers(), max_size=3),
                       st.sampled_from(["standard", "/dev/zero", "x" * 10_000, "custom:b"]))


@FUZZ
@given(name=st.one_of(ANY_VALUE, st.sampled_from([g.upper() for g in GAMES] + [" ahoy"])))
def test_fuzz_game_names(name: Any) -> None:
    if isinstance(name, str) and name in treasurekit.GAMES:
        return
    with pytest.raises(UnknownGameError) as info:
        treasurekit.load_game(name)
    assert isinstance(info.value, ValueError)
    assert "treasure_island_2018" in str(info.value) and len(str(info.value)) < 400


@pytest.mark.parametrize("game", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_options_are_accepted_or_refused_with_an_option_error(
        game: str, data: st.DataObject) -> None:
    names = list(treasurekit.GAMES[game].OPTIONS)
    options = data.draw(st.dictionaries(st.one_of(st.sampled_from(names), st.text(max_size=12)),
                                        ANY_VALUE, max_size=3))
    try:
        g = treasurekit.load_game(game, **options)
    except ValueError as exc:
        assert isinstance(exc, OptionError | BoardDataError)
        assert len(str(exc)) < 800
        return
    g.new_initial_state(0)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("key", ["name", "self", "record", "options"])
def test_an_option_named_like_a_parameter_is_an_option_error(game: str, key: str) -> None:
    """``load_game(game, name=None)`` (a draw of the fuzz test above once hit it) and
    ``replay(record, record=...)`` refuse the unknown option by name, not with a
    ``TypeError`` about the function's own parameters."""
    with pytest.raises(OptionError, match=f"no option '{key}'"):
        treasurekit.load_game(game, **{key: None})
    record = treasurekit.load_game(game).new_initial_state(0).to_record()
    with pytest.raises(RecordError, match=f"no option '{key}'"):
        treasurekit.replay(record, **{key: None})


@FUZZ
@given(game=st.sampled_from(GAMES),
       seed=st.one_of(st.integers(), st.integers(-(2**70), 2**70), ANY_VALUE))
def test_fuzz_seeds(game: str, seed: Any) -> None:
    g = treasurekit.load_game(game)
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed < 2**63:
        state = g.new_initial_state(seed)
        if state.is_chance_node():
            state.resolve_chance()
        GameRecord.from_json(state.to_record().to_json())
        return
    with pytest.raises(OptionError, match="seed") as info:
        g.new_initial_state(seed)
    assert len(str(info.value)) < 200


# ----- records -----------------------------------------------------------------------------
@functools.cache
def records() -> tuple[str, ...]:
    return tuple(s.to_record().to_json() for g in GAMES for s in positions(g)[-3:])


@st.composite
def tampered_records(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(records()))
    kind = draw(st.integers(0, 7))
    if kind == 0:  # truncated
        return text[: draw(st.integers(0, len(text)))]
    if kind == 1:  # a character replaced
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + draw(st.characters()) + text[i + 1:]
    data = json.loads(text)
    if kind == 2:  # a move replaced (illegal mid-way), dropped or added
        moves = data["moves"]
        i = draw(st.integers(0, max(0, len(moves) - 1)))
        if moves:
            moves[i] = draw(st.sampled_from(notation()))
        else:
            moves.append(draw(st.sampled_from(notation())))
    elif kind == 3:  # the wrong game
        data["game"] = draw(st.sampled_from([*GAMES, "chess", "", "AHOY"]))
    elif kind == 4:  # a key's value replaced by any value
        key = draw(st.sampled_from(["game", "options", "seed", "moves", "format"]))
        data[key] = draw(JSON_VALUE)
    elif kind == 5:  # an option tampered
        if data["options"]:
            key = draw(st.sampled_from(sorted(data["options"])))
            data["options"][key] = draw(JSON_VALUE)
    elif kind == 6:  # nesting
        depth = draw(st.sampled_from([5, 40, 2000]))
        key = draw(st.sampled_from(["options", "seed", "moves"]))
        value: Any = data[key]
        for _ in range(min(depth, 60)):
            value = [value]
        data[key] = value
        if depth > 60:
            return json.dumps(data).replace("[", "[" * 40, 1).replace("]", "]" * 40, 1)
    else:  # huge
        data["moves"] = data["moves"] + ["pass"] * draw(st.sampled_from([10, 200_000]))
    return json.dumps(data)


@FUZZ
@given(text=tampered_records())
def test_fuzz_tampered_records_replay_or_raise_a_record_error(text: str) -> None:
    try:
        state = treasurekit.replay(text)
    except RecordError as exc:
        assert len(str(exc)) < 1500
        return
    assert state.history == tuple(state.parse_move(m) for m in json.loads(text)["moves"])


# ----- seat records (issue 23 point 6) ------------------------------------------------------
@functools.cache
def seat_records() -> tuple[str, ...]:
    return tuple(s.to_record(seat=p).to_json() for g in GAMES for s in positions(g)[-2:]
                 for p in (0, s.game.num_players - 1))


def _tamper_view(draw: st.DrawFn, data: dict[str, Any]) -> None:
    """A field of one stored view replaced by any JSON value (or dropped, or invented)."""
    ply = draw(st.integers(0, len(data["views"]) - 1))
    view = data["views"][ply]
    key = draw(st.sampled_from([*sorted(view), "no_such_field"]))
    if draw(st.booleans()) and key in view:
        del view[key]
    else:
        view[key] = draw(st.one_of(JSON_VALUE, st.sampled_from(
            ["1/0", "x/y", "9" * 500 + "/1", [[[[]]]], {"a": {"b": 1}}, [None] * 5])))


@st.composite
def tampered_seat_records(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(seat_records()))
    kind = draw(st.integers(0, 8))
    if kind == 0:  # truncated
        return text[: draw(st.integers(0, len(text)))]
    if kind == 1:  # a character replaced
        i = draw(st.integers(0, len(text) - 1))
        return text[:i] + draw(st.characters()) + text[i + 1:]
    data = json.loads(text)
    if kind == 2:  # a view tampered
        _tamper_view(draw, data)
    elif kind == 3:  # the wrong game, or another seat
        key = draw(st.sampled_from(["game", "seat"]))
        data[key] = draw(st.one_of(st.sampled_from([*GAMES, "chess", "", 1, -1, 99]),
                                   JSON_VALUE))
    elif kind == 4:  # a key's value replaced by any value
        key = draw(st.sampled_from(["game", "options", "seat", "moves", "views", "events",
                                    "format"]))
        data[key] = draw(JSON_VALUE)
    elif kind == 5:  # an option tampered
        key = draw(st.sampled_from([*sorted(data["options"]), "players", "x"]))
        data["options"][key] = draw(JSON_VALUE)
    elif kind == 6:  # nesting
        depth = draw(st.sampled_from([5, 40, 2000]))
        key = draw(st.sampled_from(["options", "views", "events"]))
        value: Any = data[key]
        for _ in range(min(depth, 60)):
            value = [value]
        data[key] = value
        if depth > 60:
            return json.dumps(data).replace("[", "[" * 40, 1).replace("]", "]" * 40, 1)
    elif kind == 7:  # a key written twice, NaN or Infinity
        text = json.dumps(data)
        return draw(st.sampled_from([
            text.replace('"seat": ', '"seat": 0, "seat": ', 1),
            text.replace('"options": {', '"options": {"players": NaN, ', 1),
            text.replace('"views": [{', '"views": [{"x": Infinity, ', 1)]))
    else:  # huge
        n = draw(st.sampled_from([10, 200_000]))
        data["moves"] = data["moves"] + ["pass"] * n
        data["events"] = data["events"] + [[]] * n
        data["views"] = data["views"] + [{}] * n
    return json.dumps(data)


@FUZZ
@given(text=tampered_seat_records())
def test_fuzz_tampered_seat_records_replay_or_raise_a_record_error(text: str) -> None:
    """replay_seat: only a RecordError, never RecursionError, AttributeError, TypeError or
    a plain ValueError, whatever the seat record holds."""
    try:
        back = treasurekit.replay_seat(text)
    except RecordError as exc:
        assert type(exc) is RecordError
        assert len(str(exc)) < 1500
        return
    assert len(back.views) == len(json.loads(text)["moves"]) + 1


# ----- data files -----------------------------------------------------------------------

_TMP = tempfile.TemporaryDirectory(prefix="tk-fuzz-")


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        data = data[k]
    return data


@st.composite
def corrupted(draw: st.DrawFn, raw: bytes) -> bytes:
    kind = draw(st.integers(0, 5))
    if kind == 0:  # bytes flipped
        out = bytearray(raw)
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(out) - 1))
            out[i] = draw(st.integers(0, 255))
        return bytes(out)
    data = json.loads(raw)
    paths = [p for p in _paths(data) if p]
    path = draw(st.sampled_from(paths))
    parent, last = _get(data, path[:-1]), path[-1]
    if kind == 1 and isinstance(parent, dict):  # a key renamed
        parent[last + draw(st.sampled_from(["x", "_", "s"]))] = parent.pop(last)
    elif kind == 2:  # an id (any string) renamed
        strings = [p for p in paths if isinstance(_get(data, p), str)]
        if strings:
            p = draw(st.sampled_from(strings))
            _get(data, p[:-1])[p[-1]] = _get(data, p) + draw(st.sampled_from(["x", "2", "é"]))
    elif kind == 3:  # a type changed
        parent[last] = draw(st.one_of(st.none(), st.booleans(), st.integers(-3, 30),
                                      st.integers(), st.floats(allow_nan=False),
                                      st.text(max_size=4),
                                      st.just([]), st.just({}), st.just([1, 2])))
    elif kind == 4:  # nesting
        value = parent[last]
        for _ in range(draw(st.sampled_from([1, 3, 50]))):
            value = [value]
        parent[last] = value
    elif isinstance(parent, list) and parent:  # an entry dropped or repeated
        if draw(st.booleans()):
            parent.pop(last)
        else:
            parent.append(parent[last])
    return json.dumps(data).encode()


def _play_a_little(game: Any, seed: int, plies: int) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    for _ in range(plies):
        if state.is_terminal():
            return
        state.play(_random_move(state, rng))


@pytest.mark.parametrize(("game", "option", "pkg", "file"), DATA_FILES,
                         ids=[f"{g}-{f}" for g, _, _, f in DATA_FILES])
@FEW
@given(data=st.data())
def test_fuzz_corrupted_data_files_are_refused_at_load_naming_the_file(
        game: str, option: str, pkg: str, file: str, data: st.DataObject) -> None:
    raw = resources.files(f"treasurekit.{pkg}").joinpath(file).read_bytes()
    bad = data.draw(corrupted(raw))
    path = Path(_TMP.name) / f"fuzzed-{Path(file).name}"
    path.write_bytes(bad)
    try:
        g = treasurekit.load_game(game, **{option: path})
    except BoardDataError as exc:
        assert path.name in str(exc), str(exc)
        assert len(str(exc)) < 1500
        return
    except OptionError as exc:  # data that cannot seat the default players
        assert len(str(exc)) < 1500
        return
    _play_a_little(g, seed=3, plies=40 if game != "treasure_island_2018" else 12)
