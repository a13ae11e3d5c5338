"""The cunning SilverBot (issue 13 point 5): where he buries, which hint he plays, when he
bluffs, which Chest tokens he gives, and that he stays seeded and uses only what Long John
Silver knows. The win rate against GreedyBots is measured in benchmarks/silver.py."""

from __future__ import annotations

import statistics

import numpy as np
import shapely

import treasurekit.treasure_island_2018 as ti
from treasurekit.treasure_island_2018.bots import GreedyBot, SilverBot, burial_danger, chase
from treasurekit.treasure_island_2018.geometry import distance
from treasurekit.treasure_island_2018.hints import truthful
from treasurekit.treasure_island_2018.posterior import posterior_for

T = (10.0, 13.0)
NEAR = 2.0  # the Large search radius


def near_mass(state: ti.TIState, seat: int, treasure=T) -> float:
    """What the pirates' own bot believes: the probability of the 2-mile circle around
    the treasure on ``seat``'s probability map (GreedyBot's trust)."""
    return posterior_for(state.view(seat), state.map, trust=0.8).mass_near(treasure, NEAR)


def mean_near_mass(state: ti.TIState, treasure=T) -> float:
    return statistics.fmean(near_mass(state, p, treasure) for p in state.pirates)


def valid_share(imap, p) -> float:
    ks = np.arange(-NEAR, NEAR + 1e-9, 0.2)
    ox, oy = np.meshgrid(ks, ks)
    keep = np.hypot(ox, oy) <= NEAR
    return float(np.asarray(shapely.intersects_xy(imap.support, p[0] + ox[keep],
                                                  p[1] + oy[keep])).mean())


def hint_state(bluff: int = 0, hand=("vast", "bearings", "miles"), **kw) -> ti.TIState:
    return ti.TIGame(players=4).position(
        T, day=7, phase="hint", hand=list(hand), bluff=bluff,
        positions={"red": (6.0, 10.6)}, hints=[("altitude", ["volcano"], "truth")], **kw)


# ----- burying ---------------------------------------------------------------------------------
def test_silver_buries_away_from_the_starts_where_searches_cover_little_valid_ground() -> None:
    """A search that finds the treasure should waste much of its circle: the cunning
    Silver's burial points have less valid ground around them than most valid points."""
    shares, chosen = [], []
    for seed in range(6):
        s = ti.TIGame(players=4).new_initial_state(seed)
        move = SilverBot(seed=seed).choose(s)
        assert isinstance(move, ti.Bury) and s.why_illegal(move) is None
        assert all(distance(move.at, p) >= 5.0 for p in s.map.starts.values())
        chosen.append(valid_share(s.map, move.at))
    lattice = ti.TIGame(players=4).map.lattice
    shares = [valid_share(ti.TIGame().map, p) for p in lattice[::15]]
    assert statistics.median(chosen) < statistics.median(shares)


def test_silver_buries_where_the_first_hint_leaves_the_most_doubt() -> None:
    """burial_danger: a point in open ground next to a starting circle is more exposed
    after the first hint than the point the cunning Silver picks."""
    s = ti.TIGame(players=4).new_initial_state(0)
    bot = SilverBot(seed=0)
    move = bot.choose(s)
    kinds = ("altitude", "bearings", "manuscript", "miles", "sextant", "vast")
    open_ground = (10.0, 13.0)
    (d_open, share_open), (d_pick, share_pick) = burial_danger(
        s.map, s.situation(), (open_ground, move.at), kinds)
    assert share_open > 0.9 and share_pick < share_open
    assert d_pick < d_open


# ----- hints ---------------------------------------------------------------------------------
def test_silver_plays_the_hint_that_keeps_most_area() -> None:
    """With Truth tokens only, the cunning Silver's true hint leaves the pirates' own
    probability maps the least mass near the treasure (checked by playing every hint)."""
    s = hint_state()
    best = SilverBot(seed=0).choose(s)
    assert isinstance(best, ti.PlayHint) and best.token == "truth"
    assert truthful(best.kind, best.args, s.situation(), s.map, T)
    after = {}
    for m in s.legal_moves():
        t = s.copy()
        t.play(m)
        after[m] = mean_near_mass(t)
    assert after[best] <= min(after.values()) + 0.01
    assert after[best] < max(after.values())


def test_silver_bluffs_with_a_lie_that_points_the_pirates_away() -> None:
    s = hint_state(bluff=1)
    before = mean_near_mass(s)
    move = SilverBot(seed=0).choose(s)
    assert isinstance(move, ti.PlayHint) and move.token == "bluff"
    assert not truthful(move.kind, move.args, s.situation(), s.map, T)
    s.play(move)
    assert mean_near_mass(s) < 0.5 * before


def test_silver_keeps_his_bluff_for_a_lie() -> None:
    """No true hint goes under a Bluff token while a Truth token is left."""
    s = hint_state(bluff=1)
    for c in SilverBot(seed=0).explain(s)[:5]:
        m = c.move
        if isinstance(m, ti.PlayHint) and m.token == "bluff":
            assert not truthful(m.kind, m.args, s.situation(), s.map, T)


