"""`BoardController`: what a board decides, with no widget (issue 25 point 6).

A board is a controller and a view. The controller (this module: no ipywidgets, bqplot
or traitlets import) holds the game being played and decides

- whose turn it is and what to say: :meth:`BoardController.turn_problem` (why a click
  means nothing whatever it hits), the notice as ``(reason, rule)`` (:meth:`tell`,
  :attr:`notice_parts`, counted when told again: :attr:`notice_said`);
- what a click on a place means (:meth:`click`: the engine's ``moves_at`` through the
  board's ``moves_for``, else ``why_not_at`` through ``nothing_here``): a :class:`Click`
  that plays one move, offers several (the pending choice, :attr:`offered`), or is a
  notice; :meth:`choose` picks one of the pending choice;
- play, undo, new game and hot-seat hand-over: :meth:`apply` (the log of each ply),
  :meth:`undo_blocker` (fair Undo, DESIGN §4), :meth:`take_back`, :meth:`new_game`,
  :meth:`update_cover` / :meth:`ready` (the "Pass to X" cover), the bots' plies
  (:meth:`auto_ply`, :meth:`auto_ply_follows`) and what befell a human meanwhile
  (:meth:`news_since`);
- what changed that the view must redraw (:attr:`changed`, :meth:`take_changes`).

The words a game's board says (``turn_of``, ``seat_name``, ``moves_for``...) come from
its :class:`Hooks`: a :class:`~treasurekit_widgets.base.GameBoard` is its controller's
hooks (a game's board overrides them, through its game's hooks in
``widgets/<game>/controller.py``, beside its game's subclass of :class:`BoardController`
that adds the game's own decisions); :class:`Hooks` itself says what a board says by
default, so a controller is driven without any widget:

>>> from treasurekit import load_game
>>> c = BoardController(load_game("ahoy", players=2), None, seed=1)  # two humans
>>> c.turn_problem()  # the default turn_of: nobody's at a chance node
'the board is playing chance moves; wait a moment'
>>> c.apply(c.state.resolve_chance) and c.movers, c.notice_parts
([-1], ('', None))
>>> c.turn_problem() is None, c.click(c.state.legal_moves()[0].source).kind in ("play", "offer")
(True, True)
"""

from __future__ import annotations

import copy
import html
import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from treasurekit.core.errors import PlaceError
from treasurekit.core.events import CHANCE, Event
from treasurekit.core.game import Game, State

from .places import NOWHERE, Nowhere, nothing_there
from .reseed import seeded_bot

__all__ = ["HUMAN", "NOTHING_TO_UNDO", "NOWHERE", "BoardController", "Click", "Hooks",
           "Nowhere", "nothing_there", "shows_hidden"]

#: The seat-map value for a seat played through the board.
HUMAN = "human"

#: How a refusal starts when no human decision has been played (the button is then off).
NOTHING_TO_UNDO = "nothing to take back"

#: Plies whose reveal check is kept (a cache, keyed by the history up to the ply).
_CACHE_SIZE = 512


@dataclass(frozen=True)
class Click:
    """What a click means: ``kind`` ``"play"`` (``moves[0]``), ``"offer"`` (``moves``, a
    choice to make) or ``"notice"`` (``reason`` and ``rule``: why it means nothing)."""

    kind: str
    moves: tuple[Any, ...] = ()
    reason: str = ""
    rule: str | None = None


