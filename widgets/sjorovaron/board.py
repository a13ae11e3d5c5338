"""`SjoBoard`: play Sjörövarön (Pirate Island) in JupyterLab against bots.

>>> board = SjoBoard(seed=1)
>>> board
SjoBoard(players=4, ply=0, Player 1 to roll)
"""

from __future__ import annotations

import html
import random
import re
from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import load_game
from treasurekit.sjorovaron import (
    PIRATE_NAMES,
    PIRATES,
    Climb,
    Cross,
    Dig,
    Drag,
    End,
    Fire,
    Float,
    Go,
    Jump,
    Launch,
    Pick,
    Push,
    Shoot,
    SjoGame,
    SjoState,
    Stay,
    Wait,
    Walk,
)
from treasurekit.sjorovaron import rules as sjo_rules
from treasurekit.sjorovaron.bots import GreedyBot
from treasurekit.sjorovaron.flow import Phase

from ..base import HUMAN, GameBoard
from ..controls import MUTED, Refused, muted
from .draw import FIGURE_PX, SjoPicture, key_html, pirates_html, seat_colour

__all__ = ["SjoBoard", "move_label"]

#: Chance the board resolves by itself whoever's turn it is: the deal, the shooting die.
AUTO_PHASES = ("deal", "shot")
SIDE_PX = 280
#: Moves that are played by clicking a hex rather than by a button.
HEX_MOVES = (Walk, Pick)


def move_label(move: Any) -> str:
    """A decision in words, for its button.

    >>> move_label(Shoot("svullo")), move_label(Jump("i4")), move_label(End())
    ('Shoot at Svullo', 'Jump to i4 (needs 3+)', 'End the turn')
    """
    if isinstance(move, Shoot):
        return f"Shoot at {PIRATE_NAMES.get(move.target, move.target)}"
    if isinstance(move, Fire):
        return ("Fire the mortar at the raft" if move.target is None else
                f"Fire the mortar at {PIRATE_NAMES.get(move.target, move.target)}")
    if isinstance(move, Go):
        return "Move over land (roll)"
    if isinstance(move, Jump):
        return "Jump aboard the raft (needs 3+)" if move.to is None else \
            f"Jump to {move.to} (needs 3+)"
    if isinstance(move, Cross):
        return f"Cross the river to {move.to} (needs 2+)"
    if isinstance(move, Float):
        return "Float along the arrows"
    if isinstance(move, Climb):
        return f"Climb out onto {move.to}"
    if isinstance(move, Dig):
        return "Dig for the chest (needs 4+)"
    if isinstance(move, Drag):
        return "Drag the chest out of the water (needs 4+)"
    if isinstance(move, Launch):
        return "Launch the raft"
    if isinstance(move, Wait):
        return "Wait by the mortar"
    if isinstance(move, Push):
        return f"Push the wounded pirate into {move.into}"
    if isinstance(move, Stay):
        return "Stay: no walk is possible"
    if isinstance(move, End):
        return "End the turn"
    if isinstance(move, Pick):
        return f"Pick {PIRATE_NAMES.get(move.pirate, move.pirate)} at {move.at}"
    return str(move)


