"""The flow of a Sjörövarön game: the phases (docs/architecture.md §3).

SJO §3 Set Up: the starting rolls, the picks, the deal; SJO §4 Game Rules: each turn
one action (declared, then the die), one shot before or after it; SJO §12 Who Wins?.
"""

from __future__ import annotations

from ..core.phases import PhaseEnum

__all__ = ["SETUP_PHASES", "Phase"]


class Phase(PhaseEnum):
    """Where the game stands. Equal to the old phase words (``Phase.ROLL == "roll"``)."""

    ORDER = "order"  #: the starting rolls (chance)
    PICK = "pick"  #: the picks of pirates and starting hexes, in turn order
    DEAL = "deal"  #: the deal of the map pieces (chance)
    START = "start"  #: declare this turn's action, or shoot first
    ROLL = "roll"  #: the movement die is due (chance)
    WALK = "walk"  #: choose a path of exactly the roll (or shoot first)
    AFTER = "after"  #: the action is done: shoot, push or end the turn
    SHOT = "shot"  #: the shooting die is due (chance)
    OVER = "over"  #: the game is over


#: The phases of the set-up (SJO §3), before the first turn.
SETUP_PHASES = (Phase.ORDER, Phase.PICK, Phase.DEAL)
