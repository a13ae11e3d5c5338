"""Treasure Island (2018) moves in words, each with the rule it uses: :func:`move_words`.

The move notation (``horse red 9.2,8.9``) is for records and programmers; a player
reads "Ride 6.0 miles to 9.2, 8.9" with its source, "TI2018 §7 Game Sequence: Horse
move". The words are what the player choosing the move may know: they name only the
move's own parts (never the treasure, even for Silver's escape onto it).

>>> import treasurekit
>>> s = treasurekit.load_game("treasure_island_2018", players=4).new_initial_state(seed=1)
>>> str(move_words(s, "bury 10,13"))
'Bury the treasure at 10.0, 13.0 (TI2018 §6 Preparation Phase: Burying the treasure)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from . import rules
from .context import TI2018Context
from .decks import Decks
from .flow import Phase, status
from .geometry import Pt, distance, fmt_pt
from .hint_words import describe, question_text
from .map import IslandMap
from .moves import (
    Answer,
    Ask,
    Bury,
    Card,
    Compass,
    Confess,
    Deal,
    Done,
    Draw,
    Foot,
    Gallop,
    Horse,
    PlayHint,
    Prison,
    Redraw,
    Remote,
    Reveal,
    Search,
    Share,
    TIMove,
    UseItem,
    Verify,
)
from .position import TIPosition

__all__ = ["MoveWords", "board_text", "move_words", "place_words", "short_rule"]



class TIState(Protocol):
    """What :func:`move_words` reads from a state (:class:`.state.TIState` is one)."""

    @property
    def map(self) -> IslandMap: ...
    @property
    def decks(self) -> Decks: ...
    @property
    def current_player(self) -> int: ...
    @property
    def phase(self) -> str: ...
    def parse_move(self, move: TIMove | str) -> TIMove: ...
    def seat_minis(self, seat: int) -> tuple[str, ...]: ...
    def position_of(self, mini: str) -> Pt | None: ...
    def has_ability(self, seat: int, ability: str) -> bool: ...
    def who(self, seat: int) -> str: ...


_SECTION_TITLES = ("Game Sequence: ", "Preparation Phase: ", "Long John Silver's Hints: ")


@dataclass(frozen=True)
class MoveWords:
    """A move in words (``text``) and the rule it uses (``rule``, a TI2018 citation)."""

    text: str
    rule: str

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})"

    @property
    def short(self) -> str:
        """The words and a shortened rule, for a button: "Ride ... (§7 Horse move)"."""
        return f"{self.text} ({short_rule(self.rule)})"


def short_rule(rule: str) -> str:
    """A citation without the game's name and the section's title.

    >>> short_rule("TI2018 §7 Game Sequence: Horse move")
    '§7 Horse move'
    >>> short_rule("ruling TI2018-5")
    'ruling TI2018-5'
    """
    if not rule.startswith("TI2018 "):
        return rule
    text = rule[len("TI2018 "):]
    for title in _SECTION_TITLES:
        text = text.replace(title, "", 1)
    return text


def place_words(p: Pt) -> str:
    """A point in miles as a player reads it: one decimal, two if it needs them.

    >>> place_words((9.2, 8.9)), place_words((8, 11)), place_words((4.25, 7.5))
    ('9.2, 8.9', '8.0, 11.0', '4.25, 7.5')
    """
    def one(v: float) -> str:
        text = f"{v:.2f}"
        return text[:-1] if text.endswith("0") else text

    return f"{one(p[0])}, {one(p[1])}"


def _miles(d: float) -> str:
    return f"{d:.1f} mile{'' if round(d, 1) == 1 else 's'}"


def move_words(state: TIState, move: TIMove | str) -> MoveWords:
    """``move`` (played next in ``state``) in words, with the rule it uses.

    Args:
        state: the position the move is played in (distances are measured from it).
        move: a move or its notation.

    Raises:
        MoveParseError: ``move`` is text that is not a Treasure Island move.
    """
    m = state.parse_move(move)
    seat = state.current_player
    several = seat >= 0 and len(state.seat_minis(seat)) > 1

    def who(mini: str) -> str:
        return f" {mini}" if several else ""

    def ride(mini: str, to: Pt) -> str:
        here = state.position_of(mini)
        gap = f" {_miles(distance(here, to))}" if here is not None else ""
        return f"{gap} to {place_words(to)}"

    if isinstance(m, Bury):
        return MoveWords(f"Bury the treasure at {place_words(m.at)}", rules.BURY)
    if isinstance(m, Horse):
        if m.mini == "silver":
            return MoveWords(f"Ride Long John Silver{ride('silver', m.path[-1])}", rules.ESCAPE)
        if len(m.path) == 2:
            here = state.position_of(m.mini)
            total = (distance(here, m.path[0]) if here is not None else 0.0) + distance(*m.path)
            return MoveWords(f"Ride{who(m.mini)} {_miles(total)} to {place_words(m.path[1])} in "
                             f"two legs, by {place_words(m.path[0])}",
                             rules.ABILITIES["thoroughbred"])
        return MoveWords(f"Ride{who(m.mini)}{ride(m.mini, m.path[0])}", rules.HORSE)
    if isinstance(m, Foot):
        return MoveWords(f"Walk{who(m.mini)}{ride(m.mini, m.to)}", rules.FOOT)
    if isinstance(m, Search):
        seat_fortune = seat >= 0 and state.has_ability(seat, "fortune")
        if m.size == "small":
            return MoveWords(f"Search a small area around {place_words(m.at)}",
                             rules.SMALL_SEARCH)
        rule = rules.ABILITIES["fortune"] if seat_fortune else rules.LARGE_SEARCH
        return MoveWords(f"Search a large area around {place_words(m.at)}", rule)
    if isinstance(m, Remote):
        if m.kind == "monkey":
            return MoveWords(f"Send the monkey to search a small area around "
                             f"{place_words(m.at)}", rules.ABILITIES["king_georges"])
        return MoveWords(f"Search a large area around {place_words(m.at)} with the spyglass",
                         rules.ABILITIES["spyglass"])
    if isinstance(m, Gallop):
        return MoveWords(f"Full Gallop{who(m.mini)}{ride(m.mini, m.to)}, no line drawn",
                         rules.GALLOP)
    if isinstance(m, UseItem):
        if m.item == "action" or m.to is None or m.mini is None:
            return MoveWords("Use a Chest token: one more action this turn", rules.CHEST_ITEMS)
        if m.item == "move7":
            return MoveWords(f"Use a Chest token: move{who(m.mini)}{ride(m.mini, m.to)}",
                             rules.CHEST_ITEMS)
        return MoveWords(f"Use a Chest token: search a small area around {place_words(m.to)}",
                         rules.CHEST_ITEMS)
    if isinstance(m, Compass):
        return MoveWords(f"Lay the compass around {m.mini}", rules.COMPASS)
    if isinstance(m, Verify):
        return MoveWords(f"Verify hint {m.number}: look at its Information token",
                         rules.VERIFICATION)
    if isinstance(m, Done):
        if state.phase == Phase.ESCAPE:
            return MoveWords("Stay: no Horse move is possible", rules.ESCAPE)
        return MoveWords("Done: end your turn", rules.ACTIONS)
    if isinstance(m, Prison):
        tower = state.map.tower(m.tower)
        return MoveWords(f"Put Long John Silver in black tower {m.tower} "
                         f"({place_words(tower.xy)})", rules.PRISON)
    if isinstance(m, Share):
        district = state.map.district(m.district)
        return MoveWords(f"Show District Hint {district.id} ({district.name})",
                         rules.R_PARROT)
    if isinstance(m, Ask):
        return MoveWords(f"Ask: {question_text(m.question, state.map)}", rules.R_CONFESSION)
    if isinstance(m, PlayHint):
        name = state.decks.hint(m.kind).name
        token = {"truth": " with a Truth token", "bluff": " with a Bluff token"}.get(
            m.token or "", "")
        if m.kind == "confession" and not m.args:
            return MoveWords(f"Play {name}: each pirate asks a yes-or-no question",
                             rules.hint(name, True))
        return MoveWords(f"Play {describe(m.kind, m.args, state.map, name)}{token}",
                         rules.PLAY_HINT)
    if isinstance(m, Redraw):
        return MoveWords("Show three Chest-icon hints and draw three new ones", rules.REDRAW)
    if isinstance(m, Confess):
        token = "a Truth" if m.token == "truth" else "a Bluff"
        return MoveWords(f"Answer {state.who(m.seat)}: {m.answer}, with {token} token",
                         rules.R_CONFESSION)
    if isinstance(m, Answer):
        if m.token == "none":
            return MoveWords("Give nothing: the search was in vain", rules.CHEST_TOKENS)
        return MoveWords(f"Give {_token_name(m.token)} Chest token", rules.CHEST_TOKENS)
    if isinstance(m, Card):
        if m.card is None:
            return MoveWords("Give no Compass Hint: none in hand is true here", rules.COMPASS)
        return MoveWords(f"Give Compass Hint {m.card}", rules.COMPASS)
    if isinstance(m, Deal):
        return MoveWords(f"Deal a District Hint to {state.who(m.seat)}", rules.DEAL)
    if isinstance(m, Draw):
        return MoveWords(f"Draw a {m.deck} card", rules.DRAW_STARTING
                         if m.deck != "compass" else rules.DRAW_COMPASS)
    assert isinstance(m, Reveal)
    return MoveWords(f"PARROT shows District Hint {m.district}", rules.hint("PARROT", True))


def _token_name(token: str) -> str:
    return {"move7": "the 7-mile move", "action": "the additional action",
            "search": "the additional search", "west": "West", "east": "East",
            "district": "District"}.get(token, token)


_MARKS = {"starting_hint": "S", "bluff": "B", "prison": "P", "black_spot": "X",
          "black_spot_hint": "H", None: ""}


def board_text(pos: TIPosition, ctx: TI2018Context, ply: int) -> str:
    """The whole position in a few lines of text (omniscient: for ``str(state)``)."""
    d = pos
    when = f"day {d.day} of June" if d.day and not d.escape_round else (
        f"escape round {d.escape_round}" if d.escape_round else "before 1 June")
    lines = [f"Treasure Island (2018), {ctx.num_players} players - ply {ply}, {when}: "
             f"{status(d, ctx)}"]
    cal = []
    for space in ctx.calendar[: ctx.escape_day - 1]:
        cell = f"{space.day}{'*' * space.stars}{_MARKS[space.event]}"
        cal.append(f"[{cell}]" if space.day == d.day and not d.escape_round else cell)
    lines.append("calendar: " + " ".join(cal) + f" {ctx.escape_day}:Escape")
    minis = "  ".join(f"{m} {fmt_pt(p) if p else '-'}"
                      for m, p in zip(ctx.miniatures, d.pos, strict=True))
    lines.append(f"miniatures: {minis}")
    lines.append(f"lines drawn: {len(d.lines)}; searches: " + (", ".join(
        f"{s.mini} {s.kind} {s.x:g},{s.y:g} r{s.radius:g}" for s in d.searches) or "none"))
    for h in d.played:
        name = ctx.decks.hint(h.kind).name
        token = h.token if h.face_up else "token face down"
        lines.append(f"hint {h.number} (day {h.day}): "
                     f"{describe(h.kind, h.args, ctx.map, name)} [{token}]")
    if d.revealed:
        lines.append("districts shown: " + ", ".join(f"d{x} ({src})" for x, src in d.revealed))
    lines.append("chest tokens received: " + ", ".join(
        f"p{s} {d.chest_counts[s]}" for s in ctx.pirates))
    lines.append(f"treasure: {'buried' if d.treasure else 'not yet buried'}; Silver's hand: "
                 f"{len(d.start_hand) + len(d.bs_hand)} hints, {len(d.compass_hand)} Compass "
                 f"Hints; Information tokens played: {len(d.played)}")
    return "\n".join(lines)
