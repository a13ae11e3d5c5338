"""The game flow of Treasure Island (2018): the phases, whose move it is, and when the
game ends (TI2018 §7 Game Sequence, §8 Long John Silver's Escape; docs/architecture.md §3).

A day on the calendar (TI2018 §7 Calendar update) gives one pirate its turn; a calendar
event may first ask Silver for a hint (``hint``), put him in prison (``prison``) or
start the escape (``escape``). A hint may open the CONFESSION questions (``ask`` then
``confess``) or PARROT's sharing (``share``); a search may call for Silver's answer
(``answer``) and the Compass action for a Compass Hint (``compass``). ``next`` is the
moment between two turns, which the calendar (``rules/calendar.py``) never leaves the
game in. How a phase moves on is decided in ``rules/``; this module only says who
acts in each.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core.events import CHANCE, TERMINAL, Outcome
from ..core.phases import PhaseEnum
from .context import TI2018Context

__all__ = ["PHASES", "SILVER", "SILVER_PHASES", "Phase", "current_player", "outcome",
           "shown_phase", "status", "who"]

#: Long John Silver's seat.
SILVER = 0


class Phase(PhaseEnum):
    """Where the game stands (the values are the words of records and views)."""

    BURY = "bury"
    SETUP = "setup"
    HINT = "hint"
    ASK = "ask"
    CONFESS = "confess"
    SHARE = "share"
    PRISON = "prison"
    ACTIONS = "actions"
    ANSWER = "answer"
    COMPASS = "compass"
    ESCAPE = "escape"
    NEXT = "next"
    OVER = "over"


#: Every phase, in the order above.
PHASES = tuple(Phase)
#: The phases in which Long John Silver (seat 0) decides.
SILVER_PHASES = frozenset(
    {Phase.BURY, Phase.HINT, Phase.CONFESS, Phase.ANSWER, Phase.COMPASS, Phase.ESCAPE})


class TIPosition(Protocol):
    """The fields of a position that say whose move it is and how the game ended (a
    :class:`.position.TIPosition` or its draft; this module sits below ``position.py``)."""

    @property
    def winner(self) -> int | None: ...
    @property
    def end(self) -> str: ...
    @property
    def day(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def chance(self) -> tuple[tuple[Any, ...], ...]: ...
    @property
    def questions(self) -> tuple[tuple[int, tuple[str, ...]], ...]: ...
    @property
    def share_seats(self) -> tuple[int, ...]: ...
    @property
    def active(self) -> int | None: ...
    @property
    def escape_round(self) -> int: ...
    @property
    def actions_left(self) -> int: ...
    @property
    def pending(self) -> str | None: ...


def who(ctx: TI2018Context, seat: int) -> str:
    """A seat in words: "Long John Silver" or "p2 (Olivier)"."""
    if seat == SILVER:
        return "Long John Silver"
    c = ctx.seat_characters[seat]
    return f"p{seat} ({c.name})" if c else f"p{seat}"


def shown_phase(pos: TIPosition) -> Phase:
    """The phase as players see it: ``over`` once someone won, ``setup`` during the
    first deals and draws, else the position's phase."""
    if pos.winner is not None:
        return Phase.OVER
    if pos.day == 0 and pos.phase == Phase.NEXT:
        return Phase.SETUP
    return pos.phase


def current_player(pos: TIPosition, ctx: TI2018Context) -> int:
    """The seat to move: Silver in his phases, the next pirate without a question while
    CONFESSION is asked, the first pirate still to choose under PARROT, else the pirate
    whose turn it is; ``CHANCE`` while draws are queued, ``TERMINAL`` once won."""
    if pos.winner is not None:
        return TERMINAL
    if pos.chance:
        return CHANCE
    phase = pos.phase
    if phase in SILVER_PHASES:
        return SILVER
    if phase == Phase.ASK:
        asked = {s for s, _ in pos.questions}
        return next(s for s in ctx.pirates if s not in asked)
    if phase == Phase.SHARE:
        return pos.share_seats[0]
    assert pos.active is not None, phase
    return pos.active


def outcome(pos: TIPosition, ctx: TI2018Context) -> Outcome | None:
    """The winner (a pirate who found the treasure, or Silver) once the game is over
    (TI2018 §1; ruling TI2018-29: the winner scores 1, everyone else 0)."""
    if pos.winner is None:
        return None
    scores = tuple(1 if p == pos.winner else 0 for p in range(ctx.num_players))
    return Outcome(pos.end, scores, (pos.winner,))


_STATUS = {
    Phase.HINT: "Silver plays a hint",
    Phase.ASK: "{who} asks a question",
    Phase.CONFESS: "Silver answers a question",
    Phase.SHARE: "{who} chooses a District Hint to show",
    Phase.PRISON: "{who} chooses Silver's tower",
    Phase.ANSWER: "Silver answers the search",
    Phase.COMPASS: "Silver gives a Compass Hint",
}


def status(pos: TIPosition, ctx: TI2018Context) -> str:
    """One line: whose move it is and what is expected."""
    if pos.winner is not None:
        w = "Long John Silver" if pos.winner == SILVER else who(ctx, pos.winner)
        return f"game over: {w} wins ({pos.end})"
    if pos.chance:
        return "chance: " + {"deal": "a District Hint is dealt", "draw": "Silver draws",
                             "reveal": "PARROT shows a district"}[pos.chance[0][0]]
    phase = pos.phase
    if phase == Phase.BURY:
        return "Long John Silver buries the treasure"
    if phase == Phase.ESCAPE:
        return f"escape round {pos.escape_round}: Long John Silver rides"
    cp = current_player(pos, ctx)
    text = _STATUS.get(phase)
    if text is not None:
        return text.format(who=who(ctx, cp))
    left = f"{pos.actions_left} action{'s' if pos.actions_left != 1 else ''} left"
    if pos.pending:
        left += f", may still {'search' if pos.pending == 'search' else 'walk'}"
    return f"{who(ctx, cp)} to act ({left})"
