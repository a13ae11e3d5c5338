"""`GameBoard`: the shared Jupyter board every game's widget builds on.

A board wraps one engine state and a seat map (``{0: "human", 1: GreedyBot(seed=1)}``).
Humans act through clicks or the programmatic API (:meth:`GameBoard.play`,
:meth:`GameBoard.roll`, :meth:`GameBoard.undo`, :meth:`GameBoard.new_game`); bots
and, for bots, the dice are played automatically after every change. Legality
always comes from the engine (``state.play`` / ``why_illegal`` / ``legal_moves``):
no rule logic lives here.

Subclasses implement :meth:`GameBoard._build_main` (the picture) and
:meth:`GameBoard._render` (redraw it from a state), and may override the hooks
``turn_of``, ``seat_name``, ``seat_colour``, ``prompt``, ``detail``, ``concerns``,
``_extra_controls``, ``_slot_widgets``, ``_panels`` and ``_sync_widgets``.

A board is a controller and a view (issue 25 point 6). The controller
(:class:`~.controller.BoardController`, ``board.controller``: no widget) holds the game
and decides: whose turn it is and what to say (the notice as ``(reason, rule)``), what a
click means, the pending choice, play / undo / new game / hot-seat hand-over, the bots'
plies and what befell a human meanwhile. ``GameBoard`` is the view: it holds the widgets,
forwards events to the controller, draws what it says, and is the controller's hooks
(:class:`~.controller.Hooks`: the words a game's board overrides). A game's board
names its own controller in :attr:`GameBoard.CONTROLLER` and subclasses its own hooks,
both widget-free in ``widgets/<game>/controller.py`` (its decision buttons, selections
and hints). ``board.state``, ``board.seats``, ``board.seed`` are the controller's. The
view's parts, each in its own module: :mod:`.status` (what the status says: the hooks
above and the game-over verdict), :mod:`.stepping` (the bots' plies drawn one by one
after a click),
:mod:`.clicks` (the click path: choice buttons, internal errors), :mod:`.fair_undo`
(the fair-Undo words and the teaching switch), :mod:`.hot_seat` (the "Pass to X"
cover), :mod:`.start_gate` (a play app's first board waits for Start),
:mod:`.seat_words` (the engine's ``p0`` said as the board names the seat) and this
module (the widgets, the programmatic API, the redraw). No part writes another's
private fields: what they share is the controller's.

Clicks on the picture go through the one click path of :mod:`.clicks`
(:meth:`GameBoard.click_place`: the not-your-turn / game-over / replay preamble, then
the engine's ``state.moves_at(place)``: none is a notice saying why, one is played,
several are choice buttons in the slot). Every button and click handler runs guarded:
only ``IllegalMoveError`` is a player's notice; any other error is shown as an internal
error with its traceback, and the board stays usable.

The status always says whose turn it is and what the human can do; what happened to a
human seat during the bots' plies since the human's last action (events for which
:meth:`GameBoard.concerns` is true) stays in the status until the human acts again.

The layout does not jump: the status area above the picture keeps at least its three
lines' height, and everything that comes and goes (a refused move's notice, choice
buttons) lives in a slot of at least one row under the picture. In a narrow window
(issue 24: 700 px) status lines, choice buttons and controls wrap rather than being cut.
Panels that open and close (hints) sit below the controls.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import Event, IllegalMoveError
from treasurekit.core.errors import Refusal
from treasurekit.core.game import Game, State
from treasurekit.core.inputs import seed_problem

from .a11y import KeyboardMoves, insert_after
from .clicks import ClickPath, error_html, trace_html
from .controller import NOTHING_TO_UNDO, BoardController, Hooks
from .controls import SLOT_HEIGHT, STATUS_HEIGHT, Refused, notice_html
from .fair_undo import FairUndo
from .hot_seat import HotSeat
from .nb_resume import NotebookResume
from .responsive import BOARD_CSS
from .saving import after_redraw
from .seat_words import SeatWords
from .start_gate import StartGate
from .status import MOVE_TIP, PLY_TIP, StatusText
from .stepping import HUMAN, BotStepping, from_the_browser
from .updates import MoveLog, assign

__all__ = ["HUMAN", "MOVE_TIP", "PLY_TIP", "GameBoard", "fresh_seed", "from_the_browser"]


class _Controller:
    """A board attribute that is its controller's (``board.state`` is
    ``board.controller.state``): code and tests that read or set it on the board keep
    working, and the controller alone holds it."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, board: Any, owner: type | None = None) -> Any:
        if board is None:
            return self
        return getattr(board.controller, self.name)

    def __set__(self, board: Any, value: Any) -> None:
        setattr(board.controller, self.name, value)


