"""The flow of an Ahoy Treasures! game: phases, whose turn it is, what ends a turn,
when the game ends (AHOY §4 How to play, §8 End of the game, §9 Cunning pirates).

A turn is one roll of the pirate die (a chance node, :attr:`Phase.ROLL`) and then
one move of the seat whose turn it is (:attr:`Phase.MOVE`): a step, or a pass when no
pirate can move. Every move ends the turn: the die is picked up and the next seat
clockwise rolls, skipping a seat with no pirate left in play (ruling AHOY-5).

>>> from treasurekit.ahoy import AhoyGame
>>> game = AhoyGame(players=3)
>>> pos, ctx = game.new_initial_state().position, game.context
>>> phase(pos, ctx), current_player(pos, ctx)
(<Phase.ROLL: 'roll'>, -1)
>>> end_turn(pos).turn
1
"""

from __future__ import annotations

from ..core.draft import replacer
from ..core.events import CHANCE, TERMINAL
from ..core.phases import PhaseEnum
from .context import AhoyContext
from .position import PIRATES_PER_COLOUR, AhoyPosition

__all__ = ["Phase", "current_player", "end_turn", "game_over", "next_seat", "phase"]


class Phase(PhaseEnum):
    """Where a turn stands."""

    #: The seat whose turn it is rolls the die: a chance node (AHOY §5).
    ROLL = "roll"
    #: The die shows a face: that seat moves a pirate, or passes if none can (AHOY §6).
    MOVE = "move"
    #: The game is over (AHOY §8, §9).
    OVER = "over"


def game_over(pos: AhoyPosition, ctx: AhoyContext) -> bool:
    """AHOY §8: the game ends once all five chests are held. AHOY §9 (cunning pirates,
    ruling AHOY-6): also once nobody has a pirate left that could reach a chest."""
    chests = pos.chests
    if None not in chests:
        return True
    if not ctx.cunning:
        return False  # fallen pirates restart, and 5 chests are fewer than the pirates
    # every seat's in_play() is 0: no pirate is left off the chests and in the game (the
    # sum, as this runs several times per ply)
    out = pos.out
    on_chests = len(chests) - chests.count(None)
    return PIRATES_PER_COLOUR * len(out) == on_chests + sum(out)


def phase(pos: AhoyPosition, ctx: AhoyContext) -> Phase:
    """The phase of ``pos``: roll, move or over."""
    if game_over(pos, ctx):
        return Phase.OVER
    return Phase.ROLL if pos.die is None else Phase.MOVE


def current_player(pos: AhoyPosition, ctx: AhoyContext) -> int:
    """The seat to move, ``CHANCE`` while the die is to be rolled, or ``TERMINAL``."""
    # game_over(pos, ctx), with its commonest answer first: this runs several times a ply
    if (ctx.cunning or None not in pos.chests) and game_over(pos, ctx):
        return TERMINAL
    return CHANCE if pos.die is None else pos.turn


def next_seat(turn: int, chests: tuple[int | None, ...], out: tuple[int, ...]) -> int:
    """The seat after ``turn`` clockwise that still has a pirate in play (ruling AHOY-5:
    a seat with none left is skipped); ``turn`` itself if nobody else has one."""
    n = len(out)
    for k in range(1, n + 1):
        seat = (turn + k) % n
        # in_play(chests, out, seat), inlined: this runs once per move
        if PIRATES_PER_COLOUR - chests.count(seat) - out[seat]:
            return seat
    return turn


def end_turn(
    pos: AhoyPosition,
    *,
    start: tuple[int, ...] | None = None,
    squares: tuple[tuple[int, ...], ...] | None = None,
    chests: tuple[int | None, ...] | None = None,
    planks: frozenset[int] | None = None,
    out: tuple[int, ...] | None = None,
    falls: tuple[int, ...] | None = None,
) -> AhoyPosition:
    """The position after the move that ends ``pos.turn``'s turn: the parts the move
    changed (keyword arguments; the others are ``pos``'s), the die picked up, and the
    turn passed to :func:`next_seat`. Built in one go, by one core ``replace`` naming
    every field (the quickest way for these eight): this runs once per move."""
    chests = pos.chests if chests is None else chests
    out = pos.out if out is None else out
    return _replace(
        pos,
        start=pos.start if start is None else start,
        squares=pos.squares if squares is None else squares,
        chests=chests,
        planks=pos.planks if planks is None else planks,
        out=out,
        falls=pos.falls if falls is None else falls,
        die=None,
        turn=next_seat(pos.turn, chests, out),
    )


#: ``AhoyPosition``'s own ``replace`` (core's, for the path that builds a position a ply).
_replace = replacer(AhoyPosition)
