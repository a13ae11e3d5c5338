"""Sjörövarön moves and their text notation.

Hexes are named by column letter and row number (``k11``), pirates by their ids
(``hannibal``, ``manskaran``, ``tjopang``, ``svullo``, ``hook``, ``marquis``; the
spellings ``Månskäran`` and ``Tjo-Pang`` are accepted too), seats as ``p0``..``p5``.

Player moves:

=========================  ========================================================
text                       meaning
=========================  ========================================================
``pick hook g2``           setup: choose a pirate and a starting hex (SJO §3)
``shoot svullo``           name the target and roll the shooting die (SJO §7)
``move``                   declare a move over land, then roll (SJO §5)
``walk h8 h9 i10``         after the roll: the path, one hex per pip (SJO §5)
``stay``                   locked in: give up the movement (SJO §5)
``jump i4``                declare a jump to striped hex i4, then roll (SJO §6)
``cross k11``              declare a river crossing to k11, then roll (SJO §6)
``float``                  float along the arrows (in the water or on the raft)
``climb j9``               climb out of the water onto j9 (SJO §6)
``dig`` / ``drag``         declare digging or dragging for the chest (SJO §9)
``launch``                 start the raft ride from the raft's hex (SJO §10)
``jump raft``              jump aboard the raft from the bank (SJO §10)
``wait``                   skip the turn in the tower, by the mortar (SJO §11)
``fire hook``              fire the mortar at the pirate with the chest on a boat
``fire raft``              fire the mortar at the raft on a double-marked hex
``push k9``                push the wounded pirate here into the water at k9 (SJO §7)
``end``                    end the turn without using the shot that is left
=========================  ========================================================

Chance moves (listed with exact probabilities by ``chance_outcomes()``):
``order p2 5`` (a starting roll), ``deal p1 skull`` (a map piece dealt),
``roll 4`` (the movement die), ``hit`` / ``miss`` (the shooting die).

>>> parse_move("walk h8  H9 i10")
Walk(path=('h8', 'h9', 'i10'))
>>> str(parse_move("pick Månskäran g2"))
'pick manskaran g2'
>>> parse_move("jump raft")
Jump(to=None)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.notation import Choice, Many, Notation, Num, OrNone, Prefixed, Word
from .hexes import label, parse_label

__all__ = [
    "LETTERS",
    "PIECES_PER_MAP",
    "PIRATES",
    "PIRATE_NAMES",
    "Climb",
    "Cross",
    "Deal",
    "Dig",
    "Drag",
    "End",
    "Fire",
    "Float",
    "Go",
    "Jump",
    "Launch",
    "Order",
    "Pick",
    "Push",
    "Roll",
    "Shoot",
    "Shot",
    "SjoMove",
    "Stay",
    "Wait",
    "Walk",
    "parse_move",
    "pirate_id",
]

#: The six pirates (SJO §1 Content), in the order the rulebook names them.
PIRATES: tuple[str, ...] = ("hannibal", "manskaran", "tjopang", "svullo", "hook", "marquis")
PIRATE_NAMES: dict[str, str] = {
    "hannibal": "Hannibal",
    "manskaran": "Månskäran",
    "tjopang": "Tjo-Pang",
    "svullo": "Svullo",
    "hook": "Hook",
    "marquis": "Marquis",
}
#: One letter per pirate for the text board (lower case while wounded).
LETTERS: dict[str, str] = {
    "hannibal": "H", "manskaran": "M", "tjopang": "P", "svullo": "S", "hook": "K",
    "marquis": "Q",
}
#: The map has nine pieces; one is hidden, eight are dealt (SJO §3 Set Up).
PIECES_PER_MAP = 9

_ALIASES = {
    "månskäran": "manskaran", "manskäran": "manskaran", "moonsicle": "manskaran",
    "tjo-pang": "tjopang", "tjo_pang": "tjopang",
}


def pirate_id(word: str) -> str | None:
    """The pirate id for a name as a player might write it, or None."""
    w = word.strip().lower()
    w = _ALIASES.get(w, w)
    return w if w in PIRATE_NAMES else None


def _hex(word: str) -> str | None:
    ax = parse_label(word)
    return label(ax) if ax is not None else None


# ----- the words of the notation ------------------------------------------------------
_SEAT = Prefixed("p", "a seat p0..p5", digits=1, high=5)
_DIE = Num(1, 6, digits=1)
_PIECE = Word("a map piece such as skull", "skull",
              test=lambda w: w.isascii() and w.replace("-", "").isalnum())
_HEX = Word("a hex such as k11", "h8", read=_hex)
_PIRATE = Word("a pirate: " + ", ".join(PIRATES), "hook", read=pirate_id)


# ----- chance moves -------------------------------------------------------------------
@dataclass(frozen=True)
class Order:
    """Chance: seat ``seat`` rolls ``face`` for the starting order (SJO §3)."""

    NOTATION = ("order", _SEAT("seat", example="p2"), _DIE("face", example="5"))
    seat: int
    face: int


@dataclass(frozen=True)
class Deal:
    """Chance: map piece ``piece`` is dealt to seat ``seat`` (SJO §3)."""

    NOTATION = ("deal", _SEAT("seat"), _PIECE("piece"))
    seat: int
    piece: str


@dataclass(frozen=True)
class Roll:
    """Chance: the movement die shows ``face`` (1-6)."""

    NOTATION = ("roll", _DIE("face", example="4"))
    face: int


@dataclass(frozen=True)
class Shot:
    """Chance: the shooting die shows the ring (``hit``) or a blank side (SJO §7)."""

    NOTATION = (Choice(("hit", "miss"), (True, False))("hit", example=("hit", "miss")),)
    hit: bool


# ----- player moves ---------------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """Setup: take pirate ``pirate`` and place it on starting hex ``at`` (SJO §3)."""

    NOTATION = ("pick", _PIRATE("pirate"), _HEX("at", example="g2"))
    pirate: str
    at: str


@dataclass(frozen=True)
class Shoot:
    """Shoot at the named pirate (SJO §7)."""

    NOTATION = ("shoot", _PIRATE("target", example="svullo"))
    target: str


@dataclass(frozen=True)
class Fire:
    """Fire the mortar at the pirate ``target`` on a boat, or at the raft (None)."""

    NOTATION = ("fire", OrNone(_PIRATE, "raft")("target"))
    target: str | None


@dataclass(frozen=True)
class Go:
    """Declare a move over land; the die roll follows (SJO §5)."""

    NOTATION = ("move",)


@dataclass(frozen=True)
class Walk:
    """After the roll: walk ``path`` (one hex per pip, the start not included)."""

    NOTATION = ("walk", Many(_HEX, 1, 6)("path", example="h8 h9 i10"))
    path: tuple[str, ...]

    @property
    def end(self) -> str:
        return self.path[-1]


@dataclass(frozen=True)
class Stay:
    """Locked in: give up the rolled movement and stay (SJO §5)."""

    NOTATION = ("stay",)


@dataclass(frozen=True)
class Jump:
    """Declare a jump to striped hex ``to`` (SJO §6), or aboard the raft (None, SJO §10)."""

    NOTATION = ("jump", OrNone(_HEX, "raft")("to", example=("i4", "raft")))
    to: str | None


@dataclass(frozen=True)
class Cross:
    """Declare a river crossing to striped hex ``to`` (SJO §6)."""

    NOTATION = ("cross", _HEX("to", example="k11"))
    to: str


@dataclass(frozen=True)
class Float:
    """Float along the arrows by the die (in the water, or rolling for the raft)."""

    NOTATION = ("float",)


@dataclass(frozen=True)
class Climb:
    """Climb out of the water onto neighbouring land hex ``to`` (SJO §6)."""

    NOTATION = ("climb", _HEX("to", example="j9"))
    to: str


@dataclass(frozen=True)
class Dig:
    """Declare digging for the chest; a 4 or more digs it up (SJO §9)."""

    NOTATION = ("dig",)


@dataclass(frozen=True)
class Drag:
    """Declare dragging for the chest in the water next to you (SJO §9)."""

    NOTATION = ("drag",)


@dataclass(frozen=True)
class Launch:
    """Start the raft ride from the raft's hex with the chest (SJO §10)."""

    NOTATION = ("launch",)


