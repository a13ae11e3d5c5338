"""Rulebook references for Ahoy Treasures! (``AHOY``), cited in errors, events and tests.

The transcription has no section numbers; treasurekit numbers its headings in order:
§1 Contents, §2 Aim of the game, §3 Preparation, §4 How to play, §5 What appears on
the die, §6 Important pirates' rules, §7 Reaching Buccaneer Island, §8 End of the game,
§9 Variation for cunning pirates. Rulings for what the rulebook leaves open are in
``docs/rulings.md`` and cited as ``ruling AHOY-n``.
"""

CONTENTS = "AHOY §1 Contents"
PREPARATION = "AHOY §3 Preparation"
HOW_TO_PLAY = "AHOY §4 How to play"
DIE = "AHOY §5 The die"
WATER = "AHOY §6 Pirates' rules: water"
STACKING = "AHOY §6 Pirates' rules: stacking"
TOP_ONLY = "AHOY §6 Pirates' rules: only the top pirate moves"
MUST_MOVE = "AHOY §6 Pirates' rules: obliged to move"
EXACT_ROLL = "AHOY §7 Reaching Buccaneer Island"
END = "AHOY §8 End of the game"
CUNNING = "AHOY §9 Cunning pirates"
