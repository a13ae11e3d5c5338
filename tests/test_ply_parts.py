"""benchmarks/ply_parts.py: the parts of a checked action add up and name the right costs."""

from __future__ import annotations

import pytest

from benchmarks import ply_parts


def test_the_parts_of_an_ahoy_action_add_up() -> None:
    """Two seeded Ahoy games: every part is measured (none negative), copies are paid
    only where moves were listed, and the mean list length is Ahoy's (1 to 6 moves)."""
    parts = ply_parts.measure("ahoy", games=2)
    assert parts.actions > 50
    assert 1.0 <= parts.moves_per_decision <= 6.0
    for name in ("listing", "copies", "play", "chance", "collector"):
        assert getattr(parts, name) >= 0.0, name
    assert parts.listing > 0 and parts.copies > 0 and parts.play > 0 and parts.chance > 0
    assert parts.total == pytest.approx(parts.listing + parts.copies + parts.play
                                        + parts.chance + parts.collector)


def test_an_unknown_game_is_refused_by_name() -> None:
    with pytest.raises(SystemExit, match=r"unknown game.*'chess'"):
        ply_parts.main(["chess"])
