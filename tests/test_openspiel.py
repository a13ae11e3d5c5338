"""The OpenSpiel adapter (treasurekit.openspiel): OpenSpiel's own conformance test on
every game and option set, and OpenSpiel's MCTSBot and evaluate_bots through it."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

import treasurekit  # noqa: E402
from treasurekit.openspiel import (  # noqa: E402
    BOUNDS,
    ActionBoundError,
    Bounds,
    canonical_text,
    load,
    open_spiel_name,
    register_all,
)

# Options that only take a file path ('board', 'cards', 'map', 'board_file') keep their
# default; every other option takes each of its values in at least one set.
EXTRA_SETS: dict[str, list[dict[str, Any]]] = {
    "ahoy": [{"first_player": 1, "players": 3}],
    "treasure_island_2003": [
        {"board": "small", "players": 4},
        {"first_player": 1},
    ],
    "treasure_island_2018": [
        {"escape_rounds": 3},  # None (no limit) is covered by the game-string test
        {"players": 3, "characters": "charlotte,ben"},
    ],
    "sjorovaron": [
        {"hit_faces": 5, "max_rounds": 10},
        {"players": 5, "extra_rule": False},
        {"max_rounds": 0, "players": 2},
    ],
    "skeleton_island": [{"first_player": 1, "players": 3}],
}


def option_sets(name: str) -> list[dict[str, Any]]:
    """Defaults; the fewest and most players; every other value of every choice option."""
    cls = treasurekit.GAMES[name]
    sets: list[dict[str, Any]] = [{}]
    players = [n for n in range(1, 11) if _constructs(cls, n)]
    sets += [{"players": min(players)}, {"players": max(players)}]
    for key, opt in cls.OPTIONS.items():
        for value in opt.choices or ():
            if value != opt.default:
                sets.append({key: value})
    sets += EXTRA_SETS.get(name, [])
    return sets


def _constructs(cls: Any, n: int) -> bool:
    try:
        cls(players=n)
    except ValueError:
        return False
    return True


def _case_id(name: str, opts: dict[str, Any]) -> str:
    return f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}"


CASES = [
    pytest.param(name, opts, id=_case_id(name, opts))
    for name in sorted(treasurekit.GAMES)
    for opts in option_sets(name)
]


@pytest.mark.parametrize(("name", "options"), CASES)
def test_random_sim_test_passes_on_every_game_and_option_set(
    name: str, options: dict[str, Any]
) -> None:
    game = load(name, **options)
    assert game.get_parameters()  # the options travel as OpenSpiel parameters
    tk_game = game.treasurekit_game
    assert tk_game == treasurekit.load_game(name, **options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_every_game_is_registered_under_its_openspiel_name() -> None:
    names = register_all()
    assert names == [open_spiel_name(n) for n in sorted(treasurekit.GAMES)]
    for name in names:
        assert name in pyspiel.registered_names()
        game = pyspiel.load_game(name)  # defaults from the parameter specification
        assert game.num_players() == game.treasurekit_game.num_players


def test_game_string_round_trips_options_with_words_none_and_lists() -> None:
    game = load(
        "treasure_island_2018", players=3, characters="charlotte,ben", escape_day=17,
        escape_rounds=None,
    )
    again = pyspiel.load_game(str(game))
    assert again.treasurekit_game.options == game.treasurekit_game.options
    assert again.treasurekit_game.options["characters"] == "charlotte,ben"
    assert again.treasurekit_game.options["escape_rounds"] is None
    roll = load("treasure_island_2003", first_player="roll")
    seat = load("treasure_island_2003", first_player=1)
    assert pyspiel.load_game(str(roll)).treasurekit_game.options["first_player"] == "roll"
    assert pyspiel.load_game(str(seat)).treasurekit_game.options["first_player"] == 1


def test_bad_option_is_refused_with_the_engines_error() -> None:
    with pytest.raises(treasurekit.core.OptionError, match="variant"):
        load("ahoy", variant="sneaky")


def _play_to(state: Any, plies: int, seed: int = 0) -> Any:
    rng = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", sorted(treasurekit.GAMES))
def test_action_ids_index_the_moves_sorted_by_notation(name: str) -> None:
    # a game still in play at ply 40 (a random Skeleton Island game may end sooner by
    # ruling SKEL-21)
    state = next(s for seed in range(20)
                 if not (s := _play_to(load(name).new_initial_state(), 40, seed)).is_terminal())
    tk = state.treasurekit_state
    moves = tk.legal_moves()
    texts = [state.action_to_string(state.current_player(), a) for a in state.legal_actions()]
    assert texts == sorted(str(m) for m in moves)
    assert state.legal_actions() == list(range(len(moves)))
    # the same position gives the same ids: a clone and a replayed record agree
    clone = state.clone()
    assert [clone.action_to_string(a) for a in clone.legal_actions()] == texts
    # an action string is a move treasurekit's checked play accepts
    copy = tk.copy()
    copy.play(texts[-1])
    state.apply_action(len(texts) - 1)
    assert str(state) == str(copy)


@pytest.mark.parametrize("name", sorted(treasurekit.GAMES))
def test_chance_probabilities_are_the_engines_fractions_as_floats(name: str) -> None:
    state = load(name).new_initial_state()
    seen = 0
    rng = random.Random(3)
    while not state.is_terminal() and seen < 5:
        if state.is_chance_node():
            exact = {str(m): p for m, p in state.treasurekit_state.chance_outcomes()}
            listed = state.chance_outcomes()
            assert sum(exact.values()) == Fraction(1)
            for action, prob in listed:
                assert prob == float(exact[state.action_to_string(pyspiel.PlayerId.CHANCE, action)])
            assert len(listed) == len(exact)
            seen += 1
            state.apply_action(rng.choice([a for a, _ in listed]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen > 0


@pytest.mark.parametrize("name", sorted(treasurekit.GAMES))
def test_observation_strings_are_built_from_the_view(name: str) -> None:
    state = _play_to(load(name).new_initial_state(), 60, seed=1)
    tk = state.treasurekit_state
    for p in range(state.num_players()):
        assert state.observation_string(p) == canonical_text(tk.view(p))
        info = state.information_state_string(p)
        assert info.startswith(canonical_text(tk.view(p)))
        assert "seed" not in info.lower()


def test_silvers_secret_stays_out_of_the_pirates_strings() -> None:
    state = _play_to(load("treasure_island_2018", players=2).new_initial_state(), 80, seed=2)
    tk = state.treasurekit_state
    assert tk.treasure is not None  # seat 0 (Long John Silver) has buried it
    bury = next(str(m) for m in tk.history if str(m).startswith("bury"))
    where = bury.split()[1]  # "x,y" in miles
    assert bury in state.information_state_string(0)  # Silver knows his own move
    for text in (state.observation_string(1), state.information_state_string(1)):
        assert bury not in text
        assert where not in text
        assert canonical_text(tk.treasure) not in text


@pytest.mark.parametrize("name", sorted(treasurekit.GAMES))
def test_serialization_goes_through_the_record(name: str) -> None:
    game = load(name)
    state = _play_to(game.new_initial_state(), 50, seed=4)
    text = pyspiel.serialize_game_and_state(game, state)
    record = state.treasurekit_state.to_record().to_json(indent=None)
    payload = pickle.dumps(state._tk)
    assert pickle.loads(payload).state.to_record().to_json(indent=None) == record
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("name", sorted(treasurekit.GAMES))
def test_returns_come_from_the_outcome(name: str) -> None:
    state = _play_to(load(name, seed=5).new_initial_state(), 100_000, seed=5)
    assert state.is_terminal()
    out = state.treasurekit_state.outcome()
    assert out is not None
    assert state.returns() == list(out.returns())
    assert sum(state.returns()) in (0.0, pytest.approx(1.0))


def test_an_exceeded_bound_raises_instead_of_a_wrong_id(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOUNDS, "ahoy", lambda g: Bounds(actions=1, chance=2, length=10))
    state = load("ahoy", players=3).new_initial_state()
    with pytest.raises(ActionBoundError, match="bound"):
        state.legal_actions()


def test_an_illegal_action_id_is_refused() -> None:
    state = load("ahoy").new_initial_state()
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(99)


@pytest.mark.parametrize("name", sorted(treasurekit.GAMES))
def test_openspiel_mcts_bots_play_a_full_game_with_evaluate_bots(name: str) -> None:
    game = load(name)
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=3,
            evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(p), max_length=8),
            random_state=np.random.RandomState(p),
        )
        for p in range(game.num_players())
    ]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    assert state.is_terminal()
    assert list(returns) == list(state.treasurekit_state.returns())
    treasurekit.replay(state.treasurekit_state.to_record())  # every move was legal
