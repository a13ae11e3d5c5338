"""`SkeletonController`: what the Skeleton Island board decides, with no widget.

Issue 25 point 6. :class:`SkeletonHooks` are the board's seats and what a click on the
pile means (the engine's reason, and the cards covering a covered card, outlined for a
moment: :attr:`SkeletonController.covering`); :class:`SkeletonController` adds the
pirate turn's selections (the three own cards to discard, :attr:`~SkeletonController.selected`;
the opponent's card to steal, :attr:`~SkeletonController.target`) and what a click on a
collected card means (:meth:`~SkeletonController.click_card`), the moves of the slot's
buttons (Rest, Discard, Steal), which buttons show and may be pressed
(:meth:`~SkeletonController.sort_moves`) and the hint's ranking.
:class:`~treasurekit_widgets.skeleton_island.SkeletonBoard` is the view.

>>> from treasurekit import load_game
>>> c = SkeletonController(load_game("skeleton_island", players=2), {}, seed=1,
...                        auto_roll=True)
>>> c.advance()  # the spread and the cards turned over
>>> c.state.phase == "start", c.click_card(0, 5).reason
(True, 'Player 1 holds no card 5')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from treasurekit.core.errors import Refusal
from treasurekit.core.game import Game
from treasurekit.skeleton_island import (
    Blow,
    Discard,
    Double,
    GreedyBot,
    Keep,
    Rest,
    SkeletonGame,
    SkeletonState,
    Steal,
    Stop,
    rules,
)
from treasurekit.skeleton_island.flow import Phase

from ..controller import BoardController, Click, Hooks
from ..places import pair

__all__ = ["BUTTONS", "SkeletonController", "SkeletonHooks"]

#: The slot's buttons, by name, in the order the board shows them.
BUTTONS = ("keep", "rest", "stop", "blow", "discard", "steal", "double")


class SkeletonHooks(Hooks):
    """Skeleton Island's seats and clicks on the pile, for :class:`SkeletonController`
    (the board's are these)."""

    controller: SkeletonController

    def turn_of(self, state: Any) -> int | None:
        """The seat whose turn it is, also while its chance moves are due; None when over."""
        return None if state.is_terminal() else int(state.turn)

    def seat_name(self, seat: int) -> str:
        """Seats are named as in the play app's form: ``Player 1``..``Player 4`` (the
        engine's ``p0``..``p3`` of the notation are said so in the log and notices)."""
        return f"Player {seat + 1}"

    def concerns(self, event: Any, seat: int) -> bool:
        """Events naming the seat (a steal from it) and every Island card won (a colour
        the seat may be collecting is gone)."""
        return super().concerns(event, seat) or "Island card" in event.text

    def nothing_here(self, place: object) -> tuple[str, str | None]:
        """Why a click at table point ``place`` takes or rests nothing (a covered card:
        its covering cards become :attr:`SkeletonController.covering`)."""
        state = self.controller.state
        x, y = pair(place)  # click_at passes (x, y)
        card = state.pile.card_at(x, y)
        if card is None:
            if state.phase == Phase.HAND:
                return ("that is the bare table: press Keep, or rest the card on a dashed "
                        "spot", rules.REST)
            return "that is the bare table: click an uncovered card (orange outline)", None
        refusal = state.why_not_at((x, y))
        if refusal is None:
            return "nothing to do on that card now", None
        if not state.pile.is_uncovered(card):
            self.controller.covering = tuple(sorted(state.pile.above(card)))
        return refusal.reason, refusal.rule


class SkeletonController(BoardController):
    """The board's controller, and the pirate turn's selections and the slot's buttons.

    :meth:`sort_moves` sets, for the position on display: :attr:`acting`, :attr:`spots`
    (where the card in hand may rest), :attr:`shown_buttons` and :attr:`enabled` (by
    name, :data:`BUTTONS`), :attr:`blow_refusal` (why Blow is off, or None),
    :attr:`discard_refusal` (why Discard is off: ``"-"`` before three cards are chosen)
    and :attr:`steal` (the move Steal plays, or None).
    """

    hooks: SkeletonHooks
    game: SkeletonGame
    state: SkeletonState

    def __init__(self, game: Game[Any], seats: Mapping[int, Any] | None, seed: int,
                 hooks: SkeletonHooks | None = None, **kwargs: Any) -> None:
        super().__init__(game, seats, seed,
                         hooks if hooks is not None else SkeletonHooks(), **kwargs)
        self.selected: list[int] = []  # own cards chosen for a pirate turn's discard
        self.target: tuple[int, int] | None = None  # (seat, card) chosen to steal
        self.covering: tuple[int, ...] = ()  # cards to outline in red on the next drawing
        self.acting = False
        self.spots: list[Any] = []
        self.shown_buttons: dict[str, bool] = dict.fromkeys(BUTTONS, False)
        self.enabled: dict[str, bool] = dict.fromkeys(BUTTONS, False)
        self.blow_refusal: str | None = None
        self.discard_refusal: str | None = "-"
        self.steal: Steal | None = None

    # ----- selections ----------------------------------------------------------------------
    def forget(self) -> None:
        """The selections go (after every change of the live state, and Escape)."""
        self.selected = []
        self.target = None

    def take_covering(self) -> tuple[int, ...]:
        """The cards to outline in red now (once: the next drawing has none)."""
        covering, self.covering = self.covering, ()
        return covering

    def steal_move(self, target: tuple[int, int]) -> Steal:
        """The Steal of ``target`` = ``(seat, card)`` (only the seat, with a blind steal)."""
        seat, card = target
        return Steal(seat) if self.game.options["steal"] == "blind" else Steal(seat, card)

    def click_card(self, seat: int, card: int) -> Click:
        """What a click on collected card ``card`` of ``seat`` means: ``"select"`` (the
        selection changed: an own card in or out of :attr:`selected`, an opponent's card
        the :attr:`target` after the discard) or a ``"notice"`` (why not, with its rule).
        Nothing is played."""
        problem = self.turn_problem()
        if problem is not None:
            return Click("notice", reason=problem)
        state = self.state
        me = int(state.turn)
        if state.phase == Phase.PIRATE and card in dict(state.collection(seat)):
            if seat == me:
                return Click("notice", reason="you have discarded: now click an opponent's "
                             "card and press Steal, or press Double", rule=rules.PIRATE)
            self.target = (seat, card)
            return _selected_or(state.refusal(self.steal_move(self.target)))
        if card not in dict(state.collection(seat)):
            return Click("notice", reason=f"{self.hooks.seat_name(seat)} holds no card {card}")
        if seat != me:
            refusal = (state.refusal(Steal(seat, card))
                       or Refusal("that card belongs to an opponent"))
            return Click("notice", reason=refusal.reason, rule=refusal.rule)
        if not any(isinstance(m, Discard) for m in state.legal_moves()):
            reason, rule = self.no_pirate_turn(card)
            return Click("notice", reason=reason, rule=rule)
        if card in self.selected:
            self.selected.remove(card)
        elif len(self.selected) == 3:
            return Click("notice", reason="three cards are chosen already: click one of them "
                         "to put it back", rule=rules.PIRATE)
        else:
            self.selected.append(card)
        return _selected_or(state.refusal(Discard(tuple(self.selected)))
                            if len(self.selected) == 3 else None)

    def no_pirate_turn(self, card: int) -> tuple[str, str | None]:
        """Why a click on own card ``card`` starts no pirate turn: ``(reason, rule)``."""
        state = self.state
        mine = [i for i, _ in state.collection(int(state.turn))]
        if len(mine) < 3:
            return (f"a pirate turn discards three of your cards; you hold {len(mine)}",
                    rules.PIRATE)
        trio = [card, *[i for i in mine if i != card][:2]]
        refusal = state.refusal(Discard(tuple(trio)))
        return (refusal.reason, refusal.rule) if refusal else ("no pirate turn is possible now",
                                                               None)

    # ----- the slot's buttons ----------------------------------------------------------------
    def rest(self, spot: Any = None) -> Click:
        """What Rest plays: at ``spot`` (a ``Placement``), else on the first offered spot
        (none offered: ``rest 0,0,0``, for the engine to refuse with its reason)."""
        if spot is not None:
            return Click("play", (Rest.at(spot),))
        offered = [m for m in self.state.legal_moves() if isinstance(m, Rest)]
        return Click("play", (offered[0] if offered else "rest 0,0,0",))

    def discard(self) -> Click:
        """What Discard plays: the three cards of :attr:`selected`."""
        return Click("play", (Discard(tuple(self.selected)),))

    def steal_click(self) -> Click:
        """What Steal plays: the steal of :attr:`target`, or a notice if none is chosen."""
        if self.target is None:
            return Click("notice", reason="click an opponent's card first, then press Steal")
        return Click("play", (self.steal_move(self.target),))

    def sort_moves(self, shown: SkeletonState, view: Any, live: bool) -> None:
        """Decide the slot's buttons for ``shown`` (``view``: the facing seat's view of
        it; ``live``: the live position); see the class docstring."""
        seat = self.hooks.turn_of(shown)
        self.acting = (live and seat is not None and self.is_human(seat)
                       and not shown.is_chance_node())
        moves = shown.legal_moves() if self.acting else []
        self.spots = [m.placement for m in moves if isinstance(m, Rest)]
        phase = view.phase if self.acting else ""
        pirate_possible = any(isinstance(m, Discard) for m in moves)
        self.shown_buttons = {
            "keep": phase == Phase.HAND, "rest": phase == Phase.HAND,
            "stop": phase == Phase.SECOND, "blow": True,
            "discard": phase == Phase.START and (pirate_possible or bool(self.selected)),
            "steal": phase == Phase.PIRATE, "double": phase == Phase.PIRATE,
        }
        can_blow = self.acting and view.can_blow
        self.blow_refusal = (None if can_blow else
                             shown.why_illegal(Blow()) or "blowing is not possible now")
        trio = Discard(tuple(self.selected))
        self.discard_refusal = (shown.why_illegal(trio) if self.acting
                                and len(self.selected) == 3 else "-")
        self.steal = self.steal_move(self.target) if self.acting and self.target else None
        self.enabled = {
            "keep": Keep() in moves, "rest": bool(self.spots), "stop": Stop() in moves,
            "blow": can_blow, "discard": self.discard_refusal is None,
            "steal": self.steal is not None and shown.why_illegal(self.steal) is None,
            "double": Double() in moves,
        }
        self.changed.add("choices")

    # ----- the hint ----------------------------------------------------------------------------
    def hint_note(self, shown: SkeletonState, live: bool) -> str | None:
        """Why the hint panel shows no ranking now, or None."""
        if not live:
            return "Hints are for the live position."
        if shown.is_terminal():
            return "The game is over."
        return None

    def ranking(self, shown: SkeletonState) -> list[Any]:
        """The greedy bot's ranked choices at ``shown``, best first."""
        return list(GreedyBot().explain(shown))


def _selected_or(refusal: Refusal | None) -> Click:
    """A ``"select"`` if the selection is allowed so far, else the refusal's notice."""
    if refusal is None:
        return Click("select")
    return Click("notice", reason=refusal.reason, rule=refusal.rule)
