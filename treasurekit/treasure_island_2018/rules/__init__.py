"""Rulebook references for Treasure Island (Matagot, 2018), cited as ``TI2018``.

The transcription has no section numbers; treasurekit numbers its headings in order
(the "Table of Contents" lines are not sections): §1 Goal of the Game, §2 Game
Content, §3 The Island Board, §4 Setup, §5 Long John Silver's Hints, §6 Preparation
Phase, §7 Game Sequence, §8 Long John Silver's Escape, §9 Specific Zones of the
Treasure Island, §10 Starting Hints & Black Spot Hints, §11 Chest tokens, §12
Credits. A citation adds the passage inside the section, e.g. ``TI2018 §7 Game
Sequence: Horse move``. Rulings for what the rulebook leaves open are in
``docs/rulings.md`` and cited as ``ruling TI2018-n``.

The rules themselves are in this package's modules, one per section or mechanism, each
giving the legal moves, the problem with a move ``(reason, rule)`` and its effect on a
core :class:`~...core.draft.Draft` of the next position; each takes the game's tables and
options as ``ctx``, a :class:`~..context.TI2018Context` (docs/architecture.md §3):
``setup`` (§6 Preparation Phase, and every chance draw), ``calendar`` (§7 Calendar
update and events, the Prison), ``hints`` (§5, §10: playing a hint, Information tokens,
redrawing, PARROT's sharing), ``confession`` (CONFESSION), ``actions`` (§7 Choose
actions, special actions, §11 item tokens), ``movement`` (Horse, Foot, Full Gallop),
``searches`` (a Small search, a Large search, from afar), ``chest`` (§5, §11 Chest
tokens), ``compass`` (§7 Compass, §5 Compass Hints), ``escape`` (§8).
"""

GOAL = "TI2018 §1 Goal of the Game"
CONTENT = "TI2018 §2 Game Content"
BOARD = "TI2018 §3 The Island Board"
SETUP = "TI2018 §4 Setup"
HINTS = "TI2018 §5 Long John Silver's Hints"
CHEST_ICON = "TI2018 §5 Long John Silver's Hints: Chest icon"
REDRAW = "TI2018 §5 Long John Silver's Hints: a hand of three Chest icons"
PLAY_HINT = "TI2018 §5 Long John Silver's Hints: playing a Starting or Black Spot Hint"
INFO_TOKENS = "TI2018 §5 Long John Silver's Hints: Information tokens"
COMPASS_HINTS = "TI2018 §5 Long John Silver's Hints: Compass Hints"
DISTRICT_HINTS = "TI2018 §5 Long John Silver's Hints: District Hints"
CHEST_TOKENS = "TI2018 §5 Long John Silver's Hints: Chest tokens & the Treasure"
STARTING_LOCATIONS = "TI2018 §6 Preparation Phase: Pirates starting locations"
BURY = "TI2018 §6 Preparation Phase: Burying the treasure"
DEAL = "TI2018 §6 Preparation Phase: District Hints"
DRAW_STARTING = "TI2018 §6 Preparation Phase: Starting Hints"
DRAW_COMPASS = "TI2018 §6 Preparation Phase: Compass Hints"
SEQUENCE = "TI2018 §7 Game Sequence"
CALENDAR_UPDATE = "TI2018 §7 Game Sequence: Calendar update"
STARTING_EVENT = "TI2018 §7 Game Sequence: Calendar event, Starting Hint"
BLUFF_EVENT = "TI2018 §7 Game Sequence: Calendar event, Information Bluff token"
PRISON = "TI2018 §7 Game Sequence: Calendar event, Prison"
BLACK_SPOT = "TI2018 §7 Game Sequence: Calendar event, The Black Spot"
BLACK_SPOT_EVENT = "TI2018 §7 Game Sequence: Calendar event, Black Spot Hint"
ESCAPE_EVENT = "TI2018 §7 Game Sequence: Calendar event, Escape"
ACTIONS = "TI2018 §7 Game Sequence: Choose actions"
HORSE = "TI2018 §7 Game Sequence: Horse move"
FOOT = "TI2018 §7 Game Sequence: Foot move & Small search"
SMALL_SEARCH = "TI2018 §7 Game Sequence: Small search"
LARGE_SEARCH = "TI2018 §7 Game Sequence: Large search"
SPECIAL = "TI2018 §7 Game Sequence: Special action"
COMPASS = "TI2018 §7 Game Sequence: Compass"
VERIFICATION = "TI2018 §7 Game Sequence: Verification"
GALLOP = "TI2018 §7 Game Sequence: Full Gallop"
ABILITY = "TI2018 §7 Game Sequence: Special ability"
ESCAPE = "TI2018 §8 Long John Silver's Escape"
ZONES = "TI2018 §9 Specific Zones of the Treasure Island"
HINT_LIST = "TI2018 §10 Starting Hints & Black Spot Hints"
CHEST_ITEMS = "TI2018 §11 Chest tokens: Item tokens"
CHEST_INFO = "TI2018 §11 Chest tokens: Information tokens"

