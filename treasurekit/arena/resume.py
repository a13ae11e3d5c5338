"""Resumable batches: finished games kept in a JSON-lines file, and read back instead of
played again when the same batch (or a larger one) runs later.

Each line holds one game: its **key** (the game, its options, the seed, the bot names
at each seat and their factories' ``repr``) and its :class:`~.play.GameResult`'s fields
(this module deals in plain fields; :func:`~.play.run_calls` builds the results). A game
whose key is in the file is not played again; a changed bot setting changes its
factory's ``repr`` (the arena's factories are dataclasses that print every setting), so
the old games no longer match and are played afresh. A factory whose ``repr`` changes
from run to run (a lambda) never matches: such games are always played. Results are
kept only for the same code: the file is not checked against it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["append_game", "call_key", "kept_games"]


def call_key(call: Sequence[Any]) -> str:
    """The key of a :func:`~.play.play_game` argument tuple
    ``(game, options, factories, seats, seed, index)`` (the index is not part of it).

    >>> from treasurekit.core.bots import RandomBot
    >>> call_key(("ahoy", {"players": 2}, {"r": RandomBot}, ("r", "r"), 7, 0))[:40]
    '{"factories": ["<class \\'treasurekit.core'
    """
    game, options, factories, seats, seed = call[:5]
    return json.dumps({"game": game, "options": {k: repr(v) for k, v in options.items()},
                       "seats": list(seats), "factories": [repr(factories[n]) for n in seats],
                       "seed": seed}, sort_keys=True)


def kept_games(path: str | os.PathLike[str] | None) -> dict[str, dict[str, Any]]:
    """The games in the resume file ``path``: key -> the game's result fields (lists
    as tuples); none without a path or a file.

    Raises:
        ValueError: a line of the file is not a kept game (naming the line).
    """
    if path is None or not os.path.exists(path):
        return {}
    kept: dict[str, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                fields: Mapping[str, Any] = row["result"]
                kept[str(row["key"])] = {k: tuple(v) if isinstance(v, list) else v
                                         for k, v in fields.items()}
            except (ValueError, KeyError, TypeError, AttributeError) as exc:
                raise ValueError(f"{path} line {number} is not a kept game: {exc}") from exc
    return kept


def append_game(path: str | os.PathLike[str], key: str, fields: Mapping[str, Any]) -> None:
    """Append one finished game (its result's fields) to the resume file ``path``
    (created if need be)."""
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps({"key": key, "result": dict(fields)}) + "\n")
