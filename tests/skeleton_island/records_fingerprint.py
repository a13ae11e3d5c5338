"""Records of seeded Skeleton Island games and fingerprints of their final positions.

``python -m tests.skeleton_island.records_fingerprint`` (run from the repository root)
writes ``data/records_before.json``: it was generated once by the engine *before* the
reshape of issue 11 (one frozen position, rules/ split), and ``test_position.py``
replays every record with today's engine and compares the fingerprints, so a record
made before the change replays to the same position.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import treasurekit
from treasurekit.core import MCTSBot, RandomBot
from treasurekit.skeleton_island import GreedyBot

DATA = Path(__file__).parent / "data" / "records_before.json"

#: (options, bots per seat ("greedy"/"random"/"mcts"), seed, plies to stop at or None)
GAMES: list[tuple[dict[str, Any], list[str], int, int | None]] = [
    ({}, ["greedy", "greedy"], 1, None),
    ({"players": 3, "steal": "blind"}, ["greedy", "random", "greedy"], 2, None),
    ({"players": 4, "used_maps": "kept", "tie_break": "shared"},
     ["random", "greedy", "random", "greedy"], 3, None),
    ({"second_card": "must", "first_player": 1}, ["random", "random"], 4, 60),
    ({"players": 3, "steal": "blind", "used_maps": "kept"}, ["mcts", "greedy", "random"], 5, 45),
    ({"players": 2, "tie_break": "shared"}, ["greedy", "random"], 6, 120),
    ({"players": 4, "second_card": "must", "steal": "blind"},
     ["greedy", "greedy", "greedy", "greedy"], 7, None),
]


def _bot(kind: str, seed: int) -> Any:
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "random":
        return RandomBot(seed)
    return MCTSBot(iterations=10, seed=seed, max_playout_plies=200)


def fingerprint(state: Any, events: list[str]) -> dict[str, Any]:
    """What must not change: every seat's view, the text, the outcome, the legal
    moves, the ply and every event text (as digests where long)."""
    def digest(text: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()

    n = state.game.num_players
    return {
        "ply": state.ply,
        "current_player": state.current_player,
        "phase": str(state.phase),
        "outcome": repr(state.outcome()),
        "legal": [str(m) for m in state.legal_moves()],
        "chance": [(str(m), str(p)) for m, p in state.chance_outcomes()],
        "text": str(state),
        "views": [digest(repr(state.view(p))) for p in range(n)],
        "events": digest("\n".join(events)),
        "scores": list(state.scores()),
    }


def replay_events(record_json: str) -> tuple[Any, list[str]]:
    """Replay a record move by move (checked ``play``) and collect every event text."""
    record = treasurekit.GameRecord.from_json(record_json)
    state = treasurekit.load_game(record.game, **record.options).new_initial_state(record.seed)
    events: list[str] = []
    for move in record.moves:
        events += [e.text for e in state.play(move)]
    return state, events


def play(options: dict[str, Any], bots: list[str], seed: int, stop: int | None) -> Any:
    game = treasurekit.load_game("skeleton_island", **options)
    state = game.new_initial_state(seed)
    players = [_bot(b, seed * 10 + i) for i, b in enumerate(bots)]
    rng = random.Random(seed)
    while not state.is_terminal() and (stop is None or state.ply < stop):
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(players[state.current_player].choose(state))
        if rng.random() < 0.05 and state.ply > 3:  # an undo now and then changes nothing
            move = state.undo()
            state.apply(move)
    return state


def main() -> None:
    out = []
    for options, bots, seed, stop in GAMES:
        state = play(options, bots, seed, stop)
        record_json = state.to_record().to_json()
        replayed, events = replay_events(record_json)
        out.append({"options": options, "bots": bots, "seed": seed, "stop": stop,
                    "record": record_json, "fingerprint": fingerprint(replayed, events)})
    DATA.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out)} records to {DATA}")


if __name__ == "__main__":
    main()
