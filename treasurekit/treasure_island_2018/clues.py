"""Everything a pirate knows about the treasure, as clues (TI2018 §5): the hints played,
its District Hints (and those PARROT showed it), its Compass Hints, its Chest information
tokens (§11), the circles searched in vain and the districts revealed to everyone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString  # type: ignore[import-untyped]

from .geometry import SECTOR_NAMES, Pt, disc_core, halfplane, sector_polygon, union
from .hint_words import describe
from .hints import Situation
from .map import IslandMap
from .regions import Drawing, drawings, region

if TYPE_CHECKING:
    from .view import TIView

__all__ = ["Clue", "chest_clue", "clues_for"]


@dataclass(frozen=True)
class Clue:
    """One thing a pirate knows about the treasure's location.

    Attributes:
        label: what it says, in words.
        source: ``"hint"`` (a played Starting/Black Spot Hint), ``"district"`` (a District
            Hint held or shown), ``"compass"``, ``"chest"`` (a Chest information token),
            ``"search"`` (a circle searched in vain) or ``"revealed"`` (a district shown to
            everyone by PARROT, always true).
        status: ``"certain"`` (true for sure), ``"unverified"`` (a hint whose Information
            token may be a Bluff) or ``"bluff"`` (known to be under a Bluff token: it says
            nothing).
        region: shapely geometry: where the treasure can be if the clue is true.
        hint: the played hint's number (1, 2, ...) for hints, else None.
        drawings: what to draw for it.
    """

    label: str
    source: str
    status: str
    region: Any = field(compare=False)
    hint: int | None = None
    drawings: tuple[Drawing, ...] = field(default=(), compare=False)


# ----- clues from a view ---------------------------------------------------------------------
def _district_clue(imap: IslandMap, d: int, label: str, source: str, status: str) -> Clue:
    poly = imap.district(d).polygon
    return Clue(label, source, status, imap.board.difference(poly), None,
                (Drawing(f"district {d}: no treasure", poly, "area"),))


def clues_for(view: TIView, imap: IslandMap) -> list[Clue]:
    """Everything the seat of ``view`` knows about the treasure, as clues (pirates: public
    hints, their own District and Compass Hints, Chest information tokens, searched
    circles, revealed districts; TI2018 §5)."""
    out: list[Clue] = []
    cache = _clue_cache(imap)
    for h in view.hints:
        status = {"truth": "certain", "bluff": "bluff"}.get(h.token, "unverified")
        if h.kind == "parrot":
            continue
        out.append(cache(h.kind, h.args, h.situation, h.name, h.number, status))
    for d, src in view.revealed:
        if src == "parrot":
            out.append(_district_clue(imap, d, f"PARROT shows district {d}", "revealed",
                                      "certain"))
    for d in view.my_districts:
        out.append(_district_clue(imap, d, f"your District Hint: not district {d}",
                                  "district", "certain"))
    for seat, d in view.shared_districts:
        out.append(_district_clue(imap, d, f"p{seat}'s District Hint (PARROT): not "
                                           f"district {d}", "district", "certain"))
    for card in view.my_compass:
        wedges = [sector_polygon(card.at, s) for s in card.skulls]
        skull = union(wedges)
        names = " and ".join(SECTOR_NAMES[s].upper() for s in card.skulls)
        out.append(Clue(f"Compass Hint {card.card} at {card.mini}: not {names}", "compass",
                        "certain", imap.board.difference(skull), None,
                        (Drawing(f"Compass Hint {card.card}", imap.board.intersection(skull),
                                 "area"),)))
    for tok in view.my_chest_info:
        out.append(chest_clue(tok.token, tok.at, tok.district, imap))
    for s in view.searches:
        core = disc_core((s.x, s.y), s.radius)
        out.append(Clue(f"{s.mini}'s {s.kind} search at {s.x:g},{s.y:g} found nothing",
                        "search", "certain", imap.board.difference(core), None,
                        (Drawing("search circle", core.exterior, "circle"),)))
    return out


def chest_clue(token: str, at: Pt, district: int | None, imap: IslandMap) -> Clue:
    """The clue of a Chest information token (TI2018 §11)."""
    if token in ("west", "east"):
        normal = (-1.0, 0.0) if token == "west" else (1.0, 0.0)
        reg = imap.board.intersection(halfplane(at, normal))
        _, y0, _, y1 = imap.bounds
        line = LineString([(at[0], y0), (at[0], y1)])
        return Clue(f"Chest token: the treasure is {token} of {at[0]:g},{at[1]:g}", "chest",
                    "certain", reg, None, (Drawing(f"{token} of here", line, "line"),))
    assert district is not None
    return _district_clue(imap, district, f"Chest token: not district {district}", "chest",
                          "certain")


def _clue_cache(imap: IslandMap) -> Callable[..., Clue]:
    def make(kind: str, args: tuple[str, ...], sit: Situation, name: str, number: int,
             status: str) -> Clue:
        return Clue(
            f"{number}. {describe(kind, args, imap, name)}", "hint", status,
            region(kind, args, sit, imap), number, drawings(kind, args, sit, imap))

    return make
