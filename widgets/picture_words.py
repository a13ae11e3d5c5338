"""The board picture in words, for screen readers (the picture's ``aria-label``).

:func:`picture_words` says what a board's picture shows: whose turn it is, where the
pieces stand and what is lit (the places the human may act on). It reads the same
player view the picture is drawn from (``state.view(viewer)``, the human seat's view),
so it says nothing the picture hides: no hidden card, treasure or map piece of another
seat. Plain text, one paragraph; games without a sentence-maker here get the status
summary alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

__all__ = ["lit_words", "move_words", "picture_words"]


def _join(parts: Iterable[str], empty: str = "none") -> str:
    items = [p for p in parts if p]
    return ", ".join(items) if items else empty


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _ahoy(board: Any, view: Any) -> str:
    name = board.seat_name
    squares = []
    for number, stack in enumerate(view.squares, start=1):  # the view's path starts at 1
        if stack:
            pile = " on ".join(name(s) for s in reversed(stack))
            squares.append(f"square {number}: {pile}" + (" (top first)" if len(stack) > 1
                                                         else ""))
    starts = _join(f"{name(s)} {n}" for s, n in enumerate(view.start) if n)
    chests = _join(f"chest {k + 1} {name(s)}" for k, s in enumerate(view.chests)
                   if s is not None)
    planks = _join(str(p) for p in sorted(view.planks))
    die = f" The die shows {view.die}." if view.die is not None else ""
    return (f"Pirates at the start: {starts}. On the path: {_join(squares)}. Planks on "
            f"squares {planks}. Chests taken: {chests}.{die}")


def _ti2003(board: Any, view: Any) -> str:
    names = board.game.board.names
    name = board.seat_name
    owned: dict[int, list[str]] = {}
    for square, seat in enumerate(view.owner):
        if seat >= 0:
            owned.setdefault(seat, []).append(names[square])
    lines = [f"{name(s)} holds {_plural(len(sq), 'square')}: {', '.join(sq)}"
             for s, sq in sorted(owned.items())]
    dice = f" Dice: {view.dice[0]} and {view.dice[1]}." if view.dice else ""
    counters = _join(f"{name(s)} {n}" for s, n in enumerate(view.counters))
    points = _join(f"{name(s)} {n}" for s, n in enumerate(view.points))
    return (f"{'; '.join(lines) or 'No square is taken yet'}. Counters on the island: {counters}. "
            f"Points: {points}.{dice}")


def _ti2018(board: Any, view: Any) -> str:
    minis = _join(f"{m.name} ({board.seat_name(m.owner)}'s) at {m.at[0]:g}, {m.at[1]:g}"
                  for m in view.miniatures if m.at is not None)
    chests = _join(f"{board.seat_name(s)} {n}" for s, n in enumerate(view.chest_counts)
                   if s > 0)
    hints = len(view.hints)
    mine = _join((str(d) for d in view.my_districts), "none")
    return (f"Day {view.day} of the calendar, escape on day {view.escape_day}. "
            f"Pirates: {minis}. {_plural(hints, 'hint')} on the table. Chests found: "
            f"{chests}. Districts you have ruled out: {mine}.")


def _sjorovaron(board: Any, view: Any) -> str:
    pirates = []
    for seat, p in enumerate(view.pirates):
        where = f"at {p.at}" if p.at else "not on the island"
        name = board.seat_name(seat) if p.status == "unpicked" else p.name
        how = "" if p.status == "standing" else f" ({p.status})"
        pirates.append(f"{name} {where}{how}, {_plural(p.pieces, 'map piece')}"
                       + (", carrying the chest" if p.chest else ""))
    mine = _join(view.my_pieces)
    die = f" The die shows {view.die}." if view.die is not None else ""
    return (f"Round {view.round}. {'; '.join(pirates)}. Your map pieces: {mine}. The "
            f"chest is {view.chest}; the raft is at the {view.raft}.{die}")


def _skeleton(board: Any, view: Any) -> str:
    up = sum(1 for c in view.table if c.face_up)
    down = len(view.table) - up
    held = []
    for seat, cards in enumerate(view.collections):
        kinds = _join((board.state.label(kind) for _, kind in cards), "nothing")
        held.append(f"{board.seat_name(seat)} holds {kinds}")
    scores = _join(f"{board.seat_name(s)} {n}" for s, n in enumerate(view.scores))
    islands = _join(f"{colour} {board.seat_name(s)}" for colour, s in view.islands
                    if s is not None)
    return (f"The pile: {_plural(len(view.table), 'card')}, {up} face up, {down} face "
            f"down, {_plural(len(view.uncovered), 'card')} uncovered. {'; '.join(held)}. "
            f"Islands won: {islands}. Scores: {scores}.")


_WORDS: dict[str, Callable[[Any, Any], str]] = {
    "ahoy": _ahoy,
    "treasure_island_2003": _ti2003,
    "treasure_island_2018": _ti2018,
    "sjorovaron": _sjorovaron,
    "skeleton_island": _skeleton,
}


def _ti2003_move(board: Any, move: Any) -> str:
    phrase = getattr(board, "_phrase", None)
    return str(phrase(board.state, move) if callable(phrase) else board.describe_move(move))


def _card_words(board: Any, card: int | None) -> str:
    if card is None:
        return "a card of their choice"
    view = board.state.view(board.turn_of(board.state))
    for c in view.table:
        if c.id == card:
            what = board.state.label(c.kind) if c.face_up else "face-down card"
            return f"card {card} ({what}, at {c.x:g}, {c.y:g} cm)"
    for cards in view.collections:
        for i, kind in cards:
            if i == card:
                return f"card {card} ({board.state.label(kind)})"
    return f"card {card}"


def _skeleton_move(board: Any, move: Any) -> str:
    kind = type(move).__name__
    if kind == "Take":
        return f"Take {_card_words(board, move.card)}"
    if kind == "Rest":
        return f"Rest the card at {move.x:g}, {move.y:g} cm, turned {move.angle:g}°"
    if kind == "Steal":
        return f"Steal from {board.seat_name(move.victim)}: {_card_words(board, move.card)}"
    if kind == "Discard":
        return "Discard " + ", ".join(_card_words(board, c) for c in move.cards)
    if kind == "Keep":  # the card in hand, as the seat to move sees it
        hand = board.state.view(board.turn_of(board.state)).hand
        held = _hand_words(hand, board.game.deck) if hand is not None else "the card"
        return f"Keep the card you hold ({held}): it goes into your collection"
    return _SKELETON_WORDS.get(kind, str(board.describe_move(move)))


def _hand_words(hand: Any, deck: Any) -> str:
    """``"card 17, red map half"`` (``"face down"`` for a card not yet turned)."""
    what = "face down" if hand.kind is None else deck.kinds[hand.kind].label
    return f"card {hand.id}, {what}"


#: Skeleton Island's moves that name no card, in words (the notation is one word).
_SKELETON_WORDS = {
    "Stop": "Take no second card: your turn ends",
    "Blow": "Blow on the Sand Pile before your turn: the gust moves the cards",
    "Double": "Double: play two standard turns instead of stealing a card",
}


_MOVE_WORDS: dict[str, Callable[[Any, Any], str]] = {
    "treasure_island_2003": _ti2003_move,
    "skeleton_island": _skeleton_move,
}


def move_words(board: Any, move: Any) -> str:
    """A move of the seat to move, in words for the keyboard's moves list: the board's
    ``describe_move``, or for Treasure Island (2003) and Skeleton Island more words (the
    square's number and treasure, the card's face as that seat sees it)."""
    words = _MOVE_WORDS.get(board.game.name)
    return str(words(board, move) if words else board.describe_move(move))


_PLACES = (("source", "square"), ("square", "square"), ("end", "hex"), ("at", "hex"),
           ("card", "card"))


def lit_words(moves: Iterable[Any]) -> str:
    """What the picture lights up for the player to move, from the moves they may make:
    "Lit, where you can act: the start, square 4." ("" when no move names a place).

    >>> from treasurekit.ahoy.moves import Step
    >>> lit_words([Step(0, 5), Step(4, 5), Step(4, 5)])
    ' Lit, where you can act: the start, square 4.'
    """
    places: list[str] = []
    for move in moves:
        for attr, noun in _PLACES:
            value = getattr(move, attr, None)
            if isinstance(value, (int, str)) and not isinstance(value, bool):
                text = "the start" if noun == "square" and value == 0 else f"{noun} {value}"
                if text not in places:
                    places.append(text)
                break
    return f" Lit, where you can act: {', '.join(places)}." if places else ""


def picture_words(board: Any, shown: Any, viewer: int, moves: Iterable[Any] = ()) -> str:
    """The picture of ``board`` at position ``shown``, in words, as seat ``viewer`` sees it.

    Starts with the board's status summary ("Red to roll", "game over") and, for the five
    games, goes on with where the pieces stand, from ``shown.view(viewer)`` only, and
    ends with what is lit (:func:`lit_words` of ``moves``, the moves the human to move
    may make: what that seat knows).

    Raises:
        ValueError: ``viewer`` is not a seat of the game (from the engine's ``view``).
    """
    game = board.game.name.replace("_", " ")
    head = f"Board picture ({game}), as {board.seat_name(viewer)} sees it"
    words = _WORDS.get(board.game.name)
    lit = lit_words(moves)
    if words is None:
        return f"{head}.{lit}"
    return f"{head}. {words(board, shown.view(viewer))}{lit}"
