"""The Skeleton Island game object: options, card data and setup (SKEL §1-2)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import Any, ClassVar, cast, get_args

from ..core.chance import chance_table, exact_table
from ..core.data import data_option
from ..core.errors import OptionError
from ..core.game import Game, Option, whole_number
from ..core.registry import register
from .build import build_position
from .cards import BUNDLED, Deck, load_cards
from .context import SkeletonContext
from .moves import Gust, SkeletonMove, Spread, parse_move
from .pile import TableCard
from .state import SkeletonState

__all__ = ["SkeletonGame"]


#: A fixed chance node's ``(exact table, float table)`` (``SkeletonGame.chance_tables``).
ChanceTables = tuple[tuple[tuple[SkeletonMove, ...], int, tuple[int, ...]],
                     tuple[list[SkeletonMove], list[float]]]


@lru_cache(maxsize=8)
def _spread_outcomes(layouts: int) -> tuple[tuple[SkeletonMove, Fraction], ...]:
    p = Fraction(1, layouts)
    return tuple((Spread(k), p) for k in range(layouts))


@lru_cache(maxsize=8)
def _gust_outcomes(directions: tuple[str, ...], strengths: tuple[str, ...],
                   ) -> tuple[tuple[SkeletonMove, Fraction], ...]:
    p = Fraction(1, len(directions) * len(strengths))
    return tuple((Gust(d, s), p) for d in directions for s in strengths)


@lru_cache(maxsize=16)
def _tables(outcomes: tuple[tuple[SkeletonMove, Fraction], ...]) -> ChanceTables:
    return exact_table(outcomes), chance_table(outcomes)


@register
class SkeletonGame(Game[SkeletonMove]):
    """Skeleton Island: dig map pieces and gold out of a pile of cards, 2-4 players.

    >>> import treasurekit
    >>> game = treasurekit.load_game("skeleton_island", players=3, steal="blind")
    >>> game.num_players, game.deck.total
    (3, 49)
    >>> game.new_initial_state(seed=7).chance_outcomes()[0]
    (Spread(layout=0), Fraction(1, 1000))
    """

    name = "skeleton_island"
    state_type = SkeletonState
    title = "Skeleton Island"
    MOVE_TYPES = get_args(SkeletonMove)
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "players": Option(2, "number of seats, 2 to 4 (SKEL §1)", validate=whole_number(2, 4)),
        "first_player": Option(
            0,
            "seat that plays first (SKEL §2 lets the table choose; ruling SKEL-17)",
            validate=whole_number(0, 3),
        ),
        "steal": Option(
            "chosen",
            "'chosen': a pirate turn's thief picks the opponent's card (collections are "
            "public); 'blind': it is drawn at random (ruling SKEL-9)",
            choices=("chosen", "blind"),
        ),
        "used_maps": Option(
            "returned",
            "'returned': the map pieces that win an Island card leave the game; 'kept': "
            "they stay in front of the player, e.g. for pirate turns (ruling SKEL-13)",
            choices=("returned", "kept"),
        ),
        "second_card": Option(
            "optional",
            "'optional': after resting a card the player may take a second uncovered card "
            "or stop (SKEL §3); 'must': the second card must be taken (ruling SKEL-7)",
            choices=("optional", "must"),
        ),
        "tie_break": Option(
            "islands",
            "'islands': equal coins are decided by more Island cards, then shared; "
            "'shared': equal coins share the win (ruling SKEL-19)",
            choices=("islands", "shared"),
        ),
        "idle_rounds": Option(
            1,
            "the game ends when this many full rounds pass in which every standard turn "
            "rests its card and keeps none (ruling SKEL-21; the rulebook has no bound)",
            validate=whole_number(1, 20),
        ),
        "cards": Option("standard", "'standard', or cards of your own: a pathlib.Path of a "
                        "card JSON file or a Deck",
                        validate=data_option("card data", BUNDLED, Deck)),
    }

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        if self._options["first_player"] >= self._options["players"]:
            raise OptionError(
                f"option first_player={self._options['first_player']} is not a seat of a "
                f"{self._options['players']}-player game (seats 0-{self._options['players'] - 1})"
            )
        deck = self.deck  # load and validate the card data now
        options = self._options
        #: What the rules read besides the position (:class:`~.context.SkeletonContext`).
        self.context = SkeletonContext(
            deck=deck,
            players=int(options["players"]),
            first_player=int(options["first_player"]),
            steal=options["steal"],
            used_maps=options["used_maps"],
            second_card=options["second_card"],
            tie_break=options["tie_break"],
            idle_rounds=int(options["idle_rounds"]),
            spread_outcomes=list(_spread_outcomes(deck.layouts)),
            gust_outcomes=list(_gust_outcomes(tuple(deck.gust_directions),
                                              tuple(deck.gust_strengths))),
        )

    @cached_property
    def deck(self) -> Deck:
        """The validated card data (raises ``BoardDataError`` on a bad file)."""
        return load_cards(self._options["cards"])

    @property
    def num_players(self) -> int:
        return int(self._options["players"])

    @property
    def spread_outcomes(self) -> list[tuple[SkeletonMove, Fraction]]:
        """The setup chance node: each seeded layout with probability 1/layouts (SKEL §2)."""
        return self.context.spread_outcomes

    @property
    def gust_outcomes(self) -> list[tuple[SkeletonMove, Fraction]]:
        """A gust: every direction and strength equally likely (ruling SKEL-11)."""
        return self.context.gust_outcomes

    @cached_property
    def chance_tables(self) -> dict[str, ChanceTables]:
        """The fixed chance nodes (``"spread"``, ``"gust"``) as sampling tables, each
        ``(exact table, float table)`` (:func:`~treasurekit.core.chance.exact_table`,
        :func:`~treasurekit.core.chance.chance_table`), built once per deck."""
        deck = self.deck
        return {"spread": _tables(_spread_outcomes(deck.layouts)),
                "gust": _tables(_gust_outcomes(tuple(deck.gust_directions),
                                               tuple(deck.gust_strengths)))}

    def new_initial_state(self, seed: int = 0) -> SkeletonState:
        """Before the spread: the first moves are chance (the layout, then face-up cards)."""
        return cast(SkeletonState, super().new_initial_state(seed))

    def position(
        self,
        pile: Sequence[tuple[str | None, float, float, float] | TableCard] = (),
        *,
        collections: Mapping[int, Sequence[str]] | None = None,
        islands: Mapping[str, int] | None = None,
        out: Sequence[str] = (),
        turn: int = 0,
        blown: bool = False,
        seed: int = 0,
    ) -> SkeletonState:
        """A state set up by hand, for lessons and tests: the start of ``turn``'s turn.

        Args:
            pile: the Sand Pile bottom to top; each card ``(kind, x, y, angle)`` with
                ``kind`` None for a face-down card (ids 0, 1, ... in this order), or a
                :class:`TableCard`.
            collections: seat -> kinds of the Sand cards in front of it.
            islands: colour -> seat holding that Island card.
            out: kinds of cards already discarded.
            turn: the seat to move; ``blown``: it has already blown this turn.

        Cards not listed anywhere count as unseen: a face-down card is drawn from them.

        Raises:
            ValueError: an unknown kind, colour or seat, more cards of a kind than the
                box holds, more face-down cards than unseen ones, or a whole map in a
                collection whose Island card nobody holds.

        >>> g = SkeletonGame()
        >>> s = g.position([("coin-3", 0, 0, 0), (None, 3, 0, 0)])
        >>> s.uncovered()
        (1,)
        """
        built = build_position(self.context, pile, collections or {}, islands or {}, out,
                               turn, blown)
        return cast(SkeletonState, self.state_at(built, seed))

    def parse_move(self, text: str) -> SkeletonMove:
        return parse_move(text)
