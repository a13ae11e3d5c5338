"""Rulebook references for Sjörövarön (``SJO``), cited in errors, events and tests.

The transcription has no section numbers; treasurekit numbers its headings in order:
§1 Content, §2 Introduction, §3 Set Up, §4 Game Rules, §5 Movement over Land,
§6 Jumping and Crossing a River, §7 Shooting, §8 How to Find the Treasure, §9 How to
Recover the Treasure, §10 The Raft, §11 The Mortar, §12 Who Wins?, §13 Extra Rule,
§14 Painting the Miniatures (the "Table of Contents" lines are not sections). A short
name after a section says which rule of it is meant. Rulings for what the rulebook
leaves open are in ``docs/rulings.md`` and cited as ``ruling SJO-n``.

The modules of this package decide the rules, one rulebook section each (see
``state.py`` for the map from sections to modules); this file holds only the
citations, so every module may import it.
"""

CONTENT = "SJO §1 Content"
PHASES = "SJO §2 Introduction"
SETUP = "SJO §3 Set Up"
ORDER = "SJO §3 Set Up: the starting player"
PICK = "SJO §3 Set Up: pirates and starting hexes"
DEAL = "SJO §3 Set Up: the map pieces"
TURN = "SJO §4 Game Rules"
SHOT_TIMING = "SJO §4 Game Rules: one shot before or after the roll"
MOVE = "SJO §5 Movement over Land"
EXACT = "SJO §5 Movement over Land: exactly the number rolled"
ONCE = "SJO §5 Movement over Land: each hex once per turn"
OPPONENTS = "SJO §5 Movement over Land: unharmed opponents block"
LOCKED = "SJO §5 Movement over Land: locked in"
JUMP = "SJO §6 Jumping and Crossing a River"
DECLARE = "SJO §6 Jumping and Crossing a River: declared from a striped hex"
DOUBLE = "SJO §6 Jumping and Crossing a River: double crossings"
CLIFF = "SJO §6 Jumping and Crossing a River: failed cliff jump"
WATERFALL = "SJO §6 Jumping and Crossing a River: failed waterfall jump"
RIVER_FAIL = "SJO §6 Jumping and Crossing a River: failed river crossing or jump"
FLOAT = "SJO §6 Jumping and Crossing a River: floating along the river"
CLIMB = "SJO §6 Jumping and Crossing a River: climbing out"
SEA = "SJO §6 Jumping and Crossing a River: out to sea"
SHOOT = "SJO §7 Shooting"
LINE = "SJO §7 Shooting: a straight uninterrupted line"
NAMED = "SJO §7 Shooting: name the target"
WOUND = "SJO §7 Shooting: wounds last three turns"
WOUNDED_WATER = "SJO §7 Shooting: wounded in the water"
NO_WOUNDED_TARGET = "SJO §7 Shooting: the wounded are no target"
PUSH = "SJO §7 Shooting: pushing a wounded pirate into the water"
STANDING_UP = "SJO §7 Shooting: a pirate about to stand up"
MAP = "SJO §8 How to Find the Treasure"
STEAL = "SJO §8 How to Find the Treasure: taking map pieces"
ALL_EIGHT = "SJO §8 How to Find the Treasure: all eight pieces"
FIVE_MOVES = "SJO §8 How to Find the Treasure: five moves"
DIG = "SJO §9 How to Recover the Treasure: digging"
CHEST = "SJO §9 How to Recover the Treasure: losing the chest"
DRAG = "SJO §9 How to Recover the Treasure: dragging"
RAFT = "SJO §10 The Raft"
RAFT_SHOT = "SJO §10 The Raft: shot off the raft"
RAFT_SPACE = "SJO §10 The Raft: raft and swimmer never share a space"
RAFT_JUMP = "SJO §10 The Raft: jumping aboard"
MORTAR = "SJO §11 The Mortar"
MORTAR_WAIT = "SJO §11 The Mortar: waiting in the tower"
MORTAR_BOAT = "SJO §11 The Mortar: firing at a rowing boat"
MORTAR_RAFT = "SJO §11 The Mortar: firing at the raft"
MORTAR_TURN = "SJO §11 The Mortar: the extra turn after a hit"
WIN = "SJO §12 Who Wins?"
NO_WINNER = "SJO §12 Who Wins?: no winner"
EXTRA = "SJO §13 Extra Rule"


def ruling(n: int) -> str:
    """The citation of ruling ``SJO-n`` in ``docs/rulings.md``.

    >>> ruling(4)
    'ruling SJO-4'
    """
    return f"ruling SJO-{n}"
