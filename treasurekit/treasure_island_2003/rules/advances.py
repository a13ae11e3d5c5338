"""Placing counters (TI2003 §4 How to Play, Landings, Advances, Enclosed areas).

* A counter goes on an empty land square showing a number the dice allow: one number
  of the throw, or both in turn once the player uses both dice (TI2003 §9).
* A player's first counter lands on an anchorage; later ones land on an anchorage or
  advance to a square next to one of their counters (diagonals too), never across a
  river (TI2003 §4 Advances).
* A player who can use neither number passes.
* Empty squares nobody else can reach any more are enclosed: the player's counters
  fill them (``enclosure.py``), and every treasure square among them is won.
"""

from __future__ import annotations

from ...core.events import Event
from .. import rules
from ..board import Board
from ..context import TI2003Context
from ..enclosure import EMPTY, carry, enclosed_after, enclosed_areas, placeable_squares
from ..flow import PLACE, Step, colour, dice_text, wrong
from ..moves import Pass, Place
from ..position import ENCLOSED, PLACED, Pos, TIDraft, TIPosition
from . import chests

__all__ = ["effect", "legal", "offer", "pass_effect", "pass_problem", "placeable", "placing",
           "problem"]

Problem = tuple[str, str | None] | None


def placeable(p: Pos, ctx: TI2003Context) -> list[int]:
    """The squares the player to move may take with the dice numbers still usable."""
    if not p.moves_left:
        return []
    return placeable_squares(ctx.board, p.owner, p.turn, numbers=p.left)


def placing(d: TIDraft, ctx: TI2003Context) -> list[int]:
    """:func:`placeable` for the position being built, kept in ``d.placed`` with what it
    was found from, so that the state lists the next position's legal moves from it
    (:func:`offer`) while that position still has those very fields."""
    owner, turn, left, moves_left = d.owner, d.turn, d.left, d.moves_left
    squares = placeable_squares(ctx.board, owner, turn, left) if moves_left else []
    d.placed = (squares, owner, turn, left, moves_left)
    return squares


_PLACES: dict[int, tuple[Board, tuple[Place, ...]]] = {}
#: ``TIDraft.then`` after ``d.goto(Step.END_OF_THROW)`` (a module name: ``Step.X`` is a
#: metaclass lookup)
_THEN_END_OF_THROW = (Step.END_OF_THROW, ())


def _places(board: Board) -> tuple[Place, ...]:
    """``place <square>`` for every square index of ``board``, made once per board (the
    moves are frozen values, so the legal-move lists share them)."""
    global _LAST_PLACES
    hit = _PLACES.get(id(board))
    if hit is None or hit[0] is not board:
        hit = _PLACES[id(board)] = (board, tuple(Place(name) for name in board.names))
    _LAST_PLACES = hit
    return hit[1]


#: The board :func:`_places` was last asked about, and its moves.
_LAST_PLACES: tuple[Board | None, tuple[Place, ...]] = (None, ())


def legal(p: TIPosition, ctx: TI2003Context) -> list[Place | Pass]:
    """The legal moves of the ``place`` phase: a square, or ``pass`` when none is open."""
    return offer(placeable(p, ctx), ctx)


def offer(squares: list[int], ctx: TI2003Context) -> list[Place | Pass]:
    """The ``place`` phase's legal moves when ``squares`` are the squares open now."""
    if not squares:
        return [Pass()]
    board = ctx.board
    last = _LAST_PLACES
    places = last[1] if last[0] is board else _places(board)
    return list(map(places.__getitem__, squares))  # (no comprehension's frame)


