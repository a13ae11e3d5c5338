"""`SkeletonBoard`: play Skeleton Island in JupyterLab against bots.

>>> board = SkeletonBoard(players=3, seed=1)
>>> board
SkeletonBoard(players=3, ply=25, Player 1 to move)
>>> card = board.state.uncovered()[0]
>>> _ = board.play(f"take {card}")
>>> board.state.hand[0] == card
True
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import load_game
from treasurekit.skeleton_island import (
    Blow,
    Discard,
    Double,
    GreedyBot,
    Gust,
    Keep,
    Rest,
    SkeletonGame,
    SkeletonState,
    Stop,
)
from treasurekit.skeleton_island.flow import Phase
from treasurekit.skeleton_island.pile import Placement

from ..base import HUMAN, GameBoard
from ..controls import Refused
from .controller import BUTTONS, SkeletonController, SkeletonHooks
from .draw import (
    PICKED,
    PilePicture,
    Slot,
    TablePicture,
    hand_text,
    spot_labels,
    visible_spot,
)
from .hints import SkeletonHints

__all__ = ["SkeletonBoard"]


#: Seconds the red outline of the cards covering a clicked card stays on the pile.
COVERING_SECONDS = 2.5


def _place(move: Rest) -> Placement:
    return Placement(move.x, move.y, move.angle)


def _ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
    return f"{n}{suffix}"


def _button(description: str, cls: str, tooltip: str, width: str = "auto") -> w.Button:
    button = w.Button(description=description, tooltip=tooltip, layout=w.Layout(width=width))
    button.add_class(cls)
    return button


class SkeletonBoard(SkeletonHooks, SkeletonHints, GameBoard):
    """A Skeleton Island board: click uncovered cards, keep or rest them, play pirate turns.

    Args:
        game: a ``treasurekit.load_game("skeleton_island", ...)`` result, or None to
            load one from ``options`` (``players``, ``steal``, ``used_maps``...).
        seats: ``{seat: "human" or bot}``; default seat 0 human, others
            ``GreedyBot(seed=seat)``.
        seed: seed of the first game; None (default) picks an unpredictable one.
        teaching: unlimited Undo (past a reveal, after the end), and no hot-seat
            cover; default off (a play board, DESIGN §4).

    Raises:
        TypeError: both ``game`` and options were given.
        OptionError: an option is unknown or has a bad value (from ``load_game``).

    The spread, face-down cards turned over, gusts and blind steals are chance moves:
    the board resolves them at once with the engine's seeded ``resolve_chance`` (there
    is nothing to roll, so the Roll button stays hidden). Clicking a card of the pile
    plays ``take <id>`` for the topmost card under the pointer, or shows the engine's
    reason why not (a covered card's covering cards get a red outline for a moment).
    After a rest, a second card may be clicked, or **No second card** ends the turn.
    While a card is held, **Keep** keeps it and **Rest** rests it on the first offered
    spot; clicking a dashed spot rests it there (the spots are labelled by the side of
    the pile they lie on: ``N``, ``NE``... as in the hint). After a blow, faint dashed
    ghosts and arrows show where the gust carried the cards, until the next move. For a pirate turn,
    click three of your collected cards, press **Discard**, then click an opponent's
    card and press **Steal**, or press **Double**. **Blow** is enabled only when the
    engine allows a blow. Extra classes: ``tk-skeleton-pile``, ``tk-skeleton-table``
    (figures), ``tk-keep``, ``tk-rest``, ``tk-blow``, ``tk-discard``, ``tk-steal``,
    ``tk-double``, ``tk-stop`` (in the slot under the pictures; each shown when it may
    apply),
    ``tk-hint`` (toggle), ``tk-hint-panel``.
    """

    game: SkeletonGame
    state: SkeletonState
    controller: SkeletonController
    CONTROLLER = SkeletonController
    CHANCE_WORDS = "a card has been turned over or the wind has blown"
    SEAT_SECRETS = True
    SEAT_WORDS = True  # the engine's "p0" is said "Player 1", as in the app's form

    def __init__(
        self,
        game: SkeletonGame | None = None,
        seats: Mapping[int, Any] | None = None,
        seed: int | None = None,
        *,
        teaching: bool = False,
        **options: Any,
    ) -> None:
        if game is None:
            loaded = load_game("skeleton_island", **options)
            assert isinstance(loaded, SkeletonGame)
            game = loaded
        elif options:
            raise TypeError(f"give options to load_game or here, not both: {sorted(options)}")
        self.picture = PilePicture(game.deck, self.click_at)
        self.table = TablePicture(game.deck, game.num_players, self.click_card,
                                  self.click_nothing)
        self.keep_button = _button("Keep", "tk-keep", "keep the card in hand", "80px")
        self.rest_button = _button("Rest", "tk-rest",
                                   "rest the card on the first offered spot on the pile's edge",
                                   "80px")
        self.blow_button = _button("Blow", "tk-blow", "blow once on the Sand Pile", "80px")
        self.discard_button = _button("Discard 0/3", "tk-discard",
                                      "discard the three chosen cards for a pirate turn",
                                      "120px")
        self.steal_button = _button("Steal", "tk-steal", "take the chosen card", "90px")
        self.double_button = _button("Double", "tk-double", "play two standard turns", "90px")
        self.stop_button = _button("No second card", "tk-stop",
                                   "take no second card after resting (SKEL §3: it is a choice)",
                                   "140px")
        self.keep_button.on_click(lambda _: self._quietly(lambda: self.play(Keep())))
        self.rest_button.on_click(lambda _: self._quietly(self.rest))
        self.blow_button.on_click(lambda _: self._quietly(lambda: self.play(Blow())))
        self.discard_button.on_click(lambda _: self._quietly(self.discard))
        self.steal_button.on_click(lambda _: self._quietly(self.steal))
        self.double_button.on_click(lambda _: self._quietly(lambda: self.play(Double())))
        self.stop_button.on_click(lambda _: self._quietly(lambda: self.play(Stop())))
        self.main = w.HBox([self.picture.figure, self.table.figure],
                           layout=w.Layout(align_items="flex-start", max_width="812px",
                                           flex_flow="row wrap"))  # 500 + 300 px + margins
        self.hint_button = w.ToggleButton(description="Hint", icon="lightbulb-o",
                                          tooltip="what the greedy bot would play, and why")
        self.hint_button.add_class("tk-hint")
        self.hint_panel = w.HTML(layout=w.Layout(display="none"))
        self.hint_panel.add_class("tk-hint-panel")
        self.hint_button.observe(lambda _: self.guarded(self._refresh), names="value")
        super().__init__(game, seats, seed, auto_roll=True, teaching=teaching)
        self.roll_button.layout.display = "none"  # chance is resolved by the board
        self.layout.max_width = "812px"

    # ----- hooks -------------------------------------------------------------------------
    def default_seats(self) -> dict[int, Any]:
        """Seat 0 human, every other seat ``GreedyBot(seed=seat)``."""
        return {0: HUMAN, **{p: GreedyBot(seed=p) for p in range(1, self.game.num_players)}}

    def _build_main(self) -> list[w.Widget]:
        return [self.main]

    def _slot_widgets(self) -> list[w.Widget]:
        return [self.keep_button, self.rest_button, self.stop_button, self.blow_button,
                self.discard_button, self.steal_button, self.double_button]

    def _extra_controls(self) -> list[w.Widget]:
        return [self.hint_button]

    def _panels(self) -> list[w.Widget]:
        return [self.hint_panel]

    def _sync_widgets(self) -> list[w.Widget]:
        return [*self.picture.marks, *self.table.marks, *self._slot_widgets(),
                *(b.layout for b in self._slot_widgets()), self.hint_panel]

    @property
    def selected(self) -> list[int]:
        """Own cards chosen for a pirate turn's discard (the controller's)."""
        return self.controller.selected

    @property
    def target(self) -> tuple[int, int] | None:
        """The opponent's ``(seat, card)`` chosen to steal (the controller's)."""
        return self.controller.target

    def seat_label(self, seat: int) -> str:
        """``"Player 1 · you"`` for a human seat, ``"Player 2 · bot"`` for a bot."""
        who = self.seats.get(seat)
        return f"{self.seat_name(seat)} · {'you' if who == HUMAN else 'bot'}"

    def final_text(self, outcome: Any) -> str:
        """The game-over line, plus the place of the (only) human seat: "you came 2nd"."""
        text = super().final_text(outcome)
        humans = [p for p, who in self.seats.items() if who == HUMAN]
        if len(humans) != 1:
            return text
        me = humans[0]
        if me in outcome.winners:
            shared = len(outcome.winners) > 1
            return f"{text} You {'share the win' if shared else 'won'}!"
        # places as in the final count: winners first, then by coins
        better = {p for p in outcome.winners} | {
            p for p, s in enumerate(outcome.scores) if s > outcome.scores[me]}
        return f"{text} You came {_ordinal(len(better) + 1)}."

    def new_game(self, seed: int | None = None, seats: Mapping[int, Any] | None = None) -> None:
        self.picture.reset()  # a new spread: size the pile's window afresh
        super().new_game(seed, seats)

    new_game.__doc__ = GameBoard.new_game.__doc__

    def refresh(self) -> None:
        """Redraw after ``board.state`` was replaced or changed outside the board (the
        pile's window is sized afresh for it)."""
        self.picture.reset()
        super().refresh()

    def prompt(self, state: Any) -> str:
        seat = self.turn_of(state)
        if seat is None:
            return "Game over"
        name = html.escape(self.seat_name(seat))
        if not self.is_human(seat):
            return f"{name} (bot) to move"
        if state.is_chance_node():
            return f"{name}: the cards are being turned"
        name = f"Your turn, {name}"
        view = state.view(seat)
        phase = view.phase
        if phase == Phase.HAND and view.hand is not None:
            what = html.escape(hand_text(view.hand, self.game.deck))
            if view.hand.second:
                return f"{name}: you keep {what}"
            return (f"{name}: <b>Keep</b> {what}, or <b>Rest</b> it (the button, or click a "
                    "dashed spot)")
        if phase == Phase.SECOND:
            if Stop() in state.legal_moves():
                return (f"{name}: choose a second card to take (orange outline; it is "
                        "kept), or press <b>No second card</b>")
            return f"{name}: choose a second card to take (orange outline); you must keep it"
        if phase == Phase.PIRATE:
            if self.game.options["steal"] == "blind":
                return (f"{name}: pirate turn: click a card of an opponent, then <b>Steal</b> "
                        "(drawn blind); or <b>Double</b>")
            return (f"{name}: pirate turn: click an opponent's card, then <b>Steal</b>; or "
                    "<b>Double</b> (two standard turns)")
        pirate = any(isinstance(m, Discard) for m in state.legal_moves())
        text = f"{name}: choose a card to take (orange outline)"
        if pirate and view.can_blow:
            text += ", pick 3 of your cards for a pirate turn, or <b>Blow</b>"
        elif pirate:
            text += ", or pick 3 of your cards for a pirate turn"
        elif view.can_blow:
            text += ", or <b>Blow</b> on the pile"
        if view.standard_turns_left > 1:
            text += " (first of two standard turns)"
        return text

    def detail(self, state: Any) -> str:
        if state.is_terminal():
            return f"ply {state.ply} · press New game to play again"
        scores = ", ".join(f"{self.seat_name(p)} {s}" for p, s in enumerate(state.scores()))
        pile = f"pile {len(state.pile)} cards, {len(state.uncovered())} uncovered"
        return f"ply {state.ply} · coins: {scores} · {pile}"

    # ----- actions (the programmatic API behind the clicks) ----------------------------
    def rest(self, spot: Any = None) -> list[Any]:
        """Rest the card in hand at ``spot`` (a ``Placement``), or on the first offered spot.

        Raises:
            IllegalMoveError: the engine refused it (the reason is shown).
        """
        return self._press_click(self.controller.rest(spot))

    def discard(self) -> list[Any]:
        """Discard the cards chosen in the table (:attr:`selected`) for a pirate turn.

        Raises:
            IllegalMoveError: the engine refused them (the reason is shown).
        """
        return self._press_click(self.controller.discard())

    def steal(self) -> list[Any]:
        """After a discard, take the chosen opponent's card (:attr:`target`; with
        ``steal="blind"`` only its owner counts and chance draws the card).

        Raises:
            ValueError: no card was chosen (shown under the picture);
                IllegalMoveError: the engine refused it.
        """
        return self._press_click(self.controller.steal_click())

    def _press_click(self, click: Any) -> list[Any]:
        """Play what a button means, or show why not (and raise ``Refused``)."""
        if click.kind == "play":
            return self.play(click.moves[0])
        self._tell(click.reason, click.rule)
        raise Refused(self._notice)

    # ----- clicks ------------------------------------------------------------------------
    def click_at(self, x: float, y: float) -> None:
        """Act on a click at table point ``(x, y)`` in cm (what a click on the pile does).

        The shared click path with ``state.moves_at((x, y))``: holding a card, a click
        inside an offered (dashed) resting spot rests it there; otherwise the topmost
        card under the point is taken if the engine allows it; if not, the engine's
        reason is shown under the picture (and the cards covering a covered card get a
        red outline for a moment). Never raises for a refused click.
        """
        self.picture.clear_covering()
        self.click_place((x, y))

    def click_card(self, seat: int, card: int) -> None:
        """Act on a click on collected card ``card`` of ``seat`` (the table beside the pile).

        Your own cards go in and out of the discard for a pirate turn (:attr:`selected`);
        after the discard, an opponent's card becomes the card to steal (:attr:`target`).
        Never raises.
        """
        self.guarded(lambda: self._click_card(seat, card))

    def _click_card(self, seat: int, card: int) -> None:
        click = self.controller.click_card(seat, card)
        if click.kind == "select":
            self._clear_notice()
            self._refresh()
        else:
            self._tell(click.reason, click.rule)

    def card_spot(self, card: int) -> tuple[float, float] | None:
        """A point (cm) on the visible part of pile card ``card``, or None (for tests
        and demos: ``board.click_at(*board.card_spot(17))``)."""
        view = self.state.view(self._first_human())
        if card not in {c.id for c in view.table}:
            return None
        spot = visible_spot(view.table, card, view.card_size)
        return None if spot is None else (spot[0], spot[1])

    def slots(self) -> list[Slot]:
        """The collected cards as drawn in the table beside the pile (click targets)."""
        return list(self.table.slots)

    # ----- drawing ---------------------------------------------------------------------------
    def _on_change(self) -> None:
        self.controller.forget()

    def _first_human(self) -> int:
        return self.facing_seat  # the human at the screen (hot seat: after the cover)

    def _render(self, shown: Any, live: bool) -> None:
        viewer = self.facing_seat
        view = shown.view(viewer)
        c = self.controller
        c.sort_moves(shown, view, live)
        acting, spots = c.acting, c.spots
        second = view.phase == Phase.SECOND
        outlined = [i for i in view.uncovered if not (second and i == view.rested)]
        gust, blown = self._gust(shown)
        if spots:
            legend = "dashed: where the card in hand may rest (click one; N is up)"
        elif blown:
            legend = f"ghosts and arrows: where the gust ({gust}) carried the cards"
        elif view.table:
            legend = ("orange outline: uncovered · R½ B¼ map piece (colour letter, size) · "
                      "☠ pirate · ? face down")
        else:
            legend = "the Sand Pile is empty"
        deck = self.game.deck
        frame = shown.pile.rest_spots(deck.rest_spots, deck.rest_overlap_cm)
        covering = c.take_covering()
        self.picture.draw(view, outlined, spots, legend, frame, covering, blown)
        if covering:
            self._fade_covering()
        names = spot_labels(spots, view.table, view.card_size)
        self.table.draw(view, [self.seat_label(p) for p in range(self.game.num_players)],
                        self.selected if acting else [], self.target if acting else None)
        buttons = dict(zip(BUTTONS, (self.keep_button, self.rest_button, self.stop_button,
                                     self.blow_button, self.discard_button, self.steal_button,
                                     self.double_button), strict=True))
        for name, button in buttons.items():
            button.layout.display = None if c.shown_buttons[name] else "none"
            button.disabled = not c.enabled[name]
        self.rest_button.tooltip = (
            f"rest the card on spot {names[spots[0]]} (the first offered; or click any "
            f"dashed spot: {', '.join(names.values())})" if spots
            else "rest the card in hand on a dashed spot on the pile's edge")
        self.blow_button.tooltip = (
            "blow once on the Sand Pile: the uncovered cards fly off (a gust is drawn)"
            if c.blow_refusal is None else c.blow_refusal)
        ready = c.discard_refusal is None
        self.discard_button.description = f"Discard {len(c.selected)}/3"
        self.discard_button.style.button_color = PICKED if ready else None
        self.discard_button.style.text_color = "white" if ready else None
        self.steal_button.tooltip = (f"play '{c.steal}'" if c.steal is not None
                                     else "click an opponent's card first")
        self.hint_panel.layout.display = "block" if self.hint_button.value else "none"
        if self.hint_button.value:
            self.hint_panel.value = self._hint_html(shown, live, names)

    def _gust(self, shown: Any) -> tuple[str, list[tuple[Placement, Placement]]]:
        """After a gust (the last move of ``shown``): its direction ("NE, strong") and
        the ``(before, after)`` places of the cards it carried; else ``("", [])``."""
        history = shown.history
        if not history or not isinstance(history[-1], Gust):
            return "", []
        before = shown.copy()
        before.undo()
        old, new = before.pile.cards, shown.pile.cards
        moved = [(Placement(old[i].x, old[i].y, old[i].angle),
                  Placement(c.x, c.y, c.angle))
                 for i, c in new.items()
                 if i in old and (old[i].x, old[i].y) != (c.x, c.y)]
        gust = history[-1]
        return f"{gust.direction.upper()}, {gust.strength}", moved

    def _fade_covering(self) -> None:
        """Take the red outline away after a moment (when an event loop runs, as in a
        kernel; without one it stays until the next drawing)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        loop.call_later(COVERING_SECONDS, self.picture.clear_covering)
