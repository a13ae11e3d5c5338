"""The plain-text board of Treasure Island (2003) (``str(state)``).

Stable, so good for doctests and saved notebooks; it shows only what is on the table.
"""

from __future__ import annotations

import textwrap

from ..core.events import CHANCE, TERMINAL
from .context import TI2003Context
from .flow import Phase, Stage, colour, current_player, limit, turn_of
from .holdings import read
from .moves import COLOURS
from .position import ENCLOSED, TIPosition
from .view import public_skirmish

__all__ = ["LETTERS", "render"]

#: One-letter codes of the seat colours in the text board (black is K).
LETTERS = ("R", "B", "G", "Y", "K", "W")
PRINT_WIDTH = 72  # the printout's lines are wrapped between words at this width


def _status(p: TIPosition, ctx: TI2003Context) -> str:
    turn = turn_of(p)
    who = colour(turn)
    phase = p.phase
    to_move = current_player(p)
    if to_move == TERMINAL:
        winner = p.winner
        return f"game over, {colour(winner) if winner is not None else '?'} wins"
    if phase == Phase.OPENING:
        return f"{who} to throw for the first turn"
    if phase == Phase.ROLL:
        return f"{who} to throw"
    if phase == Phase.PLACE:
        assert p.dice is not None
        a, b = p.dice
        how = "both numbers" if p.both_dice[turn] else "one number"
        left = " ".join(map(str, p.left if p.moves_left else ()))
        return f"{who} to place (dice {a} and {b}, {how}; usable {left})"
    if phase == Phase.CHOOSE:
        return f"{who} to choose a chest ({', '.join(p.pending)})"
    if phase == Phase.REVEAL:
        return f"{who} opening {p.chest}: {len(p.found)} card(s) shown"
    if phase == Phase.CANNON:
        return f"{who} to use cannon(s): {', '.join(p.cannons)}"
    skirmish = public_skirmish(p)
    if phase == Phase.SKIRMISH and skirmish is not None:
        players, hits, what = skirmish
        score = ", ".join(f"{colour(q)} {h}" for q, h in zip(players, hits, strict=True))
        return f"skirmish over {what}: {score}"
    if phase == Phase.WRAP:
        return f"{who} may take from Davy Jones' Locker or end the turn"
    assert to_move != CHANCE
    h = read(p.holdings, ctx.cards)
    return f"{who} to discard ({h.types(turn)} types, limit {limit(ctx, h, turn)})"


def render(p: TIPosition, ctx: TI2003Context, ply: int) -> str:
    """The plain-text board of position ``p`` after ``ply`` moves.

    Cells: a number is an empty land square, ``~~`` sea, ``oo`` lake; a letter is a
    counter (lower case: filled by an enclosure); ``^`` marks an anchorage, ``*`` a
    treasure square. ``|`` and ``--`` are rivers, ``:`` and ``..`` partial rivers.
    """
    board = ctx.board
    cards = ctx.cards
    size = board.size
    full: set[tuple[int, int]] = set()
    part: set[tuple[int, int]] = set()
    for river in board.rivers:
        full.update(river.edges)
        part.update(river.partial)

    def edge(a: int, b: int, mark_full: str, mark_part: str, plain: str) -> str:
        pair = (min(a, b), max(a, b))
        return mark_full if pair in full else mark_part if pair in part else plain

    n = ctx.players
    lines = [f"Treasure Island (2003), {board.name}, {n} players - ply {ply}: "
             f"{_status(p, ctx)}"]
    lines.append("    " + "  ".join(chr(97 + c) for c in range(size)))
    for r in range(size):
        row = f"{r + 1:>2}  "
        for c in range(size):
            s = r * size + c
            kind = board.kinds[s]
            if kind == "sea":
                cell = "~~"
            elif kind == "lake":
                cell = "oo"
            else:
                o = p.owner[s]
                if o < 0:
                    body = str(board.numbers[s])
                else:
                    body = LETTERS[o] if p.how[s] != ENCLOSED else LETTERS[o].lower()
                mark = "^" if s in board.anchorages else "*" if s in board.treasure_at else " "
                cell = body + mark
            row += cell
            if c < size - 1:
                row += edge(s, s + 1, "|", ":", " ")
        lines.append(row.rstrip())
        if r < size - 1:
            under = "    " + " ".join(
                edge(r * size + c, (r + 1) * size + c, "--", "..", "  ") for c in range(size))
            if under.strip():
                lines.append(under.rstrip())
    h = read(p.holdings, cards)
    lines.append("counters: " + ", ".join(f"{colour(q)} {p.counters[q]}" for q in range(n)))
    scoring = p.stage in (Stage.RECKONING, Stage.OVER)
    for q in range(n):
        piles = ", ".join(
            f"{cards.label(k)} {h.piles[q][k]}" + (" [cannon]" if k in h.protected[q] else "")
            for k in cards.type_ids if k in h.piles[q]) or "-"
        jr = f"; Jolly Roger {h.jolly[q]}" if h.jolly[q] else ""
        pts = f"; {p.points[q]} points" if scoring else ""
        lines += _wrap(f"{COLOURS[q].capitalize()}: {piles}{jr}{pts}")
    locker = ", ".join(f"{cards.label(k)} {v}" for k, v in h.locker.items())
    lcannons = ", ".join(f"{c} {v}" for c, v in h.locker_cannons.items() if v)
    lines += _wrap(f"Locker: {locker or '-'}; cannons: {lcannons or '-'}; fired: "
                   f"purple {h.fired['purple']}, gold {h.fired['gold']}")
    closed = [c for c in ctx.chest_cards if c not in h.opened]
    lines.append(f"unseen cards: {h.unseen_total()}")
    lines += _wrap(f"unopened chests: {' '.join(closed) or '-'}")
    return "\n".join(lines)


def _wrap(line: str, width: int = PRINT_WIDTH) -> list[str]:
    """A long line of the printout split between words (never inside a name such as
    ``long-john``), continued with an indent."""
    return textwrap.wrap(line, width, subsequent_indent="    ", break_long_words=False,
                         break_on_hyphens=False) or [line]
