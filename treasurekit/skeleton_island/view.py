"""What a seat may know in Skeleton Island.

Everything on the table is public except the face of a face-down card, and that face
is not hidden by the view: it does not exist yet. The engine draws a face-down card's
identity from the unseen pool only at the moment the card is revealed
(docs/architecture.md §5),
so a :class:`SkeletonView` carries the pile's geometry, the identities of face-up
cards, the card in hand once revealed, every collection (they lie face up in front of
their owners: ruling SKEL-16), the Island cards, the cards out of the game and the
scores. It never carries the seed, which would tell every future draw and gust.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import check_seat
from . import flow
from .context import SkeletonContext
from .flow import current_player, phase
from .pile import Corners, card_corners
from .position import SkeletonPosition, unseen
from .rules import blowing
from .rules.end import scores

__all__ = ["CardView", "HandView", "SkeletonView", "view"]


@dataclass(frozen=True)
class CardView:
    """A Sand card on the table as everyone sees it.

    Attributes:
        id: the card's number; x, y: centre (cm); angle: rotation (degrees); z: stacking
            order (higher on top); face_up: its side.
        kind: the card kind when face up, None when face down (unknown to everyone).
        uncovered: no card above overlaps it, so it may be taken.
    """

    id: int
    x: float
    y: float
    angle: float
    z: int
    face_up: bool
    kind: str | None
    uncovered: bool

    def corners(self, size: tuple[float, float]) -> Corners:
        """The card's four corners (cm, counter-clockwise) for drawing it;
        ``size`` is the view's ``card_size``."""
        return card_corners(self.x, self.y, self.angle, size[0], size[1])


@dataclass(frozen=True)
class HandView:
    """The card the player to move has just taken.

    Attributes:
        id: its number; kind: None until a face-down card is revealed.
        second: True for the second card of a standard turn (it must be kept).
    """

    id: int
    kind: str | None
    second: bool


@dataclass(frozen=True)
class SkeletonView:
    """A seat's view of a Skeleton Island position.

    Attributes:
        player: the seat this view is for.
        to_move: seat to move, or ``CHANCE`` / ``TERMINAL``.
        turn: the seat whose turn it is.
        phase: the :class:`~.flow.Phase` as its plain word: ``"setup"``, ``"start"``
            (a standard turn or pirate turn begins), ``"hand"`` (keep or rest the card
            taken), ``"second"`` (take the second card),
            ``"pirate"`` (steal or double after a discard), ``"gust"``/``"steal"``
            (a chance move is due), or ``"over"``.
        table: the Sand Pile bottom to top.
        uncovered: ids of the uncovered cards.
        hand: the card just taken, or None.
        rested: the card rested this standard turn (it may not be taken back), or None.
        collections: per seat, the ``(id, kind)`` of each collected Sand card.
        islands: ``(colour, seat or None)`` for each Island card.
        scores: coins per seat (Island cards and gold coin cards).
        out: ``(id, kind, why)`` of cards out of the game (``"discarded"``, ``"island"``).
        unseen: ``(kind, count)`` of Sand cards nobody has seen yet.
        can_blow: the player to move may blow on the pile now.
        standard_turns_left: standard turns left in this turn (2 after ``double``).
        ply: moves played so far.
        card_size: card width and height in centimetres (for drawing).
    """

    player: int
    to_move: int
    turn: int
    phase: str
    table: tuple[CardView, ...]
    uncovered: tuple[int, ...]
    hand: HandView | None
    rested: int | None
    collections: tuple[tuple[tuple[int, str], ...], ...]
    islands: tuple[tuple[str, int | None], ...]
    scores: tuple[int, ...]
    out: tuple[tuple[int, str, str], ...]
    unseen: tuple[tuple[str, int], ...]
    can_blow: bool
    standard_turns_left: int
    ply: int
    card_size: tuple[float, float]


def view(pos: SkeletonPosition, ctx: SkeletonContext, player: int, ply: int) -> SkeletonView:
    """What seat ``player`` may know at ``pos`` (no seed; face-down cards have no
    identity yet), at ply ``ply``.

    Raises:
        SeatError: (a ValueError) ``player`` is not a seat of the game.
    """
    check_seat(player, ctx.players)
    pile = pos.pile
    uncovered = set(pile.uncovered())
    table = tuple(
        CardView(c.id, c.x, c.y, c.angle, c.z, c.face_up,
                 c.kind if c.face_up else None, c.id in uncovered)
        for c in pile.ordered()
    )
    hand = None if pos.hand is None else HandView(pos.hand[0], pos.hand[1], pos.second)
    to_move = current_player(pos, ctx)
    now = phase(pos, ctx)
    islands = dict(pos.islands)
    return SkeletonView(
        player=player,
        to_move=to_move,
        turn=pos.turn,
        phase=now.value,  # the plain word: views are plain data for seats and records
        table=table,
        uncovered=tuple(sorted(uncovered)),
        hand=hand,
        rested=pos.rested,
        collections=pos.collections,
        islands=tuple((c, islands.get(c)) for c in ctx.deck.colours),
        scores=scores(pos, ctx),
        out=pos.out,
        unseen=tuple(unseen(pos, ctx.deck).items()),
        can_blow=blowing.problem(pos, ctx) is None and to_move >= 0,
        standard_turns_left=pos.slots if now != flow.SETUP else 0,
        ply=ply,
        card_size=ctx.deck.size_cm,
    )
