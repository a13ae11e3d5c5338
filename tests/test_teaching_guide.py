"""docs/teaching.md: every answer the teacher's guide gives is what the engine computes.

Each answer in the guide carries a key, ``[answer: ahoy-must-fall]``; ``ANSWERS`` computes the
texts that answer must contain (exact fractions and rounded figures) with the engine, as the
notebooks do. ``python tests/test_teaching_guide.py`` prints them all (to write the guide).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

import treasurekit

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "teaching.md"
KEY = re.compile(r"\[answer: ([a-z0-9-]+)\]")


def pct(p: Fraction | float, digits: int = 0) -> str:
    """``0.0996`` -> ``'10%'``; the way the guide writes a rounded share."""
    return f"{float(p) * 100:.{digits}f}%"


# --- Ahoy Treasures!: exact probabilities and a Markov chain --------------------------------

def ahoy_must_fall() -> list[str]:
    from treasurekit.ahoy.analysis import roll_odds

    odds = roll_odds(treasurekit.load_game("ahoy").new_initial_state(seed=1))
    return [str(odds.must_fall), str(odds.can_stay_dry)]


@cache
def _lone_pirate():  # type: ignore[no-untyped-def]
    from treasurekit.ahoy.analysis import LonePirate

    return LonePirate()


def ahoy_reach_10() -> list[str]:
    reach = _lone_pirate().reach_island_within(10)
    return [str(reach[9]), pct(reach[9], 1)]


def ahoy_never_wet() -> list[str]:
    fall = _lone_pirate().fall_within(30)
    dry = 1 - fall[29]
    return [pct(dry, 1), f"1 in {round(1 / float(dry))}"]


def ahoy_planks() -> list[str]:
    chain = _lone_pirate()
    open_water = chain.reach_island_within(10)[9]
    planked = chain.reach_island_within(10, planks=chain.board.water_squares)[9]
    return [pct(open_water), pct(planked)]


def ahoy_square_4() -> list[str]:
    landing = _lone_pirate().landing_chances(8)
    return [str(landing[4]), pct(landing[4])]


# --- Treasure Island (2003): dice combinatorics and skirmish odds ----------------------------

def ti2003_one_number() -> list[str]:
    from treasurekit.treasure_island_2003 import number_chance

    return [str(number_chance({4})), str(number_chance({2, 5}))]


def ti2003_skirmish_round() -> list[str]:
    from treasurekit.treasure_island_2003 import skirmish_round

    each, none = skirmish_round(2)
    return [str(each), str(none)]


def ti2003_skirmish_lead() -> list[str]:
    from treasurekit.treasure_island_2003 import skirmish_chance

    return [str(skirmish_chance((1, 0))[0]), str(skirmish_chance((2, 0))[0])]


def ti2003_three_way() -> list[str]:
    from treasurekit.treasure_island_2003 import skirmish_chance

    return [str(p) for p in skirmish_chance((1, 0, 0))]


def ti2003_flint_cannon() -> list[str]:
    from treasurekit.treasure_island_2003 import chest_odds

    start = treasurekit.load_game("treasure_island_2003", players=4).new_initial_state(seed=0)
    return [pct(chest_odds(start, "flint").any_cannon)]


# --- Treasure Island (2018): Bayesian search --------------------------------------------------

@cache
def _ti2018():  # type: ignore[no-untyped-def]
    """The notebook's fixed situation (section 2): treasure, miniatures, lines, searches."""
    from treasurekit.treasure_island_2018 import load_map, posterior_for, truthful
    from treasurekit.treasure_island_2018.hints import candidates

    game = treasurekit.load_game("treasure_island_2018", players=4)
    imap = load_map()
    t = (12.0, 14.0)
    where = {
        "positions": {"red": (8.0, 12.0), "blue": (18.0, 9.0), "yellow": (22.0, 16.0)},
        "lines": [("red", (5.0, 10.0), (8.0, 12.0)), ("blue", (15.5, 5.0), (18.0, 9.0)),
                  ("yellow", (26.5, 13.0), (22.0, 16.0))],
        "searches": [((9.0, 16.5), 1.0), ((20.0, 11.0), 2.0)],
    }
    base = game.position(t, **where)
    sit = base.situation()

    def true_args(kind: str) -> tuple[str, ...]:
        options = [a for a in candidates(kind, sit, imap, 4) if truthful(kind, a, sit, imap, t)]
        real = [a for a in options if a != ("none",)]
        return tuple((real or options)[0])

    def area(hints: list[tuple[str, tuple[str, ...], str]]) -> float:
        state = game.position(t, **where, hints=hints)
        return float(posterior_for(state.view(1), imap, trust=1.0).area)

    return game, imap, t, where, sit, true_args, area


