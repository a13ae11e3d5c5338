"""Writes ``records_before.json``: seeded Sjörövarön games played by the engine as it
was before the reshape (issue 11), each with a fingerprint of every position it went
through, so ``test_position.py`` can check that the reshaped engine replays them to
the same positions.

Run once, from the repository root, with the code to compare against:
``.venv/bin/python tests/sjorovaron/data/make_records_before.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent

#: (seed, options, bots per seat ("greedy", "random", "mcts"), plies to stop after or None)
GAMES: list[tuple[int, dict[str, Any], str, int | None]] = [
    (101, {"players": 2}, "greedy,greedy", None),
    (102, {"players": 3, "hit_faces": 4}, "greedy,random,greedy", None),
    (103, {"players": 4, "line_blockers": "all", "return_to_start": True}, "greedy", None),
    (104, {"players": 5, "sea_push": "no"}, "greedy,random", 260),
    (105, {"players": 6, "extra_rule": True, "hit_faces": 5}, "greedy", None),
    (106, {"players": 2, "max_rounds": 12}, "random,greedy", None),
    (107, {"players": 3}, "mcts,greedy,random", 90),
    (108, {"players": 4, "hit_faces": 1, "max_rounds": 30}, "random", None),
    (207, {"players": 4}, "greedy", None),  # a tie in the starting rolls; pieces lost
    (208, {"players": 5}, "greedy", None),  # the raft on a double-marked hex
]


def fingerprint(state: Any) -> dict[str, Any]:
    """What must be the same after a replay: every seat's view, the outcome, the legal
    moves, the ply, the text of the position."""
    n = state.game.num_players
    return {
        "ply": state.ply,
        "views": [repr(state.view(p)) for p in range(n)],
        "outcome": repr(state.outcome()),
        "legal": [str(m) for m in state.legal_moves()],
        "text": str(state),
        "current": state.current_player,
    }


def digest(state: Any) -> str:
    return hashlib.sha256(json.dumps(fingerprint(state), sort_keys=True).encode()).hexdigest()


def bot(kind: str, seat: int, seed: int) -> Any:
    from treasurekit.core.bots import MCTSBot, RandomBot
    from treasurekit.sjorovaron import GreedyBot

    if kind == "greedy":
        return GreedyBot(seed=seed * 10 + seat)
    if kind == "random":
        return RandomBot(seed=seed * 10 + seat)
    return MCTSBot(iterations=8, seed=seed * 10 + seat, max_playout_plies=300)


def play(seed: int, options: dict[str, Any], bots: str, stop: int | None) -> dict[str, Any]:
    from treasurekit.sjorovaron import SjoGame

    game = SjoGame(**options)
    kinds = bots.split(",")
    seats = [bot(kinds[s % len(kinds)], s, seed) for s in range(game.num_players)]
    state = game.new_initial_state(seed)
    digests = [digest(state)]
    limit = stop if stop is not None else 1500
    while not state.is_terminal() and state.ply < limit:
        if state.is_chance_node():
            state.resolve_chance()
        else:
            state.play(seats[state.current_player].choose(state))
        digests.append(digest(state))
    return {"record": state.to_record().to_json(), "final": fingerprint(state),
            "digest": hashlib.sha256("".join(digests).encode()).hexdigest()}


def main() -> None:
    random.seed(0)
    out = [play(*g) for g in GAMES]
    (HERE / "records_before.json").write_text(json.dumps(out, indent=1, ensure_ascii=False)
                                              + "\n", encoding="utf-8")
    for g, r in zip(GAMES, out, strict=True):
        print(g[0], r["final"]["ply"], r["final"]["outcome"][:60], file=sys.stderr)


if __name__ == "__main__":
    main()