class Hooks:
    """What a board says and reads of its game, by default (a game's board overrides it).

    ``controller`` is set by :class:`BoardController` when it is given these hooks.
    """

    controller: BoardController
    #: True for games in which a seat holds secrets: a cover between two humans' turns.
    SEAT_SECRETS = False

    def turn_of(self, state: State[Any]) -> int | None:
        """The seat whose turn it is, also at a chance node (None if nobody's)."""
        player = state.current_player
        return player if player >= 0 else None

    def seat_name(self, seat: int) -> str:
        """How the board names a seat."""
        return f"Player {seat + 1}"

    @property
    def teaching(self) -> bool:
        """Teaching mode: unlimited Undo, no cover (the controller's ``teaching_given``)."""
        return bool(self.controller.teaching_given)

    def moves_for(self, place: object) -> list[Any]:
        """The moves a click on ``place`` can mean now: ``state.moves_at(place)``."""
        return list(self.controller.state.moves_at(place))

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click on ``place`` means nothing: the engine's ``why_not_at``."""
        refusal = self.controller.state.why_not_at(place)
        return (refusal.reason, refusal.rule) if refusal else ("nothing to do there now", None)

    def prompt(self, state: State[Any]) -> str:
        """HTML telling the seat to move what to do (the game is live and not over)."""
        seat = self.turn_of(state)
        if seat is None:
            return "Chance to play"
        who = html.escape(self.seat_name(seat))
        if not self.controller.is_human(seat):
            return f"{who} (bot) to {'roll' if state.is_chance_node() else 'move'}"
        if state.is_chance_node():
            return f"Your turn, {who}: press <b>Roll the die</b>"
        return f"Your turn, {who}: make your move"

    def start_problem(self) -> str | None:
        """Why nothing may be played yet (a play app's board waiting for Start), or None."""
        return None

    def reveal_of(self, before: State[Any], move: Any) -> str | None:
        """What ``move`` at ``before`` shows that was hidden ("cannot take back: ..."), or
        None (the engine checks do)."""
        return None

    def concerns(self, event: Event, seat: int) -> bool:
        """True if ``event`` (a bot's or chance's) befell human seat ``seat``."""
        name = self.seat_name(seat)
        return bool(name) and re.search(rf"(?<!\w){re.escape(name)}(?!\w)", event.text,
                                        re.IGNORECASE) is not None

    def _seat_events(self, events: Sequence[Event]) -> tuple[Event, ...]:
        """The events as the log shows them (a board may reword seats)."""
        return tuple(events)

    def _seat_text(self, text: str) -> str:
        """A notice as the board shows it (a board may reword seats)."""
        return text


