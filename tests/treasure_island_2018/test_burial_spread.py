"""The cunning Silver hides well (issue 23 point 5): his burial is a seeded draw spread
over the board, so no fixed search plan beats chance by much, and it still prefers the
points that are hard to find. The 500-seed figures are measured by
``python -m benchmarks burial_spread``; here 150 seeds with a looser bound."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
import shapely

import treasurekit.treasure_island_2018 as ti
from benchmarks.burial_spread import burials, spread
from treasurekit.treasure_island_2018.burial import (
    CIRCLE_CAP,
    SEARCH_CAP,
    BurialPlan,
    burial_plan,
    max_share,
)
from treasurekit.treasure_island_2018.geometry import distance

SEEDS = range(150)


def plan_of(players: int = 4) -> BurialPlan:
    s = ti.TIGame(players=players).new_initial_state(0)
    kinds = tuple(sorted({h.id for h in s.decks.starting if not h.chest}))
    return burial_plan(s.map, s.situation(), kinds, s.n)


@pytest.fixture(scope="module")
def points() -> list[tuple[float, float]]:
    return burials(SEEDS)


def test_no_search_plan_finds_the_cunning_burial_much_more_often_than_chance(points) -> None:
    """Over 150 seeds: many distinct spots, no 1-mile circle with more than 13% of the
    burials, no single Large search finding more than 20% (the goals over 500 seeds are 10%
    and 15%; the sampling error is larger here). The old Silver used 11 spots, two of them
    in 56% of the games (over 500 seeds: 13 spots, 61% in one 1-mile circle)."""
    s = spread(points)
    assert s.distinct >= 70, s
    assert Counter(points).most_common(1)[0][1] <= 8
    assert s.circle <= 0.13, s
    assert s.large <= 0.20, s


def test_every_burial_is_legal_and_far_from_the_starts(points) -> None:
    game = ti.TIGame(players=4)
    s = game.new_initial_state(0)
    for p in points:
        assert s.why_illegal(ti.Bury(*p)) is None
        assert all(distance(p, q) >= 5.0 for q in s.map.starts.values())
        assert shapely.distance(s.map.restricted, shapely.Point(p)) > 0.05


def test_the_exact_burial_distribution_keeps_every_circle_near_chance() -> None:
    """The plan's own distribution, measured on a finer grid of centres than the one it
    was tuned on (0.1 against 0.25 mile), stays within a point of its caps."""
    plan = plan_of()
    pts, probs = np.array(plan.points), np.array(plan.probs)
    assert abs(probs.sum() - 1.0) < 1e-9
    bounds = ti.TIGame(players=4).map.bounds
    assert max_share(pts, probs, 1.0, bounds, 0.1) <= CIRCLE_CAP + 0.01
    assert max_share(pts, probs, 2.0, bounds, 0.1) <= SEARCH_CAP + 0.01


def test_the_burial_is_still_cunning(points) -> None:
    """Spread is not uniform: the draw favours points of low danger, so the burials'
    mean score is well below the mean over every candidate point, and the best points are
    far likelier than the worst."""
    plan = plan_of()
    scores = np.array(plan.scores)
    probs = np.array(plan.probs)
    uniform = float(scores.mean())
    expected = float((scores * probs).sum())
    assert expected < uniform - 0.25 * (uniform - scores.min())
    index = {p: i for i, p in enumerate(plan.points)}
    drawn = float(np.mean([scores[index[p]] for p in points]))
    assert drawn < uniform
    order = np.argsort(scores)
    assert probs[order[0]] > 20 * probs[order[-1]]


def test_the_plan_hands_out_only_tuples() -> None:
    """The plan is cached per map and shared by every game: nothing in it can be changed
    to move a later game's burial."""
    plan = plan_of()
    for field in ("points", "scores", "dangers", "shares", "rides", "probs"):
        assert isinstance(getattr(plan, field), tuple)
    with pytest.raises(AttributeError):
        plan.probs = ()  # type: ignore[misc]


def test_circle_shares_count_every_point_within_the_radius_of_some_centre() -> None:
    """The precomputed circles (built once per plan, asked forty times by the bisection)
    give what a direct count over every centre gives, for any weights."""
    from treasurekit.treasure_island_2018.burial import CircleShares

    rng = np.random.default_rng(5)
    pts = rng.uniform(0, 6, size=(80, 2))
    bounds = (0.0, 0.0, 6.0, 6.0)
    circles = CircleShares(pts, 1.0, bounds, 0.5)
    for _ in range(5):
        w = rng.dirichlet(np.ones(len(pts)))
        direct = max(
            float(w[np.hypot(pts[:, 0] - x, pts[:, 1] - y) <= 1.0 + 1e-9].sum())
            for x in np.arange(0, 6.0 + 1e-9, 0.5) for y in np.arange(0, 6.0 + 1e-9, 0.5))
        assert circles.largest(w) == pytest.approx(direct, abs=1e-12)
        assert max_share(pts, w, 1.0, bounds, 0.5) == pytest.approx(direct, abs=1e-12)
    assert CircleShares(pts, 0.0001, (10.0, 10.0, 11.0, 11.0), 0.5).largest(w) == 0.0
