"""Every move ``legal_moves()`` offers is accepted by ``play`` through its own notation
(issue 23 point 8): at every ply of seeded random playouts of every game, each offered
move reads back as itself (``parse_move(str(m)) == m``) and is legal as text, and a
sample of them plays as text on a copy. Skeleton Island's rests included (its notation
wrote 6 significant digits, so a far rest read back as another placement)."""

from __future__ import annotations

import random

import pytest

import treasurekit

GAMES = sorted(treasurekit.GAMES)
MAX_PLIES = {"treasure_island_2018": 90, "skeleton_island": 400}


@pytest.mark.parametrize("seed", [11, 12])
@pytest.mark.parametrize("game", GAMES)
def test_every_offered_move_round_trips_through_its_notation(game: str, seed: int) -> None:
    rng = random.Random(seed)
    g = treasurekit.load_game(game)
    state = g.new_initial_state(seed)
    checked = 0
    while not state.is_terminal() and state.ply < MAX_PLIES.get(game, 300):
        if state.is_chance_node():
            state.resolve_chance()
            continue
        moves = state.legal_moves()
        for m in moves:
            text = str(m)
            assert g.parse_move(text) == m, f"{game} ply {state.ply}: {text!r} reads back " \
                                            f"as {g.parse_move(text)!r}, not {m!r}"
        for m in rng.sample(moves, min(4, len(moves))):
            assert state.why_illegal(str(m)) is None, (game, state.ply, str(m))
            state.copy().play(str(m))
            checked += 1
        state.play(str(rng.choice(moves)))
    for m in state.history:  # the chance moves too
        assert g.parse_move(str(m)) == m, (game, str(m), m)
    assert checked > 0
