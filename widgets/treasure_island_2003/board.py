"""`TreasureIslandBoard`: play Treasure Island (2003) in JupyterLab against bots.

>>> board = TreasureIslandBoard(players=2, seed=1, first_player=0)
>>> board
TreasureIslandBoard(players=2, ply=0, Red to roll)
>>> _ = board.roll()
>>> square = board.highlighted()[0]
>>> board.click(square)
>>> board.state.owner(square)
0
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import load_game
from treasurekit.treasure_island_2003 import (
    Discard,
    Fire,
    GreedyBot,
    Open,
    Place,
    Protect,
    Stash,
    Take,
    TIGame,
    TIState,
    next_throw_chance,
)
from treasurekit.treasure_island_2003.flow import Phase

from ..base import HUMAN, GameBoard
from ..controls import MUTED, Refused, muted, ranking_html
from ..decisions import DecisionButtons
from .controller import TI2003Controller, TI2003Hooks, decision_label
from .draw import (
    CLICK_THROUGH_CSS,
    FIGURE_PX,
    TIPicture,
    dice_html,
    key_html,
    locker_html,
    players_html,
    seat_colour,
)

__all__ = ["TreasureIslandBoard", "decision_label"]

SIDE_PX = 272  # width of the column right of the board
DECISIONS_PX = 184  # height of the decision panel (its list scrolls when there are more)
BUTTON_PX = 31  # one decision button and its gap
SHOWN_BUTTONS = 4  # buttons the list shows without scrolling; "+N more" counts the rest
TURN_PX = 96  # the turn box's usual height; it grows (then scrolls) for long chest contents
TURN_MAX_PX = 150
ROW_PX = 58  # height of one player's row under the board
#: What the turn box says in each phase (the dice have their own line).
PHASE_TEXT = {"opening": "throws for the first turn", "roll": "to throw",
              "choose": "which chest first? (buttons below)",
              "cannon": "use the cannons (buttons below)",
              "wrap": "Locker moves, or end the turn (below)",
              "discard": "too many types: discard one (below)",
              "reveal": "a chest is being opened", "skirmish": "a skirmish is on"}
ONE_LINE = "font-size:12.5px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis"
BUTTON_COLOURS = {"purple": "#e5dbff", "gold": "#fff0b3", "locker": "#d0ebff",
                  "open": "#fff3bf", "discard": "#ffe3e3", "end": "#e9ecef", "pass": "#e9ecef"}


def _colour_of(move: Any) -> str:
    if isinstance(move, Fire):
        return BUTTON_COLOURS["locker"] if move.from_locker else BUTTON_COLOURS[move.cannon]
    if isinstance(move, Protect):
        return BUTTON_COLOURS["locker"] if move.from_locker else BUTTON_COLOURS["purple"]
    if isinstance(move, (Take, Stash)):
        return BUTTON_COLOURS["locker"]
    if isinstance(move, Open):
        return BUTTON_COLOURS["open"]
    if isinstance(move, Discard):
        return BUTTON_COLOURS["discard"]
    return BUTTON_COLOURS["end"]


class TreasureIslandBoard(TI2003Hooks, GameBoard, DecisionButtons):
    """A Treasure Island (2003) board: throw, click a square, use your cannons.

    Args:
        game: a ``treasurekit.load_game("treasure_island_2003", ...)`` result, or None
            to load one from ``options`` (``players``, ``board``, ``first_player``...).
        seats: ``{seat: "human" or bot}``; default seat 0 human, every other seat
            ``GreedyBot(seed=seat)``.
        seed: seed of the first game; None (default) picks an unpredictable one.
        teaching: unlimited Undo (past a reveal, after the end); default off (a
            play board, DESIGN §4).

    Raises:
        TypeError: both ``game`` and options were given.
        OptionError: an option is unknown or has a bad value (from ``load_game``).

    A human presses **Roll the dice** for their own throws (the opening throws too);
    the board draws chest cards and throws skirmish rounds by itself, with the
    engine's seeded ``resolve_chance``, and plays the bots' seats. After a throw the
    squares the dice allow are yellow with a violet frame: clicking one plays
    ``place <square>``; clicking any other square shows the engine's reason under the
    picture. Every other decision (which chest first, cannons, the Locker, discards,
    passing, ending the turn) is a button in the panel right of the board, one per
    legal move. Extra classes: ``tk-ti-figure``, ``tk-ti-side``, ``tk-ti-turn-box``,
    ``tk-ti-decisions`` (panel), ``tk-ti-decision`` (its buttons), ``tk-ti-players``,
    ``tk-ti-locker-box``, ``tk-hint`` (toggle) and ``tk-hint-panel``.
    """

    #: The CSS class of its decision buttons (:class:`~..decisions.DecisionButtons`).
    DECISION_CLASS = "tk-ti-decision"

    game: TIGame
    state: TIState
    controller: TI2003Controller
    CONTROLLER = TI2003Controller
    CHANCE_WORDS = "the dice have been thrown or a chest opened"

    def __init__(
        self,
        game: TIGame | None = None,
        seats: Mapping[int, Any] | None = None,
        seed: int | None = None,
        *,
        teaching: bool = False,
        **options: Any,
    ) -> None:
        if game is None:
            loaded = load_game("treasure_island_2003", **options)
            assert isinstance(loaded, TIGame)
            game = loaded
        elif options:
            raise TypeError(f"give options to load_game or here, not both: {sorted(options)}")
        self.picture = TIPicture(game.board, game.cards, self._click, self.click_nothing)
        self.decision_head = w.HTML(layout=w.Layout(width="100%", overflow="hidden",
                                                    flex="none"))
        self.decision_note = w.HTML(layout=w.Layout(width="100%"), value=muted(
            "Chests to open, cannons to fire, Davy Jones' Locker and discards come up here "
            "as buttons, one per move the rules allow."))
        self.decision_buttons: list[w.Button] = []
        self.decision_list = w.VBox(layout=w.Layout(
            overflow="hidden scroll", flex="none", align_items="stretch",
            height=f"{SHOWN_BUTTONS * BUTTON_PX}px"))
        self.decision_list.add_class("tk-ti-decision-list")
        self.decision_more = w.HTML(layout=w.Layout(width="100%", height="18px", flex="none",
                                                    overflow="hidden"))
        self.decision_more.add_class("tk-ti-decision-more")
        self.decision_panel = w.VBox(
            [self.decision_head, self.decision_list, self.decision_more],
            layout=w.Layout(height=f"{DECISIONS_PX}px", min_height=f"{DECISIONS_PX}px",
                            width="100%", border="1px solid #e5e7eb", padding="4px 6px",
                            overflow="hidden"))
        self.decision_panel.add_class("tk-ti-decisions")
        self.turn_box = w.HTML(layout=w.Layout(
            height="auto", min_height=f"{TURN_PX}px", max_height=f"{TURN_MAX_PX}px",
            overflow="hidden auto", flex="none"))
        self.turn_box.add_class("tk-ti-turn-box")
        self.locker_box = w.HTML(layout=w.Layout(height="118px", overflow="hidden", flex="none"))
        self.locker_box.add_class("tk-ti-locker-box")
        self.key_box = w.HTML(CLICK_THROUGH_CSS + key_html(), layout=w.Layout(overflow="hidden"))
        self.side = w.VBox([self.turn_box, self.decision_panel, self.locker_box, self.key_box],
                           layout=w.Layout(width=f"{SIDE_PX}px", height=f"{FIGURE_PX}px",
                                           min_width=f"{SIDE_PX}px", flex="none",
                                           margin="0 0 0 8px", overflow="hidden"))
        self.side.add_class("tk-ti-side")
        players_px = ROW_PX * -(-game.num_players // 2)  # two seats a row
        self.players_box = w.HTML(layout=w.Layout(height=f"{players_px}px",
                                                  min_height=f"{players_px}px",
                                                  overflow="hidden", width="100%",
                                                  max_width="808px", margin="6px 0 0 0"))
        self.players_box.add_class("tk-ti-players")
        self.hint_button = w.ToggleButton(description="Hint", icon="lightbulb-o",
                                          tooltip="what the greedy bot would play, and why")
        self.hint_button.add_class("tk-hint")
        self.hint_panel = w.HTML(layout=w.Layout(display="none", max_width="808px"))
        self.hint_panel.add_class("tk-hint-panel")
        self.hint_button.observe(lambda _: self.guarded(self._refresh), names="value")
        super().__init__(game, seats, seed, teaching=teaching)
        self.roll_button.description = "Roll the dice"
        self.layout.max_width = "812px"

    # ----- hooks -------------------------------------------------------------------------
    def default_seats(self) -> dict[int, Any]:
        """Seat 0 human, every other seat ``GreedyBot(seed=seat)``."""
        return {0: HUMAN, **{p: GreedyBot(seed=p) for p in range(1, self.game.num_players)}}

    def _build_main(self) -> list[w.Widget]:
        top = w.HBox([self.picture.figure, self.side],
                     layout=w.Layout(align_items="flex-start", max_width="812px",
                                     flex_flow="row wrap"))
        return [top, self.players_box]

    def _extra_controls(self) -> list[w.Widget]:
        return [self.hint_button]

    def _panels(self) -> list[w.Widget]:
        return [self.hint_panel]

    def _sync_widgets(self) -> list[w.Widget]:
        return [*self.picture.marks, self.turn_box, self.decision_head, self.decision_list,
                self.decision_more, *self.decision_buttons, self.locker_box, self.players_box,
                self.hint_panel]

    def seat_colour(self, seat: int) -> str | None:
        return seat_colour(seat)

    def detail(self, state: Any) -> str:
        if state.phase == Phase.OVER or any(state.scores()):
            points = ", ".join(f"{self.seat_name(p)} {s}" for p, s in enumerate(state.scores()))
            return f"ply {state.ply} · points: {points}"
        counters = ", ".join(f"{self.seat_name(p)} {state.counters(p)}"
                             for p in range(self.game.num_players))
        return f"ply {state.ply} · counters: {counters}"

    def final_text(self, outcome: Any) -> str:
        """The game-over line: the winner first, then everyone's points."""
        names = " and ".join(self.seat_name(p) for p in outcome.winners)
        points = ", ".join(f"{self.seat_name(p)} {s}" for p, s in enumerate(outcome.scores))
        return f"Game over: {names} wins{outcome.reason}. Points: {points}"

    # ----- clicks and decisions ------------------------------------------------------------
    def click(self, square: str | int) -> None:
        """Act on a click on ``square`` (a name such as ``"c7"`` or an index): what a real
        click does. Places a counter if the engine allows it, otherwise shows why not.
        Never raises for a refused click."""
        index = self.game.board.square(square) if isinstance(square, str) else square
        self._click(index)

    def highlighted(self) -> list[str]:
        """Names of the squares highlighted now (the dice allow them), in board order."""
        return [self.game.board.name_of(s) for s in self.picture.highlighted]

    def decisions(self) -> list[tuple[str, str]]:
        """The decision buttons on display: (label, move notation) in order."""
        return [(decision_label(self.state, m), str(m)) for m in self.controller.decisions]

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

    def _click(self, square: int) -> None:
        self.click_place(square)

    # ----- drawing ---------------------------------------------------------------------------
    def _viewer(self, seat: int | None) -> int:
        if seat is not None and self.is_human(seat):
            return seat
        return next((p for p, who in sorted(self.seats.items()) if who == HUMAN), 0)

    def _render(self, shown: Any, live: bool) -> None:
        seat = self.turn_of(shown)
        view = shown.view(self._viewer(seat))
        c = self.controller
        c.sort_moves(shown, live, hint=bool(self.hint_button.value))
        self.picture.draw(view, c.squares, c.last_squares(shown))
        self._render_decisions(shown, c.best)
        who, chip = self.seat_name(view.turn), seat_colour(view.turn)
        if shown.is_terminal():
            winner = view.winner if view.winner is not None else view.turn
            who, chip = f"Game over: {self.seat_name(winner)} wins", seat_colour(winner)
            text = "the Final Reckoning is done"
        elif shown.phase == Phase.PLACE and view.dice is not None:
            how = "both numbers" if view.both_dice[view.turn] else "one number"
            text = f"{view.dice[0]} and {view.dice[1]}: use {how}"
        else:
            text = PHASE_TEXT.get(shown.phase, "")
        self.turn_box.value = dice_html(view, who, chip, self.game.cards, text)
        self.locker_box.value = locker_html(view, self.game.cards)
        names = [f"{self.seat_name(p)} · {'you' if self.is_human(p) else 'bot'}"
                 for p in range(self.game.num_players)]
        limits = [shown.limit(p) for p in range(self.game.num_players)]
        self.players_box.value = players_html(
            view, self.game.cards, names, limits,
            reckoning=shown.is_terminal() or any(view.points), row_px=ROW_PX)
        self.hint_panel.layout.display = "block" if self.hint_button.value else "none"
        if self.hint_button.value:
            self.hint_panel.value = self._hint_html(shown, live, c.ranking)

    def _render_decisions(self, shown: Any, best: Any = None) -> None:
        title, note = self.controller.decisions_head(shown)
        self.decision_head.value = f'<div style="{ONE_LINE}"><b>{title}</b> {muted(note)}</div>'
        buttons = []
        for k, move in enumerate(self.controller.decisions):
            button = self._button(k)
            label = decision_label(shown, move)
            button.description = f"★ {label}" if move == best else label
            button.tooltip = (f"{label}  [{move}]"
                              + ("  (the hint's best choice)" if move == best else ""))
            button.style.button_color = _colour_of(move)
            buttons.append(button)
        children = tuple(buttons) or (self.decision_note,)
        if self.decision_list.children != children:
            self.decision_list.children = children
        hidden = len(buttons) - SHOWN_BUTTONS
        self.decision_more.value = (
            f'<div style="{ONE_LINE};text-align:center;color:{MUTED}">'
            f"+{hidden} more ↓ (scroll the list)</div>" if hidden > 0 else "")

    def _hint_html(self, shown: Any, live: bool, ranking: list[Any] | None = None) -> str:
        note = self.controller.hint_note(shown, live)
        if note is not None:
            return muted(note)
        seat = self.turn_of(shown)
        assert seat is not None  # hint_note: a seat is to move
        odds = ""
        if shown.phase == Phase.ROLL:
            p = next_throw_chance(shown, seat)
            odds = (f"<div style='font-size:12.5px;margin-bottom:4px'><b>"
                    f"{html.escape(self.seat_name(seat))}'s throw</b> "
                    f"{muted('(exact, two dice)')}: the chance that it lets you take a "
                    f"treasure square at once is <b>{p}</b></div>")
        if shown.is_chance_node():
            return odds + muted("Throw, and the hint ranks the squares the dice allow.")
        rows = ranking or GreedyBot().explain(shown)
        note = "(best first, marked ★ on its button; score = sum of the reasons)"
        return odds + ranking_html(rows, lambda m: self._phrase(shown, m), note, digits=1)

    def _phrase(self, state: Any, move: Any) -> str:
        if isinstance(move, Place):
            sq = self.game.board.square(move.square)
            number = self.game.board.numbers[sq]
            chest = self.game.board.treasure_at.get(sq)
            where = f" ({self.game.cards.chest(chest).pirate}'s square)" if chest else ""
            return f"{move.square}, a {number}{where}"
        return decision_label(state, move)
