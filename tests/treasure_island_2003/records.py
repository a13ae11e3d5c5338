"""Records made before the reshape of issue 11, and the fingerprint that checks them.

``python -m tests.treasure_island_2003.records`` (run by the code *before* a change)
plays six seeded games with mixed bots and options, some stopped mid-game, and writes
each record with the fingerprint of its replay to ``data/records_before.json``.
``test_position.py`` replays every record with the current code and compares.

The fingerprint is what a seat or a reader can see: every seat's view (as JSON, so a
phase enum and its word agree), the text board, the event texts with their rules and
kinds at every ply, the legal moves and the outcome at the end.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from pathlib import Path
from typing import Any

from treasurekit.core import GameRecord, MCTSBot, RandomBot, load_game
from treasurekit.treasure_island_2003 import GreedyBot

DATA = Path(__file__).parent / "data" / "records_before.json"


def _view_json(state: Any, seat: int) -> str:
    return json.dumps(dataclasses.asdict(state.view(seat)), default=str, sort_keys=True)


def fingerprint(record_json: str) -> dict[str, Any]:
    """Replay a record move by move and describe what every seat saw (JSON-ready)."""
    rec = GameRecord.from_json(record_json)
    game = load_game(rec.game, **rec.options)
    state = game.new_initial_state(rec.seed)
    events = hashlib.sha256()
    views = hashlib.sha256()
    seats = range(game.num_players)
    for i, text in enumerate(rec.moves):
        for e in state.play(text):
            events.update(f"{i}|{e}|{e.rule}|{e.kind}\n".encode())
        if i % 7 == 0:
            for p in seats:
                views.update(_view_json(state, p).encode())
            views.update(str(state).encode())
    out = state.outcome()
    return {
        "ply": state.ply,
        "events": events.hexdigest(),
        "views": views.hexdigest(),
        "final_views": [_view_json(state, p) for p in seats],
        "board": str(state),
        "legal": [str(m) for m in state.legal_moves()],
        "outcome": None if out is None else repr(out),
        "current_player": state.current_player,
    }


def _play(game: Any, seed: int, bots: list[Any], stop: int | None) -> Any:
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal() and (stop is None or state.ply < stop):
        if state.is_chance_node():
            state.resolve_chance()
            continue
        bot = bots[state.current_player]
        move = rng.choice(state.legal_moves()) if bot is None else bot.choose(state)
        state.play(move)
    return state


def games() -> list[Any]:
    """The six games (seeded; bots mixed; two stopped mid-game)."""
    out = []
    g = load_game("treasure_island_2003", players=2, board="small")
    out.append(_play(g, 11, [None, None], None))
    g = load_game("treasure_island_2003", players=4, board="large")
    out.append(_play(g, 12, [GreedyBot(seed=s) for s in range(4)], None))
    g = load_game("treasure_island_2003", players=3, board="large", cannons="optional",
                  stolen_protection="same_chest")
    out.append(_play(g, 13, [GreedyBot(seed=1), None, GreedyBot(seed=3)], None))
    g = load_game("treasure_island_2003", players=6, board="large")
    out.append(_play(g, 14, [None, GreedyBot(seed=2)] * 3, 300))
    g = load_game("treasure_island_2003", players=2, board="large", first_player=1)
    out.append(_play(g, 15, [MCTSBot(iterations=8, seed=5), GreedyBot(seed=6)], 90))
    g = load_game("treasure_island_2003", players=4, board="small", cannons="optional")
    out.append(_play(g, 16, [RandomBot(seed=1), GreedyBot(seed=2), None, GreedyBot(seed=4)],
                     None))
    return out


def main() -> None:
    rows = []
    for state in games():
        record = state.to_record().to_json()
        rows.append({"record": record, "fingerprint": fingerprint(record)})
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    print(f"{len(rows)} records, plies {[r['fingerprint']['ply'] for r in rows]}")


if __name__ == "__main__":
    main()
