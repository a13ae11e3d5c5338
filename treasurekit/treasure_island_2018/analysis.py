"""Questions a reader asks about Treasure Island (2018), answered by geometry and seeded
simulation.

* :func:`hint_shrinkage`: how much of the island does each hint type rule out, on
  average? (seeded random situations; a true hint with random parameters; mean and 95%
  interval of the share of the burial area removed);
* :func:`feasible_history`: how a pirate's feasible region narrows clue after clue;
* :func:`treasure_rank`: how the true treasure ranks on a pirate's probability map;
* bot-against-bot studies (how often greedy pirates beat a Silver bot) are in
  ``studies.py``, the one module that imports both the bots and this analysis.

>>> rows = hint_shrinkage(["vast", "altitude"], situations=4, seed=1)
>>> sorted(rows)
['altitude', 'vast']
>>> 0 <= rows["vast"].mean <= 1
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .decks import HINT_IDS
from .geometry import Pt
from .hints import QUESTIONS, Situation, candidates, question_true, truthful
from .map import ZONES, IslandMap
from .map_data import load_map
from .posterior import posterior_for, view_clues
from .regions import region
from .state import TIState

__all__ = ["Shrinkage", "feasible_history", "hint_shrinkage", "treasure_rank"]


@dataclass(frozen=True)
class Shrinkage:
    """The share of the burial area a hint type rules out: mean, 95% interval, samples."""

    kind: str
    mean: float
    low: float
    high: float
    n: int

    def __str__(self) -> str:
        return f"{self.kind:<11} {self.mean:6.1%}  (95% CI {self.low:.1%}-{self.high:.1%}, " \
               f"n={self.n})"


def random_situation(imap: IslandMap, rng: random.Random, minis: Sequence[str] = (
        "red", "blue", "yellow", "silver")) -> tuple[Pt, Situation]:
    """A random treasure and board: miniatures on random valid points, each with one drawn
    line (its last move), and three searched circles that missed the treasure."""
    lattice = imap.lattice
    t = rng.choice(lattice)
    pos = []
    for m in minis:
        p = rng.choice(lattice)
        pos.append((m, p))
    trails = []
    last = []
    for m, p in pos:
        a = rng.choice(lattice)
        trails.append((m, ((a, p), (p, p))))
        last.append((m, a, p))
    searches: list[tuple[Pt, float]] = []
    while len(searches) < 3:
        c = rng.choice(lattice)
        r = rng.choice((1.0, 2.0))
        if math.dist(c, t) > r:
            searches.append((c, r))
    return t, Situation(tuple(pos), tuple(trails), tuple(last), tuple(searches))


def _true_args(kind: str, t: Pt, sit: Situation, imap: IslandMap,
               rng: random.Random) -> tuple[str, ...] | None:
    if kind == "manuscript":
        home = imap.district_at(t)
        others = [d.id for d in imap.districts if d.id != home]
        pick = sorted(rng.sample(others, 2))
        return (f"d{pick[0]}", f"d{pick[1]}")
    if kind == "confession":
        form = rng.choice(QUESTIONS)
        m = rng.choice(sit.minis)
        q: tuple[str, ...] = {
            "district": ("district", str(rng.randint(1, len(imap.districts)))),
            "zone": ("zone", rng.choice(ZONES)),
            "north": ("north", m),
            "east": ("east", m),
            "near": ("near", m, str(rng.randint(3, 9))),
        }[form]
        ans = "yes" if question_true(q, sit, imap, t, True) else "no"
        return ("p1", *q, ans)
    if kind == "parrot":
        return None
    options = [a for a in candidates(kind, sit, imap, 4) if truthful(kind, a, sit, imap, t)]
    return rng.choice(options) if options else None


def hint_shrinkage(
    kinds: Sequence[str] | None = None,
    situations: int = 30,
    seed: int = 0,
    imap: IslandMap | None = None,
    progress: bool = False,
) -> dict[str, Shrinkage]:
    """For each hint type, the average share of the burial area (the valid points) that a
    true hint with random parameters rules out, over ``situations`` seeded random boards.

    PARROT is left out (what it shows depends on the District Hints); a 95% interval is the
    mean +- 1.96 standard errors, clipped to 0-1.
    """
    imap = imap or load_map()
    kinds = [k for k in (kinds or HINT_IDS) if k != "parrot"]
    rng = random.Random(seed)
    support = imap.support
    total = support.area
    samples: dict[str, list[float]] = {k: [] for k in kinds}
    from tqdm.auto import tqdm  # imported when used: it pulls in IPython and ipywidgets

    for _ in tqdm(range(situations), disable=not progress, desc="situations"):
        t, sit = random_situation(imap, rng)
        for kind in kinds:
            args = _true_args(kind, t, sit, imap, rng)
            if args is None:
                continue
            left = support.intersection(region(kind, args, sit, imap)).area / total
            samples[kind].append(1.0 - left)
    out = {}
    for kind, xs in samples.items():
        n = len(xs)
        if not n:
            continue
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n)
        out[kind] = Shrinkage(kind, mean, max(0.0, mean - half), min(1.0, mean + half), n)
    return out


def feasible_history(state: TIState, player: int) -> list[tuple[str, float, float]]:
    """Clue by clue, what ``player`` knows: ``(clue, feasible square miles, share of the
    burial area)``, starting from the whole burial area. Every clue is counted as true (a
    hint under a Bluff token would mislead)."""
    imap = state.map
    feasible = imap.support
    total = feasible.area
    rows = [("every valid burial point", total, 1.0)]
    for c in view_clues(state.view(player), imap):
        if c.status == "bluff":
            continue
        feasible = feasible.intersection(c.region)
        rows.append((c.label, float(feasible.area), float(feasible.area / total)))
    return rows


def treasure_rank(state: TIState, player: int, trust: float = 0.8) -> tuple[int, float]:
    """Where the true treasure's cell ranks on ``player``'s probability map (1 = the most
    likely cell) and the probability mass of cells at least as likely."""
    assert state.treasure is not None
    post = posterior_for(state.view(player), state.map, trust=trust)
    row, col = post.grid.index(state.treasure)
    v = post.mass[row, col]
    better = post.mass > v
    return int(better.sum()) + 1, float(post.mass[post.mass >= v].sum())
