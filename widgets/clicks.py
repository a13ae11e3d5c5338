"""One click path for every board: what a click means, choice buttons, errors.

Every board's picture calls :meth:`ClickPath.click_place` with what it knows at a
click (a square, a hex, a point, a card: the game's ``place``, see
``State.moves_at``). The path is the same for every game:

1. the preamble, in one place (:meth:`ClickPath.turn_problem`): an earlier position
   on display (replay), the game over, or not a human's turn: a notice says so;
2. the engine says what the click can mean: ``state.moves_at(place)`` (a board may
   narrow it with :meth:`ClickPath.moves_for`);
3. none: a notice in words saying why (:meth:`ClickPath.nothing_here`: by default the
   engine's ``why_illegal`` of the nearest candidate the board names, else "nothing to
   do there now" with what the engine expects); one: it is played; several: choice
   buttons in the board's fixed slot (class ``tk-choice``), each labelled in words by
   :meth:`ClickPath.describe_move`.

Every click and button handler runs through :meth:`ClickPath.guarded`: an
``IllegalMoveError`` is a player's notice (already shown by ``play``); any other
exception is an internal error: the notice turns into a clearly styled error line
(class ``tk-error``: the exception's type and message) and the full traceback goes to
the error box under the controls (class ``tk-error-trace``); the board stays usable.
"""

from __future__ import annotations

import html
import traceback
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import IllegalMoveError
from treasurekit.core.errors import PlaceError

from .controls import Refused
from .empty_clicks import NOWHERE, nothing_there

if TYPE_CHECKING:
    from treasurekit import Event
    from treasurekit.core.game import State

__all__ = ["ChoiceButtons", "ClickPath", "error_html", "pair", "trace_html"]

#: Choice buttons made at first (more are added when a click offers more moves).
FIRST_CHOICES = 6


def pair(place: object) -> tuple[Any, Any]:
    """The two parts of a place the board's picture made (a point, a pirate...).

    Raises:
        TypeError: ``place`` is not a pair (a bug in the board that passed it).
    """
    if not isinstance(place, tuple) or len(place) != 2:
        raise TypeError(f"expected a pair, got {place!r:.40}")
    return place[0], place[1]


def error_html(error: str) -> str:
    """An internal error's line for the notice slot: red on pink, bold, with the
    exception type and message (the traceback is in the error box).

    >>> "tk-error" in error_html("KeyError: 'x'")
    True
    """
    return (
        f'<div class="tk-error" title="{html.escape(error)}" style="color:#fff;'
        "background:#b42318;border-radius:4px;padding:1px 6px;font-size:13px;"
        'line-height:17px;max-height:34px;overflow:hidden;font-weight:600">'
        f"&#9888; Internal error (a bug, not a rule): {html.escape(error)}. The board "
        "still works; the traceback is below the controls.</div>"
    )


def trace_html(trace: str) -> str:
    """The traceback of an internal error, folded under a summary line."""
    if not trace:
        return ""
    return ("<details open style='font-size:12px'><summary style='color:#b42318;"
            "font-weight:600'>Internal error: traceback (please report it)</summary>"
            "<pre style='white-space:pre-wrap;max-height:220px;overflow:auto;"
            f"background:#fff5f5;padding:4px'>{html.escape(trace)}</pre></details>")


