"""The Sjörövarön game object: options, the map and hand-made positions (SJO §3 Set Up)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any, ClassVar, cast, get_args

from ..core.data import data_option
from ..core.game import Game, Option, whole_number
from ..core.registry import register
from .board import BUNDLED, SjoMap, load_map
from .build import build_state
from .context import SjoContext
from .moves import SjoMove, parse_move
from .paths import Walker, walker
from .state import SjoState

__all__ = ["SjoGame"]


def _bool_option(value: Any) -> str | None:
    return None if isinstance(value, bool) else "expected True or False"


@register
class SjoGame(Game[SjoMove]):
    """Sjörövarön (Pirate Island, 1955): battle for the map pieces, hunt the treasure,
    escape by rowing boat or raft. 2-6 players, one pirate each.

    >>> import treasurekit.sjorovaron
    >>> from treasurekit import load_game
    >>> game = load_game("sjorovaron", players=4)
    >>> game.num_players, len(game.board.spots), game.options["hit_faces"]
    (4, 9, 2)
    >>> game.new_initial_state(seed=1).is_chance_node()   # the starting rolls
    True
    """

    name = "sjorovaron"
    title = "Sjörövarön"
    MOVE_TYPES = get_args(SjoMove)
    OPTIONS: ClassVar[Mapping[str, Option]] = {
        "players": Option(2, "number of seats, 2 to 6 (SJO §1: six pirates)",
                          validate=whole_number(2, 6)),
        "hit_faces": Option(
            2,
            "ring (hit) faces on the six-sided shooting die; its faces are not public "
            "(ruling SJO-8): 2 means a hit on 1/3 of the rolls",
            validate=whole_number(1, 5),
        ),
        "line_blockers": Option(
            "wounded",
            "'wounded': only rocks and wounded pirates stop a shot (SJO §7); 'all': "
            "unharmed pirates in between stop it too (ruling SJO-10)",
            choices=("wounded", "all"),
        ),
        "return_to_start": Option(
            False,
            "False: a walk may not come back to its starting hex; True: it may, since the "
            "rule forbids only entering a hex twice (ruling SJO-5)",
            choices=(False, True),
        ),
        "sea_push": Option(
            "out",
            "'out': a wounded pirate on the sea shore may be pushed into the sea and is out of "
            "the game; 'no': only into the river or the lake (ruling SJO-12)",
            choices=("out", "no"),
        ),
        "extra_rule": Option(
            True,
            "SJO §13: with 5-6 players every hit kills once the chest is dug up",
            validate=_bool_option,
        ),
        "max_rounds": Option(
            60,
            "the game ends without a winner after this many rounds; 0: no limit "
            "(ruling SJO-16)",
            validate=whole_number(0, 10_000),
        ),
        "map": Option("standard", "'standard', or a map of your own: a pathlib.Path of a map "
                      "JSON file or a SjoMap", validate=data_option("map", BUNDLED, SjoMap)),
    }

    state_type = SjoState

    def __init__(self, /, **options: Any) -> None:
        super().__init__(**options)
        opts = self._options
        #: What the rules read (the map, its walking tables, the option values), built
        #: once: every state of this game keeps it (see :class:`~.context.SjoContext`).
        #: Building it loads and validates the map now.
        self.context = SjoContext(
            board=self.board, walker=self.walker, players=int(opts["players"]),
            hit_faces=int(opts["hit_faces"]), line_blockers=str(opts["line_blockers"]),
            return_to_start=bool(opts["return_to_start"]), sea_push=str(opts["sea_push"]),
            extra_rule=bool(opts["extra_rule"]), max_rounds=int(opts["max_rounds"]))

    @cached_property
    def board(self) -> SjoMap:
        """The validated map (raises ``BoardDataError`` on a bad file)."""
        return load_map(self._options["map"])

    @cached_property
    def walker(self) -> Walker:
        """The walking tables of the map (cached per map; see ``paths.py``)."""
        return walker(self.board)

    @property
    def num_players(self) -> int:
        return self.context.players

    def new_initial_state(self, seed: int = 0) -> SjoState:
        """Before the starting rolls: every seat rolls the die first (chance moves)."""
        return cast(SjoState, super().new_initial_state(seed))

    def state_at(self, position: Any, seed: int = 0) -> SjoState:
        """A game standing at ``position`` (a :class:`~.position.SjoPosition` of this
        game), with no history.

        Raises:
            OptionError: ``seed`` is not a non-negative integer."""
        return cast(SjoState, super().state_at(position, seed))

    def position(
        self,
        pirates: Mapping[str, str | None],
        *,
        wounded: Mapping[str, int] | None = None,
        pieces: Mapping[str, Sequence[str]] | None = None,
        spot: str | None = None,
        knows: Sequence[str] = (),
        chest: str | None = None,
        raft: str | None = None,
        boats: Sequence[str] | None = None,
        wrecked: Sequence[str] = (),
        turn: str | None = None,
        die: int | None = None,
        must_float: Sequence[str] = (),
        escape: str | None = None,
        dug: bool | None = None,
        seed: int = 0,
    ) -> SjoState:
        """A state set up by hand, for lessons and tests: the start of ``turn``'s turn.

        Args:
            pirates: pirate -> hex (``None``: out of the game), in seat order p0, p1, ...;
                one per seat. A pirate on a river or lake hex floats.
            wounded: pirate -> turns it still has to miss (3 just hit, 0 stands up next).
            pieces: pirate -> map piece ids it holds; default: the eight pieces other
                than ``spot`` dealt round in seat order. Pieces nobody holds (and not the
                spot) count as lost at sea.
            spot: the hidden piece: where the chest is buried (default the first spot).
            knows: pirates that have held all eight pieces (a hand of eight knows too).
            chest: None (buried), a pirate (carries it), "raft", or a hex where it lies
                (land; a ravine hex needs digging; river or lake: sunk, to drag).
            raft: the raft's water hex (afloat); default on its landing. A pirate on that
                hex is aboard (needs ``chest="raft"``).
            boats: ids of the boats used as starting spots (default all); ``wrecked``:
                boats the mortar destroyed.
            turn: the pirate to move (default the first); ``die``: it has declared a move
                over land and rolled this number (phase "walk").
            must_float: pirates that fell in last turn; ``escape``: the pirate with the
                chest waiting on a boat for the others' last turn.
            dug: the chest has been dug up (default: True unless it is buried).

        Raises:
            ValueError: an unknown pirate, hex or piece, a pirate on rock or sea, two
                unharmed pirates on one hex, a wrong number of pirates.

        >>> g = SjoGame(players=2)
        >>> s = g.position({"hook": "q14", "svullo": "q11"}, die=2)
        >>> s.walk_to("q16")
        Walk(path=('q15', 'q16'))
        """
        return build_state(
            self, self.context, pirates, wounded=wounded or {}, pieces=pieces, spot=spot,
            knows=knows, chest=chest, raft=raft, boats=boats, wrecked=wrecked, turn=turn, die=die,
            must_float=must_float, escape=escape, dug=dug, seed=seed,
        )

    def parse_move(self, text: str) -> SjoMove:
        return parse_move(text)