def ti2018_vast() -> list[str]:
    *_, true_args, area = _ti2018()
    before = area([])
    after = area([("vast", true_args("vast"), "truth")])
    return [f"{before:.0f} square miles", f"{after:.0f}", pct(1 - after / before)]


def ti2018_confession() -> list[str]:
    *_, area = _ti2018()
    yes = area([("confession", ("p1", "near", "red", "5", "yes"), "truth")])
    return [f"{yes:.0f} square miles"]


def ti2018_trust() -> list[str]:
    from treasurekit.treasure_island_2018 import posterior_for, region

    game, imap, t, where, sit, true_args, _ = _ti2018()
    args = true_args("distance")
    hidden = game.position(t, **where, day=6, bluff=1, hints=[
        ("bearings", true_args("bearings"), "truth"), ("distance", args, "truth")])
    ring = region("distance", args, sit, imap)
    view = hidden.view(1)
    before = game.position(t, **where, day=6, bluff=1, hints=[
        ("bearings", true_args("bearings"), "truth")])
    q = posterior_for(before.view(1), imap, trust=1.0).probability(ring)
    return [f"{q:.2f}", *(f"{posterior_for(view, imap, trust=tr).probability(ring):.2f}"
                          for tr in (0.2, 0.5, 0.8))]


# --- Sjörövarön: risk and expected value ------------------------------------------------------

def sjo_actions() -> list[str]:
    from treasurekit.sjorovaron import analysis as a

    return [str(a.jump_chance()), str(a.double_crossing_chance()),
            str(a.double_crossing_chance() - a.jump_chance())]


def sjo_dig() -> list[str]:
    from treasurekit.sjorovaron.analysis import dig_chance, shot_chance

    return [str(dig_chance()), f"{1 / dig_chance()} turns", f"{1 / shot_chance()} shots"]


def sjo_drift() -> list[str]:
    from treasurekit.sjorovaron import SjoGame
    from treasurekit.sjorovaron.analysis import drift_to_sea

    duo = SjoGame(players=2)
    k9, k12 = drift_to_sea(duo.board, "k9", 3), drift_to_sea(duo.board, "k12", 3)
    return [str(k9[2]), pct(k9[1]), pct(k12[2])]


def sjo_raft() -> list[str]:
    from treasurekit.sjorovaron import SjoGame
    from treasurekit.sjorovaron.analysis import raft_escape_chance

    duo = SjoGame(players=2)
    p = raft_escape_chance(duo.board, duo.board.label(duo.board.raft_launch))
    return [str(p), pct(p)]


# --- Skeleton Island: card counting ------------------------------------------------------------

@cache
def _skeleton_mid():  # type: ignore[no-untyped-def]
    """The notebook's game: three greedy bots, seed 4, stopped after move 100."""
    from treasurekit.skeleton_island import GreedyBot

    mid = treasurekit.load_game("skeleton_island", players=3).new_initial_state(seed=4)
    bots = [GreedyBot(seed=p) for p in range(3)]
    while mid.ply < 100 or mid.is_chance_node():
        if mid.is_chance_node():
            mid.resolve_chance()
        else:
            mid.play(bots[mid.current_player].choose(mid))
    return mid


