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

from ..core.errors import MoveParseError
from ..core.inputs import short
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


# ----- chance moves -------------------------------------------------------------------
@dataclass(frozen=True)
class Order:
    """Chance: seat ``seat`` rolls ``face`` for the starting order (SJO §3)."""

    seat: int
    face: int

    def __str__(self) -> str:
        return f"order p{self.seat} {self.face}"


@dataclass(frozen=True)
class Deal:
    """Chance: map piece ``piece`` is dealt to seat ``seat`` (SJO §3)."""

    seat: int
    piece: str

    def __str__(self) -> str:
        return f"deal p{self.seat} {self.piece}"


@dataclass(frozen=True)
class Roll:
    """Chance: the movement die shows ``face`` (1-6)."""

    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True)
class Shot:
    """Chance: the shooting die shows the ring (``hit``) or a blank side (SJO §7)."""

    hit: bool

    def __str__(self) -> str:
        return "hit" if self.hit else "miss"


# ----- player moves ---------------------------------------------------------------------
@dataclass(frozen=True)
class Pick:
    """Setup: take pirate ``pirate`` and place it on starting hex ``at`` (SJO §3)."""

    pirate: str
    at: str

    def __str__(self) -> str:
        return f"pick {self.pirate} {self.at}"


@dataclass(frozen=True)
class Shoot:
    """Shoot at the named pirate (SJO §7)."""

    target: str

    def __str__(self) -> str:
        return f"shoot {self.target}"


@dataclass(frozen=True)
class Fire:
    """Fire the mortar at the pirate ``target`` on a boat, or at the raft (None)."""

    target: str | None

    def __str__(self) -> str:
        return f"fire {self.target or 'raft'}"


@dataclass(frozen=True)
class Go:
    """Declare a move over land; the die roll follows (SJO §5)."""

    def __str__(self) -> str:
        return "move"


@dataclass(frozen=True)
class Walk:
    """After the roll: walk ``path`` (one hex per pip, the start not included)."""

    path: tuple[str, ...]

    @property
    def end(self) -> str:
        return self.path[-1]

    def __str__(self) -> str:
        return "walk " + " ".join(self.path)


@dataclass(frozen=True)
class Stay:
    """Locked in: give up the rolled movement and stay (SJO §5)."""

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True)
class Jump:
    """Declare a jump to striped hex ``to`` (SJO §6), or aboard the raft (None, SJO §10)."""

    to: str | None

    def __str__(self) -> str:
        return f"jump {self.to or 'raft'}"


@dataclass(frozen=True)
class Cross:
    """Declare a river crossing to striped hex ``to`` (SJO §6)."""

    to: str

    def __str__(self) -> str:
        return f"cross {self.to}"


@dataclass(frozen=True)
class Float:
    """Float along the arrows by the die (in the water, or rolling for the raft)."""

    def __str__(self) -> str:
        return "float"


@dataclass(frozen=True)
class Climb:
    """Climb out of the water onto neighbouring land hex ``to`` (SJO §6)."""

    to: str

    def __str__(self) -> str:
        return f"climb {self.to}"


@dataclass(frozen=True)
class Dig:
    """Declare digging for the chest; a 4 or more digs it up (SJO §9)."""

    def __str__(self) -> str:
        return "dig"


@dataclass(frozen=True)
class Drag:
    """Declare dragging for the chest in the water next to you (SJO §9)."""

    def __str__(self) -> str:
        return "drag"


@dataclass(frozen=True)
class Launch:
    """Start the raft ride from the raft's hex with the chest (SJO §10)."""

    def __str__(self) -> str:
        return "launch"


@dataclass(frozen=True)
class Wait:
    """Skip the turn at the mortar (SJO §11)."""

    def __str__(self) -> str:
        return "wait"


@dataclass(frozen=True)
class Push:
    """Push the wounded pirate on your hex into the water at ``into`` (SJO §7)."""

    into: str

    def __str__(self) -> str:
        return f"push {self.into}"


@dataclass(frozen=True)
class End:
    """End the turn (giving up the shot that is left)."""

    def __str__(self) -> str:
        return "end"


