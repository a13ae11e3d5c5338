"""The probability map (``posterior.py``): the exact feasible region, the 0.1-mile raster,
trust in unverified hints, update time, and the property that truthful hints never rule
out the true treasure."""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import pytest
from shapely.geometry import Point

import treasurekit.treasure_island_2018 as ti
from treasurekit.treasure_island_2018.clues import Clue, clues_for
from treasurekit.treasure_island_2018.hints import question_true, truthful
from treasurekit.treasure_island_2018.posterior import (
    Grid,
    Posterior,
    coverage,
    posterior_for,
    sample_treasure,
    view_clues,
)

T = (10.0, 13.0)


def test_grid_cells_are_at_most_a_tenth_of_a_mile() -> None:
    g = ti.TIGame()
    grid = Grid.for_map(g.map)
    assert grid.cell == 0.1 and (grid.nx, grid.ny) == (320, 240)
    with pytest.raises(ValueError, match=r"at most 0\.1"):
        Grid.for_map(g.map, 0.2)


def test_coverage_is_exact_inside_and_partial_on_the_border() -> None:
    g = ti.TIGame()
    grid = Grid.for_map(g.map)
    sq = Point(10.05, 10.05).buffer(0.05, cap_style="square")  # exactly one cell
    cov = coverage(sq, grid)
    assert cov.sum() == pytest.approx(1.0)  # the neighbours only touch it
    half = Point(10.0, 10.05).buffer(0.05, cap_style="square")  # half of two cells
    cov2 = coverage(half, grid)
    assert cov2[100, 99] == pytest.approx(0.5) and cov2[100, 100] == pytest.approx(0.5)
    tiny = Point(10.01, 10.01).buffer(0.001)
    assert coverage(tiny, grid)[100, 100] > 0  # never lost when touched


def test_mass_sums_to_one_and_lies_in_the_burial_area() -> None:
    s = ti.TIGame().position(T)
    post = posterior_for(s.view(1), s.map)
    assert post.mass.sum() == pytest.approx(1.0)
    row, col = post.grid.index(s.map.volcano.centroid.coords[0])
    assert post.mass[row, col] == 0.0


def test_posterior_uses_own_district_hints_but_not_others() -> None:
    s = ti.TIGame().position(T, districts={1: (5,), 2: (7,), 3: (8,)})
    p1 = posterior_for(s.view(1), s.map)
    d5 = s.map.district(5).polygon
    d7 = s.map.district(7).polygon
    assert p1.probability(d5) < 1e-3 and p1.probability(d7) > 0.01  # border cells blur
    assert p1.feasible.intersection(d5).area < 1e-9


def test_posterior_uses_search_circles_and_chest_information() -> None:
    s = ti.TIGame().position(T, positions={"red": (16.0, 9.0)},
                             searches=[((20.0, 15.0), 2.0)])
    s.play("search small red 16,9.5")
    s.play("answer west")
    post = posterior_for(s.view(1), s.map)
    assert post.mass_near((20.0, 15.0), 1.9) == 0.0  # the searched circle
    assert post.mass_near((25.0, 12.0), 2) == 0.0  # the treasure is west of x = 16
    other = posterior_for(s.view(2), s.map)
    assert other.mass_near((25.0, 12.0), 2) > 0  # only red got the token


def test_trust_weighs_unverified_hints() -> None:
    s = ti.TIGame().position(T, day=7, bluff=1, positions={"red": (6.0, 10.6)},
                             hints=[("altitude", ["volcano"], "truth"),
                                    ("close", ["red"], "bluff")])
    view = s.view(1)
    statuses = [c.status for c in view_clues(view, s.map) if c.source == "hint"]
    assert statuses == ["certain", "unverified"]
    near, far = (8.0, 12.5), (23.0, 18.0)  # inside / outside red's 6-mile circle
    assert s.map.treasure_problem(near) is None and s.map.treasure_problem(far) is None
    for trust in (0.5, 0.8):
        post = posterior_for(view, s.map, trust=trust)
        r_in, r_out = post.grid.index(near), post.grid.index(far)
        ratio = post.mass[r_in] / post.mass[r_out]
        assert ratio == pytest.approx(1 / (1 - trust), rel=0.01)
    sure = posterior_for(view, s.map, trust=1.0)
    assert sure.mass[sure.grid.index(far)] == 0.0


