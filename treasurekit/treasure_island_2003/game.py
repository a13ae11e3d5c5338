"""The Treasure Island (2003) game object: options and setup (TI2003 §3 Setup)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar, cast, get_args

from ..core.data import data_option
from ..core.errors import OptionError
from ..core.game import Game, Option
from ..core.registry import register
from .board import Board, check_chests, load_board
from .build import build
from .cards import BUNDLED as CARD_FILES
from .cards import CardSet, load_cards
from .context import TI2003Context
from .moves import TIMove, parse_move
from .state import TIState

__all__ = ["TIGame"]


def _players(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 6:
        return "expected a whole number from 2 to 6 (TI2003 §3 Setup)"
    return None


def _first(value: Any) -> str | None:
    if value == "roll":
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 5:
        return "expected 'roll' or a seat number 0-5"
    return None


@register
class TIGame(Game[TIMove]):
    """Treasure Island (Burley Games, 2003): claim the island square by square with
    two dice, open the pirates' treasure chests, fire cannons, score the majorities.

    >>> import treasurekit.treasure_island_2003
    >>> from treasurekit import load_game
    >>> game = load_game("treasure_island_2003", players=4, board="small")
    >>> game.num_players, game.board.size, len(game.board.treasure_at)
    (4, 12, 9)
    >>> game.new_initial_state(seed=1).is_chance_node()   # the opening throws
    True
    """

    name = "treasure_island_2003"
    title = "Treasure Island (2003)"
    state_type = TIState
    MOVE_TYPES = get_args(TIMove)
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "players": Option(2, "number of seats, 2 to 6 (the Small Board seats 2 to 4)",
                          validate=_players),
        "board": Option("large", "'large' (14 x 14) or 'small' (12 x 12): TI2003 §1, §3",
                        choices=("large", "small")),
        "board_file": Option(None, "a board of your own, replacing 'board': a pathlib.Path of "
                             "a board JSON file (its 'side' picks the chests) or a Board",
                             validate=data_option("board", {}, Board, allow_none=True)),
        "cards": Option("standard", "'standard', or card data of your own (deck, Treasure "
                        "Board, Locker limits, scoring; rulings TI2003-1 to 5): a "
                        "pathlib.Path of a JSON file or a CardSet",
                        validate=data_option("card data", CARD_FILES, CardSet)),
        "first_player": Option("roll", "'roll': the highest two-dice total starts (TI2003 "
                               "§4); or a seat number", validate=_first),
        "cannons": Option("must", "'must': a cannon that can be used must be used; "
                          "'optional': any cannon may go to the Locker (ruling TI2003-13)",
                          choices=("must", "optional")),
        "stolen_protection": Option(
            "any",
            "'any': a freshly stolen pile may be protected by any purple cannon in hand; "
            "'same_chest': only by one from the same chest as the stealing cannon "
            "(ruling TI2003-14)",
            choices=("any", "same_chest"),
        ),
    }

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        players = self._options["players"]
        first = self._options["first_player"]
        if first != "roll" and first >= players:
            raise OptionError(
                f"option first_player={first} is not a seat of a {players}-player game "
                f"(seats 0-{players - 1})"
            )
        board = self.board  # loads and validates both data files now
        if board.side == "small" and players > 4:
            raise OptionError(
                f"the Small Board seats 2 to 4 players, not {players}; use board='large' "
                "(TI2003 §3 Setup)"
            )
        custom, cards = self._options["board_file"], self._options["cards"]
        label = (f"{board.side}_board.json" if custom is None
                 else board.name if isinstance(custom, Board) else str(custom))
        if cards != "standard":  # the cross-check may fail in either file: name both
            label += " (with the card data " + (
                cards.name if isinstance(cards, CardSet) else str(cards)) + ")"
        check_chests(board, self.cards, label)
        #: what the rules read from this game: its tables and options (rules/, flow.py)
        self.context = TI2003Context(
            board=board, cards=self.cards, chest_cards=self.chest_cards, players=players,
            first_player=first, cannons=self._options["cannons"],
            stolen_protection=self._options["stolen_protection"])

    @cached_property
    def cards(self) -> CardSet:
        """The validated card data (raises ``BoardDataError`` on a bad file)."""
        return load_cards(self._options["cards"])

    @cached_property
    def chest_cards(self) -> dict[str, int]:
        """Chest id -> cards dealt to it on this board side (TI2003 §3 Setup)."""
        return {c.id: c.cards for c in self.cards.chests_for(self.board.side)}

    @cached_property
    def board(self) -> Board:
        """The validated board side (raises ``BoardDataError`` on a bad file)."""
        return load_board(self._options["board_file"] or self._options["board"])

    @property
    def num_players(self) -> int:
        return int(self._options["players"])

    def new_initial_state(self, seed: int = 0) -> TIState:
        """An empty island, chests dealt face down; first the opening throws."""
        return cast(TIState, super().new_initial_state(seed))

    def position(
        self,
        counters: Mapping[str, str] | None = None,
        *,
        turn: int = 0,
        dice: tuple[int, int] | None = None,
        piles: Mapping[str, Mapping[str, int]] | None = None,
        protected: Mapping[str, str] | None = None,
        jolly: Mapping[str, int] | None = None,
        locker: Mapping[str, int] | None = None,
        fired: Mapping[str, int] | None = None,
        cannons: tuple[str, ...] = (),
        seed: int = 0,
    ) -> TIState:
        """A state set up by hand, for lessons and tests.

        Args:
            counters: colour (``"red"`` or its letter ``"R"``; black is ``"K"``) ->
                squares, e.g. ``{"R": "c3 d3", "B": "g2"}``. A treasure square holding
                a counter counts as opened.
            turn: the seat whose turn it is.
            dice: the throw to use now, e.g. ``(3, 5)``; None: the seat is to throw.
            piles: colour -> {treasure type: cards}, e.g. ``{"R": {"rubies": 2}}``.
            protected: colour -> treasure types (space separated) with a purple cannon.
            jolly: colour -> Jolly Rogers.
            locker: card kind -> cards in Davy Jones' Locker (``"purple-cannon"`` too).
            fired: ``"purple-cannon"``/``"gold-cannon"`` -> cannons on the fired pile.
            cannons: cannons just found in a chest, waiting for ``turn`` to decide,
                e.g. ``("purple", "gold")``.

        Every card not placed is unseen. A full board starts Davy Jones' Legacy.

        Raises:
            ValueError: an unknown colour, square or card kind, a counter on water,
                two counters on a square, or more cards than the deck has.

        >>> g = TIGame(players=2, board="small")
        >>> s = g.position({"R": "a7 b7", "B": "e2"}, dice=(4, 6))
        >>> [str(m) for m in s.legal_moves()][:3]
        ['place b4', 'place c9', 'place h10']
        """
        position = build(self.context, counters or {}, turn, dice, piles or {},
                         protected or {}, jolly or {}, locker or {}, fired or {}, cannons)
        return cast(TIState, self.state_at(position, seed))

    def parse_move(self, text: str) -> TIMove:
        return parse_move(text)
