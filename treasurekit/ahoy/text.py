"""Ahoy Treasures! as plain text: the board a state prints (``str(state)``), stable for
doctests and nbval. Event texts are written where the rules decide them (``rules/``).

>>> import treasurekit
>>> print(treasurekit.load_game("ahoy").new_initial_state(seed=1))  # doctest: +ELLIPSIS
Ahoy Treasures! 2 players, basic - ply 0, Red to roll
start:  Rx4  Bx4
path:   1. 2. 3~ 4. 5~ ...
island: 1:- 2:- 3:- 4:- 5:-   scores: 0 0
"""

from __future__ import annotations

from .context import AhoyContext
from .flow import Phase, phase
from .position import AhoyPosition
from .rules.die import face_text
from .rules.end import scores

__all__ = ["board_text"]


def board_text(pos: AhoyPosition, ctx: AhoyContext, ply: int) -> str:
    """Four lines: the game and whose turn, the starting piles, the path (``.`` land,
    ``~`` open water, ``=`` a plank, then the pile's colour letters bottom to top), and
    the chests with the scores."""
    board = ctx.board
    letters = [c.letter for c in board.colours]
    n = ctx.players
    now = phase(pos, ctx)
    who = board.colour_name(pos.turn)
    if now is Phase.OVER:
        status = "game over"
    elif now is Phase.ROLL:
        status = f"{who} to roll"
    else:
        status = f"{who} to move, die shows {face_text(pos.die)}"
    variant = ctx.variant
    lines = [f"Ahoy Treasures! {n} players, {variant} - ply {ply}, {status}"]
    lines.append("start:  " + "  ".join(f"{letters[p]}x{pos.start[p]}" for p in range(n)))
    cells = []
    for s in range(1, ctx.island):
        pile = "".join(letters[p] for p in pos.squares[s])
        ground = ("=" if s in pos.planks else "~") if ctx.water[s] else "."
        cells.append(f"{s}{ground}{pile}")
    lines.append("path:   " + " ".join(cells))
    chests = " ".join(
        f"{k + 1}:{letters[o] if o is not None else '-'}" for k, o in enumerate(pos.chests))
    lines.append(f"island: {chests}   scores: {' '.join(map(str, scores(pos, ctx)))}")
    return "\n".join(lines)
