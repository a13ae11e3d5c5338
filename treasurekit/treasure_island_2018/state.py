"""A Treasure Island (2018) position and every rule of play.

Where each rule lives (TI2018 = the rulebook, see ``rules.py`` for the sections):

* burying the treasure ......................... ``_check_bury``                    (§6)
* dealing District Hints, drawing hints ........ ``_chance_outcomes``, ``_apply_chance`` (§6)
* the calendar update and its events ........... ``_next_turn``, ``_start_event``      (§7)
* playing a hint with an Information token ..... ``_check_hint``, ``_apply_hint``     (§5, §10)
* Chest-icon hints and redrawing ............... ``_hint_options``, ``_apply_redraw`` (§5)
* Horse, Foot, searches and their answers ...... ``_check_action``, ``_apply_action`` (§7)
* special actions and abilities ................ ``_check_action``                   (§7)
* Chest tokens ................................. ``_check_answer``, ``_apply_answer`` (§5, §11)
* Long John Silver's escape and the two wins ... ``_escape_moves``, ``_apply_action`` (§8, §1)

Hidden information: the treasure, Silver's hands and tokens and each pirate's
District Hints, Compass Hints and Chest tokens live in the state; ``view(p)`` hands out
only what seat ``p`` may know. Hints are drawn lazily (a chance node lists the cards
still in the pile at the moment of the draw).

The whole position is one immutable record (``_Data``), so undo and copy are exact.
"""

from __future__ import annotations

import copy
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.events import CHANCE, TERMINAL, Event, Outcome
from ..core.game import State
from ..core.seat import HIDDEN
from . import clicks as _clicks
from . import rules
from .decks import CalendarSpace, Character, Decks
from .geometry import EPS, Pt, disc_cover, distance, fmt_pt, mi, sector_of
from .hints import (
    Situation,
    args_problem,
    candidates,
    chest_token_true,
    describe,
    question_problem,
    question_text,
    question_true,
    truthful,
)
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
from .view import (
    ChestInfoView,
    CompassView,
    HintView,
    LineView,
    MiniView,
    SearchView,
    TIView,
)

if TYPE_CHECKING:
    from .game import TIGame

__all__ = ["PlayedHint", "TIState"]

Problem = tuple[str, str | None] | None
SILVER = 0
_DIRS8 = tuple((math.sin(math.radians(45 * k)), math.cos(math.radians(45 * k))) for k in range(8))
_DIRS16 = tuple(
    (math.sin(math.radians(22.5 * k)), math.cos(math.radians(22.5 * k))) for k in range(16))
_DECK_WORD = {"starting": "starting", "black_spot": "blackspot"}
_WORD_DECK = {"starting": "starting", "blackspot": "black_spot"}


@dataclass(frozen=True)
class PlayedHint:
    """A hint on the calendar: number, deck, kind, args, Information token (``truth``,
    ``bluff``), whether the token lies face up, the situation and the day."""

    number: int
    deck: str
    kind: str
    args: tuple[str, ...]
    token: str
    face_up: bool
    situation: Situation
    day: int


@dataclass
class _Data:
    """The whole position. Every field holds an immutable value (tuples, not lists), so a
    shallow copy is a complete snapshot."""

    treasure: Pt | None
    set_aside: int | None
    dealt: tuple[tuple[int, ...], ...]
    undealt: tuple[int, ...]
    start_pile: tuple[str, ...]
    start_hand: tuple[str, ...]
    bs_pile: tuple[str, ...]
    bs_hand: tuple[str, ...]
    compass_pile: tuple[int, ...]
    compass_hand: tuple[int, ...]
    truth: int
    bluff: int
    bluff_received: int
    chest_left: tuple[str, ...]
    chest_credit: int
    chest_items: tuple[tuple[str, ...], ...]
    chest_info: tuple[tuple[ChestInfoView, ...], ...]
    chest_counts: tuple[int, ...]
    played: tuple[PlayedHint, ...]
    verified: tuple[tuple[int, ...], ...]
    revealed: tuple[tuple[int, str], ...]
    shared: tuple[tuple[tuple[int, int], ...], ...]
    compass_given: tuple[tuple[int, CompassView], ...]
    questions: tuple[tuple[int, tuple[str, ...]], ...]
    pos: tuple[Pt | None, ...]
    lines: tuple[LineView, ...]
    crosses: tuple[tuple[str, Pt], ...]
    last_line: tuple[tuple[Pt, Pt] | None, ...]
    searches: tuple[SearchView, ...]
    uses: tuple[tuple[tuple[str, int], ...], ...]
    day: int
    phase: str
    active: int | None
    actions_left: int
    turn_mini: str | None
    pending: str | None
    hint_deck: str | None
    chance: tuple[tuple[Any, ...], ...]
    last_search: tuple[int, str, Pt] | None
    compass_at: tuple[str, Pt] | None
    share_seats: tuple[int, ...]
    share_choice: tuple[tuple[int, int], ...]
    escape_round: int
    winner: int | None
    end: str


