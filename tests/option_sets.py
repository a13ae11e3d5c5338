"""Option sets to run a suite over: every registered game with its defaults, and with
each non-default choice of each option, one at a time (shared by the conformance and
search-path suites)."""

from __future__ import annotations

from typing import Any

import treasurekit


def option_sets(name: str, player_counts: tuple[int, ...] = ()) -> list[dict[str, Any]]:
    """``[{}]`` plus ``{option: value}`` for every non-default choice of game ``name``, plus
    ``{"players": n}`` for each of ``player_counts`` when the game has that option."""
    cls = treasurekit.GAMES[name]
    configs: list[dict[str, Any]] = [{}]
    for key, opt in cls.OPTIONS.items():
        for value in opt.choices or ():
            if value != opt.default:
                configs.append({key: value})
    if "players" in cls.OPTIONS:
        configs += [{"players": n} for n in player_counts]
    return configs
