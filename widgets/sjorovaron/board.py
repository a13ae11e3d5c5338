"""`SjoBoard`: play Sjörövarön (Pirate Island) in JupyterLab against bots.

>>> board = SjoBoard(seed=1)
>>> board
SjoBoard(players=4, ply=0, Player 1 to roll)
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import load_game
from treasurekit.sjorovaron import PIRATE_NAMES, PIRATES, SjoGame, SjoState
from treasurekit.sjorovaron.bots import GreedyBot

from ..base import HUMAN, GameBoard
from ..controls import MUTED, Refused, muted
from ..decisions import DecisionButtons
from .controller import SjoController, SjoHooks, move_label
from .draw import FIGURE_PX, SjoPicture, key_html, pirates_html, seat_colour

__all__ = ["SjoBoard", "move_label"]

SIDE_PX = 280
class SjoBoard(SjoHooks, GameBoard, DecisionButtons):
    """A Sjörövarön board: roll, click a yellow hex, use the action buttons.

    Args:
        game: a ``treasurekit.load_game("sjorovaron", ...)`` result, or None to load one
            from ``options`` (``players`` (default 4), ``hit_faces``...).
        seats: ``{seat: "human" or bot}``; default seat 0 human, every other seat
            ``GreedyBot(seed=seat)``.
        seed: seed of the first game; None (default) picks an unpredictable one.
        teaching: unlimited Undo (past a reveal, after the end), and no hot-seat
            cover; default off (a play board, DESIGN §4).

    Raises:
        TypeError: both ``game`` and options were given.
        OptionError: an option is unknown or has a bad value (from ``load_game``).

    The human presses **Roll the die** for the starting roll and for each movement
    roll; the board deals the map pieces and throws the shooting die by itself. Each
    turn starts with a choice of action (buttons: move over land, jump, cross, dig,
    drag, float, launch, shoot at a named pirate); after the roll the hexes the die
    allows are yellow: clicking one walks there (``moves_at(hex)``). At the pick,
    choose a pirate in the list and click a free starting hex (violet ring). A click
    the rules refuse shows why under the picture. The board is drawn from
    ``state.view(seat)``: the human sees only his own map pieces.

    Extra classes: ``tk-sjo-figure``, ``tk-sjo-side``, ``tk-sjo-decisions``,
    ``tk-sjo-decision`` (its buttons), ``tk-sjo-pirates``, ``tk-sjo-pick``, ``tk-hint``,
    ``tk-hint-panel``.
    """

    #: The CSS class of its decision buttons (:class:`~..decisions.DecisionButtons`).
    DECISION_CLASS = "tk-sjo-decision"

    game: SjoGame
    state: SjoState
    controller: SjoController
    CONTROLLER = SjoController
    CHANCE_WORDS = "the die has been rolled or map pieces dealt"
    SEAT_SECRETS = True
    SEAT_WORDS = True  # the engine's "p0" (before the pirates are picked): "Player 1"
    #: only a set-up text's seats ("p0 rolls", "p0 and p2 tie", "p1 takes Hook and starts
    #: on p5"): elsewhere, and after them, ``p5`` is a hex
    SEAT_RE = re.compile(r"(?:^|(?<= and ))p(\d)(?=(?: and p\d)* (?:rolls|rolled|takes|tie)\b)")

    def __init__(
        self,
        game: SjoGame | None = None,
        seats: Mapping[int, Any] | None = None,
        seed: int | None = None,
        *,
        teaching: bool = False,
        **options: Any,
    ) -> None:
        if game is None:
            options.setdefault("players", 4)
            loaded = load_game("sjorovaron", **options)
            assert isinstance(loaded, SjoGame)
            game = loaded
        elif options:
            raise TypeError(f"give options to load_game or here, not both: {sorted(options)}")
        self.picture = SjoPicture(game.board, self._click, self.click_nothing)
        self.decision_head = w.HTML()
        self.decision_buttons: list[w.Button] = []
        self.decision_list = w.VBox(layout=w.Layout(overflow="hidden auto", flex="1 1 auto"))
        self.decision_panel = w.VBox(
            [self.decision_head, self.decision_list],
            layout=w.Layout(height="200px", min_height="200px", width="100%",
                            border="1px solid #e5e7eb", padding="4px 6px", overflow="hidden"))
        self.decision_panel.add_class("tk-sjo-decisions")
        self.pirates_box = w.HTML(layout=w.Layout(height="250px", overflow="hidden"))
        self.pirates_box.add_class("tk-sjo-pirates")
        self.key_box = w.HTML(key_html(), layout=w.Layout(overflow="hidden"))
        self.side = w.VBox([self.decision_panel, self.pirates_box, self.key_box],
                           layout=w.Layout(width=f"{SIDE_PX}px", height=f"{FIGURE_PX}px",
                                           min_width=f"{SIDE_PX}px", flex="none",
                                           margin="0 0 0 8px", overflow="hidden"))
        self.side.add_class("tk-sjo-side")
        self.pick_choice = w.Dropdown(options=[(PIRATE_NAMES[p], p) for p in PIRATES],
                                      description="Pirate", layout=w.Layout(width="220px",
                                                                            display="none"))
        self.pick_choice.add_class("tk-sjo-pick")
        self.hint_button = w.ToggleButton(description="Hint", icon="lightbulb-o",
                                          tooltip="what the greedy bot would play, and why")
        self.hint_button.add_class("tk-hint")
        self.hint_panel = w.HTML(layout=w.Layout(display="none", max_width="890px"))
        self.hint_panel.add_class("tk-hint-panel")
        self.hint_button.observe(lambda _: self.guarded(self._refresh), names="value")
        super().__init__(game, seats, seed, teaching=teaching)
        self.layout.max_width = "900px"

    # ----- hooks -------------------------------------------------------------------------
    def default_seats(self) -> dict[int, Any]:
        """Seat 0 human, every other seat ``GreedyBot(seed=seat)``."""
        return {0: HUMAN, **{p: GreedyBot(seed=p) for p in range(1, self.game.num_players)}}

    def _build_main(self) -> list[w.Widget]:
        return [w.HBox([self.picture.figure, self.side],
                       layout=w.Layout(align_items="flex-start", max_width="900px",
                                       flex_flow="row wrap"))]

    def _slot_widgets(self) -> list[w.Widget]:
        return [self.pick_choice]

    def _extra_controls(self) -> list[w.Widget]:
        return [self.hint_button]

    def _panels(self) -> list[w.Widget]:
        return [self.hint_panel]

    def _sync_widgets(self) -> list[w.Widget]:
        return [*self.picture.marks, self.decision_head, self.decision_list,
                *self.decision_buttons, self.pirates_box, self.hint_panel, self.pick_choice]

    def seat_colour(self, seat: int) -> str | None:
        return seat_colour(seat)

    def detail(self, state: Any) -> str:
        return f"ply {state.ply} · round {state.round}"

    def final_text(self, outcome: Any) -> str:
        if not outcome.winners:
            return f"Game over: no winner ({outcome.termination})"
        names = " and ".join(self.seat_name(p) for p in outcome.winners)
        return f"Game over: {names} wins ({outcome.termination})"

    # ----- clicks and decisions ------------------------------------------------------------
    def click(self, hex_name: str) -> None:
        """Act on a click on hex ``hex_name`` (e.g. ``"k11"``): what a real click does.
        Never raises for a refused click (the reason is shown)."""
        self._click(self.game.board.hex(hex_name))

    def highlighted(self) -> list[str]:
        """Names of the hexes highlighted now (a click there plays a move)."""
        return [self.game.board.label(h) for h in self.picture.highlighted]

    def decisions(self) -> list[tuple[str, str]]:
        """The decision buttons on display: (label, move notation) in order."""
        return [(move_label(m), str(m)) for m in self.controller.decisions]

    def decide(self, text: str) -> list[Any]:
        """Press the decision button whose label or move notation is ``text``.

        Raises:
            ValueError: no such button is on display (the reason is shown).
        """
        click = self.controller.decide(text)
        if click.kind == "play":
            return self.play(click.moves[0])
        self._tell(click.reason, click.rule)
        raise Refused(self._notice)

    def hint(self) -> Any:
        """The greedy bot's choice for the human to move, computed from what that seat
        knows (the pieces it has not seen are reshuffled), or None."""
        return self.controller.hint()

    def _click(self, h: int) -> None:
        self.click_place(self.game.board.label(h))

    def picked(self) -> str | None:
        """The pirate chosen in the list (for the pick)."""
        value = self.pick_choice.value
        return None if value is None else str(value)

    # ----- drawing ---------------------------------------------------------------------------
    def _viewer(self, seat: int | None) -> int:
        return self.facing_seat  # the human at the screen (hot seat: after the cover)

    def _render(self, shown: Any, live: bool) -> None:
        seat = self.turn_of(shown)
        view = shown.view(self._viewer(seat))
        c = self.controller
        c.sort_moves(shown, live)
        board = self.game.board
        self.picture.draw(view, [board.hex(t) for t in c.targets])
        if c.picking:
            options = [(PIRATE_NAMES[p], p) for p in c.free_pirates]
            if list(self.pick_choice.options) != options:
                self.pick_choice.options = options
        self.pick_choice.layout.display = "flex" if c.picking else "none"
        title, note = c.decisions_head(shown, live)
        self.decision_head.value = f"<b>{title}</b> {muted(note)}"
        buttons = []
        for k, move in enumerate(c.decisions):
            button = self._button(k)
            button.description = move_label(move)
            button.tooltip = f"{move_label(move)}  [{move}]"
            buttons.append(button)
        self.decision_list.children = buttons
        names = [f"{self.seat_name(p)} · {'you' if self.is_human(p) else 'bot'}"
                 for p in range(self.game.num_players)]
        self.pirates_box.value = pirates_html(view, names)
        self.hint_panel.layout.display = "block" if self.hint_button.value else "none"
        if self.hint_button.value:
            self.hint_panel.value = self._hint_html(shown, live)

    def _hint_html(self, shown: Any, live: bool) -> str:
        note = self.controller.hint_note(shown, live)
        if note is not None:
            return muted(note)
        seat = self.turn_of(shown)
        assert seat is not None  # hint_note: a human seat is to move
        rows = self.controller.ranking(shown, seat)
        cell = "padding:1px 8px 1px 0;line-height:1.35;vertical-align:top"
        body = "".join(
            f"<tr><td style='{cell};white-space:nowrap'>{html.escape(move_label(c.move))}</td>"
            f"<td style='{cell};white-space:nowrap;color:{MUTED}'>"
            f"<code>{html.escape(str(c.move))}</code></td>"
            f"<td style='{cell};text-align:right'>{c.score:.1f}</td>"
            f"<td style='{cell}'>{html.escape('; '.join(c.reasons))}</td></tr>"
            for c in rows[:8])
        return ("<div style='font-size:12.5px'><b>Greedy bot's ranking</b> "
                f"{muted('(best first, from what you know)')}"
                f"<table style='border-collapse:collapse;margin-top:2px'>{body}</table></div>")