def test_hints_before_any_bluff_token_are_certain() -> None:
    s = ti.TIGame().position(T, day=4, positions={"red": (6.0, 10.6)},
                             hints=[("altitude", ["volcano"], "truth"),
                                    ("close", ["red"], "truth")])
    assert all(c.status == "certain" for c in view_clues(s.view(1), s.map)
               if c.source == "hint")


def test_a_verified_bluff_says_nothing() -> None:
    s = ti.TIGame().position(T, day=7, bluff=1, positions={"red": (6.0, 10.6)},
                             hints=[("altitude", ["volcano"], "truth"),
                                    ("close", ["yellow"], "bluff")])
    s.play("verify 2")
    v = s.view(1)
    assert [c.status for c in clues_for(v, s.map) if c.source == "hint"] == ["certain", "bluff"]
    post = posterior_for(v, s.map, trust=1.0)
    assert post.mass_near(T, 0.2) > 0


def test_update_after_a_hint_is_well_under_a_second() -> None:
    s = ti.TIGame().position(T, positions={"red": (6.0, 10.6)},
                             searches=[((20.0, 15.0), 2.0), ((24.0, 8.0), 1.0)],
                             hints=[("altitude", ["volcano"], "truth")])
    clues = view_clues(s.view(1), s.map)
    post = Posterior(s.map, clues)
    from treasurekit.treasure_island_2018.regions import region

    new = Clue("DISTANCE red 4-7", "hint", "certain",
               region("distance", ("red", "4-7"), s.situation(), s.map))
    start = time.perf_counter()
    after = post.updated(new)
    elapsed = time.perf_counter() - start
    assert elapsed < 1.0, elapsed
    assert after.area < post.area and after.mass.sum() == pytest.approx(1.0)


def test_sample_treasure_draws_valid_points_from_the_feasible_region() -> None:
    s = ti.TIGame().position(T, positions={"red": (6.0, 10.6)},
                             hints=[("vast", ["red"], "truth")])
    rng = random.Random(3)
    for _ in range(20):
        p = sample_treasure(s.view(1), s.map, rng)
        assert p is not None and s.map.treasure_problem(p) is None
        assert np.hypot(p[0] - 6.0, p[1] - 10.6) <= 8.01
    post = posterior_for(s.view(1), s.map)
    q = post.sample_point(rng)
    assert q is not None and s.map.treasure_problem(q) is None


def honest(s: ti.TIState, moves: list[Any]) -> list[Any]:
    """Silver's moves that tell the truth (a true hint even under a Bluff token)."""
    t = s.treasure
    if t is None:
        return moves
    sit = s.situation()
    out = []
    for m in moves:
        if (isinstance(m, ti.PlayHint) and m.token == "bluff"
                and not truthful(m.kind, m.args, sit, s.map, t)):
            continue
        if isinstance(m, ti.Confess) and m.token == "bluff":
            q = dict(s.data.questions)[m.seat]
            if not question_true(q, sit, s.map, t, m.answer == "yes"):
                continue
        out.append(m)
    return out or moves


def truthful_game(seed: int, players: int = 4) -> ti.TIState:
    """Random pirates against a Silver who never lies, until the escape."""
    s = ti.TIGame(players=players).new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal() and s.escape_round == 0:
        if s.is_chance_node():
            s.resolve_chance()
            continue
        moves = s.legal_moves()
        if s.current_player == 0:
            moves = honest(s, moves)
        s.play(rng.choice(moves))
    return s


@pytest.mark.parametrize("seed", range(30))
def test_property_truthful_hints_never_exclude_the_true_treasure(seed: int) -> None:
    """With every hint truthful, each pirate's feasible region (all hints believed) covers
    the true treasure, and its probability map (trust 1) keeps mass at it."""
    s = truthful_game(seed, players=3 + seed % 3)
    t = s.treasure
    assert t is not None
    for p in s.pirates:
        clues = view_clues(s.view(p), s.map)
        feasible = s.map.support
        for c in clues:
            assert c.region.distance(Point(t)) < 1e-6, c.label
            feasible = feasible.intersection(c.region)
        assert feasible.distance(Point(t)) < 1e-6
    if seed % 3 == 0:  # the raster too (slower)
        p = s.pirates[seed % len(s.pirates)]
        post = posterior_for(s.view(p), s.map, trust=1.0)
        assert post.mass_near(t, 0.15) > 0