ABILITIES = {
    "king_georges": f"{ABILITY}, King Georges",
    "compass": f"{ABILITY}, Compass",
    "spyglass": f"{ABILITY}, Spyglass",
    "thoroughbred": f"{ABILITY}, Thoroughbred",
    "fortune": f"{ABILITY}, Fortune",
    "ancient_scrolls": f"{ABILITY}, Ancient Scrolls",
}


def hint(name: str, black_spot: bool) -> str:
    """The citation of a hint card.

    >>> hint("DISTANCE", True)
    'TI2018 §10 Black Spot Hints: DISTANCE'
    """
    deck = "Black Spot Hints" if black_spot else "Starting Hints"
    return f"TI2018 §10 {deck}: {name}"


def ruling(n: int) -> str:
    """The citation of ruling ``TI2018-n`` in ``docs/rulings.md``.

    >>> ruling(6)
    'ruling TI2018-6'
    """
    return f"ruling TI2018-{n}"


# The rulings, by subject (their numbers in docs/rulings.md).
R_MAP = ruling(1)
R_SCALE = ruling(2)
R_MINIATURES = ruling(3)
R_USES = ruling(4)
R_COMPASS = ruling(5)
R_LINE_WIDTH = ruling(6)
R_ZONES = ruling(7)
R_BURY_SAMPLE = ruling(8)
R_CALENDAR = ruling(9)
R_TURN_ORDER = ruling(10)
R_MOVES = ruling(11)
R_TEMPLATES = ruling(12)
R_FOOT_SEARCH = ruling(13)
R_CHEST = ruling(14)
R_INFO_TOKENS = ruling(15)
R_HINT_GEOMETRY = ruling(16)
R_ALTITUDE = ruling(17)
R_CONFESSION = ruling(18)
R_PARROT = ruling(19)
R_WHICHWAY = ruling(20)
R_NOSE = ruling(21)
R_IMPOSSIBLE = ruling(22)
R_REDRAW = ruling(23)
R_ESCAPE = ruling(24)
R_COMPASS_COUNT = ruling(25)
R_VERIFY = ruling(26)
R_CHEST_DISTRICT = ruling(27)
R_PRISON = ruling(28)
R_WINNER = ruling(29)
R_MANUSCRIPT = ruling(30)
R_STARTS = ruling(31)
R_DESIGNATE = ruling(32)
R_SAMPLES = ruling(33)


#: Why a move is illegal, as ``(reason, rule)``, or None when it is legal.
Problem = tuple[str, str | None] | None

#: Entries kept by each cache keyed by a miniature's point (its sampled moves, search
#: spots, move ends). Small on purpose: nearly every hit comes within a few calls (the
#: same miniature asked again in one turn), and each entry holds dozens of moves, so a
#: large cache mostly grows the heap the garbage collector walks (with 8192 entries,
#: full collections took about half of a checked playout's time).
POINT_CACHE = 32