class ChoiceButtons:
    """Buttons in a board's fixed slot, one per move a click could mean.

    The buttons are reused from a pool (a new button would be a new widget model in the
    browser on every click). ``on_choose(index)`` is called with the pressed button's
    index. Classes: ``tk-choices`` (the row), ``tk-choice`` (each button).
    """

    def __init__(self, on_choose: Callable[[int], None], extra_class: str = "") -> None:
        self._on_choose = on_choose
        self._extra_class = extra_class
        self.label = w.HTML(layout=w.Layout(flex="none", margin="0 4px 0 0"))
        self.buttons: list[w.Button] = []
        # the buttons wrap (all of them show, however many and however narrow the board)
        self.box = w.HBox([self.label], layout=w.Layout(display="none", flex="0 1 auto",
                                                        align_items="center",
                                                        flex_flow="row wrap"))
        self.box.add_class("tk-choices")
        self._grow(FIRST_CHOICES)

    def _grow(self, size: int) -> None:
        while len(self.buttons) < size:
            k = len(self.buttons)
            button = w.Button(layout=w.Layout(width="auto", flex="none", margin="0 3px 0 0"))
            button.add_class("tk-choice")
            if self._extra_class:
                button.add_class(self._extra_class)
            button.on_click(lambda _, k=k: self._on_choose(k))
            self.buttons.append(button)

    def show(self, title: str, labels: Sequence[str], tips: Sequence[str]) -> None:
        """Show ``labels`` as buttons after ``title`` (plain text); empty hides the row."""
        if not labels:
            self.box.layout.display = "none"
            if len(self.box.children) > 1:
                self.box.children = (self.label,)
            return
        self._grow(len(labels))
        for button, label, tip in zip(self.buttons, labels, tips, strict=False):
            button.description = label
            button.tooltip = tip
        self.label.value = f"<b>{html.escape(title)}</b>"
        children = (self.label, *self.buttons[: len(labels)])
        if self.box.children != children:
            self.box.children = children
        self.box.layout.display = "flex"

    @property
    def widgets(self) -> list[w.Widget]:
        """Every widget whose updates a redraw batches."""
        return [self.box, self.label, *self.buttons]


