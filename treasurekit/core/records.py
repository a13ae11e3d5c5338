"""Game records: everything needed to replay a game, as JSON."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from .errors import RecordError
from .inputs import MAX_MOVE_CHARS, BoundedJSONError, bounded_json, seed_problem, short

__all__ = ["MAX_RECORD_CHARS", "MAX_RECORD_MOVES", "RECORD_FORMAT", "GameRecord"]

RECORD_FORMAT = "treasurekit-record/1"
#: Longest record text accepted by :meth:`GameRecord.from_json` (characters).
MAX_RECORD_CHARS = 4_000_000
#: Most moves a record may hold.
MAX_RECORD_MOVES = 100_000


def _json_default(value: Any) -> str:
    """Options that JSON cannot hold (a Path or a loaded board) are written as
    ``"custom:<name>"``: a record never carries a file path, and replaying it asks
    the caller to pass the custom data again."""
    name = os.path.basename(os.fspath(value)) if isinstance(value, os.PathLike) else getattr(
        value, "name", type(value).__name__)
    return f"custom:{name}"


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
        return json.dumps(payload, indent=indent, sort_keys=False, default=_json_default)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse JSON text (untrusted: bounded in size, nesting and numbers).

        Raises:
            RecordError: the text is not JSON, longer than ``MAX_RECORD_CHARS``, nested
                deeper than ``MAX_DEPTH``, or a key is missing or has the wrong type or
                range (seed 0 to 2**63 - 1, at most ``MAX_RECORD_MOVES`` moves); the
                message names the key (and the line for syntax errors).
        """
        if not isinstance(text, (str, bytes)):
            raise RecordError(f"a record is JSON text, not {short(text)}")
        try:
            data = bounded_json(text, MAX_RECORD_CHARS)
        except BoundedJSONError as exc:
            raise RecordError(f"record refused: {exc}") from None
        if not isinstance(data, dict):
            raise RecordError("record must be a JSON object with keys game, options, seed, moves")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise RecordError(
                f"record key 'format' is {short(fmt)}; expected {RECORD_FORMAT!r}")
        unknown = set(data) - {"format", "game", "options", "seed", "moves"}
        if unknown:
            raise RecordError(f"record has unknown key(s) {short(sorted(unknown), 80)}")
        game = data.get("game")
        if not isinstance(game, str) or not game:
            raise RecordError("record key 'game' must be a non-empty string such as \"ahoy\"")
        if len(game) > 100:
            raise RecordError(f"record key 'game' is {short(game)}: not a game name")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("record key 'options' must be an object of keyword options")
        seed = data.get("seed")
        problem = seed_problem(seed)
        if problem or not isinstance(seed, int):
            raise RecordError(f"record key 'seed': {problem}")
        moves = data.get("moves")
        if not isinstance(moves, list):
            raise RecordError("record key 'moves' must be a list of move texts")
        if len(moves) > MAX_RECORD_MOVES:
            raise RecordError(f"record key 'moves' lists {len(moves):,} moves; at most "
                              f"{MAX_RECORD_MOVES:,} are accepted")
        for i, m in enumerate(moves):
            if not isinstance(m, str) or len(m) > MAX_MOVE_CHARS:
                raise RecordError(f"record move {i + 1} ('moves' item {i}) is {short(m)}; "
                                  "expected move text "
                                  f"of at most {MAX_MOVE_CHARS} characters")
        return cls(game=game, options=dict(options), seed=seed, moves=tuple(moves))
