"""Positions built by hand, for lessons and tests (``game.position(...)``)
(docs/architecture.md §4; the determinized copies search bots sample are in
``determinize.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.draft import replace
from .context import TI2018Context
from .flow import Phase
from .geometry import Pt
from .hints import canonical_args
from .position import (
    LineView,
    PlayedHint,
    SearchView,
    TIPosition,
    initial_position,
    situation,
)

__all__ = ["build_position"]


def build_position(
    ctx: TI2018Context,
    treasure: Pt,
    positions: Mapping[str, Pt],
    day: int,
    phase: str,
    actions: int | None,
    hand: Sequence[str],
    compass_hand: Sequence[int],
    districts: Mapping[int, Sequence[int]] | None,
    truth: int,
    bluff: int,
    chest_credit: int,
    items: Mapping[int, Sequence[str]],
    searches: Sequence[tuple[Pt, float]],
    lines: Sequence[tuple[str, Pt, Pt]],
    hints: Sequence[tuple[str, Sequence[str], str]],
    escape_round: int,
) -> TIPosition:
    """The position ``game.position(...)`` sets up (see :meth:`.game.TIGame.position`)."""
    imap = ctx.map
    problem = imap.treasure_problem(treasure)
    if problem:
        raise ValueError(f"treasure: {problem}")
    if phase not in (Phase.ACTIONS, Phase.HINT, Phase.ESCAPE):
        raise ValueError("phase must be 'actions', 'hint' or 'escape'")
    if not 1 <= day < ctx.escape_day:
        raise ValueError(f"day must be 1-{ctx.escape_day - 1}")
    d = initial_position(ctx)
    pos = list(d.pos)
    crosses = list(d.crosses)
    for m, p in positions.items():
        if m not in ctx.miniatures:
            raise ValueError(f"positions: {m!r} is not a miniature in play "
                             f"({', '.join(ctx.miniatures)})")
        if imap.in_restricted(p) or not imap.on_board(p):
            raise ValueError(f"positions[{m!r}]: {p} is off the board or in a restricted area")
        pos[ctx.miniatures.index(m)] = (float(p[0]), float(p[1]))
        crosses.append((m, (float(p[0]), float(p[1]))))
    if phase == Phase.ESCAPE and pos[-1] is None:
        raise ValueError("the escape needs Silver's miniature: give positions['silver']")
    set_aside = imap.district_at(treasure)
    others = [x.id for x in imap.districts if x.id != set_aside]
    dealt: list[tuple[int, ...]] = [()] * ctx.num_players
    if districts is None:
        for i, seat in enumerate(ctx.pirates):
            dealt[seat] = (others[i],)
    else:
        for seat, ds in districts.items():
            if set_aside in ds:
                raise ValueError(f"districts[{seat}]: d{set_aside} holds the treasure")
            dealt[seat] = tuple(ds)
    used = {x for ds in dealt for x in ds}
    line_views = tuple(LineView(m, "horse", a, b) for m, a, b in lines)
    last = list(d.last_line)
    for m, a, b in lines:
        last[ctx.miniatures.index(m)] = (a, b)
    item_t: list[tuple[str, ...]] = [()] * ctx.num_players
    for seat, its in items.items():
        item_t[seat] = tuple(its)
    search_views = tuple(SearchView(1, ctx.miniatures[0], "small", c[0], c[1], r)
                         for c, r in searches)
    black = any(s.event == "black_spot" for s in ctx.calendar[: day - 1])
    space = ctx.calendar[day - 1]
    seat = ctx.pirates[(day - 1) % len(ctx.pirates)]
    deck = "black_spot" if black else "starting"
    data = replace(
        d, treasure=(float(treasure[0]), float(treasure[1])), set_aside=set_aside,
        dealt=tuple(dealt), undealt=tuple(x for x in others if x not in used),
        start_hand=() if black else tuple(hand),
        start_pile=tuple(h for h in d.start_pile if h not in hand),
        bs_hand=tuple(hand) if black else (),
        bs_pile=tuple(h for h in d.bs_pile if h not in hand),
        compass_hand=tuple(sorted(compass_hand)),
        compass_pile=tuple(c for c in d.compass_pile if c not in compass_hand),
        truth=truth, bluff=bluff, bluff_received=bluff, chest_credit=chest_credit,
        chest_items=tuple(item_t), pos=tuple(pos), crosses=tuple(crosses),
        lines=line_views, last_line=tuple(last), searches=search_views, day=day,
        active=seat if phase == Phase.ACTIONS else (None if phase == Phase.ESCAPE else seat),
        actions_left=(space.stars if actions is None else actions) if phase != Phase.ESCAPE else 0,
        phase=Phase(phase), hint_deck=deck if phase == Phase.HINT else None,
        escape_round=escape_round if phase == Phase.ESCAPE else 0)
    played = []
    for i, (kind, args, token) in enumerate(hints, start=1):
        played.append(PlayedHint(i, "starting", kind, canonical_args(kind, args), token,
                                 i == 1, situation(data, ctx), day))
    if played:
        data = replace(data, played=tuple(played))
    return data