class BoardController:
    """The game on a board and every decision about it; see the module docstring.

    Args:
        game, seats, seed: as :class:`~treasurekit_widgets.base.GameBoard` (``seed`` is
            given: the view picks an unpredictable one); ``seats`` None: ``default_seats()``
            (every seat human if not given), dealt again for each new game's seed.
        hooks: the board's words (default :class:`Hooks`); its ``controller`` is set.
        auto_roll: roll for human seats too.
        teaching: teaching mode as given (None: the hooks decide, off by default).
        default_seats: the default seat map, called with :attr:`seed` set.
    """

    #: Automatic plies allowed after one change (a guard against a bot that never ends).
    MAX_AUTO_PLIES = 10_000
    #: How a chance ply is named in a refusal ("the die has been rolled").
    CHANCE_WORDS = "a chance outcome has been drawn"

    def __init__(self, game: Game[Any], seats: Mapping[int, Any] | None, seed: int,
                 hooks: Hooks | None = None, *, auto_roll: bool = False,
                 teaching: bool | None = None,
                 default_seats: Callable[[], Mapping[int, Any]] | None = None) -> None:
        self.hooks: Hooks = hooks if hooks is not None else Hooks()
        self.hooks.controller = self
        self.game = game
        self.auto_roll = auto_roll
        self.teaching_given = teaching
        self.seed = seed
        self.first_seed = seed  # its game seats the bots as given
        self.default_seats = default_seats or (lambda: {})
        self.default_seating = seats is None  # dealt again for each new game's seed
        self.templates = self.check_seats(seats if seats is not None else self.default_seats())
        self.seats: dict[int, Any] = self.seat_bots()
        self.state: State[Any] = game.new_initial_state(seed)
        self.entries: list[tuple[Event, ...]] = []  # events of each ply
        self.movers: list[int] = []  # who played each ply (CHANCE for chance)
        self.seen: tuple[Any, ...] = ()  # the history the two lists describe
        self.notice_parts: tuple[str, str | None] = ("", None)  # (reason, rule) shown
        self.notice_said = 0  # how many times in a row the same notice was told
        self.view_ply: int | None = None  # None: live; else the replayed ply
        self.news: list[str] = []  # what befell a human seat during the bots' last plies
        self.offered: list[Any] = []  # the pending choice (moves a click could mean)
        self.offered_place: object = None
        self.facing: int | None = None  # the human the screen faces (None: nobody yet)
        self.cover_for: int | None = None  # the human the screen is to be passed to
        self.changed: set[str] = {"state"}  # what the view must redraw
        self._reveal_cache: dict[Any, str | None] = {}

    # ----- seats ---------------------------------------------------------------------------
    def check_seats(self, seats: Mapping[int, Any]) -> dict[int, Any]:
        """Every seat of the game, ``"human"`` where not given.

        Raises:
            TypeError: a seat value is neither ``"human"`` nor a bot.
            ValueError: a seat number is not a seat of the game.
        """
        n = self.game.num_players
        out: dict[int, Any] = {p: HUMAN for p in range(n)}
        for seat, who in seats.items():
            if not isinstance(seat, int) or not 0 <= seat < n:
                raise ValueError(f"seat {seat!r} is not a seat of this game (0-{n - 1})")
            if who != HUMAN and not callable(getattr(who, "choose", None)):
                raise TypeError(f"seat {seat}: expected 'human' or a bot with choose(state), "
                                f"got {who!r}")
            out[seat] = who
        return out

    def seat_bots(self) -> dict[int, Any]:
        """The seats of the game of ``seed``: copies of the bots as given for the first
        game's seed (or default seats), else each re-seeded from the game's seed."""
        if self.seed == self.first_seed or self.default_seating:
            return copy.deepcopy(self.templates)
        return {seat: seeded_bot(who, self.seed, seat) for seat, who in self.templates.items()}

    def is_human(self, seat: int | None) -> bool:
        """True if ``seat`` is played through the board (None, i.e. nobody's, is not)."""
        return seat is not None and self.seats.get(seat) == HUMAN

    def humans(self) -> list[int]:
        return [p for p in range(self.game.num_players) if self.is_human(p)]

    # ----- the notice --------------------------------------------------------------------
    @property
    def notice(self) -> str:
        """The notice's text: its reason, then its rule in "[...]" (``""``: none)."""
        reason, rule = self.notice_parts
        return f"{reason} [{rule}]" if rule else reason

    def tell(self, reason: str, rule: str | None = None) -> str:
        """Make ``(reason, rule)`` the notice (told again: counted); returns its text."""
        reason = self.hooks._seat_text(reason)
        text = f"{reason} [{rule}]" if rule else reason
        self.notice_said = self.notice_said + 1 if text == self.notice else 1
        self.notice_parts = (reason, rule)
        self.changed.add("notice")
        return text

    def clear_notice(self) -> None:
        """No notice, and no pending choice."""
        self.notice_parts = ("", None)
        self.offered = []
        self.changed.add("notice")

    def take_changes(self) -> set[str]:
        """What changed since the last call (``"state"``, ``"notice"``, ``"choices"``,
        ``"cover"``, ``"shown"``), emptied: the view redraws it."""
        changed, self.changed = self.changed, set()
        return changed

    # ----- the log of plies -----------------------------------------------------------------
    @property
    def live(self) -> bool:
        """False while an earlier position is on display (replay)."""
        return self.view_ply is None

    def apply(self, act: Callable[[], list[Event]]) -> list[Event]:
        """Play ``act`` (``state.play(move)``, ``state.resolve_chance``...) and log its ply;
        the notice and the pending choice go."""
        mover = self.state.current_player
        events: list[Event] = act()
        self.entries.append(self.hooks._seat_events(events))
        self.movers.append(mover)
        self.seen = self.state.history
        self.clear_notice()
        self.changed.add("state")
        return events

    def resync(self) -> None:
        """Rebuild the log if ``state`` was changed or replaced behind the board's back."""
        history = self.state.history
        if history == self.seen:
            return
        replayed = self.state.game.new_initial_state(0)  # explicit moves: the seed is unused
        self.entries, self.movers = [], []
        for move in history:
            self.movers.append(replayed.current_player)
            self.entries.append(self.hooks._seat_events(replayed.apply(move)))
        self.seen = history
        self.view_ply = None
        self.changed.add("state")

    def shown_state(self) -> State[Any]:
        """The state on display: the live one, or a copy at the replayed ply."""
        if self.view_ply is None:
            return self.state
        shown = self.state.copy()
        while shown.ply > self.view_ply:
            shown.undo()
        return shown

    def show_ply(self, ply: int | None) -> None:
        """Show the position after ``ply`` plies; None (or the last ply) is live.

        Raises:
            ValueError: ``ply`` is not between 0 and the number of plies played.
        """
        if ply is not None and not 0 <= ply <= self.state.ply:
            raise ValueError(f"ply must be 0-{self.state.ply}, got {ply}")
        self.view_ply = None if ply is None or ply == self.state.ply else ply
        self.clear_notice()
        self.changed.add("shown")

    # ----- clicks ----------------------------------------------------------------------------
    def turn_problem(self) -> str | None:
        """Why a click on the board means nothing whatever it hits (None: it may act):
        waiting for Start, an earlier position on display, the hot-seat cover up, the game
        over, chance or a bot to move."""
        waiting = self.hooks.start_problem()
        if waiting is not None:
            return waiting
        if not self.live:
            return "this is an earlier position: drag the replay slider to the end to play"
        if self.covered:
            return "the board is hidden: press the Pass button when the screen is yours"
        seat = self.hooks.turn_of(self.state)
        if self.state.is_terminal():
            return "the game is over: press New game to play again"
        if seat is None:
            return "the board is playing chance moves; wait a moment"
        if not self.is_human(seat):
            return f"it is {self.hooks.seat_name(seat)}'s turn, played by a bot"
        return None

    def click(self, place: object) -> Click:
        """What a click on ``place`` means now (the pending choice is dropped; an
        ``"offer"`` becomes the new one). Nothing is played: the view plays a ``"play"``."""
        self.resync()
        self.offered = []
        problem = self.turn_problem()
        if problem is not None:
            return Click("notice", reason=problem)
        if place is NOWHERE:
            seat = self.hooks.turn_of(self.state)
            reason, rule = nothing_there(self.hooks.prompt(self.state),
                                         None if seat is None else self.hooks.seat_name(seat))
            return Click("notice", reason=reason, rule=rule)
        try:
            moves = self.hooks.moves_for(place)
        except PlaceError as exc:
            return Click("notice", reason=str(exc))
        if not moves:
            reason, rule = self.hooks.nothing_here(place)
            return Click("notice", reason=reason, rule=rule)
        if len(moves) == 1:
            return Click("play", tuple(moves))
        self.offer(moves, place)
        return Click("offer", tuple(moves))

    def offer(self, moves: Sequence[Any], place: object = None) -> None:
        """Make ``moves`` the pending choice (the notice is cleared)."""
        self.clear_notice()
        self.offered = list(moves)
        self.offered_place = place
        self.changed.add("choices")

    def drop_choice(self) -> None:
        """The pending choice is dropped (Escape, an internal error)."""
        self.offered = []
        self.changed.add("choices")

    def chosen(self, which: int | str, words: Callable[[Any], str] = str) -> Any:
        """The pending choice's move ``which`` names (its index, notation or ``words``),
        which stops being pending; None if no choice is named so."""
        for k, move in enumerate(self.offered):
            if not isinstance(which, bool) and which in (k, str(move), words(move)):
                self.offered = []
                self.changed.add("choices")
                return move
        return None

    # ----- undo ------------------------------------------------------------------------------
    @property
    def teaching(self) -> bool:
        return bool(self.hooks.teaching)

    def human_plies(self) -> list[int]:
        """The plies (0-based) a human seat played."""
        return [i for i, p in enumerate(self.movers) if p >= 0 and self.is_human(p)]

    def undo_blocker(self) -> str | None:
        """Why Undo is refused now, or None if it may take back the plies since the last
        human decision (fair Undo: nothing revealed since, game not over, hot seat: the
        facing human's own decision; teaching mode takes back anything)."""
        humans = self.human_plies()
        if not humans:
            return f"{NOTHING_TO_UNDO}: no human move has been played yet"
        if self.teaching:
            return None
        if self.covered:
            return ("cannot take back: the screen is covered; the next player presses "
                    "the pass button first")
        if self.state.is_terminal():
            return "cannot take back: the game is over, and a finished game is final"
        last = humans[-1]
        if self.hot_seat() and self.movers[last] != self.facing_seat:
            name = self.hooks.seat_name(self.movers[last])
            return f"cannot take back: the last move was {name}'s, not yours"
        for ply in range(last, len(self.movers)):
            reveal = self.reveal(ply)
            if reveal:
                return f"cannot take back: {reveal}"
        return None

    def reveal(self, ply: int) -> str | None:
        """What ply ``ply`` (0-based) revealed to a human seat, or None (cached)."""
        history = self.state.history
        key = history[: ply + 1]
        cache = self._reveal_cache
        if key in cache:
            return cache[key]
        before = self.state.copy()
        while before.ply > ply:
            before.undo()
        found = self._find_reveal(before, history[ply], ply)
        if len(cache) >= _CACHE_SIZE:
            cache.clear()
        cache[key] = found
        return found

    def _find_reveal(self, before: State[Any], move: Any, ply: int) -> str | None:
        events = self.entries[ply] if ply < len(self.entries) else ()
        said = f" ({events[-1].text})" if events else ""
        if before.is_chance_node() or self.movers[ply] == CHANCE:
            return f"{self.chance_words()} since{said}"
        told = self.hooks.reveal_of(before, move)
        if told:
            return f"{told} since{said}"
        for seat in range(self.game.num_players):
            if self.is_human(seat) and shows_hidden(before, move, seat, ply):
                return f"{self.hooks.seat_name(seat)} has seen something hidden since{said}"
        return None

    def chance_words(self) -> str:
        return str(getattr(self.hooks, "CHANCE_WORDS", self.CHANCE_WORDS))

    def take_back(self) -> list[Any]:
        """Undo the plies since the last human decision (the caller checked
        :meth:`undo_blocker`); returns the moves taken back, last first."""
        last = self.human_plies()[-1]
        taken = []
        self.news = []
        while self.state.ply > last:
            taken.append(self.state.undo())
            self.entries.pop()
            self.movers.pop()
        self.seen = self.state.history
        self.clear_notice()
        self.changed.add("state")
        return taken

    # ----- new game --------------------------------------------------------------------------
    def new_game(self, seed: int, seats: Mapping[int, Any] | None = None) -> None:
        """Deal the game of ``seed``; ``seats`` replaces the seat map, else default seats
        (``default_seats()``, called with ``seed`` set) are dealt again for the seed."""
        self.seed = seed
        if seats is not None:
            self.default_seating = False
            self.templates = self.check_seats(seats)
        elif self.default_seating:
            self.templates = self.check_seats(self.default_seats())
        self.seats = self.seat_bots()
        self.state = self.game.new_initial_state(seed)
        self.entries, self.movers, self.seen = [], [], ()
        self.news = []
        self.clear_notice()
        self.view_ply = None
        self.changed.add("state")

    # ----- bots ------------------------------------------------------------------------------
    def auto_ply_follows(self) -> bool:
        """True if an automatic ply comes next: chance on a bot's turn (or with auto_roll,
        or nobody's), or a bot's move. No bot is asked to choose."""
        state = self.state
        if state.is_terminal():
            return False
        seat = self.hooks.turn_of(state)
        if state.is_chance_node():
            return not self.is_human(seat) or seat is None or self.auto_roll
        return seat is not None and not self.is_human(seat)

    def auto_ply(self) -> Callable[[], list[Event]] | None:
        """The next automatic ply as a function that plays it, or None (a human acts or
        the game is over)."""
        if not self.auto_ply_follows():
            return None
        state = self.state
        if state.is_chance_node():
            return state.resolve_chance
        seat = self.hooks.turn_of(state)
        assert seat is not None  # auto_ply_follows: a bot's seat is to move
        choice = self.seats[seat].choose(state.copy())
        return lambda: self.state.play(choice)

    def advance(self, before: Callable[[bool], None] | None = None,
                after: Callable[[bool], None] | None = None) -> None:
        """Let bots (and chance on their turns, or with auto_roll) play until a human acts.
        ``before(chance)`` is called before each ply is chosen (the view says who is
        thinking) and ``after(chance)`` after it was played, if another follows (the view
        draws it); ``chance``: the ply is a chance ply."""
        for _ in range(self.MAX_AUTO_PLIES):
            chance = self.state.is_chance_node()
            if before is not None:
                before(chance)
            act = self.auto_ply()
            if act is None:
                return
            self.apply(act)
            if after is not None and self.auto_ply_follows():
                after(chance)
        raise RuntimeError(f"bots played {self.MAX_AUTO_PLIES} plies without a human turn")

    def news_since(self, start: int) -> list[str]:
        """Texts of the events since ply ``start`` that befell a human seat, played by
        bots or chance (the human's own plies are in "last:")."""
        humans = self.humans()
        if not humans:
            return []
        news: list[str] = []
        for mover, events in zip(self.movers[start:], self.entries[start:], strict=True):
            if self.is_human(mover):
                news = []  # the human acted since: older news is stale
                continue
            news += [e.text for e in events if any(self.hooks.concerns(e, p) for p in humans)]
        if self.state.is_terminal() and len(self.entries) > start and self.entries[-1]:
            last = self.entries[-1][-1].text  # the game ended during the bots' plies: why
            if last not in news:
                news.append(last)
        return news

    # ----- hot seat --------------------------------------------------------------------------
    def hot_seat(self) -> bool:
        """True if the screen is covered between two humans' turns: the game has seat
        secrets, two or more seats are human, and teaching mode is off."""
        return bool(self.hooks.SEAT_SECRETS) and len(self.humans()) >= 2 and not self.teaching

    @property
    def facing_seat(self) -> int:
        """The seat whose view the board draws: the human the screen faces, else the first
        human seat, else 0."""
        if self.facing is not None and self.is_human(self.facing):
            return self.facing
        return next(iter(self.humans()), 0)

    @property
    def covered(self) -> bool:
        """True while the cover asks to pass the screen to another human."""
        return self.cover_for is not None

    def update_cover(self) -> tuple[bool, bool]:
        """Decide whether the cover is up for the live state: ``(covered, facing
        changed)`` (called by every redraw before anything is drawn)."""
        state = self.state
        seat = self.hooks.turn_of(state)
        turned = False
        if state.is_terminal() or not self.is_human(seat):
            self.cover_for = None  # the end shows all; bots' turns face the same human
        elif self.hot_seat() and self.is_human(self.facing) and seat != self.facing:
            self.cover_for = seat
            self.view_ply = None
        else:
            self.cover_for = None
            if seat != self.facing:
                self.facing = seat
                turned = True
        return self.cover_for is not None, turned

    def ready(self) -> bool:
        """The human to move is at the screen: the cover goes (True if it was up)."""
        if self.cover_for is None:
            return False
        self.facing, self.cover_for = self.cover_for, None
        self.changed.add("cover")
        return True


def shows_hidden(before: State[Any], move: Any, seat: int, ply: int) -> bool:
    """True if ``seat``'s view after ``move`` depends on what the seat could not know
    before it (the engine's ``determinize`` twin sees something else)."""
    twin = before.determinize(seat, random.Random(ply))
    if twin.view(seat) != before.view(seat):
        return False  # the game's determinize is not view-exact: no comparison
    after = before.copy()
    after.apply(move)
    try:
        twin.play(move)
    except Exception:  # refused on the twin: the move depends on secrets
        return True
    return bool(twin.view(seat) != after.view(seat))

