"""The Ahoy Treasures! game object: options and setup (AHOY §3 Preparation).

The game is immutable: its options, the board and what the rules read from them
(the island's square, which squares are water, the variant), gathered once into an
:class:`~.context.AhoyContext` (``game.context``) that the state hands to the rules. It
starts games (``new_initial_state``) and sets up positions by hand (``position``, via
:mod:`.build`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import Any, ClassVar, cast, get_args

from ..core.data import data_option
from ..core.errors import OptionError
from ..core.game import Game, Option, whole_number
from ..core.registry import register
from .board import BUNDLED, AhoyBoard, load_board
from .build import build_position
from .context import AhoyContext
from .moves import AhoyMove, Step, parse_move
from .position import PIRATES_PER_COLOUR
from .state import AhoyState

__all__ = ["PIRATES_PER_COLOUR", "AhoyGame"]


@register
class AhoyGame(Game[AhoyMove]):
    """Ahoy Treasures!: a stacking race to Buccaneer Island for 2-4 players.

    >>> import treasurekit
    >>> game = treasurekit.load_game("ahoy", players=3, variant="cunning")
    >>> game.num_players
    3
    >>> state = game.new_initial_state(seed=7)
    >>> state.is_chance_node()
    True
    """

    name = "ahoy"
    title = "Ahoy Treasures!"
    state_type = AhoyState
    MOVE_TYPES = get_args(AhoyMove)
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "players": Option(2, "number of seats, 2 to 4 (AHOY §3)", validate=whole_number(2, 4)),
        "variant": Option(
            "basic",
            "'basic', or 'cunning': fallen pirates leave the game (AHOY §9)",
            choices=("basic", "cunning"),
        ),
        "first_player": Option(
            0,
            "seat that rolls first (AHOY §4 lets the table decide; ruling AHOY-1)",
            validate=whole_number(0, 3),
        ),
        "overshoot": Option(
            "forbidden",
            "'forbidden': a move past the island is not allowed (AHOY §6-7); "
            "'bounce': count back from the island instead (ruling AHOY-4)",
            choices=("forbidden", "bounce"),
        ),
        "board": Option(
            "standard",
            "'standard', or a board of your own: a pathlib.Path of a board JSON file or an "
            "AhoyBoard (records name bundled boards only)",
            validate=data_option("board", BUNDLED, AhoyBoard),
        ),
    }

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        if self._options["first_player"] >= self._options["players"]:
            raise OptionError(
                f"option first_player={self._options['first_player']} is not a seat of a "
                f"{self._options['players']}-player game (seats 0-{self._options['players'] - 1})"
            )
        if len(self.board.colours) < self.num_players:  # loads and validates the board now
            raise OptionError(
                f"board {self.board.name!r} has {len(self.board.colours)} colours; "
                f"it cannot seat {self.num_players} players"
            )
        columns = self.step_columns
        #: What the rules read besides the position (``rules/``, ``flow.py``): built once.
        self.context: AhoyContext = AhoyContext(
            board=self.board, players=self.num_players, variant=self._options["variant"],
            cunning=self.cunning, bounce=self.bounce, island=self.island, water=self.water,
            steps=self.steps, step_columns=tuple(columns.get(k, ()) for k in range(7)))

    @cached_property
    def board(self) -> AhoyBoard:
        """The validated board (raises ``BoardDataError`` on a bad file)."""
        return load_board(self._options["board"])

    @property
    def num_players(self) -> int:
        return int(self._options["players"])

    @cached_property
    def cunning(self) -> bool:
        """True for the cunning pirates variant (AHOY §9)."""
        return bool(self._options["variant"] == "cunning")

    @cached_property
    def bounce(self) -> bool:
        """True if a move past the island counts back from it (ruling AHOY-4)."""
        return bool(self._options["overshoot"] == "bounce")

    @cached_property
    def island(self) -> int:
        """Buccaneer Island's square (``board.island_square``): its distance from a
        starting square."""
        return self.board.island_square

    @cached_property
    def water(self) -> tuple[bool, ...]:
        """``water[s]`` is True if path square ``s`` is a water square (planked or not)."""
        return tuple(kind == "water" for kind in self.board.kinds)

    @cached_property
    def steps(self) -> tuple[tuple[Step, ...], ...]:
        """``steps[source][k - 1]`` is ``Step(source, k)`` for every square below the island
        and k 1-5, built once: moves are immutable, and listing the legal moves is the hot
        path of every playout."""
        return tuple(tuple(Step(source, k) for k in range(1, 6)) for source in range(self.island))

    @cached_property
    def step_columns(self) -> dict[int, tuple[Step, ...]]:
        """``step_columns[k][source]`` is ``Step(source, k)`` for each dot face ``k`` (1-5)
        and every source that the step does not take past the island (every square below
        the island with ``overshoot="bounce"``): the legal steps of a dot roll, in square
        order, before asking whose pirates are on top (built once per game)."""
        island, bounce, steps = self.island, self.bounce, self.steps
        return {k: tuple(row[k - 1] for source, row in enumerate(steps)
                         if bounce or source + k <= island)
                for k in range(1, 6)}

    def new_initial_state(self, seed: int = 0) -> AhoyState:
        """Every colour's four pirates piled on its starting square; first a die roll."""
        return cast(AhoyState, super().new_initial_state(seed))

    def position(
        self,
        squares: Mapping[int, str] | None = None,
        *,
        chests: str = "",
        planks: tuple[int, ...] = (),
        out: Mapping[str, int] | None = None,
        turn: int = 0,
        die: int | None = None,
        seed: int = 0,
    ) -> AhoyState:
        """A state set up by hand, for lessons and tests (pirates not placed stay at start).

        Args:
            squares: path square -> colour letters bottom to top, e.g. ``{7: "RB"}``
                (a blue pirate on top of a red one on square 7).
            chests: letters of the owners of chests 1, 2, ... e.g. ``"RB"``.
            planks: water squares already covered by a plank.
            out: pirates out of the game per letter (cunning variant), e.g. ``{"R": 1}``.
            turn: the seat whose turn it is; ``die``: the face showing (6 = ship) or None.

        Raises:
            ValueError: an unknown letter or square, a plank off the water, a pirate on
                open water, or more than four pirates of a colour.

        >>> g = AhoyGame(players=2)
        >>> print(g.position({7: "RB"}, die=3).pile(7))
        (0, 1)
        """
        built = build_position(self.context, squares, chests=chests, planks=planks, out=out,
                               turn=turn, die=die)
        return cast(AhoyState, self.state_at(built, seed))

    def parse_move(self, text: str) -> AhoyMove:
        return parse_move(text)

