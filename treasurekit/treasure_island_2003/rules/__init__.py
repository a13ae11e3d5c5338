"""Rulebook references for Treasure Island (Burley Games, 2003), cited as ``TI2003``.

The transcription numbers its own sections: §1 Components, §2 Object of the Game,
§3 Setup, §4 How to Play, §5 Cannon Cards, §6 Davy Jones' Locker, §7 Jolly Roger
Cards, §8 Skirmishes, §9 The Endgame, §10 The Winner. Citations add the heading of
the passage inside a section (e.g. ``TI2003 §4 Advances``). Rulings for what the
rulebook leaves open are in ``docs/rulings.md`` and cited as ``ruling TI2003-n``.
"""

COMPONENTS = "TI2003 §1 Components"
BOARDS = "TI2003 §1 Components: Game Board"
TREASURE_BOARD = "TI2003 §1 Components: The Treasure Board"
CARDS = "TI2003 §1 Components: Treasure cards"
OBJECT = "TI2003 §2 Object of the Game"
SETUP = "TI2003 §3 Setup"
FIRST_PLAYER = "TI2003 §4 How to Play"
PLACING = "TI2003 §4 How to Play"
LANDINGS = "TI2003 §4 Landings"
ADVANCES = "TI2003 §4 Advances"
PASSING = "TI2003 §4 Advances"
DOUBLES = "TI2003 §4 Doubles (Pasch)"
ENCLOSED = "TI2003 §4 Enclosed areas"
TREASURE_SQUARES = "TI2003 §4 Treasure squares"
SEVERAL_CHESTS = "TI2003 §4 When several treasure chests are won by an enclosure"
CANNONS = "TI2003 §5 Cannon Cards"
PURPLE = "TI2003 §5 Purple Cannons"
GOLD = "TI2003 §5 Gold Cannons"
BOTH_CANNONS = "TI2003 §5 Purple Cannons & Gold Cannons"
LOCKER_PLACE = "TI2003 §6 How to place treasures in Davy Jones' Locker"
LOCKER_TAKE = "TI2003 §6 How to take treasures out of Davy Jones' Locker"
LOCKER_CANNON_PLACE = "TI2003 §6 How to place cannons in Davy Jones' Locker"
LOCKER_CANNON_TAKE = "TI2003 §6 How to take cannons out of Davy Jones' Locker"
LOCKER_DISCARDED_CANNON = "TI2003 §6 Discarded cannons"
JOLLY_ROGER = "TI2003 §7 Jolly Roger Cards"
SKIRMISH = "TI2003 §8 Skirmishes"
SKIRMISH_TWO = "TI2003 §8 A skirmish between two players"
SKIRMISH_MANY = "TI2003 §8 Skirmishes with three or more players"
BOTH_DICE = "TI2003 §9 Using both dice"
LEGACY = "TI2003 §9 Davy Jones' Legacy"
WINNER = "TI2003 §10 The Winner"
SCORING = "TI2003 §10 Determining the score"


def ruling(n: int) -> str:
    """The citation of ruling ``TI2003-n`` in ``docs/rulings.md``.

    >>> ruling(3)
    'ruling TI2003-3'
    """
    return f"ruling TI2003-{n}"
