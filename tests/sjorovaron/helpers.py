"""Small helpers shared by the Sjörövarön rules tests (``from tests.sjorovaron.helpers
import ...``): a game, playing move texts, where a pirate is, the legal moves as text."""

from __future__ import annotations

from treasurekit.sjorovaron import SjoGame, SjoState

H, S, M = "hook", "svullo", "marquis"


def game(players: int = 2, **options: object) -> SjoGame:
    return SjoGame(players=players, **options)


def play(s: SjoState, *moves: str) -> SjoState:
    for m in moves:
        s.play(m)
    return s


def turn(s: SjoState, *moves: str) -> SjoState:
    """Play a turn's moves, then end it if a shot or push is still on offer."""
    play(s, *moves)
    while s.phase == "after":
        s.play("end")
    return s


def at(s: SjoState, pirate: str) -> str:
    """The hex of ``pirate`` ("-" once out of the game)."""
    seat = s.seat_of(pirate)
    assert seat is not None
    p = s.pirate(seat)
    assert p is not None
    return s.board.label(p.at) if p.at >= 0 else "-"


def where(s: SjoState, name: str) -> str:
    """The hex of pirate ``name``, or "out"."""
    seat = s.seat_of(name)
    assert seat is not None
    p = s.pirate(seat)
    assert p is not None
    return "out" if p.out else s.board.label(p.at)


def moves(s: SjoState) -> set[str]:
    return {str(m) for m in s.legal_moves()}


def through_setup(s: SjoState) -> SjoState:
    while s.phase in ("order", "pick", "deal"):
        if s.is_chance_node():
            s.resolve_chance()
        else:
            s.play(s.legal_moves()[0])
    return s