class TIState(State[TIMove]):
    """One Treasure Island (2018) position. Create it with ``game.new_initial_state(seed)``.

    Seat 0 is Long John Silver; seats 1.. are the pirates. The game opens with Silver
    burying the treasure (``bury x,y``), then chance deals the District Hints and draws
    Silver's hands, then the calendar starts on 1 June.

    >>> import treasurekit.treasure_island_2018 as ti
    >>> s = ti.TIGame().new_initial_state(seed=1)
    >>> s.current_player, s.phase
    (0, 'bury')
    >>> s.why_illegal("bury 17.5,14.6")
    'the treasure cannot be buried at 17.5,14.6: it lies in a restricted area (the volcano) \
[TI2018 §6 Preparation Phase: Burying the treasure]'
    >>> _ = s.play("bury 10,13")
    >>> while s.is_chance_node():
    ...     _ = s.resolve_chance()
    >>> s.day, s.phase, s.current_player
    (1, 'hint', 0)
    """

    game: TIGame

    def __init__(self, game: TIGame, seed: int) -> None:
        super().__init__(game, seed)
        self.map: IslandMap = game.map
        self.decks: Decks = game.decks
        self.n: int = game.num_players
        self.pirates: tuple[int, ...] = tuple(range(1, self.n))
        self.characters: tuple[Character | None, ...] = game.seat_characters
        self.minis: tuple[str, ...] = game.miniatures
        self.owner: dict[str, int] = dict(game.owners)
        self.calendar: tuple[CalendarSpace, ...] = game.calendar
        self.escape_day: int = game.escape_day
        self._mini_index = {m: i for i, m in enumerate(self.minis)}
        self._legal_cache: list[TIMove] | None = None
        self._legal_set: set[TIMove] | None = None
        d = self.decks
        start_pos: list[Pt | None] = [self.map.starts[m] if m != "silver" else None
                                      for m in self.minis]
        uses = tuple(
            () if c is None else tuple((u, k) for u, k in c.uses.items() if k > 0)
            for c in self.characters)
        self._d = _Data(
            treasure=None, set_aside=None, dealt=((),) * self.n,
            undealt=tuple(x.id for x in self.map.districts),
            start_pile=tuple(h.id for h in d.starting), start_hand=(),
            bs_pile=tuple(h.id for h in d.black_spot), bs_hand=(),
            compass_pile=tuple(c.id for c in d.compass_cards), compass_hand=(),
            truth=d.truth_tokens, bluff=0, bluff_received=0,
            chest_left=tuple(t.id for t in d.chest_tokens), chest_credit=0,
            chest_items=((),) * self.n, chest_info=((),) * self.n, chest_counts=(0,) * self.n,
            played=(), verified=((),) * self.n, revealed=(), shared=((),) * self.n,
            compass_given=(), questions=(), pos=tuple(start_pos), lines=(),
            crosses=tuple((m, p) for m, p in zip(self.minis, start_pos, strict=True)
                          if p is not None),
            last_line=(None,) * len(self.minis), searches=(), uses=uses, day=0, phase="bury",
            active=None, actions_left=0, turn_mini=None, pending=None, hint_deck=None,
            chance=(), last_search=None, compass_at=None, share_seats=(), share_choice=(),
            escape_round=0, winner=None, end="")

    # ----- snapshot ------------------------------------------------------------------
    def _snapshot(self) -> Any:
        return copy.copy(self._d)

    def _restore(self, snapshot: Any) -> None:
        self._d = copy.copy(snapshot)
        self._legal_cache = None
        self._legal_set = None

    def _set(self, **changes: Any) -> None:
        d = self._d
        for key, value in changes.items():
            setattr(d, key, value)

    # ----- names and queries ---------------------------------------------------------
    @staticmethod
    def seat_name(seat: int) -> str:
        """``p0`` (Long John Silver) .. ``p4``."""
        return f"p{seat}"

    def who(self, seat: int) -> str:
        """A seat in words: "Long John Silver" or "p2 (Olivier)"."""
        if seat == SILVER:
            return "Long John Silver"
        c = self.characters[seat]
        return f"p{seat} ({c.name})" if c else f"p{seat}"

    @property
    def phase(self) -> str:
        """``bury``, ``setup``, ``hint``, ``ask``, ``confess``, ``share``, ``prison``,
        ``actions``, ``answer``, ``compass``, ``escape`` or ``over``."""
        if self._d.winner is not None:
            return "over"
        if self._d.day == 0 and self._d.phase == "next":
            return "setup"
        return self._d.phase

    @property
    def day(self) -> int:
        """The calendar day (1 = 1 June); 0 before the first day."""
        return self._d.day

    @property
    def treasure(self) -> Pt | None:
        """Where the treasure is buried (Silver's secret), or None before burying."""
        return self._d.treasure

    @property
    def active(self) -> int | None:
        """The pirate seat whose turn it is (None otherwise)."""
        return self._d.active

    @property
    def actions_left(self) -> int:
        return self._d.actions_left

    @property
    def escape_round(self) -> int:
        """0 before the escape; then the round of play (1, 2, ...)."""
        return self._d.escape_round

    @property
    def hints(self) -> tuple[PlayedHint, ...]:
        """Every Starting and Black Spot Hint played, in order."""
        return self._d.played

    @property
    def data(self) -> Any:
        """The whole position as one immutable record (for tests and tools)."""
        return self._d

    def position_of(self, mini: str) -> Pt | None:
        """Where miniature ``mini`` stands (None for Silver before the Prison event)."""
        return self._d.pos[self._mini_index[mini]]

    def seat_minis(self, seat: int) -> tuple[str, ...]:
        """The miniatures a seat moves (Silver's only during the escape)."""
        return tuple(m for m in self.minis if self.owner[m] == seat)

    def uses_left(self, seat: int, action: str) -> int:
        """How many times ``seat`` may still use a limited special action."""
        return dict(self._d.uses[seat]).get(action, 0)

    def has_ability(self, seat: int, ability: str) -> bool:
        c = self.characters[seat]
        return c is not None and ability in c.abilities

    def situation(self) -> Situation:
        """The board now, as hints see it (miniatures on the board, their lines and crosses,
        last moves, search circles)."""
        d = self._d
        positions = tuple((m, p) for m, p in zip(self.minis, d.pos, strict=True)
                          if p is not None)
        trails = []
        for m, _ in positions:
            segs = [(ln.a, ln.b) for ln in d.lines if ln.mini == m]
            segs += [(p, p) for mm, p in d.crosses if mm == m]
            trails.append((m, tuple(segs)))
        last = tuple((m, ln[0], ln[1]) for m, ln in zip(self.minis, d.last_line, strict=True)
                     if ln is not None and d.pos[self._mini_index[m]] is not None)
        searches = tuple(((s.x, s.y), s.radius) for s in d.searches)
        return Situation(positions, tuple(trails), last, searches)

    def moves_at(self, place: object) -> list[TIMove]:
        """The legal moves of the seat to move that a click on the map at ``place`` (an
        ``(x, y)`` point in miles) could mean; see :func:`.clicks.moves_at`.

        Raises:
            PlaceError: ``place`` is not a point (a ``ValueError``).
        """
        return _clicks.moves_at(self, place)

    # ----- whose move ------------------------------------------------------------------
    def _current_player(self) -> int:
        d = self._d
        if d.winner is not None:
            return TERMINAL
        if d.chance:
            return CHANCE
        if d.phase in ("bury", "hint", "confess", "answer", "compass", "escape"):
            return SILVER
        if d.phase == "ask":
            asked = {s for s, _ in d.questions}
            return next(s for s in self.pirates if s not in asked)
        if d.phase == "share":
            return d.share_seats[0]
        assert d.active is not None, d.phase
        return d.active

    # ----- chance ------------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[TIMove, Fraction]]:
        d = self._d
        task = d.chance[0]
        if task[0] == "deal":
            pool = [x for x in d.undealt if x != d.set_aside]
            return [(Deal(task[1], x), Fraction(1, len(pool))) for x in pool]
        if task[0] == "reveal":
            pool = [x for x in d.undealt if x != d.set_aside]
            return [(Reveal(x), Fraction(1, len(pool))) for x in pool]
        deck = task[1]
        if deck == "compass":
            cards = [str(c) for c in d.compass_pile]
        else:
            cards = list(d.start_pile if deck == "starting" else d.bs_pile)
        word = "compass" if deck == "compass" else _DECK_WORD[deck]
        return [(Draw(word, c), Fraction(1, len(cards))) for c in cards]

    def _apply_chance(self, move: TIMove) -> list[Event]:
        d = self._d
        rest = d.chance[1:]
        if isinstance(move, Deal):
            dealt = list(d.dealt)
            dealt[move.seat] = (*dealt[move.seat], move.district)
            self._set(dealt=tuple(dealt), chance=rest,
                      undealt=tuple(x for x in d.undealt if x != move.district))
            return [Event(f"Silver deals a District Hint to {self.who(move.seat)}",
                          rules.DEAL, "deal")]
        if isinstance(move, Reveal):
            self._set(revealed=(*d.revealed, (move.district, "parrot")), chance=rest,
                      undealt=tuple(x for x in d.undealt if x != move.district))
            dist = self.map.district(move.district)
            return [Event(f"PARROT: District Hint {dist.id} ({dist.name}) is shown to "
                          "everyone: the treasure is not there", rules.hint("PARROT", True),
                          "reveal")]
        assert isinstance(move, Draw)
        deck = "compass" if move.deck == "compass" else _WORD_DECK[move.deck]
        if deck == "compass":
            c = int(move.card)
            self._set(compass_pile=tuple(x for x in d.compass_pile if x != c),
                      compass_hand=tuple(sorted((*d.compass_hand, c))), chance=rest)
            return [Event("Silver draws a Compass Hint", rules.DRAW_COMPASS, "draw")]
        if deck == "starting":
            self._set(start_pile=tuple(x for x in d.start_pile if x != move.card),
                      start_hand=(*d.start_hand, move.card), chance=rest)
        else:
            self._set(bs_pile=tuple(x for x in d.bs_pile if x != move.card),
                      bs_hand=(*d.bs_hand, move.card), chance=rest)
        label = "Starting" if deck == "starting" else "Black Spot"
        return [Event(f"Silver draws a {label} Hint", rules.PLAY_HINT, "draw")]

    def _prune_chance(self) -> None:
        """Drop queued draws whose pile has run out."""
        d = self._d
        keep: list[tuple[Any, ...]] = []
        for task in d.chance:
            if task[0] == "draw":
                pile = {"starting": d.start_pile, "black_spot": d.bs_pile,
                        "compass": d.compass_pile}[task[1]]
                drawn = len([t for t in keep if t == task])
                if len(pile) <= drawn:
                    continue
            if task[0] in ("deal", "reveal"):
                pool = [x for x in d.undealt if x != d.set_aside]
                taken = len([t for t in keep if t[0] in ("deal", "reveal")])
                if len(pool) <= taken:
                    continue
            keep.append(task)
        if tuple(keep) != d.chance:
            self._set(chance=tuple(keep))

    # ----- legal moves -------------------------------------------------------------------
    def legal_moves(self) -> list[TIMove]:
        if self._legal_cache is None:
            self._legal_cache = super().legal_moves()
            self._legal_set = set(self._legal_cache)
        return list(self._legal_cache)

    def _legal_moves(self) -> list[TIMove]:
        d = self._d
        phase = d.phase
        if phase == "bury":
            return list(_bury_moves(self.map))
        if phase == "hint":
            return self._hint_options()
        if phase == "ask":
            return self._ask_options()
        if phase == "confess":
            return self._confess_options()
        if phase == "share":
            seat = d.share_seats[0]
            return [Share(x) for x in d.dealt[seat]]
        if phase == "prison":
            return [Prison(t.id) for t in self.map.towers]
        if phase == "answer":
            return self._answer_options()
        if phase == "compass":
            return self._card_options()
        if phase == "escape":
            return self._escape_moves()
        if phase == "actions":
            return self._action_options()
        return []

    def _dedupe(self, moves: Sequence[TIMove]) -> list[TIMove]:
        seen: set[TIMove] = set()
        out = []
        for m in moves:
            if m not in seen:
                seen.add(m)
                out.append(m)
        return out

    # ----- checks --------------------------------------------------------------------------
    def _check(self, move: TIMove) -> Problem:
        if self._legal_set is None:
            self.legal_moves()
        assert self._legal_set is not None
        if move in self._legal_set:
            return None
        return self._slow_check(move)

    def _slow_check(self, move: TIMove) -> Problem:
        """The full check, without the shortcut through the sampled legal moves."""
        d = self._d
        phase = d.phase
        who = self.who(self._current_player())
        if isinstance(move, (Deal, Draw, Reveal)):
            return (f"{str(move)!r} is a chance move (resolve_chance draws it); it is {who}'s "
                    "turn to choose", None)
        if phase == "bury":
            if not isinstance(move, Bury):
                return ("Long John Silver must first bury the treasure: 'bury x,y'", rules.BURY)
            return self._check_bury(move)
        if isinstance(move, Bury):
            return ("the treasure is already buried", rules.BURY)
        expect = {
            "hint": "play a hint: 'hint <kind> <args> truth|bluff' (or 'redraw')",
            "ask": "ask a CONFESSION question, e.g. 'ask near red 5'",
            "confess": "answer a CONFESSION question: 'confess pN yes|no truth|bluff'",
            "share": "choose the District Hint to show: 'share dN'",
            "prison": "put Silver's miniature on a black tower: 'prison tN'",
            "answer": "answer the search: 'answer none' or give a Chest token",
            "compass": "give a Compass Hint: 'card N' (or 'card none')",
            "escape": "make a Horse move: 'horse silver x,y'",
            "actions": "act: horse, foot, search, compass, verify, gallop, use or done",
        }[phase]
        if phase == "hint":
            if isinstance(move, PlayHint):
                return self._check_hint(move)
            if isinstance(move, Redraw):
                return self._check_redraw()
        elif phase == "ask" and isinstance(move, Ask):
            problem = question_problem(move.question, self.situation(), self.map)
            return (problem, rules.R_CONFESSION) if problem else None
        elif phase == "confess" and isinstance(move, Confess):
            return self._check_confess(move)
        elif phase == "share" and isinstance(move, Share):
            seat = d.share_seats[0]
            if move.district not in d.dealt[seat]:
                held = ", ".join(f"d{x}" for x in d.dealt[seat])
                return (f"{self.who(seat)} holds District Hints {held} only", rules.R_PARROT)
            return None
        elif phase == "prison" and isinstance(move, Prison):
            if move.tower not in {t.id for t in self.map.towers}:
                return (f"{move.tower!r} is not a black tower (t1-t{len(self.map.towers)})",
                        rules.PRISON)
            return None
        elif phase == "answer" and isinstance(move, Answer):
            return self._check_answer(move)
        elif phase == "compass" and isinstance(move, Card):
            return self._check_card(move)
        elif phase == "escape" and isinstance(move, (Horse, Done)):
            return self._check_escape(move)
        elif phase == "actions" and isinstance(move, (Horse, Foot, Search, Remote, Compass,
                                                      Verify, Gallop, UseItem, Done)):
            return self._check_action(move)
        return (f"{who} must now {expect}", self._phase_rule())

    def _phase_rule(self) -> str:
        return {
            "hint": rules.PLAY_HINT, "ask": rules.hint("CONFESSION", True),
            "confess": rules.hint("CONFESSION", True), "share": rules.hint("PARROT", True),
            "prison": rules.PRISON, "answer": rules.SMALL_SEARCH, "compass": rules.COMPASS,
            "escape": rules.ESCAPE, "actions": rules.ACTIONS,
        }.get(self._d.phase, rules.SEQUENCE)

    def _check_bury(self, move: Bury) -> Problem:
        problem = self.map.treasure_problem(move.at)
        if problem:
            return (f"the treasure cannot be buried at {fmt_pt(move.at)}: {problem}", rules.BURY)
        return None

    # ----- hints -------------------------------------------------------------------------------
    def _hand(self) -> tuple[str, ...]:
        return self._d.start_hand if self._d.hint_deck == "starting" else self._d.bs_hand

    def _tokens_for(self, kind: str) -> list[str]:
        d = self._d
        out = []
        if d.truth > 0:
            out.append("truth")
        first = not d.played and d.hint_deck == "starting"
        if d.bluff > 0 and not first:
            out.append("bluff")
        return out

    def _manuscript_districts(self, token: str) -> list[int]:
        d = self._d
        pool = [x for x in d.undealt if x != d.set_aside]
        if token == "bluff" and d.set_aside is not None:
            pool.append(d.set_aside)
        return sorted(pool)

    def _hint_options(self) -> list[TIMove]:
        d = self._d
        assert d.treasure is not None
        hand = self._hand()
        sit = self.situation()
        out: list[TIMove] = []
        for kind in hand:
            card = self.decks.hint(kind)
            if card.chest and d.chest_credit < 1:
                continue
            if kind == "parrot":
                if d.truth > 0:
                    out.append(PlayHint("parrot"))
                continue
            if kind == "confession":
                if d.truth + d.bluff > 0:
                    out.append(PlayHint("confession"))
                continue
            for token in self._tokens_for(kind):
                extra: dict[str, Any] = {}
                if kind == "manuscript":
                    extra["districts"] = self._manuscript_districts(token)
                for args in candidates(kind, sit, self.map, self.n, **extra):
                    if token == "truth" and not truthful(kind, args, sit, self.map, d.treasure):
                        continue
                    out.append(PlayHint(kind, args, token))
        if self._check_redraw() is None:
            out.append(Redraw())
        return out

    def _check_redraw(self) -> Problem:
        hand = self._hand()
        if len(hand) != 3 or not all(self.decks.hint(h).chest for h in hand):
            return ("Silver may redraw only when his hand holds three hints, all with the "
                    "Chest icon", rules.REDRAW)
        return None

    def _check_hint(self, move: PlayHint) -> Problem:
        d = self._d
        assert d.treasure is not None
        hand = self._hand()
        deck = "Starting" if d.hint_deck == "starting" else "Black Spot"
        if move.kind not in hand:
            names = ", ".join(hand) or "none"
            return (f"{move.kind!r} is not in Silver's hand of {deck} Hints (hand: {names})",
                    rules.STARTING_EVENT if d.hint_deck == "starting"
                    else rules.BLACK_SPOT_EVENT)
        card = self.decks.hint(move.kind)
        ref = rules.hint(card.name, card.deck == "black_spot")
        if card.chest and d.chest_credit < 1:
            return (f"{card.name} carries the Chest icon: Silver must first have given a Chest "
                    "token for it", rules.CHEST_ICON)
        if move.kind == "parrot":
            if move.args or move.token is not None:
                return ("PARROT takes no parameters and no token choice: write 'hint parrot'",
                        ref)
            if d.truth < 1:
                return ("PARROT needs an Information Truth token placed face up, and Silver "
                        "has none left", ref)
            return None
        if move.kind == "confession":
            if move.args or move.token is not None:
                return ("announce CONFESSION with 'hint confession'; the pirates then ask and "
                        "Silver answers with 'confess pN yes|no truth|bluff'", rules.R_CONFESSION)
            return None
        if move.token is None:
            return ("end the hint with the Information token placed under it: 'truth' or "
                    "'bluff'", rules.INFO_TOKENS)
        tok = self._check_token(move.token)
        if tok:
            return tok
        sit = self.situation()
        problem = args_problem(move.kind, move.args, sit, self.map, self.n)
        if problem:
            return (f"{card.name}: {problem}", ref)
        if move.kind == "manuscript":
            allowed = self._manuscript_districts(move.token)
            bad = [x for x in move.args if int(x[1:]) not in allowed]
            if bad:
                why = ("the treasure's own District Hint may be shown only with a Bluff token"
                       if d.set_aside is not None and int(bad[0][1:]) == d.set_aside
                       else "Silver no longer holds that District Hint")
                return (f"MANUSCRIPT: {bad[0]}: {why}", rules.R_MANUSCRIPT)
        if move.token == "truth" and not truthful(move.kind, move.args, sit, self.map,
                                                   d.treasure):
            return (f"{card.name} with these parameters is false, and a Truth token forbids "
                    "lying (a Bluff token would allow it)", rules.INFO_TOKENS)
        return None

    def _check_token(self, token: str) -> Problem:
        d = self._d
        if token == "truth" and d.truth < 1:
            return ("Silver has no Information Truth token left: play 'bluff'", rules.INFO_TOKENS)
        if token == "bluff":
            if d.bluff < 1:
                return ("Silver holds no Information Bluff token (they arrive with the calendar)",
                        rules.BLUFF_EVENT)
            if not d.played:
                return ("the first Starting Hint is always played with a Truth token",
                        rules.INFO_TOKENS)
        return None

    def _ask_options(self) -> list[TIMove]:
        sit = self.situation()
        qs: list[tuple[str, ...]] = [("district", str(x.id)) for x in self.map.districts]
        qs += [("zone", z) for z in self.map.zones]
        for m in sit.minis:
            qs += [("north", m), ("east", m)]
            qs += [("near", m, str(r)) for r in (3, 6, 9)]
        return [Ask(q) for q in qs]

    def _confess_options(self) -> list[TIMove]:
        d = self._d
        assert d.treasure is not None
        sit = self.situation()
        out: list[TIMove] = []
        for seat, q in d.questions:
            for ans in ("yes", "no"):
                for token in self._tokens_for("confession"):
                    yes = ans == "yes"
                    if token == "truth" and not _q_true(q, sit, self.map, d.treasure, yes):
                        continue
                    out.append(Confess(seat, ans, token))
        return out

    def _check_confess(self, move: Confess) -> Problem:
        d = self._d
        assert d.treasure is not None
        asked = dict(d.questions)
        if move.seat not in asked:
            seats = ", ".join(f"p{s}" for s in asked)
            return (f"p{move.seat} asked no question (questions from {seats})",
                    rules.R_CONFESSION)
        tok = self._check_token(move.token)
        if tok:
            return tok
        if move.token == "truth" and not _q_true(asked[move.seat], self.situation(), self.map,
                                                 d.treasure, move.answer == "yes"):
            return (f"the true answer to p{move.seat}'s question is not {move.answer!r}, and a "
                    "Truth token forbids lying", rules.INFO_TOKENS)
        return None

    def _apply_hint(self, move: PlayHint) -> list[Event]:
        d = self._d
        card = self.decks.hint(move.kind)
        ref = rules.hint(card.name, card.deck == "black_spot")
        hand_field = "start_hand" if d.hint_deck == "starting" else "bs_hand"
        hand = list(self._hand())
        hand.remove(move.kind)
        changes: dict[str, Any] = {hand_field: tuple(hand)}
        if card.chest:
            changes["chest_credit"] = d.chest_credit - 1
        events: list[Event] = []
        if card.chest:
            events.append(Event(f"Silver spends a Chest token given earlier to play {card.name}",
                                rules.CHEST_ICON, "chest"))
        if move.kind == "confession":
            changes["phase"] = "ask"
            changes["questions"] = ()
            self._set(**changes)
            events.append(Event(f"Silver plays {card.name}: each pirate asks a yes-or-no "
                                "question", ref, "hint"))
            return events
        number = len(d.played) + 1
        sit = self.situation()
        if move.kind == "parrot":
            token, face_up = "truth", True
            changes["truth"] = d.truth - 1
        else:
            assert move.token is not None
            token, face_up = move.token, not d.played
            changes[move.token] = getattr(d, move.token) - 1
        played = PlayedHint(number, d.hint_deck or "starting", move.kind, move.args, token,
                            face_up, sit, d.day)
        changes["played"] = (*d.played, played)
        draw = ("draw", d.hint_deck)
        chance: list[tuple[Any, ...]] = []
        text = describe(move.kind, move.args, self.map, card.name)
        if move.kind == "manuscript":
            shown = [int(x[1:]) for x in move.args]
            changes["revealed"] = (*d.revealed, *((x, "manuscript") for x in shown))
            changes["undealt"] = tuple(x for x in d.undealt if x not in shown)
        if move.kind == "parrot":
            if self.n <= 3:
                chance += [("reveal",), ("reveal",)]
                text = (f"{card.name}: two more District Hints are shown to everyone, at "
                        "random (its Truth token lies face up)")
            else:
                share = [s for s in self.pirates if len(d.dealt[s]) > 1]
                text = (f"{card.name}: each pirate shows their District Hint to the two pirates "
                        "beside them (its Truth token lies face up)")
                if share:
                    changes["share_seats"] = tuple(share)
        token_text = "face up (Truth)" if face_up else "face down"
        events.append(Event(f"Hint {number}: {text}. Information token {token_text}.",
                            ref, "hint"))
        chance.append(draw)
        changes["chance"] = (*d.chance, *chance)
        changes["phase"] = "share" if changes.get("share_seats") else "actions"
        self._set(**changes)
        if move.kind == "parrot" and self.n > 3 and not changes.get("share_seats"):
            events += self._apply_sharing({})
        return events

    def _apply_sharing(self, chosen: dict[int, int]) -> list[Event]:
        """PARROT with 4-5 players: each pirate shows one District Hint to both pirate
        neighbours (ruling TI2018-19)."""
        d = self._d
        ring = list(self.pirates)
        shared = [list(x) for x in d.shared]
        for i, seat in enumerate(ring):
            hint = chosen.get(seat, d.dealt[seat][0] if d.dealt[seat] else None)
            if hint is None:
                continue
            for nb in {ring[(i - 1) % len(ring)], ring[(i + 1) % len(ring)]} - {seat}:
                shared[nb].append((seat, hint))
        self._set(shared=tuple(tuple(x) for x in shared), share_seats=())
        return [Event("The pirates show their District Hints to their neighbours",
                      rules.hint("PARROT", True), "share")]

    def _apply_redraw(self) -> list[Event]:
        d = self._d
        hand = self._hand()
        if d.hint_deck == "starting":
            self._set(start_pile=tuple(sorted((*d.start_pile, *hand),
                                              key=_order(self.decks, "starting"))),
                      start_hand=(), chance=(*d.chance, *(("draw", "starting"),) * 3))
        else:
            self._set(bs_pile=tuple(sorted((*d.bs_pile, *hand),
                                           key=_order(self.decks, "black_spot"))),
                      bs_hand=(), chance=(*d.chance, *(("draw", "black_spot"),) * 3))
        names = ", ".join(self.decks.hint(h).name for h in hand)
        return [Event(f"Silver shows his three Chest-icon hints ({names}), shuffles them back "
                      "and draws three new ones", rules.REDRAW, "redraw")]

    def _apply_confess(self, move: Confess) -> list[Event]:
        d = self._d
        q = dict(d.questions)[move.seat]
        args = (f"p{move.seat}", *q, move.answer)
        number = len(d.played) + 1
        played = PlayedHint(number, "black_spot", "confession", args, move.token, False,
                            self.situation(), d.day)
        self._set(played=(*d.played, played), phase="actions",
                  **{move.token: getattr(d, move.token) - 1},
                  chance=(*d.chance, ("draw", "black_spot")))
        text = describe("confession", args, self.map, "CONFESSION")
        return [Event(f"Hint {number}: {text}. Information token face down.",
                      rules.hint("CONFESSION", True), "hint")]

    # ----- pirate actions -------------------------------------------------------------------
    def _turn_minis(self) -> tuple[str, ...]:
        d = self._d
        assert d.active is not None
        if d.turn_mini is not None:
            return (d.turn_mini,)
        return self.seat_minis(d.active)

    def _radius(self, size: str, seat: int) -> float:
        sc = self.map.scale
        if size == "small":
            return sc.small_search_radius
        if self.has_ability(seat, "fortune"):
            return sc.large_search_outer_radius
        return sc.large_search_radius

    def _template(self, size: str) -> float:
        sc = self.map.scale
        return sc.small_search_radius if size == "small" else sc.large_search_radius

    def _leg_ends(self, start: Pt, limit: float, dirs: Sequence[Pt],
                  fractions: Sequence[float]) -> list[Pt]:
        """Sampled ends of legal straight moves from ``start`` (ruling TI2018-33): each
        direction at each fraction of the longest move (a hair short of it, so that the
        rounding to 0.01 mile never makes it too long)."""
        return list(_sample_ends(self.map, start, limit, tuple(dirs), tuple(fractions)))

    def _placements(self, at: Pt, size: str, radius: float) -> list[Pt]:
        return list(_placement_spots(self.map, at, self._template(size), radius))

    def _action_options(self) -> list[TIMove]:
        d = self._d
        seat = d.active
        assert seat is not None
        sc = self.map.scale
        imap = self.map
        out: list[TIMove] = []
        minis = self._turn_minis()
        small_r = self._radius("small", seat)
        large_r = self._radius("large", seat)
        small_t = self._template("small")
        if d.pending == "search" and d.turn_mini is not None:
            at = self.position_of(d.turn_mini)
            assert at is not None
            out += [Search("small", d.turn_mini, p)
                    for p in _placement_spots(imap, at, small_t, small_r)]
        if d.pending == "foot" and d.turn_mini is not None:
            at = self.position_of(d.turn_mini)
            assert at is not None
            out += _foot_block(imap, d.turn_mini, at)
        if d.actions_left >= 1:
            thorough = self.has_ability(seat, "thoroughbred")
            compass = self.uses_left(seat, "compass") > 0
            gallop = self.uses_left(seat, "gallop") > 0
            for m in minis:
                at = self.position_of(m)
                assert at is not None
                out += _mini_block(imap, m, at, thorough, small_r, large_r, compass, gallop)
            if self.uses_left(seat, "verify"):
                mine = d.verified[seat]
                out += [Verify(h.number) for h in d.played
                        if not h.face_up and h.number not in mine]
            for kind, ability, size in (("monkey", "king_georges", "small"),
                                        ("spyglass", "spyglass", "large")):
                if self.has_ability(seat, ability) and self.uses_left(seat, kind):
                    out += _remote_block(imap, kind, self._radius(size, seat))
        items = d.chest_items[seat]
        if items:
            for m in minis:
                at = self.position_of(m)
                assert at is not None
                if "move7" in items:
                    out += [UseItem("move7", m, e) for e in _sample_ends(
                        imap, at, sc.item_move_miles, _DIRS8, (1.0,))]
                if "search" in items:
                    out += [UseItem("search", m, p)
                            for p in _placement_spots(imap, at, small_t, small_r)]
            if "action" in items:
                out.append(UseItem("action"))
        out.append(_DONE)
        return self._dedupe(out) if d.pending or items else out

    def _placement_problem(self, at: Pt, radius: float, cross: Pt | None) -> str | None:
        """Template placement (TI2018 §7 Small search; ruling TI2018-12)."""
        return _placement_problem(self.map, at, radius, cross)

    def _mini_problem(self, mini: str, seat: int) -> Problem:
        d = self._d
        if self.owner.get(mini) != seat:
            mine = ", ".join(self.seat_minis(seat))
            return (f"{mini} is not {self.who(seat)}'s miniature (theirs: {mine})",
                    rules.ACTIONS)
        if d.turn_mini is not None and mini != d.turn_mini:
            return (f"{self.who(seat)} acts with {d.turn_mini} this turn: all actions of a turn "
                    "use one miniature", rules.ACTIONS)
        return None

    def _leg_problem(self, a: Pt, b: Pt, limit: float, what: str, rule: str) -> Problem:
        if a == b:
            return (f"the {what} must go somewhere: {fmt_pt(b)} is where the miniature stands",
                    rule)
        length = distance(a, b)
        if length > limit + EPS:
            return (f"a {what} goes at most {limit:g} miles; {fmt_pt(a)} to {fmt_pt(b)} is "
                    f"{length:.2f}", rule)
        problem = self.map.path_problem(a, b)
        if problem:
            return (problem, rule)
        return None

    def _check_action(self, move: TIMove) -> Problem:
        d = self._d
        seat = d.active
        assert seat is not None
        sc = self.map.scale
        who = self.who(seat)
        if isinstance(move, Done):
            return None
        need_action = True
        if isinstance(move, UseItem):
            if move.item not in d.chest_items[seat]:
                return (f"{who} holds no Chest item token {move.item!r}", rules.CHEST_ITEMS)
            if move.item == "action":
                return None
            assert move.mini is not None and move.to is not None
            problem = self._mini_problem(move.mini, seat)
            if problem:
                return problem
            here = self.position_of(move.mini)
            assert here is not None
            if move.item == "move7":
                return self._leg_problem(here, move.to, sc.item_move_miles, "move",
                                         rules.CHEST_ITEMS)
            p = self._placement_problem(move.to, self._radius("small", seat), here)
            return (p, rules.CHEST_ITEMS) if p else None
        if isinstance(move, Foot) and d.pending == "foot" and move.mini == d.turn_mini:
            need_action = False
        if (isinstance(move, Search) and move.size == "small" and d.pending == "search"
                and move.mini == d.turn_mini):
            need_action = False
        if need_action and d.actions_left < 1:
            return (f"{who} has no action left this turn: 'done' ends it", rules.ACTIONS)
        at: Pt = (0.0, 0.0)
        if isinstance(move, (Horse, Foot, Search, Compass, Gallop)):
            problem = self._mini_problem(move.mini, seat)
            if problem:
                return problem
            where = self.position_of(move.mini)
            assert where is not None
            at = where
        if isinstance(move, Horse):
            legs = len(move.path)
            if legs == 2 and not self.has_ability(seat, "thoroughbred"):
                return ("only Olivier's Thoroughbred rides two 6-mile legs in one Horse move",
                        rules.ABILITIES["thoroughbred"])
            start = at
            for end in move.path:
                problem = self._leg_problem(start, end, sc.horse_miles, "Horse move",
                                            rules.HORSE)
                if problem:
                    return problem
                start = end
            return None
        if isinstance(move, Foot):
            return self._leg_problem(at, move.to, sc.foot_miles, "Foot move", rules.FOOT)
        if isinstance(move, Search):
            r = self._radius(move.size, seat)
            p = self._placement_problem(move.at, self._template(move.size), at)
            if p is None:
                p = self._placement_problem(move.at, r, None)
            rule = rules.SMALL_SEARCH if move.size == "small" else rules.LARGE_SEARCH
            return (p, rule) if p else None
        if isinstance(move, Remote):
            ability = "king_georges" if move.kind == "monkey" else "spyglass"
            if not self.has_ability(seat, ability):
                return (f"{who} has no {move.kind}: it belongs to "
                        f"{'Anne' if move.kind == 'monkey' else 'Olivier'}",
                        rules.ABILITIES[ability])
            if not self.uses_left(seat, move.kind):
                return (f"{who} has used the {move.kind} already", rules.R_USES)
            size = "small" if move.kind == "monkey" else "large"
            p = self._placement_problem(move.at, self._radius(size, seat), None)
            return (p, rules.ABILITIES[ability]) if p else None
        if isinstance(move, Compass):
            if not self.uses_left(seat, "compass"):
                return (f"{who} has no Compass action left", rules.R_USES)
            return None
        if isinstance(move, Gallop):
            if not self.uses_left(seat, "gallop"):
                return (f"{who} has no Full Gallop left", rules.R_USES)
            if not self.map.on_board(move.to):
                return (f"{fmt_pt(move.to)} is off the board", rules.GALLOP)
            if self.map.in_restricted(move.to):
                return (f"a Full Gallop may not end in a restricted area "
                        f"({self.map.restricted_name(move.to)})", rules.GALLOP)
            if move.to == at:
                return ("the Full Gallop must go somewhere", rules.GALLOP)
            return None
        if isinstance(move, Verify):
            if not self.uses_left(seat, "verify"):
                return (f"{who} has no Verification left", rules.R_USES)
            if not 1 <= move.number <= len(d.played):
                return (f"there is no hint {move.number} on the calendar (hints 1-"
                        f"{len(d.played)})", rules.VERIFICATION)
            h = d.played[move.number - 1]
            if h.face_up:
                return (f"hint {move.number}'s Information token already lies face up",
                        rules.R_VERIFY)
            if move.number in d.verified[seat]:
                return (f"{who} has already looked at hint {move.number}'s token",
                        rules.R_VERIFY)
            return None
        return (f"{move!s} is not a pirate action", rules.ACTIONS)

    def _spend(self, seat: int, action: str) -> tuple[tuple[tuple[str, int], ...], ...]:
        uses = [list(u) for u in self._d.uses]
        uses[seat] = [(a, k - 1 if a == action else k) for a, k in uses[seat]]
        return tuple(tuple(u) for u in uses)

    def _move_mini(self, mini: str, path: Sequence[Pt], kind: str, *, line: bool = True) -> None:
        d = self._d
        i = self._mini_index[mini]
        start = d.pos[i]
        assert start is not None
        pos = list(d.pos)
        pos[i] = path[-1]
        lines = list(d.lines)
        crosses = list(d.crosses)
        last = list(d.last_line)
        a = start
        for b in path:
            if line:
                lines.append(LineView(mini, kind, a, b))
            crosses.append((mini, b))
            a = b
        last[i] = (start, path[-1]) if line else None
        self._set(pos=tuple(pos), lines=tuple(lines), crosses=tuple(crosses),
                  last_line=tuple(last))

    def _apply_action(self, move: TIMove) -> list[Event]:
        d = self._d
        seat = d.active
        assert seat is not None
        who = self.who(seat)
        if isinstance(move, Done):
            self._set(actions_left=0, pending=None, phase="next")
            return [Event(f"{who} ends the turn", rules.ACTIONS, "done")]
        if isinstance(move, UseItem):
            items = list(d.chest_items[seat])
            items.remove(move.item)
            all_items = list(d.chest_items)
            all_items[seat] = tuple(items)
            self._set(chest_items=tuple(all_items), pending=None)
            if move.item == "action":
                self._set(actions_left=d.actions_left + 1)
                return [Event(f"{who} uses a Chest token: one additional action this turn",
                              rules.CHEST_ITEMS, "item")]
            assert move.mini is not None and move.to is not None
            self._set(turn_mini=move.mini)
            if move.item == "move7":
                self._move_mini(move.mini, (move.to,), "item")
                return [Event(f"{who} uses a Chest token: {move.mini} moves to "
                              f"{fmt_pt(move.to)}", rules.CHEST_ITEMS, "move")]
            return self._search(seat, move.mini, move.to, "item", self._radius("small", seat),
                                rules.CHEST_ITEMS)
        completing = (isinstance(move, Foot) and d.pending == "foot"
                      and move.mini == d.turn_mini) or (
            isinstance(move, Search) and move.size == "small" and d.pending == "search"
            and move.mini == d.turn_mini)
        if completing:
            self._set(pending=None)
        else:
            self._set(actions_left=d.actions_left - 1, pending=None)
        if isinstance(move, (Horse, Foot, Search, Compass, Gallop)):
            self._set(turn_mini=move.mini)
        if isinstance(move, Horse):
            self._move_mini(move.mini, move.path, "horse")
            legs = " then ".join(fmt_pt(p) for p in move.path)
            rule = rules.HORSE if len(move.path) == 1 else rules.ABILITIES["thoroughbred"]
            return [Event(f"{who} rides {move.mini} to {legs}", rule, "move")]
        if isinstance(move, Foot):
            self._move_mini(move.mini, (move.to,), "foot")
            if not completing:
                self._set(pending="search")
            return [Event(f"{who} walks {move.mini} to {fmt_pt(move.to)}", rules.FOOT, "move")]
        if isinstance(move, Search):
            if move.size == "small" and not completing:
                self._set(pending="foot")
            rule = rules.SMALL_SEARCH if move.size == "small" else rules.LARGE_SEARCH
            if move.size == "large" and self.has_ability(seat, "fortune"):
                rule = rules.ABILITIES["fortune"]
            return self._search(seat, move.mini, move.at, move.size,
                                self._radius(move.size, seat), rule)
        if isinstance(move, Remote):
            ability = "king_georges" if move.kind == "monkey" else "spyglass"
            size = "small" if move.kind == "monkey" else "large"
            self._set(uses=self._spend(seat, move.kind))
            mini = d.turn_mini or self.seat_minis(seat)[0]
            return self._search(seat, mini, move.at, move.kind, self._radius(size, seat),
                                rules.ABILITIES[ability])
        if isinstance(move, Gallop):
            self._set(uses=self._spend(seat, "gallop"))
            self._move_mini(move.mini, (move.to,), "gallop", line=False)
            return [Event(f"{who} gallops {move.mini} to {fmt_pt(move.to)} (no line is drawn)",
                          rules.GALLOP, "move")]
        if isinstance(move, Verify):
            verified = list(d.verified)
            verified[seat] = (*verified[seat], move.number)
            self._set(uses=self._spend(seat, "verify"), verified=tuple(verified))
            return [Event(f"{who} secretly looks at hint {move.number}'s Information token",
                          rules.VERIFICATION, "verify")]
        assert isinstance(move, Compass)
        self._set(uses=self._spend(seat, "compass"))
        at = self.position_of(move.mini)
        assert at is not None
        events = [Event(f"{who} lays the large compass around {move.mini}", rules.COMPASS,
                        "compass")]
        options = self._true_cards(at)
        if not options:
            events.append(Event(
                "Silver holds no Compass Hint that is true here: the pirate learns nothing "
                "(ruling TI2018-5)", rules.R_COMPASS, "compass"))
            return events
        self._set(phase="compass", compass_at=(move.mini, at))
        return events

    def _search(self, seat: int, mini: str, at: Pt, kind: str, radius: float,
                rule: str) -> list[Event]:
        d = self._d
        assert d.treasure is not None
        who = self.who(seat)
        gap = distance(at, d.treasure)
        what = {"small": "a Small search", "large": "a Large search", "monkey":
                "the monkey's search", "spyglass": "a spyglass search",
                "item": "an additional Small search"}[kind]
        if gap <= radius + EPS:
            end = (f"{who} makes {what} at {fmt_pt(at)} (radius {radius:g}) and finds Long "
                   f"John Silver's treasure at {fmt_pt(d.treasure)}!")
            self._set(winner=seat, end="a pirate found the treasure", phase="over")
            return [Event(end, rules.GOAL, "found")]
        search = SearchView(seat, mini, kind, at[0], at[1], radius)
        self._set(searches=(*d.searches, search))
        events = [Event(f"{who} makes {what} at {fmt_pt(at)} (radius {radius:g}): the treasure "
                        "is not there", rule, "search")]
        if d.chest_left:
            pos = self.position_of(mini)
            assert pos is not None
            self._set(last_search=(seat, mini, pos), phase="answer")
        return events

    # ----- Silver's answers --------------------------------------------------------------------
    def _answer_options(self) -> list[TIMove]:
        out: list[TIMove] = [Answer("none")]
        out += [Answer(t) for t in self._d.chest_left if self._check_answer(Answer(t)) is None]
        return out

    def _check_answer(self, move: Answer) -> Problem:
        d = self._d
        if move.token == "none":
            return None
        if move.token not in d.chest_left:
            left = ", ".join(d.chest_left) or "none"
            return (f"Silver has no Chest token {move.token!r} left (left: {left})",
                    rules.CHEST_TOKENS)
        if self.decks.chest_token(move.token).kind == "info":
            assert d.last_search is not None and d.treasure is not None
            _, _, at = d.last_search
            district = self.map.district_at(at)
            if not chest_token_true(move.token, at, district, d.treasure, self.map):
                return (f"the Chest token {move.token!r} would be false: an information token "
                        "must tell the truth", rules.R_CHEST)
        return None

    def _apply_answer(self, move: Answer) -> list[Event]:
        d = self._d
        assert d.last_search is not None
        seat, _, at = d.last_search
        base: dict[str, Any] = {"phase": "actions", "last_search": None}
        if move.token == "none":
            self._set(**base)
            return [Event("Silver says nothing more: the search was unsuccessful",
                          rules.CHEST_TOKENS,
                          "answer")]
        tok = self.decks.chest_token(move.token)
        counts = list(d.chest_counts)
        counts[seat] += 1
        base.update(chest_left=tuple(t for t in d.chest_left if t != move.token),
                    chest_credit=d.chest_credit + 1, chest_counts=tuple(counts))
        if tok.kind == "item":
            items = list(d.chest_items)
            items[seat] = (*items[seat], move.token)
            base["chest_items"] = tuple(items)
        else:
            info = list(d.chest_info)
            district = self.map.district_at(at) if move.token == "district" else None
            info[seat] = (*info[seat], ChestInfoView(move.token, at, district))
            base["chest_info"] = tuple(info)
        self._set(**base)
        return [Event(f"Silver secretly gives {self.who(seat)} a Chest token", rules.CHEST_TOKENS,
                      "chest")]

    def _true_cards(self, at: Pt) -> list[int]:
        d = self._d
        assert d.treasure is not None
        where = set(sector_of(at, d.treasure))
        return [c for c in d.compass_hand
                if not where & set(self.decks.compass_card(c).skulls)]

    def _card_options(self) -> list[TIMove]:
        d = self._d
        assert d.compass_at is not None
        return [Card(c) for c in self._true_cards(d.compass_at[1])]

    def _check_card(self, move: Card) -> Problem:
        d = self._d
        assert d.compass_at is not None
        true = self._true_cards(d.compass_at[1])
        if move.card is None:
            if true:
                return ("Silver holds a true Compass Hint and must give one", rules.COMPASS)
            return None
        if move.card not in d.compass_hand:
            hand = ", ".join(map(str, d.compass_hand)) or "none"
            return (f"Compass Hint {move.card} is not in Silver's hand ({hand})", rules.COMPASS)
        if move.card not in true:
            return (f"Compass Hint {move.card} would be false here: Silver cannot lie with a "
                    "Compass Hint", rules.COMPASS)
        return None

    def _apply_card(self, move: Card) -> list[Event]:
        d = self._d
        assert d.compass_at is not None and d.active is not None
        mini, at = d.compass_at
        base: dict[str, Any] = {"phase": "actions", "compass_at": None}
        if move.card is not None:
            card = self.decks.compass_card(move.card)
            given = CompassView(card.id, card.skulls, mini, at)
            base.update(compass_hand=tuple(c for c in d.compass_hand if c != card.id),
                        compass_given=(*d.compass_given, (d.active, given)))
        self._set(**base)
        return [Event(f"Silver secretly gives {self.who(d.active)} a Compass Hint",
                      rules.COMPASS_HINTS, "compass")]

    # ----- the escape -------------------------------------------------------------------------
    def _escape_moves(self) -> list[TIMove]:
        d = self._d
        at = self.position_of("silver")
        assert at is not None and d.treasure is not None
        sc = self.map.scale
        ends = self._leg_ends(at, sc.horse_miles, _DIRS16, (1.0, 0.5))
        out: list[TIMove] = []
        t = d.treasure
        if 0 < distance(at, t) <= sc.horse_miles and self.map.path_problem(at, t) is None:
            out.append(Horse("silver", (t,)))
        out += [Horse("silver", (e,)) for e in ends]
        if not out:
            out.append(Done())
        return self._dedupe(out)

    def _check_escape(self, move: Horse | Done) -> Problem:
        at = self.position_of("silver")
        assert at is not None
        if isinstance(move, Done):
            if self._escape_moves() != [Done()]:
                return ("Long John Silver must make a Horse move during his escape",
                        rules.ESCAPE)
            return None
        if move.mini != "silver":
            return ("during his turn Long John Silver moves his own miniature: 'horse silver "
                    "x,y'", rules.ESCAPE)
        if len(move.path) != 1:
            return ("Silver's Horse move is one straight line", rules.ESCAPE)
        return self._leg_problem(at, move.path[0], self.map.scale.horse_miles, "Horse move",
                                 rules.ESCAPE)

    def _apply_escape(self, move: Horse | Done) -> list[Event]:
        d = self._d
        assert d.treasure is not None
        events: list[Event] = []
        if isinstance(move, Horse):
            self._move_mini("silver", move.path, "escape")
            end = move.path[0]
            events.append(Event(f"Long John Silver rides to {fmt_pt(end)}", rules.ESCAPE,
                                "move"))
            if distance(end, d.treasure) <= self.map.scale.treasure_site_radius + EPS:
                self._set(winner=SILVER, phase="over",
                          end="Long John Silver reached his treasure")
                events.append(Event("Long John Silver stands on his treasure's site and wins!",
                                    rules.ESCAPE, "end"))
                return events
        else:
            events.append(Event("Long John Silver cannot move", rules.ESCAPE, "move"))
        self._set(phase="next", active=SILVER)
        return events

    # ----- the calendar ----------------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        for _ in range(1000):
            self._prune_chance()
            d = self._d
            if d.winner is not None or d.chance:
                return
            if d.phase == "actions":
                assert d.active is not None
                items = d.chest_items[d.active]
                if d.actions_left > 0 or d.pending is not None or items:
                    return
                self._set(phase="next")
                continue
            if d.phase == "hint":
                options = self._hint_options()
                if options:
                    self._legal_cache, self._legal_set = options, set(options)
                    return
                events.append(Event("Silver has no hint he may play: the event passes",
                                    rules.R_REDRAW, "info"))
                self._set(phase="actions", hint_deck=None)
                continue
            if d.phase == "share" and not d.share_seats:
                self._set(phase="actions")
                continue
            if d.phase == "next":
                events += self._next_turn()
                continue
            return
        raise RuntimeError("the calendar did not settle")  # pragma: no cover

    def _next_turn(self) -> list[Event]:
        d = self._d
        if d.escape_round:
            return self._next_escape_turn()
        day = d.day + 1
        if day >= self.escape_day:
            self._set(day=day, escape_round=1, phase="escape", active=None, actions_left=0,
                      turn_mini=None, pending=None, hint_deck=None)
            return [Event(f"{day} June: a Turn Order token reaches the Escape space - Long John "
                          "Silver escapes! From now on Silver and the pirates play in turn, "
                          "Silver first", rules.ESCAPE_EVENT, "escape")]
        space = self.calendar[day - 1]
        seat = self.pirates[(day - 1) % len(self.pirates)]
        self._set(day=day, active=seat, actions_left=space.stars, turn_mini=None,
                  pending=None, hint_deck=None, phase="actions")
        stars = "1 action" if space.stars == 1 else "2 actions"
        events = [Event(f"{day} June: {self.who(seat)}'s turn ({stars})",
                        rules.CALENDAR_UPDATE, "day")]
        events += self._start_event(space.event)
        return events

    def _start_event(self, event: str | None) -> list[Event]:
        d = self._d
        if event is None:
            return []
        if event == "starting_hint":
            self._set(phase="hint", hint_deck="starting")
            return [Event("Calendar event: Silver plays a Starting Hint", rules.STARTING_EVENT,
                          "event")]
        if event == "black_spot_hint":
            self._set(phase="hint", hint_deck="black_spot")
            return [Event("Calendar event: Silver plays a Black Spot Hint",
                          rules.BLACK_SPOT_EVENT, "event")]
        if event == "bluff":
            self._set(bluff=d.bluff + 1, bluff_received=d.bluff_received + 1)
            return [Event("Calendar event: Silver takes an Information Bluff token",
                          rules.BLUFF_EVENT, "event")]
        if event == "prison":
            self._set(phase="prison")
            return [Event(f"Calendar event: Prison - {self.who(d.active or 1)} chooses the "
                          "black tower where Silver's miniature is held", rules.PRISON, "event")]
        assert event == "black_spot"
        n = min(3, len(d.bs_pile))
        self._set(start_hand=(), chance=(*d.chance, *(("draw", "black_spot"),) * n))
        return [Event("Calendar event: The Black Spot - Silver discards his Starting Hints "
                      "and draws three Black Spot Hints", rules.BLACK_SPOT, "event")]

    def _next_escape_turn(self) -> list[Event]:
        d = self._d
        prev = d.active
        if prev is None or prev == SILVER:
            seat = self.pirates[0]
        elif prev == self.pirates[-1]:
            seat = SILVER
        else:
            seat = prev + 1
        if seat == SILVER:
            rnd = d.escape_round + 1
            limit = self.game.escape_rounds
            if limit is not None and rnd > limit:
                self._set(winner=SILVER, phase="over",
                          end=f"no pirate found the treasure in {limit} rounds of escape")
                return [Event(f"After {limit} rounds of escape no pirate has found the "
                              "treasure: Long John Silver gets away with it and wins "
                              "(ruling TI2018-24)", rules.R_ESCAPE, "end")]
            self._set(escape_round=rnd, phase="escape", active=None, actions_left=0,
                      turn_mini=None, pending=None)
            return []
        self._set(active=seat, actions_left=2, turn_mini=None, pending=None, phase="actions")
        return [Event(f"Escape round {d.escape_round}: {self.who(seat)}'s turn (2 actions)",
                      rules.ESCAPE, "day")]

    # ----- effects ---------------------------------------------------------------------------
    def _apply(self, move: TIMove) -> list[Event]:
        self._legal_cache = None
        self._legal_set = None
        d = self._d
        if d.chance:
            events = self._apply_chance(move)
        elif isinstance(move, Bury):
            events = self._apply_bury(move)
        elif d.phase == "hint" and isinstance(move, PlayHint):
            events = self._apply_hint(move)
        elif d.phase == "hint" and isinstance(move, Redraw):
            events = self._apply_redraw()
        elif isinstance(move, Ask):
            asker = self._current_player()
            self._set(questions=(*d.questions, (asker, move.question)))
            events = [Event(f"{self.who(asker)} asks: "
                            f"{question_text(move.question, self.map)}",
                            rules.hint("CONFESSION", True), "ask")]
            if len(self._d.questions) == len(self.pirates):
                self._set(phase="confess")
        elif isinstance(move, Confess):
            events = self._apply_confess(move)
        elif isinstance(move, Share):
            seat = d.share_seats[0]
            rest = d.share_seats[1:]
            chosen = (*d.share_choice, (seat, move.district))
            self._set(share_seats=rest, share_choice=chosen)
            events = [Event(f"{self.who(seat)} chooses which District Hint to show",
                            rules.R_PARROT, "share")]
            if not rest:
                events += self._apply_sharing(dict(chosen))
                self._set(phase="actions", share_choice=())
        elif isinstance(move, Prison):
            events = self._apply_prison(move)
        elif d.phase == "answer" and isinstance(move, Answer):
            events = self._apply_answer(move)
        elif d.phase == "compass" and isinstance(move, Card):
            events = self._apply_card(move)
        elif d.phase == "escape" and isinstance(move, (Horse, Done)):
            events = self._apply_escape(move)
        else:
            events = self._apply_action(move)
        self._advance(events)
        if self._d.winner is not None:
            events.append(self._end_event())
        return events

    def _apply_bury(self, move: Bury) -> list[Event]:
        district = self.map.district_at(move.at)
        assert district is not None
        chance: list[tuple[Any, ...]] = []
        for seat in self.pirates:
            chance.append(("deal", seat))
        for seat in self.pirates:
            if self.has_ability(seat, "ancient_scrolls"):
                chance += [("deal", seat), ("deal", seat)]
        chance += [("draw", "starting")] * 3
        chance += [("draw", "compass")] * (len(self.pirates) + 3)
        self._set(treasure=move.at, set_aside=district, phase="next", chance=tuple(chance),
                  undealt=tuple(x for x in self._d.undealt if x != district))
        return [Event("Long John Silver buries his treasure and marks it on his mini map; he "
                      "sets its District Hint aside", rules.BURY, "bury")]

    def _apply_prison(self, move: Prison) -> list[Event]:
        tower = self.map.tower(move.tower)
        i = self._mini_index["silver"]
        pos = list(self._d.pos)
        pos[i] = tower.xy
        self._set(pos=tuple(pos), crosses=(*self._d.crosses, ("silver", tower.xy)),
                  phase="actions")
        return [Event(f"{self.who(self._d.active or 1)} puts Long John Silver's miniature in "
                      f"the black tower {tower.id} ({fmt_pt(tower.xy)})", rules.PRISON, "prison")]

    def _end_event(self) -> Event:
        d = self._d
        winner = "Long John Silver" if d.winner == SILVER else self.who(d.winner or 1)
        return Event(f"Game over ({d.end}): {winner} wins.", rules.R_WINNER, "end")

    # ----- result --------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """The winner (a pirate who found the treasure, or Silver) once the game is over
        (TI2018 §1; ruling TI2018-29: the winner scores 1, everyone else 0)."""
        d = self._d
        if d.winner is None:
            return None
        scores = tuple(1 if p == d.winner else 0 for p in range(self.n))
        return Outcome(d.end, scores, (d.winner,))

    # ----- seat records --------------------------------------------------------------------------
    def _seat_move_text(self, move: TIMove, seat: int) -> str:
        """``move`` as ``seat`` may know it (played next in this state), hidden parts ``?``.

        Hidden from the pirates: where Silver buries (TI2018 §6), his draws, the face-down
        Information token of a hint or CONFESSION answer (the first hint's and PARROT's lie
        face up). Hidden from all but the receiver (and Silver, who dealt or gave it): a
        District Hint dealt, a Chest token or Compass Hint given. A District Hint shown
        under PARROT is seen by the two neighbours only (ruling TI2018-19).
        """
        d = self._d
        silver = seat == SILVER
        if isinstance(move, Bury) and not silver:
            return f"bury {HIDDEN}"
        if isinstance(move, Deal) and not silver and move.seat != seat:
            return f"deal p{move.seat} {HIDDEN}"
        if isinstance(move, Draw) and not silver:
            return f"draw {move.deck} {HIDDEN}"
        if isinstance(move, PlayHint) and not silver:
            # the first hint's token and PARROT's lie face up (TI2018 §5 Information tokens)
            face_down = move.token is not None and move.kind != "parrot" and bool(d.played)
            return " ".join(["hint", move.kind, *move.args, HIDDEN]) if face_down else str(move)
        if isinstance(move, Confess) and not silver:
            return f"confess p{move.seat} {move.answer} {HIDDEN}"
        if isinstance(move, Answer) and move.token != "none" and not silver:
            searcher = d.last_search[0] if d.last_search is not None else None
            if seat != searcher:
                return f"answer {HIDDEN}"
        if isinstance(move, Card) and not silver and seat != d.active:
            return f"card {HIDDEN}"
        if isinstance(move, Share) and d.share_seats:
            ring = list(self.pirates)
            sharer = d.share_seats[0]
            i = ring.index(sharer)
            sees = {sharer, ring[(i - 1) % len(ring)], ring[(i + 1) % len(ring)]}
            if seat not in sees:
                return f"share {HIDDEN}"
        return str(move)

    # ----- views ---------------------------------------------------------------------------------
    def view(self, player: int) -> TIView:
        """What seat ``player`` may know (see ``view.py``); never the seed."""
        if not 0 <= player < self.n:
            raise ValueError(f"player must be a seat 0-{self.n - 1}, got {player}")
        d = self._d
        silver = player == SILVER
        mine = set(d.verified[player]) if not silver else set()
        hints = tuple(
            HintView(
                h.number, h.deck, h.kind, self.decks.hint(h.kind).name, h.args, h.situation,
                h.token if (silver or h.face_up or h.number in mine) else "hidden",
                h.face_up, h.day)
            for h in d.played)
        own_compass = tuple(c for s, c in d.compass_given if s == player)
        view = TIView(
            player=player,
            role="silver" if silver else "pirate",
            to_move=self._current_player(),
            phase=self.phase,
            status=self.status(),
            day=d.day,
            escape_day=self.escape_day,
            calendar=self.calendar[: self.escape_day],
            active=d.active,
            actions_left=d.actions_left,
            turn_mini=d.turn_mini,
            pending=d.pending,
            escape_round=d.escape_round,
            characters=tuple((s, c.id) for s, c in enumerate(self.characters) if c),
            miniatures=tuple(MiniView(m, self.owner[m], p) for m, p in zip(self.minis, d.pos,
                                                                         strict=True)),
            lines=d.lines,
            crosses=d.crosses,
            searches=d.searches,
            hints=hints,
            revealed=d.revealed,
            questions=d.questions,
            chest_counts=d.chest_counts,
            uses=d.uses,
            bluff_received=d.bluff_received,
            hand_sizes=(len(d.start_hand), len(d.bs_hand), len(d.compass_hand)),
            my_districts=d.dealt[player],
            shared_districts=d.shared[player],
            my_compass=own_compass,
            my_chest_items=d.chest_items[player],
            my_chest_info=d.chest_info[player],
            winner=d.winner,
            ply=self.ply,
        )
        if not silver:
            return view
        return replace(
            view,
            treasure=d.treasure,
            hand=self._hand_of_silver(),
            compass_hand=d.compass_hand,
            truth_left=d.truth,
            bluff_left=d.bluff,
            chest_left=d.chest_left,
            chest_credit=d.chest_credit,
            undealt=tuple(x for x in d.undealt if x != d.set_aside),
            set_aside=d.set_aside,
            dealt=tuple((s, d.dealt[s]) for s in self.pirates),
            compass_given=d.compass_given,
        )

    def _hand_of_silver(self) -> tuple[str, ...]:
        d = self._d
        return d.start_hand + d.bs_hand

    def status(self) -> str:
        """One line: whose move it is and what is expected."""
        d = self._d
        if d.winner is not None:
            w = "Long John Silver" if d.winner == SILVER else self.who(d.winner)
            return f"game over: {w} wins ({d.end})"
        if d.chance:
            return "chance: " + {"deal": "a District Hint is dealt", "draw": "Silver draws",
                                 "reveal": "PARROT shows a district"}[d.chance[0][0]]
        phase = d.phase
        if phase == "bury":
            return "Long John Silver buries the treasure"
        if phase == "escape":
            return f"escape round {d.escape_round}: Long John Silver rides"
        cp = self._current_player()
        text = {
            "hint": "Silver plays a hint",
            "ask": f"{self.who(cp)} asks a question",
            "confess": "Silver answers a question",
            "share": f"{self.who(cp)} chooses a District Hint to show",
            "prison": f"{self.who(cp)} chooses Silver's tower",
            "answer": "Silver answers the search",
            "compass": "Silver gives a Compass Hint",
        }.get(phase)
        if text is None:
            left = f"{d.actions_left} action{'s' if d.actions_left != 1 else ''} left"
            if d.pending:
                left += f", may still {'search' if d.pending == 'search' else 'walk'}"
            text = f"{self.who(cp)} to act ({left})"
        return text

    def __str__(self) -> str:
        d = self._d
        when = f"day {d.day} of June" if d.day and not d.escape_round else (
            f"escape round {d.escape_round}" if d.escape_round else "before 1 June")
        lines = [f"Treasure Island (2018), {self.n} players - ply {self.ply}, {when}: "
                 f"{self.status()}"]
        cal = []
        marks = {"starting_hint": "S", "bluff": "B", "prison": "P", "black_spot": "X",
                 "black_spot_hint": "H", None: ""}
        for space in self.calendar[: self.escape_day - 1]:
            cell = f"{space.day}{'*' * space.stars}{marks[space.event]}"
            cal.append(f"[{cell}]" if space.day == d.day and not d.escape_round else cell)
        lines.append("calendar: " + " ".join(cal) + f" {self.escape_day}:Escape")
        minis = "  ".join(f"{m} {fmt_pt(p) if p else '-'}" for m, p in zip(self.minis, d.pos,
                                                                         strict=True))
        lines.append(f"miniatures: {minis}")
        lines.append(f"lines drawn: {len(d.lines)}; searches: " + (", ".join(
            f"{s.mini} {s.kind} {s.x:g},{s.y:g} r{s.radius:g}" for s in d.searches) or "none"))
        for h in d.played:
            name = self.decks.hint(h.kind).name
            token = h.token if h.face_up else "token face down"
            lines.append(f"hint {h.number} (day {h.day}): "
                         f"{describe(h.kind, h.args, self.map, name)} [{token}]")
        if d.revealed:
            lines.append("districts shown: " + ", ".join(f"d{x} ({src})" for x, src in d.revealed))
        lines.append("chest tokens received: " + ", ".join(
            f"p{s} {d.chest_counts[s]}" for s in self.pirates))
        lines.append(f"treasure: {'buried' if d.treasure else 'not yet buried'}; Silver's hand: "
                     f"{len(d.start_hand) + len(d.bs_hand)} hints, {len(d.compass_hand)} Compass "
                     f"Hints; Information tokens played: {len(d.played)}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<TIState ply={self.ply} seed={self.seed}>"

    # ----- hidden information for search bots ------------------------------------------------
    def determinize(self, player: int, rng: Any) -> TIState:
        """A copy in which what ``player`` cannot know is resampled (for MCTS): for a
        pirate, the treasure is drawn from what that pirate knows (``sample_treasure``, trust
        0.8) and the
        District Hints are made consistent with it, and Silver's hands are redrawn from the
        cards that pirate has not seen. Silver knows everything but the future draws."""
        twin = self.copy()
        d = self._d
        if player == SILVER or d.treasure is None or d.winner is not None:
            return twin
        from .posterior import sample_treasure

        gen = rng if isinstance(rng, random.Random) else random.Random(0)
        t = sample_treasure(self.view(player), self.map, gen, trust=0.8)
        if t is None:
            return twin
        district = self.map.district_at(t)
        changes: dict[str, Any] = {"treasure": t}
        if district is not None and district != d.set_aside:
            old = d.set_aside
            assert old is not None
            dealt = [list(x) for x in d.dealt]
            undealt = list(d.undealt)
            for s in range(self.n):
                if district in dealt[s] and s != player:
                    dealt[s] = [old if x == district else x for x in dealt[s]]
            if district in undealt:
                undealt = [old if x == district else x for x in undealt]
            changes.update(set_aside=district, dealt=tuple(tuple(x) for x in dealt),
                           undealt=tuple(x for x in undealt if x is not None))
        # Silver's hands: redraw from the unseen cards of each deck
        for hand_f, pile_f in (("start_hand", "start_pile"), ("bs_hand", "bs_pile"),
                               ("compass_hand", "compass_pile")):
            hand = list(getattr(d, hand_f))
            pool = hand + list(getattr(d, pile_f))
            rng.shuffle(pool)
            new_hand = pool[: len(hand)]
            rest = pool[len(hand):]
            if hand_f == "compass_hand":
                changes[hand_f] = tuple(sorted(int(x) for x in new_hand))
                changes[pile_f] = tuple(sorted(int(x) for x in rest))
            else:
                changes[hand_f] = tuple(new_hand)
                changes[pile_f] = tuple(sorted(rest, key=_order(self.decks, hand_f)))
        twin._restore(replace(d, **changes))
        return twin


_DONE = Done()


def _placement_problem(imap: IslandMap, at: Pt, radius: float, cross: Pt | None) -> str | None:
    """Template placement (TI2018 §7 Small search; ruling TI2018-12): on the board, the
    miniature's cross inside the circle (``cross`` None for remote searches), and not the
    whole circle over restricted areas."""
    if not imap.on_board(at):
        return f"{fmt_pt(at)} is off the board"
    if cross is not None:
        gap = distance(at, cross)
        if gap > radius + EPS:
            return (f"the miniature's cross must show inside the template: the circle's "
                    f"centre is {gap:.2f} miles from it, more than the radius {radius:g}")
    if not imap.in_restricted(at):
        return None  # the circle's centre is free ground, so the circle is not all red
    if cross is not None and distance(at, cross) <= radius:
        return None  # the miniature's cross (always on free ground) is inside
    if imap.restricted.covers(disc_cover(at, radius).intersection(imap.board)):
        return "the template may not lie wholly over a restricted area"
    return None


@lru_cache(maxsize=8192)
def _placement_spots(imap: IslandMap, at: Pt, template: float, radius: float) -> tuple[Pt, ...]:
    """Sampled search centres: on the cross, and 0.9 template radius N, E, S and W of it.
    (The cross is inside each, so no circle is wholly over a restricted area.)"""
    r = template * 0.9
    spots = [at] + [(mi(at[0] + dx * r), mi(at[1] + dy * r))
                    for dx, dy in ((0, 1), (1, 0), (0, -1), (-1, 0))]
    return tuple(p for p in spots if imap.on_board(p))


def _raw(cls: type, *values: Any) -> Any:
    """Build a move whose points are already rounded (skips the rounding)."""
    obj: Any = object.__new__(cls)
    fields = cls.__dataclass_fields__  # type: ignore[attr-defined]
    for name, value in zip(fields, values, strict=True):
        object.__setattr__(obj, name, value)
    return obj


_DIR_ARRAY = np.array(_DIRS8)


def _ends_array(at: Pt, lengths: Sequence[float]) -> list[Pt]:
    pts = np.round(np.asarray(at)[None, None, :] + np.asarray(lengths)[:, None, None]
                   * _DIR_ARRAY[None, :, :], 2).reshape(-1, 2) + 0.0
    return [(x, y) for x, y in pts.tolist()]


@lru_cache(maxsize=8192)
def _mini_block(imap: IslandMap, m: str, at: Pt, thorough: bool, small_r: float,
                large_r: float, compass: bool, gallop: bool) -> tuple[TIMove, ...]:
    """The sampled actions of one miniature standing at ``at`` (ruling TI2018-33): Horse
    moves of 5.99 and 2.99 miles and Foot moves of 2.99 and 1.49 miles in the 8 compass
    directions (a hair short of the limit, so that rounding to 0.01 mile never makes one
    too long), two straight 5.99-mile legs for the Thoroughbred, searches centred on the
    cross and 0.9 template radius N, E, S, W of it, Full Gallops to the map's gallop
    spots."""
    sc = imap.scale
    h, f = sc.horse_miles - 0.01, sc.foot_miles - 0.01
    lengths = sorted({h, sc.horse_miles / 2 - 0.01, f, sc.foot_miles / 2 - 0.01},
                     reverse=True)
    ends = _ends_array(at, lengths)
    ok = imap.paths_clear(at, ends)
    good = {e for e, g in zip(ends, ok, strict=True) if g and e != at}
    out: list[TIMove] = []
    # the same points as _ends_array(at, [length]) for each length: ends lists them
    # length by length, 8 directions each (elementwise the same arithmetic)
    k = len(_DIRS8)
    by_len = {length: ends[i * k:(i + 1) * k] for i, length in enumerate(lengths)}
    horse_lens = (h, sc.horse_miles / 2 - 0.01)
    foot_lens = (f, sc.foot_miles / 2 - 0.01)
    for length in horse_lens:
        out += [_raw(Horse, m, (e,)) for e in by_len[length] if e in good]
    if thorough:
        firsts = list(by_len[h])
        seconds = [(mi(e[0] + u[0] * h), mi(e[1] + u[1] * h)) for e, u in zip(firsts, _DIRS8,
                                                                                 strict=True)]
        ok2 = imap.segments_clear(list(zip(firsts, seconds, strict=True)))
        ok2 = [g and a in good for g, a in zip(ok2, firsts, strict=True)]
        out += [_raw(Horse, m, (a, b)) for a, b, g in zip(firsts, seconds, ok2, strict=True)
                if g and b != a]
    for length in foot_lens:
        out += [_raw(Foot, m, e) for e in by_len[length] if e in good]
    out += [_raw(Search, "small", m, p) for p in _placement_spots(
        imap, at, sc.small_search_radius, small_r)]
    out += [_raw(Search, "large", m, p) for p in _placement_spots(
        imap, at, sc.large_search_radius, large_r)]
    if compass:
        out.append(Compass(m))
    if gallop:
        out += [_raw(Gallop, m, p) for p in imap.gallop_spots if p != at]
    return tuple(out)


@lru_cache(maxsize=16)
def _bury_moves(imap: IslandMap) -> tuple[TIMove, ...]:
    """One Bury move per lattice point of a map (the same for every game on that map)."""
    return tuple(Bury(x, y) for x, y in imap.lattice)


@lru_cache(maxsize=8192)
def _foot_block(imap: IslandMap, m: str, at: Pt) -> tuple[TIMove, ...]:
    return tuple(Foot(m, e) for e in _sample_ends(imap, at, imap.scale.foot_miles, _DIRS8,
                                                  (1.0, 0.5)))


@lru_cache(maxsize=64)
def _remote_block(imap: IslandMap, kind: str, radius: float) -> tuple[TIMove, ...]:
    return tuple(Remote(kind, p) for p in imap.gallop_spots
                 if _placement_problem(imap, p, radius, None) is None)


@lru_cache(maxsize=8192)
def _sample_ends(imap: IslandMap, start: Pt, limit: float, dirs: tuple[Pt, ...],
                 fractions: tuple[float, ...]) -> tuple[Pt, ...]:
    ends = []
    for f in fractions:
        length = limit * f - 0.01
        for ux, uy in dirs:
            e = (mi(start[0] + ux * length), mi(start[1] + uy * length))
            if e != start:
                ends.append(e)
    ok = imap.paths_clear(start, ends)
    return tuple(e for e, good in zip(ends, ok, strict=True) if good)


def _order(decks: Decks, which: str) -> Any:
    ids = [h.id for h in (decks.starting if which.startswith("start") else decks.black_spot)]
    return lambda h: ids.index(h) if h in ids else 99


def _q_true(q: tuple[str, ...], sit: Situation, imap: IslandMap, t: Pt, yes: bool) -> bool:
    return question_true(q, sit, imap, t, yes)

