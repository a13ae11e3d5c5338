"""What the Sjörövarön rules read besides the position: :class:`SjoContext`.

``SjoGame`` builds one context in its constructor (``game.context``) from its map and
options; every state of that game keeps it, and the rules (``rules/*.py``,
``flow.py``) receive it through the draft they work on (``d.ctx``, with ``d.board``,
``d.walker`` and ``d.n`` as shortcuts). The rules read nothing else of the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from .island import SjoMap
from .paths import Walker

__all__ = ["SjoContext"]


@dataclass(frozen=True)
class SjoContext:
    """The map and the option values of one Sjörövarön game (immutable, shared by all
    its states).

    Attributes:
        board: the validated map (hexes as board indices, terrain, boats, spots, the
            raft's landing; see ``board.py``). SJO §1 Content.
        walker: the map's walking tables (``paths.py``): the walks of a land roll, the
            paths of walk moves, cached per map. SJO §5.
        players: the number of seats, 2-6 (option ``players``; SJO §1: six pirates).
        hit_faces: ring faces on the six-sided shooting die, 1-5 (option ``hit_faces``;
            ruling SJO-8).
        line_blockers: ``"wounded"`` (only rocks and wounded pirates stop a shot, SJO §7)
            or ``"all"`` (unharmed pirates in between stop it too, ruling SJO-10).
        return_to_start: a walk may end on its starting hex (ruling SJO-5).
        sea_push: ``"out"`` (a wounded pirate may be pushed into the sea and is out) or
            ``"no"`` (only into the river or the lake), ruling SJO-12.
        extra_rule: SJO §13: with 5-6 players every hit kills once the chest is dug up.
        max_rounds: the game ends without a winner after this many rounds; 0: no limit
            (ruling SJO-16).
    """

    board: SjoMap
    walker: Walker
    players: int
    hit_faces: int
    line_blockers: str
    return_to_start: bool
    sea_push: str
    extra_rule: bool
    max_rounds: int