def problem(p: TIPosition, ctx: TI2003Context, move: Place) -> Problem:
    """Why ``place <square>`` is illegal now, or None."""
    if p.phase != PLACE:
        return wrong(p, ctx, move)
    board = ctx.board
    turn = p.turn
    owner = p.owner
    who = colour(turn)
    try:
        sq = board.square(move.square)
    except ValueError as exc:
        return (str(exc), None)
    name = move.square
    if not board.is_land(sq):
        return (f"{name} is {board.kinds[sq]}; counters go on land squares", rules.BOARDS)
    if owner[sq] != EMPTY:
        return (f"{name} already holds {colour(owner[sq])}'s counter; "
                "a counter goes on an empty square", rules.PLACING)
    number = board.numbers[sq]
    if number not in p.left:
        nums = " or ".join(str(d) for d in sorted(set(p.left)))
        return (f"{name} shows {number}, but the dice allow only {nums}", rules.PLACING)
    if sq in board.anchorages:
        return None
    if any(owner[m] == turn for m in board.neighbours[sq]):
        return None
    if not p.counters[turn]:
        return (f"{who} has no counter on the island yet: the first counter must land "
                "on an anchorage", rules.LANDINGS)
    behind = [m for m in board.orthogonal(sq) if owner[m] == turn and board.blocked(sq, m)]
    if behind:
        return (f"a river runs between {board.name_of(behind[0])} and {name}: "
                "an advance never crosses a river", rules.ADVANCES)
    return (f"{name} is not an anchorage and {who} has no counter beside it",
            rules.ADVANCES)


def pass_problem(p: TIPosition, ctx: TI2003Context, move: Pass) -> Problem:
    """A player passes only when neither number can be used (TI2003 §4 Advances)."""
    if p.phase != PLACE:
        return wrong(p, ctx, move)
    squares = placeable(p, ctx)
    if squares:
        some = ", ".join(ctx.board.name_of(s) for s in squares[:4])
        return (f"{colour(p.turn)} can place a counter (e.g. on {some}) and "
                "must; a player passes only when neither number can be used",
                rules.PASSING)
    return None


def pass_effect(d: TIDraft, ctx: TI2003Context, move: Pass) -> list[Event]:
    """No number can be used: the throw ends."""
    d.moves_left = 0
    d.goto(Step.END_OF_THROW)
    return [Event(f"{colour(d.turn)} cannot use {dice_text(d)} and passes",
                  rules.PASSING, "pass")]


def effect(d: TIDraft, ctx: TI2003Context, move: Place) -> list[Event]:
    """A landing or an advance, the enclosures it makes, and the chests it wins."""
    board = ctx.board
    sq = board.square(move.square)
    seat = d.turn
    who = colour(seat)
    names = board.names
    name = names[sq]
    number = board.numbers[sq]
    before = d.owner
    owner = list(before)
    how = list(d.how)
    landing = sq in board.anchorages and not any(owner[m] == seat for m in board.neighbours[sq])
    owner[sq] = seat
    how[sq] = PLACED
    counters = list(d.counters)
    counters[seat] += 1
    d.empty -= 1
    left = list(d.left)
    left.remove(number)
    d.left = tuple(left)
    d.moves_left -= 1
    if landing:
        events = [Event(f"{who} lands at the anchorage {name} ({number})",
                        rules.LANDINGS, "landing")]
    else:
        events = [Event(f"{who} advances to {name} ({number})", rules.ADVANCES, "advance")]
    won = [board.treasure_at[sq]] if sq in board.treasure_at else []
    taken = [sq]
    areas = enclosed_after(board, before, seat, sq)
    if areas is None:  # not the owner tuple the board's bit sets know
        areas = enclosed_areas(board, owner, seat, sq)
    for area in areas:
        taken += area
        for s in area:
            owner[s] = seat
            how[s] = ENCLOSED
            if s in board.treasure_at:
                won.append(board.treasure_at[s])
        counters[seat] += len(area)
        d.empty -= len(area)
        where = ", ".join(names[s] for s in area)
        events.append(Event(
            f"{who} encloses {len(area)} square{'s' if len(area) > 1 else ''} ({where}): "
            f"no other player can reach them, so {who}'s counters fill them",
            rules.ENCLOSED, "enclosure"))
    d.owner = after = tuple(owner)
    carry(board, before, after, taken, seat)
    d.how = tuple(how)
    d.counters = tuple(counters)
    d.pending = tuple(won)
    if len(won) > 1:
        events.append(Event(f"{who} wins {len(won)} chests at once and opens them one at a "
                            f"time, in an order {who} chooses", rules.SEVERAL_CHESTS,
                            "chests"))
    if not won:  # chests.open_next with none won: the throw ends
        d.then = _THEN_END_OF_THROW  # d.goto(Step.END_OF_THROW)
        return events
    return events + chests.open_next(d, ctx)

