"""The games' data options and the bundled files they name, shared by the data tests.

Each row is ``(game, option, package, file)``: ``load_game(game, **{option: Path(...)})``
loads a file of the shape of ``treasurekit.<package>/<file>``.
"""

from __future__ import annotations

DATA_FILES = [
    ("ahoy", "board", "ahoy", "data/board.json"),
    ("treasure_island_2003", "board_file", "treasure_island_2003", "data/large_board.json"),
    ("treasure_island_2003", "board_file", "treasure_island_2003", "data/small_board.json"),
    ("treasure_island_2003", "cards", "treasure_island_2003", "data/cards.json"),
    ("treasure_island_2018", "map", "treasure_island_2018", "data/map.json"),
    ("treasure_island_2018", "cards", "treasure_island_2018", "data/hints.json"),
    ("sjorovaron", "map", "sjorovaron", "data/map.json"),
    ("skeleton_island", "cards", "skeleton_island", "data/cards.json"),
]

#: One row per (game, option): the data options a record or a caller can name.
DATA_OPTIONS = [row for i, row in enumerate(DATA_FILES)
                if all(row[:2] != seen[:2] for seen in DATA_FILES[:i])]
