"""Sjörövarön as text: the island with its pirates, the state of the game in lines,
and the short words the views use for a pirate, the chest and the raft.
"""

from __future__ import annotations

from .flow import OVER, ROLL, SETUP_PHASES
from .island import KINDS
from .moves import LETTERS, PIRATE_NAMES
from .position import Pirate, SjoDraft

__all__ = ["chest_text", "describe", "map_text", "raft_text", "round_of", "status"]


def status(d: SjoDraft, p: Pirate) -> str:
    """"out", "aboard", "wounded", "floating" or "standing"."""
    if p.out:
        return "out"
    if p.aboard:
        return "aboard"
    if p.wound is not None:
        return "wounded"
    if d.in_water(p):
        return "floating"
    return "standing"


def chest_text(d: SjoDraft) -> str:
    """"buried", "carried p1", "land k11", "ravine ...", "water ...", "raft" or "lost"."""
    where: str = d.chest[0]
    n: int = d.chest[1]
    if where == "carried":
        return f"carried p{n}"
    if where in ("land", "ravine", "water"):
        return f"{where} {d.h(n)}"
    return where


def raft_text(d: SjoDraft) -> str:
    """"landing", "afloat k12", "destroyed" or "gone"."""
    state: str = d.raft_state
    if state == "afloat":
        return f"afloat {d.h(d.raft)}"
    return state


def round_of(d: SjoDraft) -> int:
    """The round being played (1-based; 0 during setup)."""
    return 0 if d.turns == 0 else (d.turns - 1) // d.n + 1


def map_text(d: SjoDraft) -> str:
    """The island as text: terrain characters (see ``board.py``), pirates as letters
    (H M P S K Q; lower case while wounded; ``+`` for several), ``R`` the raft,
    ``$`` the chest when it lies in the open."""
    board = d.board
    grid: dict[int, str] = {}
    for p in d.pirates:
        if p is None or p.out or p.at < 0:
            continue
        ch = LETTERS[p.name]
        ch = ch.lower() if p.wound is not None else ch
        grid[p.at] = "+" if p.at in grid else ch
    if d.raft_state in ("landing", "afloat"):
        grid[d.raft] = grid.get(d.raft, "R")
    where, n = d.chest
    if where in ("land", "ravine", "water") and n not in grid:
        grid[n] = "$"
    chars = {v: k for k, v in KINDS.items()}
    rows: dict[int, list[str]] = {}
    for i, (_, r) in enumerate(board.hexes):
        c = grid.get(i) or chars[(board.kinds[i], board.heights[i])]
        rows.setdefault(r, []).append(c)
    width = max(len(v) for v in rows.values())
    head = "    " + " ".join(chr(97 + c) for c in range(width))
    lines = [head]
    for r in sorted(rows):
        lines.append(f"{r + 1:>3} " + (" " if r % 2 else "") + " ".join(rows[r]))
    return "\n".join(lines)


def describe(d: SjoDraft, ply: int) -> str:
    """The whole position in lines: the status, one line per seat, the chest and the
    raft, and the island (``str(state)``)."""
    phase = OVER if d.result is not None else d.phase
    if phase == OVER:
        assert d.result is not None
        winner = d.result[0]
        status_text = (f"game over: {d.who(winner)} wins" if winner is not None
                       else "game over: no winner") + f" ({d.result[1]})"
    elif phase in SETUP_PHASES:
        status_text = f"setup ({phase})"
    else:
        status_text = f"round {round_of(d)}, {d.who(d.turn)} - {phase}"
        if phase == ROLL and d.action:
            status_text += f" ({d.action})"
        if d.die is not None:
            status_text += f", rolled {d.die}"
        if d.bonus_left:
            status_text += f", {d.bonus_left} bonus turns left"
    lines = [f"Sjörövarön, {d.n} players - ply {ply}, {status_text}"]
    for seat in range(d.n):
        p = d.pirates[seat]
        if p is None:
            lines.append(f"p{seat}: not picked; {len(d.pieces[seat])} pieces")
            continue
        st = status(d, p)
        if p.wound is not None:
            st += f" {p.wound}"
        extra = []
        if seat in d.knows:
            extra.append("knows the spot")
        if d.carrier() == seat:
            extra.append("has the chest")
        if p.must_float:
            extra.append("must float")
        at = d.h(p.at) if p.at >= 0 else "-"
        lines.append(f"p{seat} {PIRATE_NAMES[p.name]:<9} {at:<4} {st:<10} "
                     f"{len(d.pieces[seat])} pieces"
                     + (f"; {', '.join(extra)}" if extra else ""))
    lines.append(f"chest: {chest_text(d)}; raft: {raft_text(d)}; lost pieces: "
                 f"{len(d.lost)}")
    lines.append(map_text(d))
    return "\n".join(lines)