class ClickPath:
    """The shared click handling of :class:`~treasurekit_widgets.base.GameBoard`.

    Boards call :meth:`click_place` from their picture's click callbacks and may
    override :meth:`moves_for`, :meth:`nothing_here`, :meth:`describe_move` and
    :meth:`choice_title`; the programmatic API is :meth:`click_place`,
    :meth:`choices`, :meth:`choose` and :attr:`error`.
    """

    #: An extra CSS class for this board's choice buttons (besides ``tk-choice``).
    CHOICE_CLASS = ""

    # provided by GameBoard
    state: State[Any]
    choice_buttons: ChoiceButtons

    if TYPE_CHECKING:
        @property
        def _notice(self) -> str: ...

        @property
        def live(self) -> bool: ...

        def turn_of(self, state: State[Any]) -> int | None: ...

        def is_human(self, seat: int | None) -> bool: ...

        def seat_name(self, seat: int) -> str: ...

        def play(self, move: Any) -> list[Event]: ...

        def _tell(self, notice: str, rule: str | None = None) -> None: ...

        def _clear_notice(self) -> None: ...

        def _refresh(self) -> None: ...

        def _resync(self) -> None: ...

        def start_problem(self) -> str | None: ...

        def prompt(self, state: State[Any]) -> str: ...

    _offered: list[Any]
    _offered_place: object
    _error: str
    _trace: str

    def _init_clicks(self) -> None:
        self._offered = []
        self._offered_place = None
        self._error = ""
        self._trace = ""
        self.choice_buttons = ChoiceButtons(lambda k: self.guarded(lambda: self.choose(k)),
                                            self.CHOICE_CLASS)

    # ----- hooks ---------------------------------------------------------------------
    def moves_for(self, place: object) -> list[Any]:
        """The moves a click on ``place`` can mean now: ``state.moves_at(place)``.
        Boards narrow it (e.g. to a selection made before the click)."""
        return list(self.state.moves_at(place))

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click on ``place`` means nothing now: ``(reason, rule or None)``.

        The engine says why (``state.why_not_at(place)``: the rule the click runs into);
        boards override it only to name their own buttons (Roll the dice...).
        """
        refusal = self.state.why_not_at(place)
        return (refusal.reason, refusal.rule) if refusal else ("nothing to do there now", None)

    def describe_move(self, move: Any) -> str:
        """A move in words for its choice button (default: the move's text)."""
        return str(move)

    def choice_title(self, place: object, moves: Sequence[Any]) -> str:
        """The words before the choice buttons."""
        return f"{len(moves)} moves: choose one"

    # ----- the path --------------------------------------------------------------------
    def turn_problem(self) -> str | None:
        """Why a click on the board means nothing whatever it hits (None: it may act):
        an earlier position on display, the hot-seat cover up, the game over, or a bot's
        turn (or, in the browser, a play app's board waiting for Start)."""
        waiting = self.start_problem()
        if waiting is not None:
            return waiting
        if not self.live:
            return "this is an earlier position: drag the replay slider to the end to play"
        if getattr(self, "covered", False):  # hot seat: the next human has not pressed yet
            return "the board is hidden: press the Pass button when the screen is yours"
        state = self.state
        seat = self.turn_of(state)
        if state.is_terminal():
            return "the game is over: press New game to play again"
        if seat is None:
            return "the board is playing chance moves; wait a moment"
        if not self.is_human(seat):
            return f"it is {self.seat_name(seat)}'s turn, played by a bot"
        return None

    def click_place(self, place: object) -> None:
        """Act on a click on ``place`` (what a real click does); never raises.

        The preamble first (:meth:`turn_problem`), then ``moves_for(place)``: none
        shows why (:meth:`nothing_here`), one is played, several become choice buttons.
        """
        self.guarded(lambda: self._click_place(place))

    def click_nothing(self) -> None:
        """Act on a click on the picture where no place is drawn (the sea, a corner: the
        picture's catcher, :mod:`.empty_clicks`): the preamble, else what to do now."""
        self.click_place(NOWHERE)

    def _click_place(self, place: object) -> None:
        self._resync()
        self._offered = []
        problem = self.turn_problem()
        if problem is not None:
            self._tell(problem)
            return
        if place is NOWHERE:
            seat = self.turn_of(self.state)
            self._tell(*nothing_there(self.prompt(self.state),
                                      None if seat is None else self.seat_name(seat)))
            return
        try:
            moves = self.moves_for(place)
        except PlaceError as exc:
            self._tell(str(exc))
            return
        if not moves:
            self._tell(*self.nothing_here(place))
        elif len(moves) == 1:
            self.play(moves[0])
        else:
            self.offer(moves, place)

    def offer(self, moves: Sequence[Any], place: object = None) -> None:
        """Show ``moves`` as choice buttons in the slot (the notice is cleared)."""
        self._clear_notice()
        self._offered = list(moves)
        self._offered_place = place
        self._refresh()

    def choices(self) -> list[str]:
        """The choice buttons on display, as their labels (words), in order."""
        return [self.describe_move(m) for m in self._offered]

    def offered(self) -> list[Any]:
        """The moves the choice buttons on display would play, in order."""
        return list(self._offered)

    def choose(self, which: int | str) -> list[Event]:
        """Press choice button ``which``: its index, its label, or its move's notation.

        Raises:
            IllegalMoveError: the engine refused the move (shown in the notice).
            ValueError: no such choice is on display (shown in the notice).
        """
        moves = self._offered
        for k, move in enumerate(moves):
            if which in (k, str(move), self.describe_move(move)) and not isinstance(which,
                                                                                     bool):
                self._offered = []
                return self.play(move)
        offer = "; ".join(self.choices()) or "none"
        self._tell(f"no choice {which!r} on display (choices: {offer})")
        raise Refused(self._notice)

    def _render_choices(self) -> None:
        """Draw the choice buttons (called by every redraw)."""
        moves = self._offered
        if moves and not self.live:
            moves = []
        labels = [self.describe_move(m) for m in moves]
        self.choice_buttons.show(self.choice_title(self._offered_place, moves) if moves
                                 else "", labels, [f"{lbl}  [{m}]"
                                                   for lbl, m in zip(labels, moves,
                                                                     strict=True)])

    # ----- errors ---------------------------------------------------------------------
    @property
    def error(self) -> str:
        """The last internal error ("TypeError: ...") until the next action, or ``""``."""
        return self._error

    @property
    def error_trace(self) -> str:
        """The last internal error's full traceback, or ``""``."""
        return self._trace

    def guarded(self, action: Callable[[], Any]) -> None:
        """Run a click's or button's action. An ``IllegalMoveError`` (or another
        ValueError/IndexError the board raised after showing its notice) is the
        player's notice, already shown; any other exception is an internal error,
        shown as such with its traceback, and the board stays usable."""
        self._error = ""
        try:
            action()
        except (IllegalMoveError, Refused):
            return  # a refusal the board has shown in its notice
        except Exception as exc:
            self._internal(exc)

    def _internal(self, exc: BaseException) -> None:
        self._error = f"{type(exc).__name__}: {exc}"
        self._trace = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        self._offered = []
        try:
            self._refresh()
        except Exception as again:
            self._trace += ("\nWhile showing it, the redraw failed too:\n"
                            + "".join(traceback.format_exception(type(again), again,
                                                                 again.__traceback__)))
