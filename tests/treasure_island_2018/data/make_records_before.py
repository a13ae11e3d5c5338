"""Writes ``records_before.json``: seeded Treasure Island (2018) games played by the engine
as it was before issue 11's reshaping, each with a fingerprint of its last position.

``test_position.py`` replays every record with the current engine and compares the
fingerprints, so a reshaping that changes behaviour fails. Run from the repository root:
``.venv/bin/python tests/treasure_island_2018/data/make_records_before.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import treasurekit.treasure_island_2018 as ti
from treasurekit.core import RandomBot

OUT = Path(__file__).with_name("records_before.json")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def fingerprint(state: Any) -> dict[str, Any]:
    """What the position looks like from every seat, its outcome, legal moves and text."""
    out = state.outcome()
    return {
        "ply": state.ply,
        "current_player": state.current_player,
        "phase": str(state.phase),
        "views": [digest(repr(state.view(p))) for p in range(state.game.num_players)],
        "outcome": None if out is None else [out.termination, list(out.scores), list(out.winners)],
        "legal": digest("|".join(str(m) for m in state.legal_moves())),
        "legal_count": len(state.legal_moves()),
        "text": digest(str(state)),
    }


GAMES: list[dict[str, Any]] = [
    {"options": {"players": 4}, "seed": 1, "bots": ["silver", "greedy", "greedy", "greedy"],
     "stop": None},
    {"options": {"players": 2, "escape_rounds": 3}, "seed": 7, "bots": ["silver", "random"],
     "stop": None},
    {"options": {"players": 3, "characters": "ben,charlotte"}, "seed": 11,
     "bots": ["random", "greedy", "random"], "stop": 30},
    {"options": {"players": 5, "escape_day": 17}, "seed": 3,
     "bots": ["silver:truthful", "random", "greedy", "random", "greedy"], "stop": None},
    {"options": {"players": 4, "characters": "olivier,anne,ben"}, "seed": 5,
     "bots": ["random", "random", "random", "random"], "stop": 40},
    {"options": {"players": 3, "escape_rounds": 2}, "seed": 21,
     "bots": ["silver", "greedy", "greedy"], "stop": None},
    {"options": {"players": 5}, "seed": 42,
     "bots": ["silver", "random", "random", "random", "random"], "stop": 61},
]


def make_bot(name: str, seed: int) -> Any:
    if name == "random":
        return RandomBot(seed=seed)
    if name == "greedy":
        return ti.GreedyBot(seed=seed)
    if name == "silver:truthful":
        return ti.SilverBot(seed=seed, policy="truthful")
    return ti.SilverBot(seed=seed)


def play(spec: dict[str, Any]) -> Any:
    game = ti.TIGame(**spec["options"])
    state = game.new_initial_state(spec["seed"])
    bots = [make_bot(b, spec["seed"] * 10 + i) for i, b in enumerate(spec["bots"])]
    rng = random.Random(spec["seed"])
    limit = spec["stop"] or 3000
    while not state.is_terminal() and state.ply < limit:
        if state.is_chance_node():
            state.resolve_chance()
        else:
            move = bots[state.current_player].choose(state)
            if rng.random() < 0.02 and state.ply > 10:  # an illegal try leaves it unchanged
                state.why_illegal("bury 0,0")
            state.play(move)
    return state


def main() -> None:
    games = []
    for spec in GAMES:
        state = play(spec)
        games.append({"spec": spec, "record": state.to_record().to_json(indent=None),
                      "fingerprint": fingerprint(state)})
        print(spec["seed"], state.ply, state.outcome())
    OUT.write_text(json.dumps({"games": games}, indent=1) + "\n")


if __name__ == "__main__":
    main()
