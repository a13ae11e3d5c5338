"""What a seat may know in Treasure Island (2003), and the plain-text board.

Everything on the table is public: counters, every player's treasure piles (they lie
face up, TI2003 §4 Treasure squares), cannons under piles, Jolly Rogers, Davy Jones'
Locker and the fired pile, and the cards of every opened chest. Unknown to everybody
are the cards of unopened chests and the cards set aside at the start (TI2003 §3
Setup). The engine never decides them before they are revealed (ruling TI2003-7), so
a view holds only their number and the public count of each kind nobody has seen.
The seed (which fixes every future throw and card) is never part of a view.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.events import CHANCE, TERMINAL
from .moves import COLOURS

if TYPE_CHECKING:
    from .state import TIState

__all__ = ["LETTERS", "TIView", "make_view", "render"]

#: One-letter codes of the seat colours in the text board (black is K).
LETTERS = ("R", "B", "G", "Y", "K", "W")
PRINT_WIDTH = 72  # the printout's lines are wrapped between words at this width


@dataclass(frozen=True)
class TIView:
    """A seat's view of a Treasure Island position.

    Attributes:
        player: the seat this view is for.
        to_move: seat to move, or ``CHANCE`` / ``TERMINAL``.
        phase: the turn's phase (see ``TIState.phase``); ``turn``: whose turn it is.
        dice: the current throw or None; ``usable``: numbers still usable now.
        size: board size; ``owner``: per square the seat of its counter or -1.
        enclosed: per square, True if its counter came from an enclosure.
        counters: counters on the board per seat.
        both_dice: per seat, True once it uses both dice (TI2003 §9).
        piles: per seat, (treasure type, cards) pairs; ``protected``: per seat the
            types with a purple cannon under them; ``jolly``: Jolly Rogers per seat.
        locker: (type, cards) in Davy Jones' Locker; ``locker_cannons`` and ``fired``:
            ("purple", n), ("gold", n).
        chests: (chest id, cards dealt, cards revealed or None while unopened) for
            every chest of this board side and then the Legacy.
        unseen: (card kind, count) of the cards nobody has seen (public arithmetic:
            the deck minus every card shown).
        pending_chests: chests won and not yet opened; ``revealed``: cards shown so far
            from the chest being opened; ``cannons``: cannons waiting for a decision.
        skirmish: (seats still in, their hits, what it decides) or None.
        points: Final Reckoning points per seat; ``winner``: the winner or None.
        ply: moves played so far.
    """

    player: int
    to_move: int
    phase: str
    turn: int
    dice: tuple[int, int] | None
    usable: tuple[int, ...]
    size: int
    owner: tuple[int, ...]
    enclosed: tuple[bool, ...]
    counters: tuple[int, ...]
    both_dice: tuple[bool, ...]
    piles: tuple[tuple[tuple[str, int], ...], ...]
    protected: tuple[tuple[str, ...], ...]
    jolly: tuple[int, ...]
    locker: tuple[tuple[str, int], ...]
    locker_cannons: tuple[tuple[str, int], ...]
    fired: tuple[tuple[str, int], ...]
    chests: tuple[tuple[str, int, tuple[str, ...] | None], ...]
    unseen: tuple[tuple[str, int], ...]
    pending_chests: tuple[str, ...]
    revealed: tuple[str, ...]
    cannons: tuple[str, ...]
    skirmish: tuple[tuple[int, ...], tuple[int, ...], str] | None
    points: tuple[int, ...]
    winner: int | None
    ply: int


def make_view(state: TIState, player: int) -> TIView:
    h = state.holdings
    order = state.cards.type_ids
    sizes = [*state.chest_cards.items(), ("legacy", state.cards.legacy.cards)]
    return TIView(
        player=player,
        to_move=state.current_player,
        phase=state.phase,
        turn=state.turn,
        dice=state.dice,
        usable=state.usable,
        size=state.board.size,
        owner=tuple(state._owner),
        enclosed=tuple(h_ == 2 for h_ in state._how),
        counters=tuple(state._counters),
        both_dice=tuple(state._endgame),
        piles=tuple(tuple((k, p[k]) for k in order if k in p) for p in h.piles),
        protected=tuple(tuple(k for k in order if k in p) for p in h.protected),
        jolly=tuple(h.jolly),
        locker=tuple((k, h.locker[k]) for k in order if k in h.locker),
        locker_cannons=tuple(h.locker_cannons.items()),
        fired=tuple(h.fired.items()),
        chests=tuple((c, n, h.opened.get(c)) for c, n in sizes),
        unseen=tuple((k, h.unseen[k]) for k in state.cards.deck if k in h.unseen),
        pending_chests=state._pending,
        revealed=state._found,
        cannons=state._cannons,
        skirmish=state.skirmish,
        points=tuple(state._points),
        winner=state._winner,
        ply=state.ply,
    )


def _status(state: TIState) -> str:
    who = state.colour(state.turn)
    phase = state.phase
    to_move = state.current_player
    if to_move == TERMINAL:
        winner = state._winner
        return f"game over, {state.colour(winner) if winner is not None else '?'} wins"
    if phase == "opening":
        return f"{who} to throw for the first turn"
    if phase == "roll":
        return f"{who} to throw"
    if phase == "place":
        assert state.dice is not None
        a, b = state.dice
        how = "both numbers" if state.using_both_dice(state.turn) else "one number"
        left = " ".join(map(str, state.usable))
        return f"{who} to place (dice {a} and {b}, {how}; usable {left})"
    if phase == "choose":
        return f"{who} to choose a chest ({', '.join(state._pending)})"
    if phase == "reveal":
        return f"{who} opening {state._chest}: {len(state._found)} card(s) shown"
    if phase == "cannon":
        return f"{who} to use cannon(s): {', '.join(state._cannons)}"
    if phase == "skirmish" and state.skirmish is not None:
        players, hits, what = state.skirmish
        score = ", ".join(f"{state.colour(p)} {h}" for p, h in zip(players, hits, strict=True))
        return f"skirmish over {what}: {score}"
    if phase == "wrap":
        return f"{who} may take from Davy Jones' Locker or end the turn"
    assert to_move != CHANCE
    return f"{who} to discard ({state.holdings.types(state.turn)} types, limit " \
           f"{state.limit(state.turn)})"


def render(state: TIState) -> str:
    """The plain-text board (stable: good for doctests and saved notebooks).

    Cells: a number is an empty land square, ``~~`` sea, ``oo`` lake; a letter is a
    counter (lower case: filled by an enclosure); ``^`` marks an anchorage, ``*`` a
    treasure square. ``|`` and ``--`` are rivers, ``:`` and ``..`` partial rivers.
    """
    board = state.board
    size = board.size
    full: set[tuple[int, int]] = set()
    part: set[tuple[int, int]] = set()
    for river in board.rivers:
        full.update(river.edges)
        part.update(river.partial)

    def edge(a: int, b: int, mark_full: str, mark_part: str, plain: str) -> str:
        pair = (min(a, b), max(a, b))
        return mark_full if pair in full else mark_part if pair in part else plain

    n = state.game.num_players
    lines = [f"Treasure Island (2003), {board.name}, {n} players - ply {state.ply}: "
             f"{_status(state)}"]
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
                o = state._owner[s]
                if o < 0:
                    body = str(board.numbers[s])
                else:
                    body = LETTERS[o] if state._how[s] != 2 else LETTERS[o].lower()
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
    h = state.holdings
    lines.append("counters: " + ", ".join(
        f"{state.colour(p)} {state._counters[p]}" for p in range(n)))
    for p in range(n):
        piles = ", ".join(
            f"{state.cards.label(k)} {h.piles[p][k]}" + (" [cannon]" if k in h.protected[p]
                                                        else "")
            for k in state.cards.type_ids if k in h.piles[p]) or "-"
        jr = f"; Jolly Roger {h.jolly[p]}" if h.jolly[p] else ""
        pts = f"; {state._points[p]} points" if state._stage in ("reckoning", "over") else ""
        lines += _wrap(f"{COLOURS[p].capitalize()}: {piles}{jr}{pts}")
    locker = ", ".join(f"{state.cards.label(k)} {v}" for k, v in h.locker.items())
    lcannons = ", ".join(f"{c} {v}" for c, v in h.locker_cannons.items() if v)
    lines += _wrap(f"Locker: {locker or '-'}; cannons: {lcannons or '-'}; fired: "
                   f"purple {h.fired['purple']}, gold {h.fired['gold']}")
    closed = [c for c in state.chest_cards if c not in h.opened]
    lines.append(f"unseen cards: {h.unseen_total()}")
    lines += _wrap(f"unopened chests: {' '.join(closed) or '-'}")
    return "\n".join(lines)


def _wrap(line: str, width: int = PRINT_WIDTH) -> list[str]:
    """A long line of the printout split between words (never inside a name such as
    ``long-john``), continued with an indent."""
    return textwrap.wrap(line, width, subsequent_indent="    ", break_long_words=False,
                         break_on_hyphens=False) or [line]