def skel_face_down() -> list[str]:
    from treasurekit.skeleton_island.analysis import expected_coin_value, unknown_card

    mid = _skeleton_mid()
    odds = unknown_card(mid)
    return [f"{odds.unseen} unseen", str(odds.category["map"]), str(odds.category["coin"]),
            str(expected_coin_value(mid, mid.current_player))]


def skel_red_quarter() -> list[str]:
    from treasurekit.skeleton_island.analysis import completion_chance, face_down_vs_known

    game = treasurekit.load_game("skeleton_island", players=3)
    needy = game.position(
        [("map-red-quarter", 0, 0, 0), (None, 10, 0, 0)],
        collections={0: ["map-red-half", "map-red-quarter"], 1: ["map-red-half"]},
    )
    values = dict(face_down_vs_known(needy, 0))
    face_down = next(v for label, v in values.items() if "face down" in label)
    face_up = next(v for label, v in values.items() if "red map quarter" in label)
    return [f"{sum(needy.unseen().values())} unseen", str(completion_chance(needy, 0)),
            f"{face_down} coins", f"{face_up} coins"]


ANSWERS: dict[str, Callable[[], list[str]]] = {
    "ahoy-must-fall": ahoy_must_fall,
    "ahoy-reach-10": ahoy_reach_10,
    "ahoy-never-wet": ahoy_never_wet,
    "ahoy-planks": ahoy_planks,
    "ahoy-square-4": ahoy_square_4,
    "ti2003-one-number": ti2003_one_number,
    "ti2003-skirmish-round": ti2003_skirmish_round,
    "ti2003-skirmish-lead": ti2003_skirmish_lead,
    "ti2003-three-way": ti2003_three_way,
    "ti2003-flint-cannon": ti2003_flint_cannon,
    "ti2018-vast": ti2018_vast,
    "ti2018-confession": ti2018_confession,
    "ti2018-trust": ti2018_trust,
    "sjo-actions": sjo_actions,
    "sjo-dig": sjo_dig,
    "sjo-drift": sjo_drift,
    "sjo-raft": sjo_raft,
    "skel-face-down": skel_face_down,
    "skel-red-quarter": skel_red_quarter,
}


def guide_answers(text: str) -> dict[str, str]:
    """``{key: the paragraph that carries [answer: key]}`` from the guide's markdown."""
    found: dict[str, str] = {}
    for para in re.split(r"\n\s*\n", text):
        for key in KEY.findall(para):
            assert key not in found, f"[answer: {key}] appears twice in docs/teaching.md"
            found[key] = " ".join(para.split())
    return found


def test_teaching_guide_answers_every_question_it_keys() -> None:
    keys = set(guide_answers(GUIDE.read_text()))
    assert keys == set(ANSWERS), (
        f"keys in the guide without a check: {sorted(keys - set(ANSWERS))}; "
        f"checks with no answer in the guide: {sorted(set(ANSWERS) - keys)}"
    )


@pytest.mark.parametrize("key", sorted(ANSWERS))
def test_teaching_guide_answer_is_what_the_engine_computes(key: str) -> None:
    paragraph = guide_answers(GUIDE.read_text()).get(key, "")
    for text in ANSWERS[key]():
        # the figure on its own: "1/3" is not found inside "11/36", nor "10%" inside "110%"
        alone = re.compile(rf"(?<![\w/.]){re.escape(text)}(?![\w/]|\.\d)")
        assert alone.search(paragraph), f"[answer: {key}] should say {text!r}: {paragraph!r}"


def test_teaching_guide_is_linked_and_names_the_apps() -> None:
    text = GUIDE.read_text()
    readme = (GUIDE.parent.parent / "README.md").read_text()
    assert "docs/teaching.md" in readme
    for name in ("ahoy", "treasure_island_2003", "treasure_island_2018", "sjorovaron",
                 "skeleton_island", "index"):
        assert f"apps/{name}.ipynb" in text, name
    assert "urlpath=voila/render/apps/index.ipynb" in text
    assert "urlpath=lab/tree/notebooks/00-start-here.ipynb" in text


if __name__ == "__main__":
    for key, fn in ANSWERS.items():
        print(f"{key}: {fn()}")
