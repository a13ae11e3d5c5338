"""The rules of a Treasure Island (2003) turn, as the state's phases change.

Where each rule lives (TI2003 = the rulebook, see ``rules.py`` for the sections):

* first player by the opening throws ............ ``_opening_roll``            (§4)
* dice, one number or both (endgame) ............ ``_roll``                    (§4, §9)
* landings, advances, rivers, passing ........... ``state._place_problem``    (§4)
* doubles: throw again .......................... ``_end_of_throw``            (§4)
* enclosed areas ................................ ``enclosure.py``, ``_place`` (§4)
* treasure chests, several in chosen order ...... ``_open_next``, ``_reveal`` (§4)
* cannons ....................................... ``cannons.py``                (§5)
* Locker: discards, taking back ................. ``cannons.py``, ``_discard`` (§6)
* Jolly Rogers .................................. ``limit``, ``cannons.py``     (§7)
* skirmishes .................................... ``skirmish.py``, ``_hit``    (§8)
* Davy Jones' Legacy, Final Reckoning ........... ``reckoning.py``            (§9, §10)

A turn moves through phases: ``roll`` (chance) -> ``place`` -> for each chest won:
``choose`` (several) -> ``reveal`` (chance, card by card) -> ``cannon`` (decisions,
``skirmish`` chance rounds when a gold cannon attacks a protected pile) -> again
``roll`` after doubles -> ``wrap`` (Locker moves, only when one is possible) ->
``discard`` (only when over the type limit) -> the next player's ``roll``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.events import Event
from ..core.game import State
from ..core.text import count, possessive
from . import cannons, reckoning, rules
from .cards import GOLD, JOLLY, PURPLE
from .enclosure import EMPTY, enclosed_areas, placeable_squares, reaches_treasure
from .holdings import Holdings
from .moves import COLOURS, Roll, TIMove
from .skirmish import after_hit

if TYPE_CHECKING:
    from .game import TIGame

__all__ = ["ENCLOSED", "PLACED", "TurnFlow", "hits_of"]

PLACED, ENCLOSED = 1, 2


class TurnFlow(State[TIMove]):
    """The position's data, its plain queries and the effects of every move.

    :class:`~treasurekit.treasure_island_2003.state.TIState` adds the engine contract
    (legal moves, checks, snapshots, views) on top.
    """

    game: TIGame

    def __init__(self, game: TIGame, seed: int) -> None:
        super().__init__(game, seed)
        board = game.board
        n = game.num_players
        self.board = board
        self.cards = game.cards
        self._n = n
        #: chest id -> cards dealt to it on this board side (TI2003 §3 Setup)
        self.chest_cards = {c.id: c.cards for c in self.cards.chests_for(board.side)}
        self._owner = [EMPTY] * (board.size * board.size)
        self._how = [0] * (board.size * board.size)
        self._counters = [0] * n
        self._empty = len(board.land)
        self._endgame = [False] * n
        self._h = Holdings(self.cards, n)
        self._phase = "roll"
        self._stage = "play"
        self._turn = 0
        self._dice: tuple[int, int] | None = None
        self._left: tuple[int, ...] = ()
        self._moves_left = 0
        self._pending: tuple[str, ...] = ()
        self._chest: str | None = None
        self._to_reveal = 0
        self._found: tuple[str, ...] = ()
        self._cannons: tuple[str, ...] = ()
        self._chest_no = 0
        self._stolen: tuple[tuple[str, int], ...] = ()
        self._skirmish: tuple[tuple[int, ...], tuple[int, ...], tuple[Any, ...]] | None = None
        self._opening: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._queue: tuple[int, ...] = ()
        self._legacy_winner: int | None = None
        self._reckon = 0
        self._points = [0] * n
        self._awards: tuple[tuple[str, int, int, int, str], ...] = ()
        self._winner: int | None = None
        self._reason = ""
        first = game.options["first_player"]
        if first == "roll":
            self._phase = "opening"
            self._opening = (tuple(range(n)), ())
        else:
            self._turn = int(first)

    def _seat_of(self, colour: str, where: str) -> int:
        """A seat from a colour name ("red") or its letter ("R"; black is "K")."""
        key = colour.lower()
        letters = dict(zip("rbgykw", range(6), strict=True))
        seat = COLOURS.index(key) if key in COLOURS else letters.get(key)
        if seat is None or seat >= self._n:
            names = ", ".join(COLOURS[: self._n])
            raise ValueError(f"{where}: {colour!r} is not a colour of this game ({names})")
        return seat

    # ----- names and simple queries --------------------------------------------
    def colour(self, seat: int) -> str:
        """The colour of a seat, capitalised ("Red")."""
        return COLOURS[seat].capitalize()

    @property
    def phase(self) -> str:
        """Where the turn stands: one of :data:`PHASES`."""
        return self._phase

    @property
    def turn(self) -> int:
        """The seat whose turn it is (also while its dice or cards are pending)."""
        if self._phase == "opening" and self._opening is not None:
            group, totals = self._opening
            return group[len(totals)]
        return self._turn

    @property
    def dice(self) -> tuple[int, int] | None:
        """The current throw (smaller first), or None."""
        return self._dice

    @property
    def usable(self) -> tuple[int, ...]:
        """The dice numbers still usable for a placement in this throw."""
        return self._left if self._moves_left else ()

    @property
    def holdings(self) -> Holdings:
        """Every card's whereabouts (read it; do not change it)."""
        return self._h

    def owner(self, square: str | int) -> int | None:
        """The seat whose counter is on ``square`` (name or index), or None."""
        sq = self.board.square(square) if isinstance(square, str) else square
        o = self._owner[sq]
        return None if o == EMPTY else o

    def counters(self, seat: int) -> int:
        """Counters ``seat`` has on the board."""
        return self._counters[seat]

    def squares_of(self, seat: int) -> list[str]:
        """Names of the squares holding ``seat``'s counters, in board order."""
        return [self.board.name_of(s) for s in self.board.land if self._owner[s] == seat]

    def using_both_dice(self, seat: int) -> bool:
        """True once ``seat`` can no longer reach an unopened treasure square (TI2003 §9)."""
        return self._endgame[seat]

    def opened(self) -> tuple[str, ...]:
        """Chest ids opened so far (the Legacy included)."""
        return tuple(self._h.opened)

    def limit(self, seat: int) -> int:
        """Treasure types ``seat`` may keep at the end of a turn: the Locker's number for
        this many players, plus one per Jolly Roger (TI2003 §6, §7)."""
        return self.cards.limit(self._n) + self._h.jolly[seat]

    def board_full(self) -> bool:
        return self._empty == 0

    def scores(self) -> tuple[int, ...]:
        """Points scored so far in the Final Reckoning (all zero before it)."""
        return tuple(self._points)

    def _placeable(self) -> list[int]:
        if not self._moves_left:
            return []
        left = self._left
        numbers = self.board.numbers
        return [s for s in placeable_squares(self.board, self._owner, self._turn)
                if numbers[s] in left]


    def _dice_text(self) -> str:
        if self._dice is None:
            return "the dice"
        a, b = self._dice
        return f"a double {a}" if a == b else f"{a} and {b}"

    def _opening_roll(self, roll: Roll) -> list[Event]:
        assert self._opening is not None
        group, totals = self._opening
        seat = group[len(totals)]
        totals = (*totals, roll.total)
        events = [Event(f"{self.colour(seat)} throws {roll.low} and {roll.high} "
                        f"(total {roll.total}) for the first turn", rules.FIRST_PLAYER, "roll")]
        if len(totals) < len(group):
            self._opening = (group, totals)
            return events
        best = max(totals)
        tied = tuple(s for s, t in zip(group, totals, strict=True) if t == best)
        if len(tied) > 1:
            names = " and ".join(self.colour(s) for s in tied)
            self._opening = (tied, ())
            events.append(Event(f"{names} tie with {best}: they throw again (ruling TI2003-8)",
                                rules.ruling(8), "tie"))
            return events
        self._opening = None
        self._turn = tied[0]
        self._phase = "roll"
        events.append(Event(f"{self.colour(tied[0])} has the highest total and goes first",
                            rules.FIRST_PLAYER, "first"))
        return events

    def _roll(self, roll: Roll) -> list[Event]:
        seat = self._turn
        who = self.colour(seat)
        events = []
        if not self._endgame[seat] and not reaches_treasure(self.board, self._owner, seat):
            self._endgame[seat] = True
            events.append(Event(f"{who} can no longer reach any unopened treasure square: "
                                f"from now on {who} uses both dice", rules.BOTH_DICE, "endgame"))
        self._dice = (roll.low, roll.high)
        self._left = self._dice
        self._moves_left = 2 if self._endgame[seat] else 1
        self._phase = "place"
        how = "both numbers" if self._endgame[seat] else "one number"
        if not self._placeable():
            how = "cannot place: pass"
            verb = "and"
        else:
            verb = "and uses"
        extra = "; doubles: another throw follows" if roll.doubles else ""
        # the switch to both dice (if any) is announced before the throw that uses it
        events.append(Event(f"{who} throws {roll.low} and {roll.high} {verb} {how}{extra}",
                            rules.DOUBLES if roll.doubles else rules.PLACING, "roll"))
        return events

    def _place(self, sq: int) -> list[Event]:
        board = self.board
        seat = self._turn
        who = self.colour(seat)
        name = board.name_of(sq)
        number = board.numbers[sq]
        landing = sq in board.anchorages and not any(
            self._owner[m] == seat for m in board.neighbours[sq])
        self._owner[sq] = seat
        self._how[sq] = PLACED
        self._counters[seat] += 1
        self._empty -= 1
        left = list(self._left)
        left.remove(number)
        self._left = tuple(left)
        self._moves_left -= 1
        if landing:
            events = [Event(f"{who} lands at the anchorage {name} ({number})",
                            rules.LANDINGS, "landing")]
        else:
            events = [Event(f"{who} advances to {name} ({number})", rules.ADVANCES, "advance")]
        won = [board.treasure_at[sq]] if sq in board.treasure_at else []
        for area in enclosed_areas(board, self._owner, seat, sq):
            for s in area:
                self._owner[s] = seat
                self._how[s] = ENCLOSED
                if s in board.treasure_at:
                    won.append(board.treasure_at[s])
            self._counters[seat] += len(area)
            self._empty -= len(area)
            names = ", ".join(board.name_of(s) for s in area)
            events.append(Event(
                f"{who} encloses {len(area)} square{'s' if len(area) > 1 else ''} ({names}): "
                f"no other player can reach them, so {who}'s counters fill them",
                rules.ENCLOSED, "enclosure"))
        self._pending = tuple(won)
        if len(won) > 1:
            events.append(Event(f"{who} wins {len(won)} chests at once and opens them one at a "
                                f"time, in an order {who} chooses", rules.SEVERAL_CHESTS,
                                "chests"))
        return events + self._open_next()

    # ----- chests -------------------------------------------------------------------
    def _open_next(self) -> list[Event]:
        if not self._pending:
            return self._end_of_throw()
        if len(self._pending) == 1:
            chest = self._pending[0]
            self._pending = ()
            return self._start_chest(chest)
        self._phase = "choose"
        return []

    def _start_chest(self, chest: str) -> list[Event]:
        spec = self.cards.chest(chest)
        size = self.cards.legacy.cards if chest == "legacy" else self.chest_cards[chest]
        self._chest = chest
        self._chest_no += 1
        self._found = ()
        self._to_reveal = min(size, self._h.unseen_total())
        self._phase = "reveal"
        where = "Davy Jones' Legacy" if chest == "legacy" else f"{possessive(spec.pirate)} chest"
        ev = Event(f"{self.colour(self._turn)} opens {where} ({count(self._to_reveal, 'card')})",
                   rules.LEGACY if chest == "legacy" else rules.TREASURE_SQUARES, "open")
        if self._to_reveal == 0:
            return [ev, *self._chest_opened()]
        return [ev]

    def _reveal(self, kind: str) -> list[Event]:
        self._h.draw(kind)
        self._found = (*self._found, kind)
        self._to_reveal -= 1
        assert self._chest is not None
        spec = self.cards.chest(self._chest)
        where = (
            "Davy Jones' Legacy" if self._chest == "legacy" else f"{possessive(spec.pirate)} chest"
        )
        size = len(self._found) + self._to_reveal
        events = [Event(f"{where}, card {len(self._found)} of {size}: "
                        f"{self.cards.label(kind)}", rules.TREASURE_SQUARES, "card")]
        if self._to_reveal == 0:
            events += self._chest_opened()
        return events

    def _chest_opened(self) -> list[Event]:
        seat = self._turn
        assert self._chest is not None
        self._h.opened[self._chest] = self._found
        found = []
        for kind in self._found:
            if kind == PURPLE:
                found.append("purple")
            elif kind == GOLD:
                found.append("gold")
            else:
                self._h.gain(seat, kind)
        self._cannons = tuple(found)
        events = []
        if JOLLY in self._found:
            events.append(Event(f"{self.colour(seat)} may keep one more treasure type for "
                                "each Jolly Roger", rules.JOLLY_ROGER, "jolly"))
        if self._cannons:
            self._phase = "cannon"
            return events + cannons.after_cannon(self, from_locker=False)
        return events + self._chest_done()

    def _chest_done(self) -> list[Event]:
        self._chest = None
        self._found = ()
        if self._stage == "legacy":
            return self._end_turn()
        return self._open_next()

    # ----- skirmishes --------------------------------------------------------------------
    def _start_skirmish(self, players: tuple[int, ...], context: tuple[Any, ...]) -> None:
        self._skirmish = (players, (0,) * len(players), context)
        self._phase = "skirmish"

    def _hit(self, seat: int | None) -> list[Event]:
        assert self._skirmish is not None
        players, hits, context = self._skirmish
        rule = rules.SKIRMISH_TWO if len(players) == 2 else rules.SKIRMISH_MANY
        if seat is None:
            return [Event("equal highest totals: no hit, throw again", rule, "skirmish")]
        players2, hits2, winner = after_hit(players, hits, seat)
        shown = hits_of(players, hits, seat)
        score = ", ".join(f"{self.colour(p)} {h}" for p, h in zip(players, shown, strict=True))
        events = [Event(f"{self.colour(seat)} scores a hit ({score})", rule, "skirmish")]
        if len(players2) < len(players):
            out = [p for p in players if p not in players2]
            events.append(Event(f"two players have hits: {', '.join(map(self.colour, out))} "
                                "drop out", rules.SKIRMISH_MANY, "skirmish"))
        if winner is None:
            self._skirmish = (players2, hits2, context)
            return events
        self._skirmish = None
        events.append(Event(f"{self.colour(winner)} wins the skirmish", rule, "skirmish"))
        kind = context[0]
        if kind == "steal":
            return events + cannons.finish_attack(self, context, winner)
        if kind == "legacy":
            return events + reckoning.legacy_to(self, winner)
        if kind == "reckon":
            return events + reckoning.award(self, context[1], winner, "won the skirmish")
        return events + reckoning.finish(self, winner, " after a final skirmish")

    # ----- the end of a throw and of a turn ---------------------------------------------------
    def _end_of_throw(self) -> list[Event]:
        if self._empty == 0:
            return self._end_turn()
        if self._moves_left and self._placeable():
            self._phase = "place"
            return []
        if self._dice is not None and self._dice[0] == self._dice[1]:
            self._phase = "roll"
            return [Event(f"{self.colour(self._turn)} threw doubles and throws again",
                          rules.DOUBLES, "doubles")]
        return self._end_turn()

    def _end_turn(self) -> list[Event]:
        self._moves_left = 0
        self._dice = None
        self._left = ()
        if cannons.locker_moves(self):
            self._phase = "wrap"
            return []
        return self._finish_turn()

    def _finish_turn(self) -> list[Event]:
        seat = self._turn
        if self._h.types(seat) > self.limit(seat):
            self._phase = "discard"
            return [Event(f"{self.colour(seat)} holds {self._h.types(seat)} treasure types, "
                          f"{self._h.types(seat) - self.limit(seat)} more than allowed, and "
                          "must put whole types into Davy Jones' Locker", rules.LOCKER_PLACE,
                          "limit")]
        return self._next_turn()

    def _discard(self, kind: str) -> list[Event]:
        seat = self._turn
        n, was = self._h.discard(seat, kind)
        text = f"{self.colour(seat)} puts {self.cards.amount(kind, n)} into Davy Jones' Locker"
        events = [Event(text, rules.LOCKER_PLACE, "discard")]
        if was:
            events.append(Event("the purple cannon that protected them goes to the fired "
                                "pile", rules.LOCKER_DISCARDED_CANNON, "fired"))
        if self._h.types(seat) > self.limit(seat):
            return events
        return events + self._next_turn()

    def _next_turn(self) -> list[Event]:
        self._stolen = ()
        self._chest_no = 0
        if self._stage == "play":
            if self._empty == 0:
                return reckoning.start_legacy(self)
            self._turn = (self._turn + 1) % self._n
            self._phase = "roll"
            return []
        return reckoning.next_in_round(self)

    @property
    def awards(self) -> tuple[tuple[str, int, int, int, str], ...]:
        """Final Reckoning results so far: (type, seat, cards, points, how decided)."""
        return self._awards

    @property
    def skirmish(self) -> tuple[tuple[int, ...], tuple[int, ...], str] | None:
        """The skirmish in progress: (seats still in, their hits, what it decides)."""
        if self._skirmish is None:
            return None
        players, hits, context = self._skirmish
        return players, hits, str(context[0])



def hits_of(players: tuple[int, ...], hits: tuple[int, ...], seat: int) -> tuple[int, ...]:
    """``hits`` with one more for ``seat`` (before anybody drops out)."""
    i = players.index(seat)
    return (*hits[:i], hits[i] + 1, *hits[i + 1:])
