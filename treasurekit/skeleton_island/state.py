"""A Skeleton Island position and every rule of play.

Where each rule lives (SKEL = the rulebook, see ``rules.py`` for the sections):

* the spread and the face-up half ............ ``_apply_spread``, ``_chance_outcomes`` (§2)
* uncovered cards (positive-area overlap) ...... ``Pile.uncovered`` in ``pile.py``     (§3)
* the standard turn: take, keep or rest ....... ``_check_take``, ``_check_rest``       (§3)
* the second card: may be taken, then kept ..... ``_apply_take``, ``_apply_stop``      (§3)
* the pirate turn: discard, steal or double .... ``_check_discard``, ``_check_steal``   (§3)
* blowing once when 1-2 cards are uncovered .... ``_check_blow``, ``Pile.blown``        (§3)
* completing a map wins the Island card ........ ``_collect``, ``completion``           (§3)
* the end and the scores ....................... ``_over``, ``outcome``                 (§4)

Hidden information: a face-down card has no identity in the state. When one is
revealed (taken from the pile), a chance node lists every kind still unseen with the
exact probability count / pool size, so nothing about face-down cards is fixed in
advance and nothing can leak (DESIGN.md §2).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..core.events import CHANCE, TERMINAL, Event, Outcome
from ..core.game import State
from . import clicks, rules
from .cards import CardKind, Deck
from .moves import (
    Blow,
    Discard,
    Double,
    Gust,
    Keep,
    Rest,
    Reveal,
    SkeletonMove,
    Spread,
    Steal,
    Stolen,
    Stop,
    Take,
)
from .pile import Pile, Placement, TableCard, spread_layout
from .view import CardView, HandView, SkeletonView

if TYPE_CHECKING:
    from .game import SkeletonGame

__all__ = ["SkeletonState", "completion"]

START, HAND, SECOND, PIRATE, GUST, STEAL = "start", "hand", "second", "pirate", "gust", "steal"

Problem = tuple[str, str | None] | None


def completion(
    pieces: Sequence[tuple[int, Fraction]],
) -> tuple[int, ...] | None:
    """The map pieces (``(id, share)``) that make one whole map, or None.

    A whole map is pieces of one colour whose shares add up to exactly 1: two halves,
    a half and two quarters, or four quarters (SKEL §3; ruling SKEL-2: pieces of a
    colour are interchangeable). The smallest such set is used, lowest ids first.

    >>> h, q = Fraction(1, 2), Fraction(1, 4)
    >>> completion([(1, h), (2, q), (3, q)])
    (1, 2, 3)
    >>> completion([(1, q), (2, q), (3, q)]) is None
    True
    """
    ordered = sorted(pieces)
    for size in range(1, len(ordered) + 1):
        for combo in combinations(ordered, size):
            if sum((s for _, s in combo), Fraction(0)) == 1:
                return tuple(i for i, _ in combo)
    return None


class SkeletonState(State[SkeletonMove]):
    """One Skeleton Island position. Create it with ``game.new_initial_state(seed)``.

    The game starts with chance moves: the spread (one of the seeded layouts), then one
    reveal per face-up card. Then seats take turns (``first_player`` begins).

    >>> import treasurekit
    >>> s = treasurekit.load_game("skeleton_island").new_initial_state(seed=1)
    >>> while s.is_chance_node():
    ...     _ = s.resolve_chance()
    >>> s.current_player, len(s.pile)
    (0, 49)
    >>> s.why_illegal("keep")
    'p0 holds no card to keep: take an uncovered card first [SKEL §3 Game Turn: standard turn]'
    """

    game: SkeletonGame

    def __init__(self, game: SkeletonGame, seed: int) -> None:
        super().__init__(game, seed)
        deck = game.deck
        n = game.num_players
        self.deck: Deck = deck
        self._n = n
        self._pile = Pile((), deck.size_cm)
        self._layout: int | None = None
        self._setup_left: tuple[int, ...] = ()
        self._turn = int(game.options["first_player"])
        self._phase = START
        self._hand: tuple[int, str | None] | None = None
        self._second = False
        self._rested: int | None = None
        self._slots = 1
        self._acted = False
        self._blown = False
        self._victim: int | None = None
        self._collections: list[list[tuple[int, str]]] = [[] for _ in range(n)]
        self._islands: dict[str, int] = {}
        self._out: list[tuple[int, str, str]] = []

    @classmethod
    def from_position(
        cls,
        game: SkeletonGame,
        pile: Sequence[tuple[str | None, float, float, float] | TableCard],
        collections: Mapping[int, Sequence[str]],
        islands: Mapping[str, int],
        out: Sequence[str],
        turn: int,
        blown: bool,
        seed: int,
    ) -> SkeletonState:
        """See :meth:`SkeletonGame.position`."""
        state = cls(game, seed)
        deck = state.deck
        n = state._n

        def known(kind: str, where: str) -> str:
            if kind not in deck.kinds:
                raise ValueError(f"{where}: unknown card kind {kind!r}")
            return kind

        table: list[TableCard] = []
        for z, spec in enumerate(pile):
            if isinstance(spec, TableCard):
                card = spec
                if card.face_up != (card.kind is not None):
                    raise ValueError(f"pile[{z}]: a face-up card needs a kind, a face-down none")
                if card.kind is not None:
                    known(card.kind, f"pile[{z}]")
            else:
                kind, x, y, angle = spec
                if kind is not None:
                    known(kind, f"pile[{z}]")
                at = Placement(x, y, angle)
                card = TableCard(z, at.x, at.y, at.angle, z, kind is not None, kind)
            table.append(card)
        state._pile = Pile(table, deck.size_cm)
        next_id = max((c.id for c in table), default=-1) + 1
        for seat, kinds in collections.items():
            if not 0 <= seat < n:
                raise ValueError(f"collections: {seat} is not a seat 0-{n - 1}")
            for kind in kinds:
                state._collections[seat].append((next_id, known(kind, f"collections[{seat}]")))
                next_id += 1
        for colour, seat in islands.items():
            if colour not in deck.colours:
                raise ValueError(f"islands: unknown colour {colour!r}; use {deck.colours}")
            if not 0 <= seat < n:
                raise ValueError(f"islands[{colour!r}]: {seat} is not a seat 0-{n - 1}")
            state._islands[colour] = seat
        for kind in out:
            state._out.append((next_id, known(kind, "out"), "discarded"))
            next_id += 1
        seen = state._seen()
        for kind, count in seen.items():
            if count > deck.counts[kind]:
                raise ValueError(f"the box holds only {deck.counts[kind]} card(s) of {kind}")
        face_down = sum(1 for c in table if not c.face_up)
        if face_down > sum(state.unseen().values()):
            raise ValueError(f"{face_down} face-down cards but only "
                             f"{sum(state.unseen().values())} cards are left unseen")
        for seat in range(n):
            for colour in deck.colours:
                if colour not in state._islands and state._completion(seat, colour):
                    raise ValueError(f"seat {seat} holds a whole {colour} map but no one holds "
                                     f"the {colour} Island card; add islands={{{colour!r}: "
                                     f"{seat}}}")
        if not 0 <= turn < n:
            raise ValueError(f"turn must be a seat 0-{n - 1}")
        state._layout = -1
        state._turn = turn
        state._blown = blown
        return state

    # ----- names ---------------------------------------------------------------
    @staticmethod
    def seat_name(seat: int) -> str:
        """How events and the notation name a seat: ``p0``..``p3``."""
        return f"p{seat}"

    def label(self, kind: str | None) -> str:
        """Words for a kind ("red map half"), or "face down" for None."""
        return "face down" if kind is None else self.deck.kinds[kind].label

    # ----- snapshot ------------------------------------------------------------
    def _snapshot(self) -> Any:
        return (
            self._pile,
            self._layout,
            self._setup_left,
            self._turn,
            self._phase,
            self._hand,
            self._second,
            self._rested,
            self._slots,
            self._acted,
            self._blown,
            self._victim,
            tuple(tuple(c) for c in self._collections),
            tuple(self._islands.items()),
            tuple(self._out),
        )

    def _restore(self, snap: Any) -> None:
        (self._pile, self._layout, self._setup_left, self._turn, self._phase, self._hand,
         self._second, self._rested, self._slots, self._acted, self._blown, self._victim,
         collections, islands, out) = snap
        self._collections = [list(c) for c in collections]
        self._islands = dict(islands)
        self._out = list(out)

    # ----- queries ---------------------------------------------------------------
    @property
    def pile(self) -> Pile:
        """The Sand Pile (immutable; see :class:`~treasurekit.skeleton_island.pile.Pile`)."""
        return self._pile

    @property
    def _second_optional(self) -> bool:
        """The second card after resting is a choice (SKEL §3), unless
        ``second_card="must"`` (ruling SKEL-7)."""
        return bool(self.game.options["second_card"] == "optional")

    @property
    def turn(self) -> int:
        """The seat whose turn it is (also while a chance move of that turn is due)."""
        return self._turn

    @property
    def phase(self) -> str:
        """``"setup"``, ``"start"``, ``"hand"``, ``"second"``, ``"pirate"``, ``"gust"``,
        ``"steal"`` or ``"over"`` (see :class:`SkeletonView`)."""
        if self._over():
            return "over"
        if self._layout is None or self._setup_left:
            return "setup"
        return self._phase

    @property
    def rested(self) -> int | None:
        """The card just rested on the pile's edge this turn (not a second card), or None."""
        return self._rested

    @property
    def hand(self) -> tuple[int, str | None] | None:
        """``(id, kind)`` of the card just taken (kind None until revealed), or None."""
        return self._hand

    @property
    def islands(self) -> dict[str, int]:
        """Colour -> seat for every Island card won so far."""
        return dict(self._islands)

    @property
    def out(self) -> tuple[tuple[int, str, str], ...]:
        """``(id, kind, why)`` of the cards out of the game (discarded or used for an Island)."""
        return tuple(self._out)

    def moves_at(self, place: object) -> list[SkeletonMove]:
        """What a click on ``place`` can mean: ``place`` is an ``(x, y)`` point in cm on
        the table (rest the card in hand on the offered spot there, or take the topmost
        card there) or a collected card's id (steal it, after a pirate turn's discard).
        See :mod:`.clicks` (SKEL §3, §4).

        Raises:
            PlaceError: ``place`` is neither a point nor a card id of the deck.
        """
        return clicks.moves_at(self, place)

    def collection(self, seat: int) -> tuple[tuple[int, str], ...]:
        """``(id, kind)`` of the Sand cards in front of ``seat``, in the order collected."""
        return tuple(self._collections[seat])

    def uncovered(self) -> tuple[int, ...]:
        """Ids of the uncovered cards in the Sand Pile (SKEL §3)."""
        return self._pile.uncovered()

    @property
    def turn_begins(self) -> bool:
        """True at the first decision of a turn (nothing blown, taken or discarded yet)."""
        return (self._current_player() >= 0 and self._phase == START and not self._acted
                and not self._blown)

    def can_blow(self) -> bool:
        """True when the player to move may blow on the pile now (SKEL §3, ruling SKEL-10)."""
        return self._check_blow() is None and self._current_player() >= 0

    def _seen(self) -> Counter[str]:
        seen: Counter[str] = Counter()
        for c in self._pile.cards.values():
            if c.kind is not None:
                seen[c.kind] += 1
        if self._hand is not None and self._hand[1] is not None:
            seen[self._hand[1]] += 1
        for coll in self._collections:
            seen.update(k for _, k in coll)
        seen.update(k for _, k, _ in self._out)
        return seen

    def unseen(self) -> dict[str, int]:
        """Kind -> how many Sand cards of it nobody has seen yet (zero counts left out).

        This is every Sand card minus those face up on the table, in hand, collected and
        out of the game; the face-down cards are drawn from it when revealed.
        """
        seen = self._seen()
        return {k: n - seen[k] for k, n in self.deck.counts.items() if n - seen[k] > 0}

    def unknown_distribution(self) -> dict[str, Fraction]:
        """Kind -> exact probability that a face-down card is of that kind (SKEL §2)."""
        pool = self.unseen()
        total = sum(pool.values())
        return {k: Fraction(n, total) for k, n in pool.items()} if total else {}

    def scores(self) -> tuple[int, ...]:
        """Each seat's coins: Island cards won plus gold coin cards held (SKEL §4)."""
        totals = [0] * self._n
        for seat in self._islands.values():
            totals[seat] += self.deck.island_coins
        for seat, coll in enumerate(self._collections):
            totals[seat] += sum(self.deck.kinds[k].coins for _, k in coll)
        return tuple(totals)

    def _completion(self, seat: int, colour: str) -> tuple[int, ...] | None:
        pieces = [
            (i, self.deck.kinds[k].share)
            for i, k in self._collections[seat]
            if self.deck.kinds[k].colour == colour
        ]
        return completion(pieces) if pieces else None

    def _over(self) -> bool:
        if self._layout is None or self._setup_left:
            return False
        if len(self._islands) == len(self.deck.colours):
            return True  # SKEL §4: every Island card has been won
        return not self._pile.cards and self._hand is None  # SKEL §4: no Sand card left

    def _current_player(self) -> int:
        if self._layout is None or self._setup_left:
            return CHANCE
        if self._over():
            return TERMINAL
        if self._phase in (GUST, STEAL):
            return CHANCE
        if self._hand is not None and self._hand[1] is None:
            return CHANCE
        return self._turn

    # ----- chance ----------------------------------------------------------------------
    def _chance_outcomes(self) -> list[tuple[SkeletonMove, Fraction]]:
        if self._layout is None:
            return self.game.spread_outcomes
        if self._phase == GUST:
            return self.game.gust_outcomes
        if self._phase == STEAL:
            assert self._victim is not None
            cards = self._collections[self._victim]
            return [(Stolen(i), Fraction(1, len(cards))) for i, _ in cards]
        card = self._setup_left[0] if self._setup_left else self._hand_id()
        pool = self.unseen()
        total = sum(pool.values())
        return [(Reveal(card, k), Fraction(n, total)) for k, n in pool.items()]

    def _hand_id(self) -> int:
        assert self._hand is not None
        return self._hand[0]

    # ----- legal moves -------------------------------------------------------------------
    def _legal_moves(self) -> list[SkeletonMove]:
        moves: list[SkeletonMove] = []
        if self._phase == START:
            moves += [Take(i) for i in self._pile.uncovered()]
            if self._check_blow() is None:
                moves.append(Blow())
            if not self._acted:
                moves += self._discard_moves()
        elif self._phase == HAND:
            moves.append(Keep())
            if not self._second and self._pile.cards:
                moves += [Rest.at(p) for p in self._pile.rest_spots(
                    self.deck.rest_spots, self.deck.rest_overlap_cm)]
        elif self._phase == SECOND:
            moves += [Take(i) for i in self._pile.uncovered() if i != self._rested]
            if self._second_optional:
                moves.append(Stop())
        elif self._phase == PIRATE:
            moves += self._steal_moves()
            moves.append(Double())
        return moves

    def _discard_moves(self) -> list[SkeletonMove]:
        """One discard per distinct combination of kinds (lowest ids), SKEL §3."""
        first: dict[str, int] = {}
        for i, k in sorted(self._collections[self._turn]):
            if self.deck.kinds[k].discardable and k not in first:
                first[k] = i
        if len(first) < 3:
            return []
        out: list[SkeletonMove] = []
        for trio in combinations(first, 3):
            colours = [self.deck.kinds[k].colour for k in trio if self.deck.kinds[k].is_map]
            if len(set(colours)) == len(colours):
                out.append(Discard(tuple(first[k] for k in trio)))
        return out

    def _steal_moves(self) -> list[SkeletonMove]:
        out: list[SkeletonMove] = []
        blind = self.game.options["steal"] == "blind"
        for v in range(self._n):
            if v == self._turn or not self._collections[v]:
                continue
            if blind:
                out.append(Steal(v))
                continue
            first: dict[str, int] = {}
            for i, k in sorted(self._collections[v]):
                first.setdefault(k, i)
            out += [Steal(v, i) for i in sorted(first.values())]
        return out

    # ----- legality ------------------------------------------------------------------------
    def _check(self, move: SkeletonMove) -> Problem:
        who = self.seat_name(self._turn)
        if isinstance(move, (Spread, Reveal, Gust, Stolen)):
            return (f"{str(move)!r} is a chance move (the engine draws it with "
                    f"resolve_chance); it is {who}'s turn to choose", None)
        if isinstance(move, Blow):
            return self._check_blow()
        if self._phase == PIRATE:
            if isinstance(move, Double):
                return None
            if isinstance(move, Steal):
                return self._check_steal(move)
            return (f"{who} has discarded for a pirate turn: now choose 'steal pN ...' "
                    "(take a Sand card from an opponent) or 'double' (two standard turns)",
                    rules.PIRATE)
        if isinstance(move, (Steal, Double)):
            return (f"{who} must first discard three cards for a pirate turn "
                    "('discard a b c'); stealing and double turns follow the discard",
                    rules.PIRATE)
        if isinstance(move, Discard):
            return self._check_discard(move)
        if isinstance(move, Take):
            return self._check_take(move)
        if isinstance(move, Keep):
            if self._phase != HAND:
                return self._no_hand(who, "keep")
            return None
        if isinstance(move, Stop):
            if self._phase != SECOND:
                return (f"'stop' declines the second card, which {who} may take only after "
                        "resting a card on the edge of the pile", rules.SECOND)
            if not self._second_optional:
                return ("with second_card='must' the second card must be taken (ruling "
                        "SKEL-7)", rules.SECOND)
            return None
        if isinstance(move, Rest):
            if self._phase != HAND:
                return self._no_hand(who, "rest")
            return self._check_rest(move)
        return (f"{move!r} is not a Skeleton Island move", None)

    def _no_hand(self, who: str, verb: str) -> Problem:
        if self._phase == SECOND:
            if self._second_optional:
                return (f"{who} rested a card and may now take a second uncovered card, "
                        "which is kept ('take N'), or take none ('stop')", rules.SECOND)
            return (f"{who} rested a card and must now take a second uncovered card, which "
                    "is kept", rules.SECOND)
        return (f"{who} holds no card to {verb}: take an uncovered card first", rules.STANDARD)

    def _check_take(self, move: Take) -> Problem:
        who = self.seat_name(self._turn)
        if self._phase == HAND:
            assert self._hand is not None
            return (f"{who} holds card {self._hand[0]}: keep it or rest it on the edge of "
                    "the pile first", rules.STANDARD)
        if move.card not in self._pile:
            return (f"card {move.card} is not in the Sand Pile", rules.STANDARD)
        if self._phase == SECOND and move.card == self._rested:
            return (f"card {move.card} was just rested on the edge: the second card must be "
                    "another uncovered card (ruling SKEL-7)", rules.SECOND)
        above = sorted(self._pile.above(move.card))
        if above:
            return (f"card {move.card} is covered by card{'s' if len(above) > 1 else ''} "
                    f"{', '.join(map(str, above))}: only an uncovered card (no card above "
                    f"overlaps it) may be taken; uncovered now: "
                    f"{', '.join(map(str, self._pile.uncovered()))}", rules.UNCOVERED)
        return None

    def _check_rest(self, move: Rest) -> Problem:
        if self._second:
            return ("the second card of a standard turn must be kept", rules.SECOND)
        spots = self._pile.rest_spots(self.deck.rest_spots, self.deck.rest_overlap_cm)
        if move.placement in spots:
            return None  # a sampled spot: legal by construction
        problem = self._pile.rest_problem(move.placement)
        return (problem, rules.REST) if problem else None

    def _check_discard(self, move: Discard) -> Problem:
        who = self.seat_name(self._turn)
        if self._phase != START or self._acted:
            return (f"a pirate turn replaces {who}'s whole turn: it must be chosen before "
                    "any card is taken", rules.PIRATE)
        ids = move.cards
        if len(ids) != 3:
            return (f"a pirate turn discards exactly three cards, not {len(ids)}", rules.PIRATE)
        if len(set(ids)) != 3:
            return ("a pirate turn discards three different cards", rules.PIRATE)
        mine = dict(self._collections[self._turn])
        missing = [i for i in ids if i not in mine]
        if missing:
            held = ", ".join(str(i) for i, _ in self._collections[self._turn]) or "none"
            return (f"{who} holds no card {missing[0]} (cards held: {held})", rules.PIRATE)
        kinds = [self.deck.kinds[mine[i]] for i in ids]
        coins = [i for i, k in zip(ids, kinds, strict=True) if not k.discardable]
        if coins:
            return (f"card {coins[0]} is a gold coin card; only map cards and pirate objects "
                    "may be discarded", rules.PIRATE)
        colours = Counter(k.colour for k in kinds if k.is_map)
        twice = [c for c, n in colours.items() if n > 1]
        if twice:
            return (f"{colours[twice[0]]} {twice[0]} map cards: the map cards discarded must "
                    "be of different colours", rules.PIRATE)
        return None

    def _check_steal(self, move: Steal) -> Problem:
        who = self.seat_name(self._turn)
        v = move.victim
        if not 0 <= v < self._n:
            return (f"there is no seat p{v} (seats p0-p{self._n - 1})", None)
        if v == self._turn:
            return (f"{who} cannot take a card from themselves: choose an opponent",
                    rules.PIRATE)
        if not self._collections[v]:
            return (f"p{v} has no Sand card to take", rules.PIRATE)
        blind = self.game.options["steal"] == "blind"
        if blind and move.card is not None:
            return (f"the stolen card is drawn blind (option steal='blind', ruling SKEL-9): "
                    f"write 'steal p{v}'", rules.PIRATE)
        if not blind:
            if move.card is None:
                return (f"name the card to take (ruling SKEL-9), e.g. "
                        f"'steal p{v} {self._collections[v][0][0]}'", rules.PIRATE)
            if move.card not in dict(self._collections[v]):
                held = ", ".join(str(i) for i, _ in self._collections[v])
                return (f"p{v} holds no card {move.card} (cards held: {held})", rules.PIRATE)
        return None

    def _check_blow(self) -> Problem:
        if self._phase != START or self._acted:
            return ("blowing is allowed only before the turn, before any card is taken or "
                    "discarded (ruling SKEL-10)", rules.BLOW)
        if self._blown:
            return ("the pile may be blown on only once per turn", rules.BLOW)
        n = len(self._pile.uncovered())
        if not 1 <= n <= 2:
            return (f"blowing is allowed only when one or two cards are uncovered; "
                    f"{n} are", rules.BLOW)
        return None

    # ----- effects ---------------------------------------------------------------------------
    def _apply(self, move: SkeletonMove) -> list[Event]:
        if isinstance(move, Spread):
            events = self._apply_spread(move)
        elif isinstance(move, Reveal):
            events = self._apply_reveal(move)
        elif isinstance(move, Take):
            events = self._apply_take(move)
        elif isinstance(move, Keep):
            events = self._apply_keep()
        elif isinstance(move, Stop):
            events = [Event(f"{self.seat_name(self._turn)} takes no second card (ruling "
                            "SKEL-7)", rules.SECOND, "stop")]
            events += self._end_standard_turn()
        elif isinstance(move, Rest):
            events = self._apply_rest(move)
        elif isinstance(move, Discard):
            events = self._apply_discard(move)
        elif isinstance(move, Steal):
            events = self._apply_steal(move)
        elif isinstance(move, Stolen):
            assert self._victim is not None
            events = self._transfer(self._victim, move.card)
        elif isinstance(move, Double):
            self._slots = 2
            self._phase = START
            events = [Event(f"{self.seat_name(self._turn)} will play two standard turns",
                            rules.PIRATE, "double")]
        elif isinstance(move, Blow):
            self._blown = True
            self._phase = GUST
            events = [Event(f"{self.seat_name(self._turn)} closes their eyes and blows once "
                            "on the Sand Pile", rules.BLOW, "blow")]
        elif isinstance(move, Gust):
            events = self._apply_gust(move)
        else:  # pragma: no cover - exhaustive above
            raise TypeError(f"not a Skeleton Island move: {move!r}")
        if self._over():
            events.append(self._end_event())
        return events

    def _apply_spread(self, move: Spread) -> list[Event]:
        deck = self.deck
        self._pile = spread_layout(move.layout, deck.total, deck.spread_radius_cm, deck.size_cm)
        self._layout = move.layout
        self._setup_left = tuple(sorted(i for i, c in self._pile.cards.items() if c.face_up))
        up = len(self._setup_left)
        return [Event(
            f"The {deck.total} Sand cards are shuffled, half turned over and spread "
            f"(layout {move.layout}): {up} lie face up, {deck.total - up} face down; "
            f"{len(self._pile.uncovered())} are uncovered", rules.SETUP, "spread")]

    def _apply_reveal(self, move: Reveal) -> list[Event]:
        label = self.label(move.kind)
        if self._setup_left:
            self._pile = self._pile.with_kind(move.card, move.kind)
            self._setup_left = self._setup_left[1:]
            return [Event(f"Card {move.card} lies face up in the spread: {label}",
                          rules.SETUP, "reveal")]
        self._hand = (move.card, move.kind)
        events = [Event(f"Card {move.card} is turned over: {label}", rules.STANDARD, "reveal")]
        if self._second:
            events += self._keep_hand()
        return events

    def _apply_take(self, move: Take) -> list[Event]:
        who = self.seat_name(self._turn)
        card = self._pile.cards[move.card]
        self._pile = self._pile.without(move.card)
        self._hand = (move.card, card.kind)
        self._acted = True
        second = self._phase == SECOND
        self._second = second
        self._phase = HAND
        what = self.label(card.kind) if card.face_up else "face down"
        nth = "a second" if second else "an"
        events = [Event(f"{who} takes {nth} uncovered card, {move.card} ({what})",
                        rules.SECOND if second else rules.STANDARD, "take")]
        if second and card.kind is not None:
            events += self._keep_hand()
        return events

    def _apply_keep(self) -> list[Event]:
        return self._keep_hand()

    def _keep_hand(self) -> list[Event]:
        assert self._hand is not None
        card, kind = self._hand
        assert kind is not None
        seat = self._turn
        rule = rules.SECOND if self._second else rules.STANDARD
        self._hand = None
        events = [Event(f"{self.seat_name(seat)} keeps card {card} ({self.label(kind)})",
                        rule, "keep")]
        events += self._collect(seat, card, kind)
        events += self._end_standard_turn()
        return events

    def _apply_rest(self, move: Rest) -> list[Event]:
        assert self._hand is not None
        card, kind = self._hand
        who = self.seat_name(self._turn)
        self._pile = self._pile.with_card_on_top(card, move.placement, kind)
        self._hand = None
        self._rested = card
        self._phase = SECOND
        events = [Event(
            f"{who} rests card {card} ({self.label(kind)}) face up on the edge of the pile "
            f"at {move.x:g},{move.y:g} turned {move.angle:g}° (ruling SKEL-5)",
            rules.REST, "rest")]
        others = [i for i in self._pile.uncovered() if i != card]
        if not others:
            events.append(Event(
                f"No other card is uncovered: {who} takes no second card (ruling SKEL-7)",
                rules.SECOND, "info"))
            events += self._end_standard_turn()
        return events

    def _apply_discard(self, move: Discard) -> list[Event]:
        seat = self._turn
        mine = dict(self._collections[seat])
        self._collections[seat] = [(i, k) for i, k in self._collections[seat]
                                   if i not in move.cards]
        self._out += [(i, mine[i], "discarded") for i in move.cards]
        self._acted = True
        self._phase = PIRATE
        names = ", ".join(f"{i} ({self.label(mine[i])})" for i in move.cards)
        return [Event(f"{self.seat_name(seat)} plays a pirate turn and discards cards {names} "
                      "for good", rules.PIRATE, "discard")]

    def _apply_steal(self, move: Steal) -> list[Event]:
        if move.card is None:
            self._victim = move.victim
            self._phase = STEAL
            return [Event(f"{self.seat_name(self._turn)} reaches blindly for one of "
                          f"p{move.victim}'s cards (ruling SKEL-9)", rules.PIRATE, "steal")]
        return self._transfer(move.victim, move.card)

    def _transfer(self, victim: int, card: int) -> list[Event]:
        seat = self._turn
        kind = dict(self._collections[victim])[card]
        self._collections[victim] = [(i, k) for i, k in self._collections[victim] if i != card]
        self._victim = None
        events = [Event(f"{self.seat_name(seat)} takes card {card} ({self.label(kind)}) from "
                        f"p{victim}", rules.PIRATE, "steal")]
        events += self._collect(seat, card, kind)
        self._next_turn()
        return events

    def _apply_gust(self, move: Gust) -> list[Event]:
        before = len(self._pile.uncovered())
        distance = self.deck.gust_strengths[move.strength]
        self._pile = self._pile.blown(move.direction, distance)
        self._phase = START
        after = len(self._pile.uncovered())
        return [Event(
            f"The gust blows towards {move.direction.upper()} ({move.strength}): the "
            f"uncovered cards fly {distance:g} cm and land on top; uncovered cards: "
            f"{before} -> {after} (ruling SKEL-11)", rules.BLOW, "gust")]

    def _collect(self, seat: int, card: int, kind: str) -> list[Event]:
        """Put a card in front of ``seat``; a whole map of a free colour wins its Island."""
        self._collections[seat].append((card, kind))
        info: CardKind = self.deck.kinds[kind]
        colour = info.colour
        if colour is None or colour in self._islands:
            return []
        used = self._completion(seat, colour)
        if used is None:
            return []
        self._islands[colour] = seat
        mine = dict(self._collections[seat])
        pieces = Counter(self.deck.kinds[mine[i]].piece or "" for i in used)
        plural = {"half": "halves", "quarter": "quarters"}
        how = " + ".join(f"{n} {plural.get(p, p + 's') if n > 1 else p}"
                         for p, n in sorted(pieces.items()))
        if self.game.options["used_maps"] == "returned":
            self._collections[seat] = [(i, k) for i, k in self._collections[seat]
                                       if i not in used]
            self._out += [(i, mine[i], "island") for i in used]
            fate = "the map pieces leave the game (ruling SKEL-13)"
        else:
            fate = "the map pieces stay in front of them (option used_maps='kept')"
        return [Event(
            f"{self.seat_name(seat)} completes the {colour} treasure map ({how}) and wins "
            f"the {colour} Island card ({self.deck.island_coins} coins); {fate}",
            rules.MAP, "island")]

    def _end_standard_turn(self) -> list[Event]:
        self._hand = None
        self._second = False
        self._rested = None
        self._slots -= 1
        if self._slots > 0 and self._pile.cards and not self._over():
            self._phase = START
            return [Event(f"{self.seat_name(self._turn)} plays the second of two standard "
                          "turns", rules.PIRATE, "info")]
        self._next_turn()
        return []

    def _next_turn(self) -> None:
        self._turn = (self._turn + 1) % self._n
        self._phase = START
        self._hand = None
        self._second = False
        self._rested = None
        self._slots = 1
        self._acted = False
        self._blown = False
        self._victim = None

    def _end_event(self) -> Event:
        out = self.outcome()
        assert out is not None
        names = " and ".join(self.seat_name(w) for w in out.winners)
        scores = ", ".join(f"{self.seat_name(p)} {s}" for p, s in enumerate(out.scores))
        verb = "wins" if len(out.winners) == 1 else "share the win"
        why = f" ({out.reason})" if out.reason else ""
        return Event(f"Game over ({out.termination}). Scores: {scores}. {names} {verb}{why}.",
                     rules.VICTORY, "end")

    # ----- result ----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """Scores and winners once the game is over (SKEL §4; ruling SKEL-19 for ties)."""
        if not self._over():
            return None
        termination = (
            "every Island card has been won" if len(self._islands) == len(self.deck.colours)
            else "the Sand Pile is empty"
        )
        scores = self.scores()
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        reason = ""
        if len(tied) > 1 and self.game.options["tie_break"] == "islands":
            count = {p: sum(1 for s in self._islands.values() if s == p) for p in tied}
            most = max(count.values())
            leaders = [p for p in tied if count[p] == most]
            if len(leaders) < len(tied):
                tied, reason = leaders, "tie-break: most Island cards"
            else:
                reason = "tied on coins and on Island cards"
        elif len(tied) > 1:
            reason = "tied on coins"
        return Outcome(termination, scores, tuple(tied), reason)

    # ----- views and text ----------------------------------------------------------------------
    def view(self, player: int) -> SkeletonView:
        """What seat ``player`` may know (no seed; face-down cards have no identity yet)."""
        if not 0 <= player < self._n:
            raise ValueError(f"player must be a seat 0-{self._n - 1}, got {player}")
        uncovered = set(self._pile.uncovered())
        table = tuple(
            CardView(c.id, c.x, c.y, c.angle, c.z, c.face_up,
                     c.kind if c.face_up else None, c.id in uncovered)
            for c in self._pile.ordered()
        )
        hand = None
        if self._hand is not None:
            hand = HandView(self._hand[0], self._hand[1], self._second)
        return SkeletonView(
            player=player,
            to_move=self._current_player(),
            turn=self._turn,
            phase=self.phase,
            table=table,
            uncovered=tuple(sorted(uncovered)),
            hand=hand,
            rested=self._rested,
            collections=tuple(tuple(c) for c in self._collections),
            islands=tuple((c, self._islands.get(c)) for c in self.deck.colours),
            scores=self.scores(),
            out=tuple(self._out),
            unseen=tuple(self.unseen().items()),
            can_blow=self.can_blow(),
            standard_turns_left=self._slots if self.phase != "setup" else 0,
            ply=self.ply,
            card_size=self.deck.size_cm,
        )

    def __str__(self) -> str:
        phase = self.phase
        who = self.seat_name(self._turn)
        status = {
            "setup": "setting up",
            "over": "game over",
            START: f"{who} to move" + (" (two standard turns)" if self._slots > 1 else ""),
            HAND: f"{who} holds a card: keep or rest",
            SECOND: f"{who} takes a second card",
            PIRATE: f"{who} steals or plays double",
            GUST: "the gust blows",
            STEAL: f"{who} draws a card blind",
        }[phase]
        if self._hand is not None and self._hand[1] is None:
            status = f"card {self._hand[0]} is turned over"
        lines = [f"Skeleton Island, {self._n} players - ply {self.ply}, {status}"]
        unc = self._pile.uncovered()
        cards = ", ".join(
            f"{i} {self._pile.cards[i].kind or 'face-down'}" for i in unc
        )
        lines.append(f"pile:    {len(self._pile)} cards, {len(unc)} uncovered: {cards or '-'}")
        if self._hand is not None:
            lines.append(f"hand:    {self._hand[0]} {self._hand[1] or 'face-down'}")
        scores = self.scores()
        for seat in range(self._n):
            held = " ".join(k for _, k in sorted(self._collections[seat],
                                                 key=lambda e: (e[1], e[0])))
            won = ",".join(c for c in self.deck.colours if self._islands.get(c) == seat)
            coins = f"{scores[seat]} coin{'' if scores[seat] == 1 else 's'}"
            lines.append(f"{self.seat_name(seat)}:      {coins}; islands: "
                         f"{won or '-'}; cards: {held or '-'}")
        islands = " ".join(
            f"{c}:{self.seat_name(self._islands[c]) if c in self._islands else '-'}"
            for c in self.deck.colours
        )
        lines.append(f"islands: {islands}")
        gone = Counter(why for _, _, why in self._out)
        lines.append(f"out:     {gone['discarded']} discarded, {gone['island']} used for "
                     "Islands")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<SkeletonState ply={self.ply} seed={self.seed}>"