SjoMove = (
    Order | Deal | Roll | Shot | Pick | Shoot | Fire | Go | Walk | Stay | Jump | Cross
    | Float | Climb | Dig | Drag | Launch | Wait | Push | End
)

_FORMS = (
    "'move', 'walk h8 h9 i10', 'stay', 'shoot hook', 'jump i4', 'jump raft', 'cross k11', "
    "'float', 'climb j9', 'dig', 'drag', 'launch', 'wait', 'fire hook', 'fire raft', "
    "'push k9', 'end', 'pick hook g2' (chance: 'order p0 5', 'deal p1 skull', 'roll 4', "
    "'hit', 'miss')"
)

_SIMPLE: dict[str, SjoMove] = {
    "move": Go(), "stay": Stay(), "float": Float(), "dig": Dig(), "drag": Drag(),
    "launch": Launch(), "wait": Wait(), "end": End(), "hit": Shot(True),
    "miss": Shot(False),
}


def _hex(word: str) -> str | None:
    ax = parse_label(word)
    return label(ax) if ax is not None else None


def _seat(word: str) -> int | None:
    if len(word) == 2 and word[0] == "p" and word[1] in "012345":
        return int(word[1])
    return None


def _die(word: str) -> int | None:
    return int(word) if word in ("1", "2", "3", "4", "5", "6") else None


def parse_move(text: str) -> SjoMove:
    """Parse Sjörövarön move text.

    Raises:
        MoveParseError: the text is not one of the accepted forms (listed in the message).
    """
    if not isinstance(text, str):
        raise MoveParseError(text, f"{short(text)} is not move text; write {_FORMS}")
    move = _PARSED.get(text)
    if move is None:
        move = _parse(text)
        if len(text) <= _KEEP_CHARS:
            if len(_PARSED) >= _KEEP_TEXTS:
                _PARSED.clear()
            _PARSED[text] = move
    return move


#: Texts read before and their moves (frozen values; only texts that parsed, up to
#: ``_KEEP_TEXTS`` short ones): a pure function of the text, so nothing goes stale.
_PARSED: dict[str, SjoMove] = {}
_KEEP_CHARS = 40
_KEEP_TEXTS = 20_000


def _parse(text: str) -> SjoMove:
    words = text.strip().lower().split()
    if not words:
        raise _bad(text)
    head, args = words[0], words[1:]
    if not args and head in _SIMPLE:
        return _SIMPLE[head]
    if head == "roll" and len(args) == 1 and (face := _die(args[0])) is not None:
        return Roll(face)
    if head == "order" and len(args) == 2:
        seat, face = _seat(args[0]), _die(args[1])
        if seat is not None and face is not None:
            return Order(seat, face)
    if head == "deal" and len(args) == 2:
        seat = _seat(args[0])
        piece = args[1]
        if seat is not None and piece.isascii() and piece.replace("-", "").isalnum():
            return Deal(seat, piece)
    if head == "pick" and len(args) == 2:
        who, at = pirate_id(args[0]), _hex(args[1])
        if who is not None and at is not None:
            return Pick(who, at)
    if head == "shoot" and len(args) == 1 and (who := pirate_id(args[0])) is not None:
        return Shoot(who)
    if head == "fire" and len(args) == 1:
        if args[0] == "raft":
            return Fire(None)
        if (who := pirate_id(args[0])) is not None:
            return Fire(who)
    if head == "walk" and args:
        path = [_hex(a) for a in args]
        if all(p is not None for p in path) and len(path) <= 6:
            return Walk(tuple(p for p in path if p is not None))
    if head == "jump" and len(args) == 1:
        if args[0] == "raft":
            return Jump(None)
        if (at := _hex(args[0])) is not None:
            return Jump(at)
    if head in ("cross", "climb", "push") and len(args) == 1 and (at := _hex(args[0])):
        return Cross(at) if head == "cross" else Climb(at) if head == "climb" else Push(at)
    raise _bad(text)


def _bad(text: str) -> MoveParseError:
    return MoveParseError(text, f"{short(text)} is not a Sjörövarön move; write {_FORMS}")
