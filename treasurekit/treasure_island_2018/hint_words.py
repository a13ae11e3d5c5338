"""Treasure Island (2018) hints and CONFESSION questions in words (TI2018 §10; the
notation is in ``hints.py``).

>>> from treasurekit.treasure_island_2018.map_data import load_map
>>> describe("vast", ("red",), load_map(), "VAST")
'VAST: red is within 8 miles of the treasure'
"""

from __future__ import annotations

from collections.abc import Sequence

from .hints import BANDS, NONE, ONE_MINI
from .map import ZONE_NAMES, IslandMap

__all__ = ["describe", "question_text"]



def question_text(q: Sequence[str], imap: IslandMap) -> str:
    """A question in words: "Is the treasure within 5 miles of red?"."""
    if q[0] == "district":
        d = imap.district(int(q[1]))
        return f"Is the treasure in district {d.id} ({d.name})?"
    if q[0] == "zone":
        return f"Is the treasure in the zone '{ZONE_NAMES[q[1]]}'?"
    if q[0] == "north":
        return f"Is the treasure north of {q[1]}?"
    if q[0] == "east":
        return f"Is the treasure east of {q[1]}?"
    return f"Is the treasure within {q[2]} miles of {q[1]}?"


# ----- words -----------------------------------------------------------------------------
def describe(kind: str, args: Sequence[str], imap: IslandMap, name: str) -> str:
    """What the hint tells the pirates, in words."""
    a = tuple(args)
    if kind == "decoy":
        return f"{name}: of all the miniatures, {a[0]} or {a[1]} is the nearest to the treasure"
    if kind == "bearings":
        parts = [f"{'north' if w.endswith(':n') else 'south'} of {w.split(':')[0]}" for w in a]
        return f"{name}: the treasure is {' and '.join(parts)}"
    if kind in ONE_MINI:
        r = ONE_MINI[kind]
        if a == (NONE,):
            where = f"within {r:g} miles of" if kind == "miles" else f"more than {r:g} miles from"
            return f"{name}: impossible - every miniature is {where} the treasure"
        where = f"more than {r:g} miles from" if kind == "miles" else f"within {r:g} miles of"
        return f"{name}: {a[0]} is {where} the treasure"
    if kind in ("sextant", "compass"):
        dirs = ", ".join(s.upper() for s in a[1:])
        return f"{name}: seen from {a[0]}, the treasure lies {dirs.rsplit(', ', 1)[0]}" + (
            f" or {a[-1].upper()}" if len(a) > 2 else "")
    if kind == "manuscript":
        ds = " and ".join(f"{d} ({imap.district(int(d[1:])).name})" for d in a)
        return f"{name}: District Hints {ds} are shown to everyone"
    if kind == "altitude":
        return f"{name}: the treasure is more than {imap.altitude[a[0]]:g} miles from the " \
               f"{a[0].replace('_', ' ')}"
    if kind == "confession":
        q = question_text(a[1:-1], imap)
        return f"{name}: {a[0]} asked \"{q}\" - Silver answers {a[-1]}"
    if kind == "whichway":
        if a == (NONE,):
            return f"{name}: no miniature has a movement line as its last move"
        parts = [f"{w.split(':')[0]} moved {w.split(':')[1]}" for w in a]
        return f"{name}: {' and '.join(parts)} (last move)"
    if kind == "parrot":
        return f"{name}: District Hints are shown"
    if kind == "illusion":
        if a == (NONE,):
            return f"{name}: impossible - no miniature is within 4 miles of the treasure"
        return f"{name}: {a[0]} or {a[1]} is within 4 miles of the treasure"
    if kind == "nose":
        return f"{name}: {a[0]}'s lines and crosses pass nearest to the treasure"
    if kind == "instinct":
        word = "within 1 mile of" if a[0] == "near" else "more than 1 mile from"
        return f"{name}: the treasure is {word} a searched circle"
    if kind == "bermuda":
        if a == (NONE,):
            return f"{name}: impossible - no triangle of two towers and a miniature holds it"
        return f"{name}: the treasure is inside the triangle {a[0]}, {a[1]}, {a[2]}"
    if kind == "deduction":
        zs = " and ".join(ZONE_NAMES[z] for z in a)
        return f"{name}: the treasure is not in {zs}"
    if kind == "distance":
        if a == (NONE,):
            return f"{name}: impossible - no miniature is 4 to 9 miles from the treasure"
        lo, hi = BANDS[a[1]]
        return f"{name}: the treasure is {lo:g} to {hi:g} miles from {a[0]}"
    return name
