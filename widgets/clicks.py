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

from .controls import Refused
from .places import NOWHERE, pair

if TYPE_CHECKING:
    from treasurekit import Event

    from .controller import BoardController

__all__ = ["ChoiceButtons", "ClickPath", "error_html", "pair", "trace_html"]

#: Choice buttons made at first (more are added when a click offers more moves).
FIRST_CHOICES = 6


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
    controller: BoardController
    choice_buttons: ChoiceButtons

    if TYPE_CHECKING:
        @property
        def _notice(self) -> str: ...

        @property
        def live(self) -> bool: ...

        def play(self, move: Any) -> list[Event]: ...

        def _tell(self, notice: str, rule: str | None = None) -> None: ...

        def _refresh(self) -> None: ...

    _error: str
    _trace: str

    def _init_clicks(self) -> None:
        self._error = ""
        self._trace = ""
        self.choice_buttons = ChoiceButtons(lambda k: self.guarded(lambda: self.choose(k)),
                                            self.CHOICE_CLASS)

    # ----- hooks (``moves_for`` and ``nothing_here`` are :class:`~.controller.Hooks`') ----
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
        return self.controller.turn_problem()

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
        """Do what the controller says a click on ``place`` means."""
        click = self.controller.click(place)
        if click.kind == "notice":
            self._tell(click.reason, click.rule)
        elif click.kind == "play":
            self.play(click.moves[0])
        else:
            self._refresh()  # the choice buttons

    def offer(self, moves: Sequence[Any], place: object = None) -> None:
        """Show ``moves`` as choice buttons in the slot (the notice is cleared)."""
        self.controller.offer(moves, place)
        self._refresh()

    def choices(self) -> list[str]:
        """The choice buttons on display, as their labels (words), in order."""
        return [self.describe_move(m) for m in self.controller.offered]

    def offered(self) -> list[Any]:
        """The moves the choice buttons on display would play, in order."""
        return list(self.controller.offered)

    def choose(self, which: int | str) -> list[Event]:
        """Press choice button ``which``: its index, its label, or its move's notation.

        Raises:
            IllegalMoveError: the engine refused the move (shown in the notice).
            ValueError: no such choice is on display (shown in the notice).
        """
        move = self.controller.chosen(which, self.describe_move)
        if move is not None:
            return self.play(move)
        offer = "; ".join(self.choices()) or "none"
        self._tell(f"no choice {which!r} on display (choices: {offer})")
        raise Refused(self._notice)

    def _render_choices(self) -> None:
        """Draw the choice buttons (called by every redraw)."""
        offered = self.controller.offered
        moves = offered if self.live else []
        labels = [self.describe_move(m) for m in moves]
        self.choice_buttons.show(self.choice_title(self.controller.offered_place, moves)
                                 if moves else "", labels,
                                 [f"{lbl}  [{m}]" for lbl, m in zip(labels, moves,
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
        self.controller.drop_choice()
        try:
            self._refresh()
        except Exception as again:
            self._trace += ("\nWhile showing it, the redraw failed too:\n"
                            + "".join(traceback.format_exception(type(again), again,
                                                                 again.__traceback__)))
