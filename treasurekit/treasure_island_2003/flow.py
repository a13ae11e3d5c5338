"""The flow of a Treasure Island (2003) game: phases, whose turn it is, when it ends.

A turn moves through phases: ``roll`` (chance) -> ``place`` -> for each chest won:
``choose`` (several) -> ``reveal`` (chance, card by card) -> ``cannon`` (decisions,
``skirmish`` chance rounds when a gold cannon attacks a protected pile) -> again
``roll`` after doubles -> ``wrap`` (Locker moves, only when one is possible) ->
``discard`` (only when over the type limit) -> the next player's ``roll``. The game
starts with the ``opening`` throws (unless a first player is given) and ends
``over`` after the Final Reckoning.

Where each rule is decided (``rules/``, one module per rulebook section):

* opening throws, dice, doubles, the end of a turn .... ``rules/turn.py``      (§4)
* landings, advances, rivers, passing, enclosures ..... ``rules/advances.py``  (§4)
* treasure chests, several in a chosen order .......... ``rules/chests.py``    (§4)
* cannons (from a chest or the Locker) ................ ``rules/cannons.py``   (§5, §6)
* Davy Jones' Locker: discards, taking back ........... ``rules/locker.py``    (§6, §7)
* skirmishes .......................................... ``rules/skirmish.py``  (§8)
* Davy Jones' Legacy, the Final Reckoning ............. ``rules/reckoning.py`` (§9, §10)

A step that ends in a higher module's decision (a chest done, the end of a throw or
of a turn) names it as a :class:`Step`; ``rules/turn.py`` runs it
(docs/architecture.md §3).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.events import CHANCE, TERMINAL
from ..core.phases import PhaseEnum
from .context import TI2003Context
from .enclosure import EMPTY
from .holdings import FrozenHoldings, Holdings, read
from .moves import COLOURS
from .position import Pos, TIPosition

__all__ = ["CANNON", "CHANCE_PHASES", "CHOOSE", "DISCARD", "OPENING", "OVER", "PHASES", "PLACE",
           "REVEAL", "ROLL", "SKIRMISH", "WRAP", "Phase", "Stage", "Step", "colour",
           "current_player", "dice_text", "expecting", "limit", "start", "turn_of", "wrong"]


class Phase(PhaseEnum):
    """Where the turn stands (``str(Phase.ROLL) == "roll"``)."""

    OPENING = "opening"
    ROLL = "roll"
    PLACE = "place"
    CHOOSE = "choose"
    REVEAL = "reveal"
    CANNON = "cannon"
    SKIRMISH = "skirmish"
    WRAP = "wrap"
    DISCARD = "discard"
    OVER = "over"


#: Every phase in order (the old name, kept for callers).
PHASES = tuple(Phase)

# The phases as module names for the rules' hot paths: on Python 3.11 every
# ``Phase.X`` is a metaclass lookup costing several times a plain name (measured in
# the A/B of issue 11). ``PLACE is Phase.PLACE``.
(OPENING, ROLL, PLACE, CHOOSE, REVEAL, CANNON, SKIRMISH, WRAP, DISCARD,
 OVER) = PHASES
#: Phases in which chance moves (dice, cards, skirmish rounds).
CHANCE_PHASES = frozenset({OPENING, ROLL, REVEAL, SKIRMISH})


class Stage(PhaseEnum):
    """Where the game stands: the turns, Davy Jones' Legacy, the last Locker turns
    after it, the Final Reckoning, the end (TI2003 §9, §10)."""

    PLAY = "play"
    LEGACY = "legacy"
    ROUND = "round"
    RECKONING = "reckoning"
    OVER = "over"


class Step(PhaseEnum):
    """A step of the turn asked for by a lower rules module (``TIDraft.goto``)."""

    END_OF_THROW = "end of throw"
    END_TURN = "end turn"
    FINISH_TURN = "finish turn"
    NEXT_TURN = "next turn"
    CHEST_DONE = "chest done"
    ATTACK_DECIDED = "attack decided"
    LEGACY_TO = "legacy to"
    AWARD = "award"
    FINISH = "finish"


def start(ctx: TI2003Context) -> TIPosition:
    """An empty island, every card unseen: the opening throws, or the given first
    player to throw (TI2003 §3 Setup, §4 How to Play)."""
    board, n = ctx.board, ctx.players
    cells = board.size * board.size
    first = ctx.first_player
    holdings = FrozenHoldings(
        ((),) * n, (frozenset(),) * n, (0,) * n, (), (), (("purple", 0), ("gold", 0)),
        (("purple", 0), ("gold", 0)), tuple((k, v) for k, v in ctx.cards.deck.items() if v),
        (),
    )
    return TIPosition(
        owner=(EMPTY,) * cells, how=(0,) * cells, counters=(0,) * n, empty=len(board.land),
        both_dice=(False,) * n, holdings=holdings,
        phase=OPENING if first == "roll" else ROLL, stage=Stage.PLAY,
        turn=0 if first == "roll" else int(first), dice=None, left=(), moves_left=0,
        pending=(), chest=None, to_reveal=0, found=(), cannons=(), chest_no=0, stolen=(),
        skirmish=None, opening=(tuple(range(n)), ()) if first == "roll" else None,
        queue=(), legacy_winner=None, reckon=0, points=(0,) * n, awards=(), winner=None,
        reason="",
    )


#: The colours capitalised, made once (a seat's colour is in most event texts).
_CAPITALISED = tuple(c.capitalize() for c in COLOURS)
#: The colour of a seat, capitalised ("Red"): ``colour(seat)``, the tuple's own item
#: lookup (a call in C: most events name a seat).
colour: Callable[[int], str] = _CAPITALISED.__getitem__


def current_player(p: TIPosition) -> int:
    """The seat to move, ``CHANCE`` or ``TERMINAL``."""
    if p.phase == OVER:
        return TERMINAL
    if p.phase in CHANCE_PHASES:
        return CHANCE
    return p.turn


def turn_of(p: TIPosition) -> int:
    """The seat whose turn it is (during the opening: the seat throwing now)."""
    if p.phase == OPENING and p.opening is not None:
        group, totals = p.opening
        return group[len(totals)]
    return p.turn


def limit(ctx: TI2003Context, h: Holdings, seat: int) -> int:
    """Treasure types ``seat`` may keep at the end of a turn: the Locker's number for
    this many players, plus one per Jolly Roger (TI2003 §6, §7)."""
    return ctx.cards.limit(ctx.players) + h.jolly[seat]


def dice_text(p: Pos) -> str:
    """The throw in words ("3 and 5", "a double 4")."""
    if p.dice is None:
        return "the dice"
    a, b = p.dice
    return f"a double {a}" if a == b else f"{a} and {b}"


def expecting(p: TIPosition, ctx: TI2003Context) -> str:
    """What the player to move has to do now, in words."""
    who = colour(p.turn)
    phase = p.phase
    if phase == PLACE:
        nums = " or ".join(str(d) for d in sorted(set(p.left)))
        return f"{who} must place a counter on an empty square showing {nums}"
    if phase == CHOOSE:
        return f"{who} must choose which chest to open first ({', '.join(p.pending)})"
    if phase == CANNON:
        found = " and ".join(f"a {c} cannon" for c in p.cannons)
        return f"{who} must decide what to do with {found} from the chest"
    if phase == WRAP:
        return f"{who} may take from Davy Jones' Locker, or 'end' the turn"
    if phase == DISCARD:
        h = read(p.holdings, ctx.cards)
        return (f"{who} holds {h.types(p.turn)} treasure types but may keep "
                f"{limit(ctx, h, p.turn)}: {who} must discard a type")
    return "a chance move is due"


def wrong(p: TIPosition, ctx: TI2003Context, move: object) -> tuple[str, None]:
    """The problem of a move that does not belong to this phase."""
    return (f"{expecting(p, ctx)}; '{move}' does not do that", None)
