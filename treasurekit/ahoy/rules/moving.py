"""AHOY §6 Important pirates' rules: moving a pirate and stacking.

After the roll the seat moves one of its pirates (a :class:`Step`) by the face's
count (AHOY §5, :mod:`.die`). Only the top pirate of a pile may move, from a path
square or from the seat's own starting pile. A pirate that reaches an occupied square
climbs on top: any number may share a square, and occupied squares count as steps
(ruling AHOY-2). Where it lands decides the rest: Buccaneer Island
(:mod:`.buccaneer_island`), open water (:mod:`.water`), or a square of the path.

>>> from treasurekit.ahoy import AhoyGame
>>> game = AhoyGame()
>>> pos, ctx = game.position({6: "RB"}, die=2).position, game.context
>>> [str(m) for m in legal(pos, ctx)]
['move start 2']
>>> print(problem(pos, ctx, Step(6, 2))[0])  # doctest: +NORMALIZE_WHITESPACE
the top pirate on square 6 is Blue's; only the top pirate of a pile moves, and Red moves
only Red's
"""

from __future__ import annotations

from ...core.events import Event
from .. import flow
from ..context import AhoyContext
from ..moves import SHIP, AhoyMove, Step, square_text
from ..position import AhoyPosition, with_count, with_pile
from . import DIE, STACKING, TOP_ONLY, buccaneer_island, die, end, water

__all__ = ["advance", "apply", "legal", "movable_sources", "problem"]

_ALL_STEPS = (1, 2, 3, 4, 5)


def movable_sources(pos: AhoyPosition, seat: int) -> list[int]:
    """Squares whose top pirate is ``seat``'s (0 = its starting pile, if not empty)."""
    sources = [0] if pos.start[seat] else []
    sources += [s for s, pile in enumerate(pos.squares) if pile and pile[-1] == seat]
    return sources


def legal(pos: AhoyPosition, ctx: AhoyContext) -> list[AhoyMove]:
    """Every step the seat to move may take with the face showing; empty when no pirate
    can move (then it passes: :mod:`.obliged_to_move`)."""
    # The same as "every movable source and die step whose target is not None", with
    # buccaneer_island.target's test inlined: this is the hot path of every playout.
    face = pos.die
    assert face is not None
    if face != SHIP:  # a dot roll: one pass over the squares this face may leave from
        seat, column = pos.turn, ctx.step_columns[face]
        moves: list[AhoyMove] = [column[0]] if pos.start[seat] and column else []
        # squares[0] is always empty (the starting pile is counted in ``start``)
        moves += [step for step, pile in zip(column, pos.squares, strict=False)
                  if pile and pile[-1] == seat]
        return moves
    counts = _ALL_STEPS
    island, bounce, table = ctx.island, ctx.bounce, ctx.steps
    return [
        table[src][k - 1]  # Step(src, k), built once per game
        for src in movable_sources(pos, pos.turn)
        for k in counts
        if bounce or src + k <= island
    ]


def problem(pos: AhoyPosition, ctx: AhoyContext, move: Step) -> tuple[str, str | None] | None:
    """Why ``move`` may not be played: the count (AHOY §5), the pirate (AHOY §6: the
    top of one of the mover's piles) or the island (AHOY §7); None if it is legal."""
    found = die.count_problem(pos, move)
    if found is not None:
        return found
    seat = pos.turn
    who = ctx.board.colour_name(seat)
    if move.source == 0:
        if not pos.start[seat]:
            return (f"{who}'s starting pile is empty", TOP_ONLY)
    elif not 1 <= move.source < ctx.island:
        return (
            f"square {move.source} is not on the path (squares 1-{ctx.island - 1}; "
            "'start' is your starting square)",
            None,
        )
    else:
        pile = pos.squares[move.source]
        if not pile:
            return (f"there is no pirate on square {move.source}", TOP_ONLY)
        if pile[-1] != seat:
            return (
                f"the top pirate on square {move.source} is "
                f"{ctx.board.colour_name(pile[-1])}'s; only the top pirate of a pile "
                f"moves, and {who} moves only {who}'s",
                TOP_ONLY,
            )
    return buccaneer_island.overshoot_problem(ctx, move)


def apply(pos: AhoyPosition, ctx: AhoyContext, move: Step) -> tuple[AhoyPosition, list[Event]]:
    """The top pirate leaves ``move.source`` and lands ``move.steps`` squares on: on the
    island, in the water, or on top of whoever is there. The turn ends."""
    source = move.source
    target = buccaneer_island.target(ctx, source, move.steps)
    assert target is not None
    if target == ctx.island:
        event = buccaneer_island.chest_event(pos, ctx, source)
    elif water.open_water(pos, ctx, target):
        event = water.fall_event(pos, ctx, source, target)
    else:
        event = _climb_event(pos, ctx, source, target)
    after = advance(pos, ctx, move)
    return after, end.announce(after, ctx, [event])


def advance(pos: AhoyPosition, ctx: AhoyContext, move: Step) -> AhoyPosition:
    """The position after the legal step ``move``, without its events (the search path,
    ``State.advance``; :func:`apply` builds the position through it)."""
    source = move.source
    target = source + move.steps
    island = ctx.island
    if target > island:  # buccaneer_island.target with ``overshoot="bounce"`` (legal moves)
        target = 2 * island - target
    seat = pos.turn
    start = pos.start
    if source == 0:
        start = with_count(start, seat, -1)
    if target != island and not (ctx.water[target] and target not in pos.planks):
        # stacking, the commonest move: both piles change in one new tuple
        piles = list(pos.squares)
        if source:
            piles[source] = piles[source][:-1]
        piles[target] = (*piles[target], seat)
        return flow.end_turn(pos, start=start, squares=tuple(piles))
    squares = pos.squares
    if source:
        squares = with_pile(squares, source, squares[source][:-1])
    if target == island:
        return buccaneer_island.take_chest(pos, start, squares)
    return water.fall(pos, ctx, target, start, squares)


def _climb_event(pos: AhoyPosition, ctx: AhoyContext, source: int, target: int) -> Event:
    """Stacking: the event of the top pirate of ``source`` landing on path square
    ``target``, on top of any pile there."""
    pile = pos.squares[target]
    covered, rule = "", DIE
    if pile:
        below = f"{ctx.board.colour_name(pile[-1])}'s pirate"
        if len(pile) > 1:
            below += f" (a pile of {len(pile) + 1} now)"
        covered, rule = f" and climbs on top of {below}", STACKING
    return Event(f"{ctx.board.colour_name(pos.turn)}'s pirate moves from "
                 f"{square_text(source)} to square {target}{covered}", rule, "move")
