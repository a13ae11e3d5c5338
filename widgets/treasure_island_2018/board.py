"""`LongJohnBoard`: play Treasure Island (2018) in JupyterLab, as a pirate or as Silver.

>>> board = LongJohnBoard(players=4, seed=3)
>>> board
LongJohnBoard(players=4, ply=17, shown=p1, Anne to act (1 action left))
>>> board.click_at(6.0, 12.0)
>>> board.offered()
[Horse(mini='red', path=((6.0, 12.0),)), Foot(mini='red', to=(6.0, 12.0)), \
Search(size='large', mini='red', at=(6.0, 12.0)), Gallop(mini='red', to=(6.0, 12.0)), \
Remote(kind='monkey', at=(6.0, 12.0))]
>>> board.choices()[0]
'Ride 1.4 miles to 6.0, 12.0 (§7 Horse move)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import Outcome, load_game
from treasurekit.treasure_island_2018 import (
    GreedyBot,
    Posterior,
    SilverBot,
    TIGame,
    TIState,
    TIView,
    posterior_for,
)
from treasurekit.treasure_island_2018.text import place_words

from ..base import HUMAN, GameBoard
from .controller import MAP_MOVES, QUIET_KINDS, SILVER, TI2018Controller, TI2018Hooks
from .draw import MAP_H, MINI_COLOURS, MapPicture, legend_html
from .move_box import MoveBox
from .panels import calendar_html, hints_html, info_html

__all__ = ["MAP_MOVES", "LongJohnBoard"]

SIDE_PX = 300


class LongJohnBoard(TI2018Hooks, MoveBox, GameBoard):
    """A Treasure Island (2018) board: click the map to ride, walk or search.

    Args:
        game: a ``load_game("treasure_island_2018", ...)`` result, or None to load one
            from ``options`` (``players``, ``map`` ...). The board draws the game's own
            map (the ``map`` option).
        seats: ``{seat: "human" or bot}``; seat 0 is Long John Silver, seats 1.. the
            pirates. Default: seat 1 human, Silver ``SilverBot(seed=0)``, other pirates
            ``GreedyBot(seed=seat)``.
        seed: seed of the first game; None (default) picks an unpredictable one.
        shown_seat: whose view is drawn (default: the first human seat, else seat 1). A
            pirate's view never holds the treasure, so it is never drawn for a pirate.
        teaching: teaching mode: offer every seat's view in the "View of" list
            (Silver's shows the treasure), and Undo without limits (``GameBoard``).
            Default: on only when no seat is human; off, the list holds only the human
            the screen faces (two humans: the one to move, after the "Pass to" cover),
            so a player never sees another's secrets.
        heatmap: show the probability map of the shown seat at first.
        trust: the trust level of the probability map (how likely an unverified hint
            is true), also a slider.

    Raises:
        TypeError: options given both here and in ``game``; as ``GameBoard`` for seats.

    A click on the map goes through the shared click path: the engine lists the legal
    moves there (``state.moves_at``); one is played at once; several become choice
    buttons in words with their rule ("Ride 6.0 miles to 9.2, 8.9 (§7 Horse move)") in
    the "Your move" box right of the map; none shows the engine's reason. The clicked
    point is ringed. Moves without a point (Compass, Verification, hints, answers) are
    buttons in the same box, Done is always visible under them, and the text box plays
    any move in notation. A key under the map names every kind of drawing and the
    probability map's colours.

    Extra classes: ``tk-ti18-map`` (figure), ``tk-ti18-key`` (key), ``tk-ti18-move-box``
    (the "Your move" box), ``tk-ti18-choice`` (choice buttons), ``tk-ti18-decisions`` /
    ``tk-ti18-decision`` (buttons), ``tk-ti18-done``, ``tk-ti18-move-text`` /
    ``tk-ti18-move-play``, ``tk-heatmap`` (toggle), ``tk-trust`` (slider),
    ``tk-ti18-seat`` (shown seat), ``tk-ti18-hint-select``, ``tk-ti18-calendar``,
    ``tk-ti18-hints`` (what the shown seat holds), ``tk-hint-panel``.
    """

    game: TIGame
    state: TIState
    controller: TI2018Controller
    CONTROLLER = TI2018Controller
    CHOICE_CLASS = "tk-ti18-choice"
    CHANCE_WORDS = "Silver has drawn or dealt a card"
    SEAT_SECRETS = True
    SEAT_WORDS = True  # the engine's "p2 (Olivier)" is said "Olivier"

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
        self.map = game.map  # the game's own map (its ``map`` option)
        self.picture = MapPicture(self.map, self.click_at, self.click_nothing)
        self._clicked: tuple[float, float] | None = None
        self._init_move_box()
        self._teaching = teaching
        self._post_key: tuple[Any, ...] | None = None
        self._post: Posterior | None = None
        self._shown_fixed = shown_seat
        n = game.num_players
        self.heat_toggle = w.ToggleButton(value=heatmap, description="Probability map",
                                          icon="fire", tooltip="show where the treasure can "
                                          "still be, as the shown seat knows it",
                                          layout=w.Layout(width="150px"))
        self.heat_toggle.add_class("tk-heatmap")
        self.trust_slider = w.FloatSlider(value=trust, min=0.0, max=1.0, step=0.05,
                                          description="Trust", continuous_update=False,
                                          readout_format=".2f",
                                          tooltip="how likely a hint with a face-down token "
                                                  "is true",
                                          layout=w.Layout(width="290px"))
        self.trust_slider.add_class("tk-trust")
        self.seat_pick = w.Dropdown(options=[(self._seat_label(game, s), s) for s in range(n)],
                                    value=1, description="View of",
                                    layout=w.Layout(width="290px"))
        self.seat_pick.add_class("tk-ti18-seat")
        self.hint_pick = w.Dropdown(options=[("latest hint", "latest"), ("all hints", "all"),
                                             ("no hint drawings", "none")],
                                    value="latest", description="Draw",
                                    layout=w.Layout(width="290px"))
        self.hint_pick.add_class("tk-ti18-hint-select")
        self.calendar = w.HTML(layout=w.Layout(max_width="950px"))
        self.calendar.add_class("tk-ti18-calendar")
        self.side_info = w.HTML(layout=w.Layout(width=f"{SIDE_PX}px", flex="none",
                                                margin="0 0 0 12px"))
        self.side_info.add_class("tk-ti18-hints")
        self.key = w.HTML(layout=w.Layout(max_width="950px"))
        self.hint_panel = w.HTML()
        self.hint_panel.add_class("tk-hint-panel")
        self._drawable = False  # no view is drawn before the shown seat is settled
        super().__init__(game, seats, seed, teaching=teaching)
        # the choice buttons live in the "Your move" box (built in _build_main), not the slot
        self.slot.children = tuple(c for c in self.slot.children
                                   if c is not self.choice_buttons.box)
        self.roll_button.layout.display = "none"  # chance moves play by themselves
        self._offer_seats()
        if self._shown_fixed is not None:
            self.shown_seat = self._shown_fixed
        else:
            self.seat_pick.value = self._default_shown()
        self._drawable = True
        for widget in (self.heat_toggle, self.trust_slider, self.seat_pick, self.hint_pick):
            widget.observe(lambda _: self.guarded(self._refresh), names="value")
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
        move_box = self._move_box(height="290px")
        view_box = w.VBox([self.seat_pick, w.HBox([self.heat_toggle]), self.trust_slider,
                           self.hint_pick])
        side = w.VBox([move_box, view_box],
                      layout=w.Layout(width=f"{SIDE_PX}px", margin="0 0 0 8px",
                                      min_width=f"{SIDE_PX}px", flex="none",
                                      height=f"{MAP_H}px", overflow="hidden"))
        return [self.calendar, w.HBox([self.picture.figure, side],
                                      layout=w.Layout(flex_flow="row wrap")), self.key]

    def _panels(self) -> list[w.Widget]:
        return [w.HBox([self.hint_panel, self.side_info],
                       layout=w.Layout(max_width="950px", flex_flow="row wrap"))]

    def _sync_widgets(self) -> list[w.Widget]:
        return [*self.picture.marks, self.calendar, self.side_info, self.hint_panel, self.key,
                *self._move_box_widgets()]

    @staticmethod
    def _seat_label(game: TIGame, seat: int) -> str:
        if seat == SILVER:
            return "Long John Silver (sees the treasure)"
        c = game.seat_characters[seat]
        return f"{c.name} (p{seat})" if c else f"pirate p{seat}"

    def _default_shown(self) -> int:
        return self.facing_seat if any(self.is_human(s) for s in range(self.game.num_players)) \
            else 1

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
        human the screen faces (the human to move; seat 1 if nobody is human)."""
        n = self.game.num_players
        if self.teaching:
            return list(range(n))
        return [self.facing_seat] if any(self.is_human(s) for s in range(n)) else [1]

    def _facing_changed(self) -> None:
        self._offer_seats()

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

    def seat_colour(self, seat: int) -> str | None:
        if seat == SILVER:
            return MINI_COLOURS["silver"]
        minis = self.state.seat_minis(seat)
        return MINI_COLOURS.get(minis[0]) if minis else None

    def detail(self, state: Any) -> str:
        when = (f"escape round {state.escape_round}" if state.escape_round else
                f"{state.day} June" if state.day else "before 1 June")
        return (f"ply {state.ply}; {when}; the map shows what "
                f"{self.seat_name(self.shown_seat)} knows")

    def final_text(self, outcome: Outcome) -> str:
        """What ended the game and why: who found the treasure, and where; or how Long
        John Silver got away with it."""
        state = self.shown_state()
        assert isinstance(state, TIState)
        winner = outcome.winners[0] if outcome.winners else None
        where = f" at {place_words(state.treasure)}" if state.treasure is not None else ""
        if winner is not None and winner != SILVER:
            return (f"Game over: {self.seat_name(winner)} searched the right place and found "
                    f"the treasure{where}: {self.seat_name(winner)} wins.")
        return (f"Game over: {outcome.termination}; the treasure lay{where}. Long John "
                "Silver wins.")

    def _last_event(self, ply: int) -> str:
        """The status's "last:" line: the last event up to ``ply`` that tells something
        (Silver's draws and deals, chance housekeeping, are skipped)."""
        for events in reversed(self.controller.entries[:ply]):
            told = [e for e in events if e.kind not in QUIET_KINDS]
            if told:
                return told[-1].text
        return ""

    def summary(self) -> str:
        return self._status_words(self.state)

    def __repr__(self) -> str:
        return (f"{type(self).__name__}(players={self.game.num_players}, ply={self.state.ply},"
                f" shown=p{self.shown_seat}, {self.summary()[:48]})")

    # ----- programmatic API ------------------------------------------------------------
    def view(self) -> TIView:
        """The shown seat's view of the position on display."""
        view: TIView = self.shown_state().view(self.shown_seat)
        return view

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
        The point is ringed on the map until the next move.
        """
        point = (round(x, 1) + 0.0, round(y, 1) + 0.0)
        self._clicked = point
        self.click_place(point)

    @property
    def clicked(self) -> tuple[float, float] | None:
        """The point of the last click on the map (ringed), until the next move."""
        return self._clicked

    def _on_change(self) -> None:
        self._clicked = None
        self._offer_seats()  # new_game(seats=...) may change who is human

    # ----- drawing -----------------------------------------------------------------------
    def _render(self, shown: Any, live: bool) -> None:
        if not self._drawable:
            return
        view = shown.view(self.shown_seat)
        post = self.posterior() if self.heat_toggle.value else None
        numbers = [h.number for h in view.hints]
        pick = self.hint_pick.value
        drawn = (numbers if pick == "all" else numbers[-1:] if pick == "latest" else [])
        self.picture.draw(view, post, drawn)
        self.picture.mark_click(self._clicked if live else None)
        self.key.value = legend_html([m.name for m in view.miniatures],
                                     heat=post is not None, treasure=view.treasure is not None)
        self.calendar.value = calendar_html(view)
        self.side_info.value = info_html(view, post)
        seat = self.turn_of(shown)
        acting = live and self.is_human(seat) and not shown.is_terminal()
        moves = shown.legal_moves() if acting else []
        self._render_move_box(shown, acting, moves, self.state.is_terminal())
        self.hint_panel.value = hints_html(view, self.map)
