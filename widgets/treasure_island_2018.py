"""`LongJohnBoard`: play Treasure Island (2018) in JupyterLab, as a pirate or as Silver.

>>> board = LongJohnBoard(players=4, seed=3)
>>> board
LongJohnBoard(players=4, ply=17, shown=p1, p1 (Anne) to act (1 action left))
>>> board.click_at(6.0, 12.0)
>>> board.choices()
['search large red 6,12', 'foot red 6,12', 'horse red 6,12', 'gallop red 6,12', 'monkey 6,12']
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from treasurekit import load_game
from treasurekit.treasure_island_2018 import (
    Bury,
    Foot,
    Gallop,
    GreedyBot,
    Horse,
    Posterior,
    Remote,
    Search,
    SilverBot,
    TIGame,
    TIState,
    TIView,
    UseItem,
    describe,
    load_map,
    posterior_for,
)

from .base import HUMAN, GameBoard
from .controls import muted, split_rule
from .ti2018_draw import MINI_COLOURS, MapPicture

__all__ = ["MAP_MOVES", "LongJohnBoard"]

SILVER = 0
#: Move types played by a click on the map (every other move is a button).
MAP_MOVES = (Bury, Horse, Foot, Search, Gallop, Remote, UseItem)
MAX_BUTTONS = 24  # decision buttons shown at once (the text box plays any other move)
MAX_CHOICES = 8  # buttons made at first for the moves a click offers (more are added if due)
SIDE_PX = 300
EVENT_MARK = {"starting_hint": "S", "bluff": "B", "prison": "P", "black_spot": "X",
              "black_spot_hint": "H"}
EVENT_TIP = {"S": "Starting Hint", "B": "Bluff token", "P": "Prison", "X": "Black Spot",
             "H": "Black Spot Hint"}


def _is_map_move(move: Any) -> bool:
    return isinstance(move, MAP_MOVES) and not (isinstance(move, UseItem)
                                                 and getattr(move, "at", None) is None)


class LongJohnBoard(GameBoard):
    """A Treasure Island (2018) board: click the map to ride, walk or search.

    Args:
        game: a ``load_game("treasure_island_2018", ...)`` result, or None to load one
            from ``options`` (``players`` ...).
        seats: ``{seat: "human" or bot}``; seat 0 is Long John Silver, seats 1.. the
            pirates. Default: seat 1 human, Silver ``SilverBot(seed=0)``, other pirates
            ``GreedyBot(seed=seat)``.
        seed: seed of the first game; None (default) picks an unpredictable one.
        shown_seat: whose view is drawn (default: the first human seat, else seat 1). A
            pirate's view never holds the treasure, so it is never drawn for a pirate.
        teaching: offer every seat's view in the "View of" list (Silver's shows the
            treasure), a teaching mode. Default: on only when no seat is human; off, the
            list holds the human seats alone, so a player never sees another's secrets.
        heatmap: show the probability map of the shown seat at first.
        trust: the trust level of the probability map (how likely an unverified hint
            is true), also a slider.

    A click on the map becomes the legal moves there (``state.moves_at``): one is
    played at once; several (a ride, a gallop, a monkey search) become buttons in the
    slot under the map; none shows the engine's reason. Moves without a point (hints,
    Compass, Done, answers) are buttons in the side panel; the text box plays any move
    in notation. Extra classes: ``tk-ti18-map`` (figure), ``tk-heatmap`` (toggle),
    ``tk-trust`` (slider), ``tk-ti18-seat`` (shown seat), ``tk-ti18-calendar``,
    ``tk-ti18-decisions`` / ``tk-ti18-decision`` (buttons), ``tk-ti18-choice`` (slot
    buttons), ``tk-ti18-move-text`` / ``tk-ti18-move-play``, ``tk-ti18-hints``,
    ``tk-ti18-hint-select``, ``tk-hint-panel``.
    """

    game: TIGame
    state: TIState

    def __init__(
        self,
        game: TIGame | None = None,
        seats: Mapping[int, Any] | None = None,
        seed: int | None = None,
        *,
        shown_seat: int | None = None,
        heatmap: bool = True,
        trust: float = 0.8,
        teaching: bool | None = None,
        **options: Any,
    ) -> None:
        if game is None:
            loaded = load_game("treasure_island_2018", **options)
            assert isinstance(loaded, TIGame)
            game = loaded
        elif options:
            raise TypeError(f"give options to load_game or here, not both: {sorted(options)}")
        self.map = load_map()
        self.picture = MapPicture(self.map, self.click_at)
        self._choices: list[Any] = []
        self._decisions: list[Any] = []
        # Buttons are reused from render to render (new ones would be new widget models
        # in the browser on every move): pool per box, and the move each one plays.
        self._pools: dict[str, list[w.Button]] = {"tk-ti18-decision": [],
                                                   "tk-ti18-choice": []}
        self._button_move: dict[int, Any] = {}
        self._grow("tk-ti18-decision", MAX_BUTTONS)  # made once: the model count stays flat
        self._grow("tk-ti18-choice", MAX_CHOICES)
        self._teaching = teaching
        self._post_key: tuple[Any, ...] | None = None
        self._post: Posterior | None = None
        self._shown_fixed = shown_seat
        n = game.num_players
        self.heat_toggle = w.ToggleButton(value=heatmap, description="Probability map",
                                          icon="fire", tooltip="show where the treasure can "
                                          "still be, as the shown seat knows it")
        self.heat_toggle.add_class("tk-heatmap")
        self.trust_slider = w.FloatSlider(value=trust, min=0.0, max=1.0, step=0.05,
                                          description="Trust", continuous_update=False,
                                          readout_format=".2f",
                                          layout=w.Layout(width="260px"))
        self.trust_slider.add_class("tk-trust")
        self.seat_pick = w.Dropdown(options=[(self._seat_label(game, s), s) for s in range(n)],
                                    value=1, description="View of",
                                    layout=w.Layout(width="260px"))
        self.seat_pick.add_class("tk-ti18-seat")
        self.hint_pick = w.Dropdown(options=[("latest hint", "latest"), ("all hints", "all"),
                                             ("no hint drawings", "none")],
                                    value="latest", description="Draw",
                                    layout=w.Layout(width="260px"))
        self.hint_pick.add_class("tk-ti18-hint-select")
        self.calendar = w.HTML(layout=w.Layout(overflow="hidden", max_width="960px"))
        self.calendar.add_class("tk-ti18-calendar")
        self.decision_list = w.VBox(layout=w.Layout(overflow="hidden auto", height="150px",
                                                    border="1px solid #e5e7eb",
                                                    padding="2px"))
        self.decision_list.add_class("tk-ti18-decisions")
        self.move_text = w.Text(placeholder="any move, e.g. done", layout=w.Layout(
            width="190px"))
        self.move_text.add_class("tk-ti18-move-text")
        self.move_play = w.Button(description="Play", layout=w.Layout(width="70px"))
        self.move_play.add_class("tk-ti18-move-play")
        self.move_play.on_click(lambda _: self._quietly(self._play_text))
        self.side_info = w.HTML(layout=w.Layout(overflow="hidden auto", height="170px"))
        self.side_info.add_class("tk-ti18-hints")
        self.side = w.VBox([self.seat_pick, self.heat_toggle, self.trust_slider,
                            self.hint_pick, w.HTML(muted("Moves without a place on the map:")),
                            self.decision_list, w.HBox([self.move_text, self.move_play]),
                            self.side_info],
                           layout=w.Layout(width=f"{SIDE_PX}px", margin="0 0 0 8px"))
        self.choice_box = w.HBox(layout=w.Layout(overflow="hidden", flex="none"))
        self.hint_panel = w.HTML()
        self.hint_panel.add_class("tk-hint-panel")
        super().__init__(game, seats, seed)
        self.roll_button.layout.display = "none"  # chance moves play by themselves
        self._offer_seats()
        if self._shown_fixed is not None:
            self.shown_seat = self._shown_fixed
        else:
            self.seat_pick.value = self._default_shown()
        for widget in (self.heat_toggle, self.trust_slider, self.seat_pick, self.hint_pick):
            widget.observe(lambda _: self._refresh(), names="value")
        self._refresh()

    # ----- hooks -------------------------------------------------------------------------
    def default_seats(self) -> dict[int, Any]:
        """Silver a cunning ``SilverBot`` (its default policy) seeded with the game's seed
        (so the treasure lies elsewhere in every game), seat 1 human, the other pirates
        ``GreedyBot``."""
        seats: dict[int, Any] = {SILVER: SilverBot(seed=self.seed), 1: HUMAN}
        for s in range(2, self.game.num_players):
            seats[s] = GreedyBot(seed=s)
        return seats

    def _build_main(self) -> list[w.Widget]:
        return [self.calendar, w.HBox([self.picture.figure, self.side])]

    def _slot_widgets(self) -> list[w.Widget]:
        return [self.choice_box]

    def _panels(self) -> list[w.Widget]:
        return [self.hint_panel]

    def _sync_widgets(self) -> list[w.Widget]:
        return [*self.picture.marks, self.calendar, self.side_info, self.decision_list,
                self.choice_box, self.hint_panel]

    @staticmethod
    def _seat_label(game: TIGame, seat: int) -> str:
        return "Long John Silver (sees the treasure)" if seat == SILVER else f"pirate p{seat}"

    def _default_shown(self) -> int:
        humans = [s for s in range(self.game.num_players) if self.is_human(s)]
        return humans[0] if humans else 1

    @property
    def teaching(self) -> bool:
        """Teaching mode: every seat's view may be shown (see the constructor)."""
        if self._teaching is not None:
            return self._teaching
        return not any(self.is_human(s) for s in range(self.game.num_players))

    @teaching.setter
    def teaching(self, on: bool) -> None:
        self._teaching = bool(on)
        self._offer_seats()

    def viewable_seats(self) -> list[int]:
        """The seats whose view the "View of" list offers: all in teaching mode, else the
        human seats (seat 1 if nobody is human)."""
        n = self.game.num_players
        if self.teaching:
            return list(range(n))
        return [s for s in range(n) if self.is_human(s)] or [1]

    def _offer_seats(self) -> None:
        seats = self.viewable_seats()
        if [v for _, v in self.seat_pick.options] == seats:
            return
        keep = self.seat_pick.value if self.seat_pick.value in seats else seats[0]
        self.seat_pick.options = [(self._seat_label(self.game, s), s) for s in seats]
        self.seat_pick.value = keep
        self.seat_pick.disabled = len(seats) == 1

    @property
    def shown_seat(self) -> int:
        """The seat whose view is drawn (0 is Silver).

        Raises:
            ValueError (on setting): outside teaching mode, a seat that is not human.
        """
        return int(self.seat_pick.value)

    @shown_seat.setter
    def shown_seat(self, seat: int) -> None:
        if seat not in self.viewable_seats():
            raise ValueError(f"seat {seat}'s view is not offered here: a player sees only "
                             "his own view; LongJohnBoard(..., teaching=True) offers every "
                             "seat's view")
        self.seat_pick.value = seat

    def seat_name(self, seat: int) -> str:
        return self.state.who(seat)

    def seat_colour(self, seat: int) -> str | None:
        if seat == SILVER:
            return MINI_COLOURS["silver"]
        minis = self.state.seat_minis(seat)
        return MINI_COLOURS.get(minis[0]) if minis else None

    def prompt(self, state: Any) -> str:
        return html.escape(state.status())

    def detail(self, state: Any) -> str:
        when = f"day {state.day} of June" if state.day else "before 1 June"
        who = "Long John Silver" if self.shown_seat == SILVER else f"p{self.shown_seat}"
        return f"move {state.ply}; {when}; the map shows what {who} knows"

    def summary(self) -> str:
        return self.state.status()

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(players={self.game.num_players}, ply={self.state.ply},"
                f" shown=p{self.shown_seat}, {self.summary()[:48]})")

    # ----- programmatic API ------------------------------------------------------------
    def view(self) -> TIView:
        """The shown seat's view of the position on display."""
        return self.shown_state().view(self.shown_seat)

    def posterior(self) -> Posterior:
        """The shown seat's probability map at the slider's trust (cached per position)."""
        shown = self.shown_state()
        key = (shown.history, self.shown_seat, float(self.trust_slider.value))
        if key != self._post_key or self._post is None:
            self._post = posterior_for(shown.view(self.shown_seat), self.map,
                                       float(self.trust_slider.value))
            self._post_key = key
        return self._post

    def click_at(self, x: float, y: float) -> None:
        """A click on the map at (x, y) miles, as the bqplot front end delivers it.

        The point is rounded to 0.1 mile (two pixels on screen), the probability map's
        cell, so that moves read ``horse red 8,11`` rather than ``horse red 7.99,11.02``.
        """
        x, y = round(x, 1) + 0.0, round(y, 1) + 0.0
        self._resync()
        if not self.live:
            self._tell("this is a replay: drag the slider to the end to play on")
            return
        state = self.state
        if state.is_terminal():
            self._tell("the game is over: start a new game")
            return
        seat = self.turn_of(state)
        if not self.is_human(seat):
            self._tell(f"not your turn: {state.status()}")
            return
        moves = state.moves_at((x, y))
        if len(moves) == 1:
            self._quietly(lambda: self.play(moves[0]))
            return
        if not moves:
            self._tell(*self._click_problem(x, y))
            return
        self._choices = moves
        self._tell(f"{len(moves)} moves go to {x:.1f},{y:.1f}: choose one")

    def choices(self) -> list[str]:
        """The moves a click offered as buttons in the slot (notation), if any."""
        return [str(m) for m in self._choices]

    def decisions(self) -> list[str]:
        """The moves without a map point offered as buttons now (notation)."""
        return [str(m) for m in self._decisions]

    def decide(self, text: str) -> list[Any]:
        """Press the decision or choice button whose move is ``text`` (notation)."""
        for m in [*self._choices, *self._decisions]:
            if str(m) == text:
                return self.play(m)
        self._tell(f"no button '{text}' now")
        raise ValueError(self._notice)

    def _play_text(self) -> None:
        text = self.move_text.value.strip()
        if text:
            self.play(text)
            self.move_text.value = ""

    def _click_problem(self, x: float, y: float) -> tuple[str, str | None]:
        state = self.state
        p = (round(x, 2), round(y, 2))
        phase = state.phase
        tries: list[Any] = []
        if phase == "bury":
            tries = [Bury(*p)]
        elif phase in ("actions", "escape"):
            minis = state.seat_minis(state.current_player) or ("silver",)
            tries = [Horse(minis[0], (p,)), Search("small", minis[0], p)]
        for move in tries:
            reason = state.why_illegal(move)
            if reason:
                return split_rule(str(reason))
        return (f"nothing to do on the map now ({state.status()}): use the buttons", None)

    def _on_change(self) -> None:
        self._choices = []
        self._offer_seats()  # new_game(seats=...) may change who is human

    # ----- drawing -----------------------------------------------------------------------
    def _render(self, shown: Any, live: bool) -> None:
        view = shown.view(self.shown_seat)
        post = self.posterior() if self.heat_toggle.value else None
        numbers = [h.number for h in view.hints]
        pick = self.hint_pick.value
        drawn = (numbers if pick == "all" else numbers[-1:] if pick == "latest" else [])
        self.picture.draw(view, post, drawn)
        self.calendar.value = self._calendar_html(view)
        self.side_info.value = self._info_html(view, post)
        seat = self.turn_of(shown)
        acting = live and self.is_human(seat) and not shown.is_terminal()
        moves = shown.legal_moves() if acting else []
        self._decisions = [m for m in moves if not _is_map_move(m)][:MAX_BUTTONS]
        self.decision_list.children = self._buttons(self._decisions, "tk-ti18-decision")
        self.choice_box.children = self._buttons(self._choices, "tk-ti18-choice")
        self.hint_panel.value = self._hints_html(view)

    def _grow(self, cls: str, size: int) -> list[w.Button]:
        """The pool of buttons of class ``cls``, grown to at least ``size`` buttons."""
        pool = self._pools[cls]
        while len(pool) < size:
            b = w.Button(layout=w.Layout(width="auto", flex="none"))
            b.add_class(cls)
            b.on_click(self._pressed)
            pool.append(b)
        return pool

    def _buttons(self, moves: list[Any], cls: str) -> tuple[w.Button, ...]:
        """One button per move, reused from the pool of class ``cls``."""
        pool = self._grow(cls, len(moves))
        for b, m in zip(pool, moves, strict=False):
            b.description = b.tooltip = str(m)
            self._button_move[id(b)] = m
        return tuple(pool[: len(moves)])

    def _pressed(self, button: w.Button) -> None:
        move = self._button_move.get(id(button))
        if move is not None:
            self._quietly(lambda: self.play(move))

    def _calendar_html(self, view: TIView) -> str:
        cells = []
        for space in view.calendar[: view.escape_day - 1]:
            mark = EVENT_MARK.get(space.event or "", "")
            now = space.day == view.day and not view.escape_round
            style = ("background:#ffe066;font-weight:bold" if now else
                     "background:#f1f3f5" if space.day < view.day else "background:#fff")
            tip = f"{space.day} June: {space.stars} action(s)" + (
                f", {EVENT_TIP[mark]}" if mark else "")
            cells.append(f"<span title='{tip}' style='{style};border:1px solid #ced4da;"
                         f"padding:1px 3px;margin:0 1px;font-size:11px'>{space.day}"
                         f"{'★' * space.stars}{mark}</span>")
        esc = "background:#ffc9c9;font-weight:bold" if view.escape_round else "background:#fff"
        cells.append(f"<span style='{esc};border:1px solid #ced4da;padding:1px 3px;"
                     f"font-size:11px'>{view.escape_day}: Escape</span>")
        return "<div style='white-space:nowrap;overflow:hidden'>" + "".join(cells) + "</div>"

    def _info_html(self, view: TIView, post: Posterior | None) -> str:
        rows = []
        if view.treasure is not None:
            rows.append(f"<b>Treasure</b> at {view.treasure[0]:g},{view.treasure[1]:g} "
                        "(only Silver sees it)")
        if view.my_districts:
            rows.append("District Hints: not " + ", ".join(f"d{d}" for d in view.my_districts))
        for c in view.my_compass:
            rows.append(f"Compass {c.card} at {c.mini}: skulls {c.skulls}")
        if view.my_chest_items:
            rows.append("Chest items: " + ", ".join(view.my_chest_items))
        for info in view.my_chest_info:
            rows.append(f"Chest: {info.token}" + (f" d{info.district}" if info.district else ""))
        uses = dict(view.uses[view.player]) if view.player < len(view.uses) else {}
        if uses:
            rows.append("Uses left: " + ", ".join(f"{k} {v}" for k, v in uses.items()))
        if view.hand:
            rows.append(f"Hand: {', '.join(view.hand)}")
        if view.truth_left is not None:
            rows.append(f"Truth tokens {view.truth_left}, Bluff tokens {view.bluff_left}")
        if post is not None:
            rows.append(f"Probability map: {post.area:.0f} sq mi feasible")
        return "<div style='font-size:12px;line-height:1.35'>" + "<br>".join(
            html.escape(r) if not r.startswith("<b>") else r for r in rows) + "</div>"

    def _hints_html(self, view: TIView) -> str:
        if not view.hints:
            return muted("No Starting or Black Spot Hint played yet.")
        items = []
        for h in view.hints:
            token = {"truth": "Truth", "bluff": "Bluff"}.get(h.token, "token face down")
            text = describe(h.kind, h.args, self.map, h.name)
            items.append(f"<li>day {h.day}: {html.escape(text)} <i>[{token}]</i></li>")
        return ("<div style='font-size:12.5px'><b>Hints so far</b><ol style='margin:2px 0'>"
                + "".join(items) + "</ol></div>")
