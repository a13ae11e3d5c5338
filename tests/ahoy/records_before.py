"""Records of seeded Ahoy games made before the engine was reshaped (issue 11), and the
fingerprint that says a replay reached the same positions.

``data/records_before.json`` was written by the engine *before* the reshape, with::

    .venv/bin/python -m tests.ahoy.records_before

and ``test_position.py`` replays every record with today's engine and compares the
fingerprints: at every ply a hash of what every seat sees, the text of the board,
the legal moves and the events; at the end the same in full. Do not regenerate the
file unless the rules themselves change on purpose.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import treasurekit
from treasurekit.core import MCTSBot, RandomBot

DATA = Path(__file__).parent / "data" / "records_before.json"

#: (options, seed, seats as bot names, plies to play: None = to the end).
GAMES: list[tuple[dict[str, Any], int, tuple[str, ...], int | None]] = [
    ({}, 11, ("greedy", "random"), None),
    ({"players": 3, "variant": "cunning", "first_player": 2}, 12, ("random", "greedy", "mcts"),
     None),
    ({"players": 4, "overshoot": "bounce", "first_player": 3}, 13,
     ("greedy", "greedy", "random", "random"), None),
    ({"players": 2, "variant": "cunning", "overshoot": "bounce", "first_player": 1}, 14,
     ("mcts", "random"), None),
    ({"players": 4, "variant": "cunning"}, 15, ("random", "random", "greedy", "mcts"), 57),
    ({"players": 3}, 16, ("greedy", "random", "random"), 31),
]


def _bot(name: str, seed: int) -> Any:
    from treasurekit.ahoy import GreedyBot

    if name == "greedy":
        return GreedyBot(seed=seed)
    if name == "mcts":
        return MCTSBot(iterations=20, seed=seed)
    return RandomBot(seed=seed)


def fingerprint(state: Any, events: Sequence[Any] = ()) -> dict[str, Any]:
    """What a replay must reproduce at a ply: every seat's view (planks sorted), the
    board's text, whose turn, the legal moves, the outcome and the last move's events."""
    views = []
    for seat in range(state.game.num_players):
        v = state.view(seat)
        views.append([v.player, v.to_move, v.die, list(v.start), [list(s) for s in v.squares],
                      sorted(v.planks), list(v.chests), list(v.out), list(v.falls), v.ply])
    out = state.outcome()
    return {
        "ply": state.ply,
        "current_player": state.current_player,
        "turn": state.turn,
        "text": str(state),
        "legal": [str(m) for m in state.legal_moves()],
        "views": views,
        "outcome": None if out is None else [out.termination, list(out.scores),
                                             list(out.winners), out.reason],
        "events": [[e.text, e.rule, e.kind] for e in events],
    }


def digest(fp: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(fp, sort_keys=True).encode()).hexdigest()[:16]


def play(options: dict[str, Any], seed: int, seats: tuple[str, ...],
         plies: int | None) -> dict[str, Any]:
    """Play one seeded game with bots and return its record and fingerprints."""
    state = treasurekit.load_game("ahoy", **options).new_initial_state(seed=seed)
    bots = [_bot(name, seed * 10 + i) for i, name in enumerate(seats)]
    hashes = [digest(fingerprint(state))]
    while not state.is_terminal() and (plies is None or state.ply < plies):
        if state.is_chance_node():
            events = state.resolve_chance()
        else:
            events = state.play(bots[state.current_player].choose(state))
        hashes.append(digest(fingerprint(state, events)))
    return {"record": state.to_record().to_json(), "hashes": hashes,
            "final": fingerprint(state)}


def main() -> None:
    games = [play(*g) for g in GAMES]
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(games, indent=1) + "\n")
    print(f"wrote {len(games)} games, {sum(len(g['hashes']) for g in games)} plies, to {DATA}")


if __name__ == "__main__":
    main()