def test_property_holds_for_posteriors_during_a_game() -> None:
    s = ti.TIGame(players=4).new_initial_state(21)
    rng = random.Random(21)
    checked = 0
    last_hints = 0
    while not s.is_terminal() and s.escape_round == 0:
        if s.is_chance_node():
            s.resolve_chance()
            continue
        if len(s.hints) != last_hints and len(s.hints) in (2, 5):
            last_hints = len(s.hints)
            post = posterior_for(s.view(1), s.map, trust=1.0)
            assert s.treasure is not None and post.mass_near(s.treasure, 0.15) > 0
            checked += 1
        moves = s.legal_moves()
        if s.current_player == 0:
            moves = honest(s, moves)
        s.play(rng.choice(moves))
    assert checked >= 1



def test_zero_area_clues_keep_the_map_summing_to_one_and_the_treasure_possible() -> None:
    """Issue 15: West and East Chest tokens given from the same x leave a line; the map
    summed to 0. It now sums to 1 on the cells touching the line, the treasure's among
    them (TI2018 §11 Chest tokens)."""
    from treasurekit.treasure_island_2018.clues import chest_clue
    from treasurekit.treasure_island_2018.rules.chest import chest_token_true

    g = ti.TIGame()
    imap = g.map
    treasure = (10.0, 13.0)
    clues = [chest_clue("west", (10.0, 9.0), None, imap),
             chest_clue("east", (10.0, 15.0), None, imap)]
    assert all(chest_token_true(c, at, None, treasure, imap)
               for c, at in (("west", (10.0, 9.0)), ("east", (10.0, 15.0))))
    post = Posterior(imap, clues)
    assert post.feasible.area == 0 and not post.feasible.is_empty
    assert post.mass.sum() == pytest.approx(1.0)
    assert post.mass_near(treasure, 0.15) > 0
    _, cx = post.grid.index(treasure)
    assert post.mass[:, cx - 2:cx + 2].sum() == pytest.approx(1.0)  # all beside the line
    # and a contradiction (no region at all) still gives a map summing to 1
    apart = Posterior(imap, [chest_clue("west", (5.0, 9.0), None, imap),
                             chest_clue("east", (20.0, 9.0), None, imap)])
    assert apart.feasible.is_empty and apart.mass.sum() == pytest.approx(1.0)


def test_truth_token_hint_holds_all_probability_at_full_trust() -> None:
    """TI2018 §5 Information tokens: a hint under a Truth token (or one trusted fully) is
    certain, so the whole map lies inside its region: its ring holds probability 1, not
    0.99 (issue 14: border cells once counted their coverage twice)."""
    g = ti.TIGame(players=4)
    where = {"red": (8.0, 12.0), "blue": (18.0, 9.0)}
    t = (12.0, 14.0)
    args = ("red", "4-7")
    sit = g.position(t, positions=where).situation()
    ring = ti.region("distance", args, sit, g.map)
    certain = g.position(t, positions=where, hints=[("distance", args, "truth")])
    assert posterior_for(certain.view(1), g.map).probability(ring) == pytest.approx(1.0, abs=1e-9)
    hidden = g.position(t, positions=where, day=6, bluff=1, hints=[
        ("bearings", ("blue:n",), "truth"), ("distance", args, "truth")])
    view = hidden.view(1)
    assert posterior_for(view, g.map, trust=1.0).probability(ring) == pytest.approx(1.0, abs=1e-9)
    shares = [posterior_for(view, g.map, trust=tr).probability(ring) for tr in (0.2, 0.5, 0.8)]
    assert shares == sorted(shares) and shares[-1] < 1.0


def test_probability_of_a_half_plane_matches_its_share_of_a_uniform_map() -> None:
    """The probability of a region crossing the burial area is its share of the area (the
    map is uniform with no clue), to within the raster's 0.1 mile."""
    from shapely.geometry import box

    g = ti.TIGame(players=4)
    post = posterior_for(g.position(T).view(1), g.map)
    west = box(-1.0, -1.0, 15.03, 30.0)
    exact = post.feasible.intersection(west).area / post.feasible.area
    assert post.probability(west) == pytest.approx(exact, abs=2e-3)