def fresh_seed() -> int:
    """An unpredictable seed (63 random bits from the operating system)."""
    return secrets.randbits(63)


class GameBoard(NotebookResume, FairUndo, HotSeat, StartGate, SeatWords, StatusText,
                BotStepping, ClickPath, Hooks, w.VBox):  # type: ignore[misc]
    """A game board widget: picture, status, roll/undo/new-game controls, move log, replay.

    Args:
        game: a ``treasurekit.load_game(...)`` result.
        seats: ``{seat: "human" or bot}``; a bot is any object with ``choose(state)``.
            Seats left out are human. Bots are deep-copied; a game of another seed
            than the first re-seeds them from its own seed
            (:func:`~treasurekit_widgets.reseed.seeded_bot`), so every new game is new,
            and the same seed deals the same game again.
        seed: seed of the first game; None (the default) picks an unpredictable one.
        auto_roll: roll automatically for human seats too (default: wait for Roll).
        teaching: teaching mode: Undo takes back anything, past a die rolled or a card
            shown, and after the end. Off (the default, a play board), Undo takes back
            only moves that showed no human anything hidden, and a finished game is
            final (:mod:`.fair_undo`); two humans at one screen get a "Pass to X" cover
            between their turns in games with seat secrets (:mod:`.hot_seat`).

    Raises:
        TypeError: a seat value is neither ``"human"`` nor a bot.
        ValueError: a seat number is not a seat of ``game``.

    CSS classes: ``tk-board`` (root; also ``tk-busy`` while bots answer a click, move by
    move), ``tk-status``, ``tk-slot`` (the fixed-height row under the picture) holding
    ``tk-choices`` (choice buttons ``tk-choice``) and ``tk-notice-box`` (a notice
    ``tk-notice`` or an internal error ``tk-error``), ``tk-error-trace`` (an internal
    error's traceback, under the controls), ``tk-roll``, ``tk-undo``, ``tk-new`` (button),
    ``tk-seed``, ``tk-seed-note``, ``tk-log``, ``tk-replay``, ``tk-cover`` (the hot-seat
    cover) holding ``tk-pass-screen`` (its button; also ``tk-pass`` on boards with seat
    secrets).

    The seed fixes every die, shuffle and draw still to come, so the board never shows
    the seed of a game in play (the Seed box is for typing a chosen seed; the note next
    to it names the seed once the game is over). New game without a typed seed picks
    an unpredictable one (``secrets.randbits(63)``); a typed seed deals the same game
    every time, for a teacher who hands one out.
    """

    #: The controller class: a game's own (``widgets/<game>/controller.py``) adds its
    #: decisions to the shared :class:`~.controller.BoardController`.
    CONTROLLER: type[BoardController] = BoardController
    # what the controller holds, read and set on the board as before
    game: Game[Any] = _Controller("game")  # type: ignore[assignment]
    state: State[Any] = _Controller("state")  # type: ignore[assignment]
    seats: dict[int, Any] = _Controller("seats")  # type: ignore[assignment]
    seed: int = _Controller("seed")  # type: ignore[assignment]
    auto_roll: bool = _Controller("auto_roll")  # type: ignore[assignment]
    _templates: dict[int, Any] = _Controller("templates")  # type: ignore[assignment]
    _first_seed: int = _Controller("first_seed")  # type: ignore[assignment]
    _default_seating: bool = _Controller("default_seating")  # type: ignore[assignment]
    _entries: list[tuple[Event, ...]] = _Controller("entries")  # type: ignore[assignment]
    _movers: list[int] = _Controller("movers")  # type: ignore[assignment]
    _seen: tuple[Any, ...] = _Controller("seen")  # type: ignore[assignment]
    _view_ply: int | None = _Controller("view_ply")  # type: ignore[assignment]
    _facing: int | None = _Controller("facing")  # type: ignore[assignment]
    _offered: list[Any] = _Controller("offered")  # type: ignore[assignment]

    def __init__(
        self,
        game: Game[Any],
        seats: Mapping[int, Any] | None = None,
        seed: int | None = None,
        *,
        auto_roll: bool = False,
        teaching: bool | None = None,
    ) -> None:
        super().__init__()
        self._teaching = teaching
        self._shown_at = 0.0  # time.monotonic() of the last redraw shown step by step
        self._seed_given = seed is not None  # a notebook board's signature (nb_resume.py)
        if seed is None:
            seed = fresh_seed()
        # the controller decides (controller.py: no widget); the board is its hooks
        self.controller = self.CONTROLLER(game, seats, seed, self, auto_roll=auto_roll,
                                          teaching=teaching, default_seats=self.default_seats)
        self._syncing = False
        self._init_clicks()
        self._init_hot_seat()
        self._init_start_gate()  # a play app's first board waits for Start (start_gate)

        # (margin 2px 0: a full-width widget with ipywidgets' 2 px side margins overflowed
        # its output area by 2 px, cutting the status in a narrow window)
        self.status = w.HTML(layout=w.Layout(min_height=STATUS_HEIGHT, width="100%",
                                             margin="2px 0", overflow="hidden"))
        self.notice_box = w.HTML(layout=w.Layout(flex="1 1 auto", min_width="0",
                                                 overflow="hidden", margin="0 0 0 4px"))
        self.roll_button = w.Button(description="Roll the die", button_style="primary")
        self.undo_button = w.Button(description="Undo", icon="undo",
                                    tooltip="take back moves until your previous decision")
        self.seed_input = w.Text(value="", description="Seed", placeholder="random",
                                 tooltip="type a seed to deal a chosen game (the same seed "
                                         "deals the same game); leave empty for a random one",
                                 layout=w.Layout(width="170px"))
        self.seed_note = w.HTML(layout=w.Layout(margin="0 4px"))
        self.new_button = w.Button(
            description="New game", icon="refresh",
            tooltip="a new game with the seed typed in the box, or an unpredictable one if "
                    "the box is empty")
        self.log_box = MoveLog()
        # continuous_update=False: with True, the slider view echoes every programmatic
        # value/max change back to the kernel, and a late echo would start a replay.
        self.replay_slider = w.IntSlider(value=0, min=0, max=0, description="Replay",
                                         continuous_update=False,
                                         tooltip="drag back to see the position after an "
                                                 "earlier move (read-only)",
                                         layout=w.Layout(width="100%", max_width="800px",
                                                         margin="2px 0"))
        for widget, cls in [(self.status, "tk-status"), (self.notice_box, "tk-notice-box"),
                            (self.roll_button, "tk-roll"),
                            (self.undo_button, "tk-undo"), (self.seed_input, "tk-seed"),
                            (self.seed_note, "tk-seed-note"),
                            (self.new_button, "tk-new"),
                            (self.replay_slider, "tk-replay")]:
            widget.add_class(cls)
        self.error_box = w.HTML(layout=w.Layout(display="none", max_width="800px"))
        self.error_box.add_class("tk-error-trace")
        self.roll_button.on_click(lambda _: self._quietly(self.roll))
        self.undo_button.on_click(lambda _: self._quietly(self.undo))
        self.new_button.on_click(lambda _: self._new_game_clicked())
        self.replay_slider.observe(self._on_replay, names="value")

        main = self._build_main()
        self.slot = w.HBox(
            [*self._slot_widgets(), self.choice_buttons.box, self.notice_box],
            layout=w.Layout(min_height=SLOT_HEIGHT, max_width="800px", flex_flow="row wrap",
                            align_items="center"),
        )
        self.slot.add_class("tk-slot")
        controls = w.HBox(
            [self.roll_button, *self._extra_controls(), self.undo_button,
             w.HTML(layout=w.Layout(flex="1")), self.seed_note, self.seed_input,
             self.new_button],
            layout=w.Layout(align_items="center", max_width="800px", flex_flow="row wrap"),
        )
        for button in controls.children:  # buttons wrap to a new row rather than shrink
            if isinstance(button, w.Button):
                button.layout.flex = "none"
        panels = self._panels()
        self.children = [self.status, *main, self.slot, controls, self.error_box,
                         *panels, self.log_box, self.replay_slider, self.cover,
                         w.HTML(BOARD_CSS, layout=w.Layout(display="none"))]
        self._covers = [*main, self.slot, *panels, self.log_box, self.replay_slider]
        self.a11y = KeyboardMoves(self)  # "Your moves" by keyboard, ARIA, focus (a11y.py)
        self.children = list(insert_after(self.children, controls, self.a11y))
        self.add_class("tk-board")
        self._advance()
        self._refresh()

    # ----- hooks for subclasses ------------------------------------------------------
    def default_seats(self) -> dict[int, Any]:
        """Seats when none are given: every seat human. Called again by each
        :meth:`new_game` with ``self.seed`` already set to the new seed."""
        return {p: HUMAN for p in range(self.game.num_players)}

    def _build_main(self) -> list[w.Widget]:
        """The game's picture: widgets of a fixed size (nothing that comes and goes)."""
        return []

    def _slot_widgets(self) -> list[w.Widget]:
        """Widgets that come and go (choice buttons), in the fixed-height slot under the
        picture, left of the notice. Hide them with ``layout.display = "none"``."""
        return []

    def _extra_controls(self) -> list[w.Widget]:
        """More buttons for the controls row (after Roll)."""
        return []

    def _panels(self) -> list[w.Widget]:
        """Panels between the controls row and the log (hints, probabilities): below the
        picture and the controls, so opening one never moves what the player clicks."""
        return []

    def _sync_widgets(self) -> list[w.Widget]:
        """Widgets (bqplot marks included) whose updates are batched on every redraw."""
        return []

    def _render(self, shown: State[Any], live: bool) -> None:
        """Redraw the picture from ``shown`` (an earlier position when not ``live``)."""

    # ----- the cover -------------------------------------------------------------------
    def _coverable(self) -> list[w.Widget]:
        return list(self._covers)

    # ----- programmatic API ------------------------------------------------------------
    @property
    def log_lines(self) -> list[str]:
        """Every event so far as plain text with its rule reference, oldest first."""
        self._resync()
        return [str(e) for events in self.controller.entries for e in events]

    @property
    def live(self) -> bool:
        """False while the replay slider shows an earlier position."""
        return self.controller.live

    def play(self, move: Any) -> list[Event]:
        """Play a move (object or text) for the seat to move, then let the bots answer.

        Returns the events of ``move`` (bot replies are in :attr:`log_lines`).
        A board showing an earlier position (replay) first returns to the present.

        Raises:
            IllegalMoveError: the engine refused the move (``MoveParseError`` for bad
                text); the reason is shown in the status and the state is unchanged.
            ValueError: a click in the browser on a play app's board before its Start
                (:mod:`.start_gate`; the notice says so).
        """
        self._resync()
        self._resume()
        self._check_started()  # before a play app's Start: a click is refused, code starts
        self.ready()  # a move played from code: the human to move is at the screen
        try:
            events = self._apply(lambda: self.state.play(move))
        except IllegalMoveError as exc:
            self._refuse(exc)
            raise
        self._after_change()
        return events

    def roll(self) -> list[Event]:
        """Roll for the seat to move (the engine's seeded ``resolve_chance``).

        Raises:
            IllegalMoveError: it is not a chance node (the reason goes to the status).
            ValueError: a click in the browser before a play app's Start (as for play).
        """
        self._resync()
        self._resume()
        self._check_started()
        self.ready()
        try:
            events = self._apply(self.state.resolve_chance)
        except IllegalMoveError as exc:
            self._refuse(exc)
            raise
        self._after_change()
        return events

    def undo(self) -> list[Any]:
        """Take back moves, bots' and dice included, until the previous human decision.

        On a play board (not ``teaching``) only if none of those moves showed a human
        seat anything hidden (a die rolled, a card turned over, a search answered), the
        game is not over, and (hot seat) the decision was the facing human's own
        (:meth:`undo_blocker`; DESIGN §4 Play conventions).

        Returns the moves taken back, last first.

        Raises:
            IndexError: nothing may be taken back: no human decision has been played
                yet, or the reason above (shown in the notice); nothing is changed.
        """
        self._resync()
        self._resume()
        blocker = self.undo_blocker()
        if blocker:
            self._tell(blocker)
            raise Refused(self._notice)
        taken = self.controller.take_back()
        self._on_change()
        self._refresh()
        return taken

    def _new_game_clicked(self) -> None:
        """The New game button: the seed typed in the box, or an unpredictable one (a box
        holding no whole number is refused in the notice)."""
        self._quietly(self.new_game)

    def typed_seed(self) -> int | None:
        """The seed typed in the Seed box, or None if it is empty.

        Raises:
            ValueError: the box holds something other than a whole number (also shown
                in the notice).
        """
        text = str(self.seed_input.value).strip().replace("_", "")
        if not text:
            return None
        try:
            seed = int(text) if text.lstrip("-").isascii() and len(text) <= 40 else None
        except ValueError:
            seed = None
        if seed is None:
            self._tell(f"the seed must be a whole number such as 42, not {text[:20]!r}")
            raise Refused(self._notice)
        problem = seed_problem(seed)
        if problem:  # e.g. a negative seed typed in the box: say so, keep the game
            self._tell(problem)
            raise Refused(problem)
        return seed

    def new_game(self, seed: int | None = None, seats: Mapping[int, Any] | None = None) -> None:
        """Start again with ``seed``; bots are re-seeded from it (as given for the first
        game's seed: see ``seats`` in the class docstring).

        ``seed`` None: the seed typed in the Seed box, or (box empty) an unpredictable
        one. The box is emptied. ``seats`` replaces the seat map. The same seed and seats
        give the same game.

        Raises:
            TypeError, ValueError: as for the constructor's ``seats``; ValueError too for
                a Seed box that holds no whole number.
        """
        if seed is None:
            seed = self.typed_seed()
        if seed is None:
            seed = fresh_seed()
        self.controller.new_game(seed, seats)
        self.seed_input.value = ""
        self._after_change()

    def show_ply(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves, read-only; None (or the last ply) resumes.

        Raises:
            ValueError: ``ply`` is not between 0 and the number of moves played.
        """
        self._resync()
        self.controller.show_ply(ply)
        self._refresh()

    def refresh(self) -> None:
        """Redraw after ``board.state`` was replaced or changed outside the board."""
        self._resync()
        self._after_change()

    def shown_state(self) -> State[Any]:
        """The state on display: the live one, or a copy at the replayed ply."""
        return self.controller.shown_state()

    # ----- internals ---------------------------------------------------------------------
    def _apply(self, act: Any) -> list[Event]:
        return self.controller.apply(act)

    def _on_change(self) -> None:
        """Called after every change of the live state (subclasses reset selections)."""

    def _resync(self) -> None:
        """Rebuild the log if ``self.state`` was changed or replaced behind the board's back."""
        self.controller.resync()

    def _resume(self) -> None:
        self.controller.view_ply = None

    def _tell(self, notice: str, rule: str | None = None) -> None:
        """Show ``notice`` (and its rule reference) in the slot under the picture.

        The same notice told again is counted on screen ("again, 2nd time"): an unchanged
        text would send nothing, and the click would look unanswered (and an alert with
        the same words is not read out again)."""
        self.controller.tell(notice, rule)
        self._refresh()

    def _refuse(self, refusal: Refusal | IllegalMoveError) -> None:
        """Show the engine's refusal (a :class:`Refusal` or the error ``play`` raised: its
        reason, with its rule muted) as the notice."""
        self._tell(refusal.reason, refusal.rule)

    def _clear_notice(self) -> None:
        self.controller.clear_notice()

    @property
    def _notice(self) -> str:
        """The notice's text: its reason, then its rule in "[...]" (``""``: none)."""
        return self.controller.notice

    @property
    def notice(self) -> str:
        """The notice on display (a refused move's reason and "[rule]"), or ``""``."""
        return self.controller.notice

    def _quietly(self, action: Any) -> None:
        """Run a button's action guarded (see :meth:`guarded`): a refusal is already
        shown; an internal error is shown as one."""
        self.guarded(action)

    def _on_replay(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            ply = int(change["new"])
            self.guarded(lambda: self.show_ply(ply))

    @contextmanager
    def _held(self) -> Iterator[None]:
        """Batch every widget update of one redraw into one message per widget."""
        with ExitStack() as stack:
            for widget in [self, self.status, self.notice_box, self.roll_button,
                           self.undo_button, self.replay_slider, self.error_box,
                           *self.choice_buttons.widgets, *self._sync_widgets()]:
                stack.enter_context(widget.hold_sync())
            yield

    def _refresh(self) -> None:
        """Redraw everything from the state (the replayed one while scrubbing).

        The status and the notice go to the browser first, each in one small message
        (they say what the click did and what to do next), before the picture is drawn:
        whatever the picture costs to compute or to draw, the click is answered at once.
        The rest of the redraw follows in one batch (:meth:`_held`).
        """
        self._hint_at_end()
        if self._update_cover():  # hot seat: nothing is drawn until the next human is ready
            assign(self.status, value=self._cover_status())
            assign(self.notice_box, value=notice_html(*self.controller.notice_parts,
                                                      self.controller.notice_said))
            with self._held():
                self.roll_button.disabled = True
                self._undo_state()
            self.a11y.update(self.state, True, None)  # emptied: a11y_hidden() says why
            after_redraw(self)  # the move before the cover is saved too
            return
        shown = self.shown_state()
        live = self.controller.live
        seat = self.turn_of(shown)
        assign(self.status, value=self._start_status(shown) or self._status_html(shown, live,
                                                                                 seat))
        assign(self.notice_box, value=(error_html(self._error) if self._error
                                       else notice_html(*self.controller.notice_parts,
                                                        self.controller.notice_said)))
        with self._held():
            self._render(shown, live)
            self.error_box.value = trace_html(self._trace) if self._error else ""
            self.error_box.layout.display = "block" if self._error else "none"
            self._render_choices()
            self.log_box.show([(i + 1, e) for i, events
                               in enumerate(self.controller.entries[: shown.ply])
                               for e in events])
            waiting = live and shown.is_chance_node() and self.is_human(seat)
            self.roll_button.disabled = not waiting
            self.seed_note.value = self._seed_note_html()
            self._undo_state(live)
            self._syncing = True
            try:
                slider = self.replay_slider
                slider.max = max(slider.max, self.state.ply)
                slider.value = shown.ply
                slider.max = self.state.ply
            finally:
                self._syncing = False
        self.a11y.update(shown, live, seat)  # after the picture: the moves list, its label
        after_redraw(self)  # a saving board (board.saver) saves the game if it changed

    def _hint_at_end(self) -> None:
        """A board's Hint toggle (``hint_button``) is closed and disabled once the game is
        over: nothing is left to hint (the page's companion hands its focus on)."""
        hint = getattr(self, "hint_button", None)
        if hint is None or hint.disabled == self.state.is_terminal():
            return
        hint.disabled = self.state.is_terminal()
        if hint.disabled and hint.value:
            hint.value = False  # its observer redraws: the hint panel closes

    def _undo_state(self, live: bool = True) -> None:
        """Undo is disabled when there is nothing to take back (or during replay); when
        a fair-play rule refuses it, it stays pressable and a press shows the reason in
        the notice (read out as an alert), not only in the tooltip."""
        why = self.undo_blocker() if live else "back to the present first (replay is read-only)"
        self.undo_button.disabled = not live or (why or "").startswith(NOTHING_TO_UNDO)
        self.undo_button.tooltip = (why if why is not None else
                                    "take back moves until your previous decision")

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(players={self.game.num_players}, "
                f"ply={self.state.ply}, {self.summary()})")