@dataclass(frozen=True)
class Wait:
    """Skip the turn at the mortar (SJO §11)."""

    NOTATION = ("wait",)


@dataclass(frozen=True)
class Push:
    """Push the wounded pirate on your hex into the water at ``into`` (SJO §7)."""

    NOTATION = ("push", _HEX("into", example="k9"))
    into: str


@dataclass(frozen=True)
class End:
    """End the turn (giving up the shot that is left)."""

    NOTATION = ("end",)


SjoMove = (
    Order | Deal | Roll | Shot | Pick | Shoot | Fire | Go | Walk | Stay | Jump | Cross
    | Float | Climb | Dig | Drag | Launch | Wait | Push | End
)

MOVE_NOTATION = Notation("a Sjörövarön move", (
    Go, Walk, Stay, Shoot, Jump, Cross, Float, Climb, Dig, Drag, Launch, Wait, Fire, Push, End,
    Pick, Order, Deal, Roll, Shot))


def parse_move(text: str) -> SjoMove:
    """Parse Sjörövarön move text (the forms are the move classes' ``NOTATION``).

    Raises:
        MoveParseError: the text is not one of the accepted forms (the message names the
            word that does not fit and lists the forms).
    """
    move: SjoMove = MOVE_NOTATION.parse(text)
    return move