class SjoBoard(GameBoard):
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

    game: SjoGame
    state: SjoState
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
        self._decisions: list[Any] = []
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

    def turn_of(self, state: Any) -> int | None:
        """The seat whose turn it is, also before its roll; None once the game is over
        and while the board deals or throws the shooting die by itself."""
        if state.is_terminal() or state.phase in AUTO_PHASES:
            return None
        return int(state.turn)

    def seat_name(self, seat: int) -> str:
        p = self.state.pirate(seat)
        return PIRATE_NAMES[p.name] if p is not None else self.seat_word(seat)

    def seat_word(self, seat: int) -> str:
        """The engine's ``p0`` in the log (the starting rolls and the picks): "Player 1",
        as the play app's form names the seat."""
        return f"Player {seat + 1}"

    def seat_colour(self, seat: int) -> str | None:
        return seat_colour(seat)

    def prompt(self, state: Any) -> str:
        seat = self.turn_of(state)
        if seat is None:
            return "Game over" if state.is_terminal() else "The board deals or shoots"
        name = html.escape(self.seat_name(seat))
        if not self.is_human(seat):
            return f"{name} (bot) to {'roll' if state.is_chance_node() else 'move'}"
        phase = state.phase
        turn = f"Your turn, {name}"
        if phase == Phase.ORDER:
            return f"{turn}: roll for the starting order, press <b>Roll the die</b>"
        if phase == Phase.PICK:
            return f"{turn}: choose a pirate (list below) and click a ringed starting hex"
        if phase == Phase.ROLL:
            return f"{turn}: press <b>Roll the die</b> ({html.escape(state.action or '')})"
        if phase == Phase.WALK:
            return f"{turn}: you rolled {state.die}: click a yellow hex to walk there"
        if phase == Phase.START:
            return f"{turn}: choose an action with the action buttons"
        return f"{turn}: shoot, push, or end the turn with the action buttons"

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
        return [(move_label(m), str(m)) for m in self._decisions]

    def decide(self, text: str) -> list[Any]:
        """Press the decision button whose label or move notation is ``text``.

        Raises:
            ValueError: no such button is on display (the reason is shown).
        """
        for move in self._decisions:
            if text in (str(move), move_label(move)):
                return self.play(move)
        if not self._decisions:
            self._tell(f"cannot press '{text}': no buttons now: press Roll the die"
                       if self.state.is_chance_node() else
                       f"cannot press '{text}': no buttons now")
        else:
            self._tell(f"no decision '{text}' now; the buttons offer: "
                       + "; ".join(label for label, _ in self.decisions()))
        raise Refused(self._notice)

    def hint(self) -> Any:
        """The greedy bot's choice for the human to move, computed from what that seat
        knows (the pieces it has not seen are reshuffled), or None."""
        state = self.state
        seat = self.turn_of(state)
        if seat is None or state.is_chance_node() or state.is_terminal():
            return None
        rows = self._ranking(state, seat)
        return rows[0].move if rows else None

    def _ranking(self, state: SjoState, seat: int) -> list[Any]:
        guess = state.determinize(seat, random.Random(state.ply))
        legal = set(map(str, state.legal_moves()))
        return [c for c in GreedyBot().explain(guess) if str(c.move) in legal]

    def _click(self, h: int) -> None:
        self.click_place(self.game.board.label(h))

    def moves_for(self, place: object) -> list[Any]:
        """``moves_at(hex)``; at the pick, narrowed to the pirate chosen in the list."""
        moves = list(self.state.moves_at(place))
        if self.state.phase == Phase.PICK:
            moves = [m for m in moves
                     if isinstance(m, Pick) and m.pirate == self.pick_choice.value] or moves
        return moves

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click on hex ``place`` (a name) means nothing now."""
        state = self.state
        who = self.seat_name(int(state.turn))
        name = str(place)
        if state.is_chance_node():
            return f"{who} must roll the die first: press Roll the die", sjo_rules.MOVE
        if state.phase == Phase.WALK:
            reason, rule = super().nothing_here(place)
            return f"{reason}: click a yellow hex", rule
        if state.phase == Phase.PICK:  # the pirate chosen in the list
            refusal = state.refusal(f"pick {self.pick_choice.value} {name}")
            return ((refusal.reason, refusal.rule) if refusal
                    else ("pick a pirate in the list first", None))
        return (f"nothing to do on {name} now: {who} chooses an action with the buttons beside "
                "the map", sjo_rules.TURN)

    def describe_move(self, move: Any) -> str:
        return move_label(move)

    def concerns(self, event: Any, seat: int) -> bool:
        """Events naming the seat's pirate (shot, wounded, robbed, pushed, out...), but
        not the deal of the map pieces."""
        return event.kind != "deal" and super().concerns(event, seat)

    def _press(self, index: int) -> None:
        if 0 <= index < len(self._decisions):
            move = self._decisions[index]
            self.guarded(lambda: self.play(move))

    def _button(self, index: int) -> w.Button:
        while len(self.decision_buttons) <= index:
            k = len(self.decision_buttons)
            button = w.Button(layout=w.Layout(width="100%", height="28px", min_height="28px",
                                              margin="0 0 3px 0", flex="none"))
            button.add_class("tk-sjo-decision")
            button.on_click(lambda _, k=k: self._press(k))
            self.decision_buttons.append(button)
        return self.decision_buttons[index]

    # ----- drawing ---------------------------------------------------------------------------
    def _viewer(self, seat: int | None) -> int:
        return self.facing_seat  # the human at the screen (hot seat: after the cover)

    def _render(self, shown: Any, live: bool) -> None:
        seat = self.turn_of(shown)
        view = shown.view(self._viewer(seat))
        acting = live and seat is not None and self.is_human(seat) and not shown.is_chance_node()
        moves = shown.legal_moves() if acting else []
        board = self.game.board
        targets = sorted({board.hex(m.end if isinstance(m, Walk) else m.at)
                          for m in moves if isinstance(m, HEX_MOVES)})
        self.picture.draw(view, targets)
        self._decisions = [m for m in moves if not isinstance(m, HEX_MOVES)]
        picking = acting and shown.phase == Phase.PICK
        if picking:
            free = [p for p in PIRATES if any(isinstance(m, Pick) and m.pirate == p
                                              for m in moves)]
            options = [(PIRATE_NAMES[p], p) for p in free]
            if list(self.pick_choice.options) != options:
                self.pick_choice.options = options
        self.pick_choice.layout.display = "flex" if picking else "none"
        if self._decisions:
            self.decision_head.value = "<b>Your decision</b> " + muted("(one button per move)")
        else:
            waiting = live and shown.is_chance_node() and self.is_human(seat)
            text = ("click a yellow hex" if acting else
                    "press Roll the die" if waiting else "none now")
            self.decision_head.value = f"<b>Decisions</b> {muted('(' + text + ')')}"
        buttons = []
        for k, move in enumerate(self._decisions):
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
        if not live:
            return muted("Hints are for the live position.")
        if shown.is_terminal():
            return muted("The game is over.")
        seat = self.turn_of(shown)
        if seat is None or not self.is_human(seat):
            return muted("Waiting for the bots.")
        if shown.is_chance_node():
            return muted("Roll, and the hint ranks what the die allows.")
        rows = self._ranking(shown, seat)
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
