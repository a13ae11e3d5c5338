"""Shared set-ups of the Treasure Island (2003) tests: games, hand-set positions and
the steps that walk them (imported by the test files of this folder)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from treasurekit.core import CHANCE, load_game
from treasurekit.treasure_island_2003 import Place, TIGame, TIState
from treasurekit.treasure_island_2003.board import load_board
from treasurekit.treasure_island_2003.holdings import Holdings

R, B, G = 0, 1, 2
NINE = {k: 1 for k in ("diamonds", "rubies", "gold", "sapphires", "emeralds", "pearls",
                       "topazes", "silver", "amethysts")}
SMALL = load_board("small")
TREASURES = " ".join(SMALL.name_of(s) for s in sorted(SMALL.treasure_at))


def game(**options: object) -> TIGame:
    g = load_game("treasure_island_2003", **options)
    assert isinstance(g, TIGame)
    return g


def small(**options: object) -> TIGame:
    g = load_game("treasure_island_2003", board="small", **options)
    assert isinstance(g, TIGame)
    return g


def squares(state: TIState) -> set[str]:
    return {m.square for m in state.legal_moves() if isinstance(m, Place)}


def moves(state: TIState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def reveal(state: TIState, *kinds: str) -> None:
    for kind in kinds:
        assert state.current_player == CHANCE and state.phase == "reveal"
        state.play(f"reveal {kind}")


def flint(**kwargs: Any) -> TIState:
    """Red beside Captain Flint's square e7 (6 cards), with a 6 thrown."""
    state = small().position({"R": "a7 b7 c7 d7"}, dice=(2, 6), **kwargs)
    state.play("place e7")
    return state


def with_cards(state: TIState, change: Callable[[Holdings], object]) -> TIState:
    """The same position with its cards changed by ``change`` (a hand-set detail that
    ``game.position`` has no argument for)."""
    h = state.holdings
    change(h)
    return TIState(state.game, state.seed, replace(state.position, holdings=h.freeze()))


def cannon_position(*cannons: str, **kwargs: Any) -> TIState:
    base: dict[str, Any] = {"piles": {"R": {"rubies": 1, "rum": 2},
                                         "B": {"rubies": 3, "silk": 2}}}
    base.update(kwargs)
    return small().position({"R": "a7", "B": "e2"}, cannons=cannons, **base)


def locker_cannons(**options: object) -> TIState:
    """Red ends a turn with a gold and a purple cannon waiting in the Locker."""
    s = small(**options).position(
        {"R": "a7", "B": "e2"}, dice=(4, 6),
        piles={"R": {"rubies": 1, "rum": 1}, "B": {"rubies": 3}},
        locker={"gold-cannon": 1, "purple-cannon": 1})
    s.play("place b7")
    assert s.phase == "wrap"
    return s


def full_board_for(players: int, counts: dict[str, int]) -> dict[str, str]:
    """Counters on every land square of the Small Board: ``counts`` per colour."""
    game = small(players=players)
    land = [game.board.name_of(s) for s in game.board.land]
    out: dict[str, list[str]] = {c: [] for c in counts}
    i = 0
    for colour, n in counts.items():
        out[colour] = land[i:i + n]
        i += n
    assert i == len(land)
    return {c: " ".join(sq) for c, sq in out.items()}


def full_board(counts: dict[str, int]) -> dict[str, str]:
    land = [SMALL.name_of(s) for s in SMALL.land]
    out, i = {}, 0
    for colour, n in counts.items():
        out[colour] = " ".join(land[i:i + n])
        i += n
    assert i == len(land)
    return out


def finish(state: TIState, kinds: tuple[str, ...] = ("tobacco",) * 4) -> None:
    """Reveal the Legacy as ``kinds`` and end every Locker turn until the reckoning."""
    k = 0
    while state.phase in ("reveal", "wrap"):
        if state.phase == "reveal":
            state.play(f"reveal {kinds[k]}")
            k += 1
        else:
            state.play("end")


def reckon(piles: dict[str, dict[str, int]], **kwargs: Any) -> TIState:
    s = small(players=kwargs.pop("players", 2)).position(
        full_board(kwargs.pop("counts", {"R": 38, "B": 37})), piles=piles, **kwargs)
    finish(s, kwargs.get("legacy", ("tobacco",) * 4))
    return s


def played(seed: int, plies: int, **options: object) -> TIState:
    s = small(**options).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(rng.choice(s.legal_moves()))
    return s
