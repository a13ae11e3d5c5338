"""Game records: everything needed to replay a game, as JSON."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError

__all__ = ["RECORD_FORMAT", "GameRecord"]

RECORD_FORMAT = "treasurekit-record/1"


@dataclass(frozen=True)
class GameRecord:
    """A replayable record: game id, options, seed and the moves in text notation.

    >>> r = GameRecord("ahoy", {"players": 2}, 7, ("roll 3", "move start 3"))
    >>> GameRecord.from_json(r.to_json()) == r
    True
    """

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    moves: tuple[str, ...] = ()

    def to_json(self, indent: int | None = 1) -> str:
        """Serialise to JSON text (stable key order)."""
        payload = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "moves": list(self.moves),
        }
        return json.dumps(payload, indent=indent, sort_keys=False)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Parse JSON text.

        Raises:
            RecordError: the text is not JSON, or a key is missing or has the wrong
                type; the message names the key (and the line for syntax errors).
        """
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"record is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
            ) from exc
        if not isinstance(data, dict):
            raise RecordError("record must be a JSON object with keys game, options, seed, moves")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise RecordError(f"record key 'format' is {fmt!r}; expected {RECORD_FORMAT!r}")
        unknown = set(data) - {"format", "game", "options", "seed", "moves"}
        if unknown:
            raise RecordError(f"record has unknown key(s) {sorted(unknown)}")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise RecordError("record key 'game' must be a non-empty string such as \"ahoy\"")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("record key 'options' must be an object of keyword options")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record key 'seed' must be an integer")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise RecordError("record key 'moves' must be a list of move texts")
        for i, m in enumerate(moves):
            if not isinstance(m, str):
                raise RecordError(f"record key 'moves' item {i} is {m!r}; expected move text")
        return cls(game=game, options=dict(options), seed=seed, moves=tuple(moves))
