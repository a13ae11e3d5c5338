"""The rules of Ahoy Treasures! (``AHOY``): one module per rulebook section, and here
the rulebook references cited in errors, events and tests.

The transcription has no section numbers; treasurekit numbers its headings in order:
§1 Contents, §2 Aim of the game, §3 Preparation, §4 How to play, §5 What appears on
the die, §6 Important pirates' rules, §7 Reaching Buccaneer Island, §8 End of the game,
§9 Variation for cunning pirates. Rulings for what the rulebook leaves open are in
``docs/rulings.md`` and cited as ``ruling AHOY-n``.

Where each rule is decided (each module gives, for its move, the legal moves, the
problem with a move as ``(reason, rule)`` and its effect as ``(position, events)``;
docs/architecture.md §3):

==========================  ===============================================================
``die.py``                  §5 the die: five dot faces and the ship; roll, count exactly
``moving.py``               §6 only the top pirate of a pile moves; stacking on arrival
``water.py``                §6 falling into the water, the planks
``obliged_to_move.py``      §6 obliged to move: passing only when no pirate can move
``buccaneer_island.py``     §7 the exact count to the island, chests in arrival order
``end.py``                  §8 scores, the winner and the tie-break (ruling AHOY-7)
``cunning.py``              §9 cunning pirates: a fallen pirate leaves the game
==========================  ===============================================================

When a turn ends and when the game ends (§4, §8, §9) is in ``flow.py``.
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