# ----- Chest tokens and Compass Hints --------------------------------------------------------
def chest_state() -> ti.TIState:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, day=10, phase="actions",
                             hand=["decoy", "vast", "close"])
    s.play("search small red 9,9.5")
    return s


def test_silver_never_gives_an_item_token() -> None:
    s = chest_state()
    ranked = SilverBot(seed=0).explain(s)
    items = [c for c in ranked if isinstance(c.move, ti.Answer)
             and c.move.token in ("move7", "action", "search")]
    assert items and all(c.score < 0 for c in items)
    assert ranked[0].move.token not in ("move7", "action", "search")


def test_silver_gives_only_a_chest_token_that_tells_the_searcher_little() -> None:
    """An information token he gives raises the searcher's chance near the treasure (on
    its own probability map, recomputed by the engine) by about a tenth at most."""
    s = chest_state()
    move = SilverBot(seed=0).choose(s)
    assert isinstance(move, ti.Answer) and move.token not in ("move7", "action", "search")
    if move.token == "none":
        return
    before = near_mass(s, 1)
    s.play(move)
    assert near_mass(s, 1) < 1.12 * before


def test_silver_gives_no_chest_token_without_a_chest_hint_to_pay_for() -> None:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, day=10, phase="actions",
                             hand=["vast", "close", "distance"])
    s.play("search small red 9,9.5")
    assert SilverBot(seed=0).choose(s) == ti.Answer("none")


def test_silver_gives_the_compass_card_that_leaves_the_pirate_most_doubt() -> None:
    s = ti.TIGame().position(T, positions={"red": (10.0, 9.0)}, compass_hand=(1, 3, 4, 5))
    s.play("compass red")
    best = SilverBot(seed=0).choose(s)
    assert isinstance(best, ti.Card) and s.why_illegal(best) is None
    after = {}
    for m in s.legal_moves():
        t = s.copy()
        t.play(m)
        after[m] = near_mass(t, 1)
    assert after[best] <= min(after.values()) + 0.01


# ----- seeds and secrets -----------------------------------------------------------------------
def test_silver_is_seeded_and_reproducible() -> None:
    s = ti.TIGame(players=4).new_initial_state(3)
    a, b = SilverBot(seed=7).choose(s), SilverBot(seed=7).choose(s)
    assert a == b
    assert SilverBot(seed=7).explain(s) == SilverBot(seed=7).explain(s)


def test_silver_decides_from_what_long_john_silver_knows_not_from_the_seed() -> None:
    """The seed fixes every future draw, which Silver cannot know: positions equal in
    everything else give the same ranking whatever the seed."""
    for make in (lambda seed: hint_state(bluff=1, seed=seed),
                 lambda seed: (lambda s: s)(chest_state_seeded(seed))):
        a, b = make(1), make(99)
        ra, rb = SilverBot(seed=4).explain(a), SilverBot(seed=4).explain(b)
        assert [(str(c.move), c.score) for c in ra] == [(str(c.move), c.score) for c in rb]
    a = ti.TIGame(players=4).new_initial_state(1)
    b = ti.TIGame(players=4).new_initial_state(2)
    assert SilverBot(seed=4).choose(a) == SilverBot(seed=4).choose(b)


def chest_state_seeded(seed: int) -> ti.TIState:
    s = ti.TIGame().position(T, positions={"red": (9.0, 9.0)}, day=10, phase="actions",
                             hand=["decoy", "vast", "close"], seed=seed)
    s.play("search small red 9,9.5")
    return s


def test_greedy_bot_keeps_a_truthful_silver_and_its_explanations() -> None:
    bot = GreedyBot(seed=2)
    assert bot.silver.policy == "truthful"
    s = ti.TIGame().position(T, positions={"red": (10.0, 11.0)},
                             hints=[("vast", ["red"], "truth")])
    ranked = bot.explain(s)
    assert ranked and all(c.reasons for c in ranked)


def test_greedy_pirates_follow_silver_on_his_escape() -> None:
    """During the escape a pirate's map leans towards the ground ahead of Silver's last
    ride: Silver, who knows the way, rides to his treasure."""
    s = ti.TIGame().position(T, positions={"silver": (25.0, 17.0)}, phase="escape",
                             escape_round=1)
    s.play(SilverBot(seed=0).choose(s))
    while s.current_player != 1:
        s.play(s.legal_moves()[0]) if not s.is_chance_node() else s.resolve_chance()
    view = s.view(1)
    plain = posterior_for(view, s.map)
    chased = chase(plain, view)
    assert abs(float(chased.mass.sum()) - 1.0) < 1e-9
    assert chased.mass_near(T, NEAR) > 1.5 * plain.mass_near(T, NEAR)
    assert GreedyBot(seed=1).posterior(s).mass_near(T, NEAR) == chased.mass_near(T, NEAR)
