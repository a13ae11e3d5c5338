"""Rulebook references for Skeleton Island (``SKEL``), cited in errors, events and tests.

The transcription has no section numbers; treasurekit numbers its headings in order:
§1 Components, §2 Setup, §3 Game Turn, §4 End of the Game and Victory (the "Table of
Contents" lines above them are not sections). §3 covers several rules; a short name
after the section says which. Rulings for what the rulebook leaves open are in
``docs/rulings.md`` and cited as ``ruling SKEL-n``.
"""

COMPONENTS = "SKEL §1 Components"
SETUP = "SKEL §2 Setup"
FIRST_PLAYER = "SKEL §2 Setup: first player"
TURN = "SKEL §3 Game Turn"
UNCOVERED = "SKEL §3 Game Turn: uncovered cards"
STANDARD = "SKEL §3 Game Turn: standard turn"
REST = "SKEL §3 Game Turn: resting a card on the edge"
SECOND = "SKEL §3 Game Turn: the second card"
PIRATE = "SKEL §3 Game Turn: pirate turn"
BLOW = "SKEL §3 Game Turn: blowing on the pile"
MAP = "SKEL §3 Game Turn: completing a treasure map"
END = "SKEL §4 End of the Game"
VICTORY = "SKEL §4 Victory"


def ruling(n: int) -> str:
    """The citation of ruling ``SKEL-n`` in ``docs/rulings.md``.

    >>> ruling(6)
    'ruling SKEL-6'
    """
    return f"ruling SKEL-{n}"
