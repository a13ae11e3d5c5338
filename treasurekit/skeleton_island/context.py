"""What the Skeleton Island rules read besides the position: the card data and the
options (docs/architecture.md §3).

``SkeletonGame`` builds one :class:`SkeletonContext` (``game.context``) and its states
pass it to ``flow.py`` and every rule module in ``rules/``, which therefore need
nothing from the game object.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .cards import Deck
from .moves import SkeletonMove

__all__ = ["SkeletonContext"]


@dataclass(frozen=True)
class SkeletonContext:
    """The card data and option values of one Skeleton Island game (read-only).

    Attributes:
        deck: the validated card data (:class:`~.cards.Deck`: kinds, counts, colours,
            card size, spread radius, gust directions and strengths; SKEL §1).
        players: number of seats, 2 to 4 (SKEL §1).
        first_player: the seat that plays first (SKEL §2; ruling SKEL-17).
        steal: ``"chosen"`` (the thief names the card) or ``"blind"`` (it is drawn at
            random); ruling SKEL-9.
        used_maps: ``"returned"`` (the pieces that win an Island card leave the game)
            or ``"kept"``; ruling SKEL-13.
        second_card: ``"optional"`` (the second card after resting may be declined,
            SKEL §3) or ``"must"`` (ruling SKEL-7).
        tie_break: ``"islands"`` (equal coins: more Island cards wins) or ``"shared"``;
            ruling SKEL-19.
        idle_rounds: full rounds with every card rested and none kept that end the
            game (ruling SKEL-21).
        spread_outcomes: the set-up chance node, ``[(Spread(k), 1/layouts), ...]`` for
            every seeded layout ``k`` (SKEL §2; ruling SKEL-3).
        gust_outcomes: a gust, ``[(Gust(direction, strength), p), ...]`` with every
            direction and strength equally likely (ruling SKEL-11).
    """

    deck: Deck
    players: int
    first_player: int
    steal: Literal["chosen", "blind"]
    used_maps: Literal["returned", "kept"]
    second_card: Literal["optional", "must"]
    tie_break: Literal["islands", "shared"]
    idle_rounds: int
    spread_outcomes: list[tuple[SkeletonMove, Fraction]]
    gust_outcomes: list[tuple[SkeletonMove, Fraction]]
