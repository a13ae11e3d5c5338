"""Play apps: one page per game for Voilà (and JupyterLab), made for a player, not a reader.

``play_app("ahoy")`` is the whole of ``apps/ahoy.ipynb``: a title and a "how to play"
line, a small form (number of players, who plays each seat, Start), the game's board
with its hint panel, and two collapsed sections: the rules in brief, each with its
rulebook source, and the game's rulings from docs/rulings.md. Every part is a widget
or HTML: nothing prints, so Voilà shows no text dumps.

>>> app = play_app("ahoy")
>>> app
PlayApp(ahoy, players=3, seats=human/greedy/greedy, AhoyBoard(players=3, ply=0, Red to roll))
>>> app.players.value = 2
>>> app.seat_picks[1].value = "random"
>>> app.start()
>>> app.board.game.num_players, type(app.board.seats[1]).__name__
(2, 'RandomBot')
"""

from __future__ import annotations

import html
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as w  # type: ignore[import-untyped]

from treasurekit import MCTSBot, RandomBot

from .app_specs import LazySpecs
from .base import HUMAN, GameBoard, fresh_seed
from .controls import MUTED
from .resume import AppSaving
from .rulings import rulings_widget

__all__ = ["APPS", "AppSpec", "PlayApp", "Rule", "play_app", "widget_tree"]


@dataclass(frozen=True)
class Rule:
    """One rule in a sentence (our words) and its rulebook source (``"AHOY §5 The die"``)."""

    text: str
    source: str


@dataclass(frozen=True)
class AppSpec:
    """What a play app needs to know about a game.

    ``board(players, seats, seed)`` builds the board (``seats`` None: the board's own
    default seating); ``seat_options(seat)`` lists ``(label, key)`` choices for a seat,
    and ``bot(key, seat, seed)`` turns a key other than ``"human"`` into a bot.
    """

    game: str
    title: str
    blurb: str
    how_to_play: str
    players: tuple[int, int]
    default_players: int
    notebook: str
    rules: tuple[Rule, ...]
    board: Callable[[int, dict[int, Any] | None, int], GameBoard]
    seat_label: Callable[[int], str]
    seat_options: Callable[[int], list[tuple[str, str]]]
    default_seat: Callable[[int], str]
    bot: Callable[[str, int, int], Any]


HUMAN_CHOICE = ("Human (you)", HUMAN)


def _player_label(seat: int) -> str:
    return f"Player {seat + 1}"


def _named_label(name: Callable[[int], str]) -> Callable[[int], str]:
    """A seat's label in the form with the name its board gives it: "Player 1 (Red)",
    so that one name reads on the form and on the board (issue 24)."""
    return lambda seat: f"{_player_label(seat)} ({name(seat)})"


def _level_seats(game: str, skip: tuple[str, ...] = ()) -> Callable[[int], list[tuple[str, str]]]:
    """A seat menu: Human, then the game's levels weakest first (``treasurekit.arena.levels``:
    Beginner, Casual, Strong), each with one line on how it plays."""
    from treasurekit.arena.levels import levels

    named = [(level.label(), level.key) for level in levels(game) if level.key not in skip]
    return lambda seat: [HUMAN_CHOICE, *named]


def _first_human(seat: int) -> str:
    return HUMAN if seat == 0 else "greedy"


def _bots(greedy: Callable[[int], Any], game: str = "") -> Callable[[str, int, int], Any]:
    def make(key: str, seat: int, seed: int) -> Any:
        if key == "greedy":
            return greedy(seat)
        if key == "random":
            return RandomBot(seed=seat)
        if key == "strong" and game:  # the board re-seeds it from each game's seed
            from treasurekit.arena.levels import level_bot

            return level_bot(game, key, seat)
        raise ValueError(f"unknown bot {key!r} for seat {seat}")
    return make


def _ahoy_bot(key: str, seat: int, seed: int) -> Any:
    from treasurekit.ahoy import GreedyBot as AhoyGreedy

    if key == "mcts":  # the notebook's "thinking" bot: 50 simulations with greedy playouts
        return MCTSBot(iterations=50, seed=seat, playout_bot=AhoyGreedy(seed=seat))
    return _bots(lambda s: AhoyGreedy(seed=s), "ahoy")(key, seat, seed)


def _ti2018_label(seat: int) -> str:
    """"Long John Silver", "Pirate 1 (Anne)"...: the pirate's character, which the board
    names the seat by (the game's default characters, which the app plays)."""
    from treasurekit.treasure_island_2018.game import TIGame

    if seat == 0:
        return "Long John Silver"
    names = str(TIGame.OPTIONS["characters"].default).split(",")
    return f"Pirate {seat}" + (f" ({names[seat - 1].strip().capitalize()})"
                               if seat <= len(names) else "")


#: Silver's policies by app key (``SilverBot(policy=...)``); the label names the policy.
SILVER_POLICIES = {"silver": "cunning", "silver-honest": "truthful",
                   "silver-bluff": "deceptive"}


def _ti2018_options(seat: int) -> list[tuple[str, str]]:
    if seat == 0:
        return [("Strong Silver bot (cunning: plays to win)", "silver"),
                ("Casual Silver bot (honest: true hints)", "silver-honest"),
                ("Silver bot (bluffs)", "silver-bluff"), HUMAN_CHOICE]
    return _level_seats("treasure_island_2018", skip=("strong",))(seat)  # Strong = Casual


def _ti2018_default(seat: int) -> str:
    return "silver" if seat == 0 else HUMAN if seat == 1 else "greedy"


def _ti2018_board(n: int, seats: dict[int, Any] | None, seed: int) -> GameBoard:
    """The board: its "View of" list holds only the human at the screen (with no human
    seat, every view), so a player never switches to Silver's view or another's."""
    from .treasure_island_2018 import LongJohnBoard

    return LongJohnBoard(players=n, seats=seats, seed=seed)


def _ti2018_bot(key: str, seat: int, seed: int) -> Any:
    from treasurekit.treasure_island_2018 import GreedyBot as TI2018Greedy
    from treasurekit.treasure_island_2018 import SilverBot

    if key in SILVER_POLICIES:  # the board re-seeds it from each game's seed
        return SilverBot(seed=seed, policy=SILVER_POLICIES[key])
    return _bots(lambda s: TI2018Greedy(seed=s))(key, seat, seed)


def _ahoy_spec() -> AppSpec:
    from treasurekit.ahoy import rules as ahoy
    from treasurekit.ahoy.board import load_board

    from .ahoy import AhoyBoard

    return AppSpec(
            game="ahoy", title="Ahoy Treasures!",
            blurb="A race of pirates to Buccaneer Island, where five treasure chests wait: "
                  "the later a pirate arrives, the more his chest is worth.",
            how_to_play="Press <b>Roll the die</b>, then click one of your ringed pirates "
                        "(after a ship, pick 1-5 squares). <b>Hint</b> ranks your moves.",
            players=(2, 4), default_players=3, notebook="01-ahoy-treasures.ipynb",
            rules=(
                Rule("Each player has four pirates piled on their own starting square; a "
                     "path of 20 squares, some of them open water, leads to the island.",
                     ahoy.PREPARATION),
                Rule("Roll the die and move one pirate exactly that many squares; the ship "
                     "face lets you choose any number from 1 to 5.", ahoy.DIE),
                Rule("A pirate that lands on open water falls in and goes back to his start; "
                     "a plank then makes that square firm ground for everyone.", ahoy.WATER),
                Rule("Pirates that land on each other pile up, and only the pirate on top of "
                     "a pile may move.", ahoy.TOP_ONLY),
                Rule("You must move if any of your pirates can; you pass only when every "
                     "move is blocked or would go past the island.", ahoy.MUST_MOVE),
                Rule("The island needs the exact number. The first pirate ashore takes chest "
                     "1, the next chest 2, and so on.", ahoy.EXACT_ROLL),
                Rule("When the fifth chest is taken the game ends: add up the numbers of your "
                     "chests; the most points win.", ahoy.END),
            ),
            board=lambda n, seats, seed: AhoyBoard(players=n, seats=seats, seed=seed),
            seat_label=_named_label(load_board().colour_name),
            seat_options=_level_seats("ahoy"), default_seat=_first_human, bot=_ahoy_bot,
        )


def _treasure_island_2003_spec() -> AppSpec:
    from treasurekit.treasure_island_2003 import GreedyBot as TI2003Greedy
    from treasurekit.treasure_island_2003 import flow as ti2003_flow
    from treasurekit.treasure_island_2003 import rules as ti2003

    from .treasure_island_2003 import TreasureIslandBoard

    return AppSpec(
            game="treasure_island_2003", title="Treasure Island (2003)",
            blurb="Claim a desert island square by square with two dice, open the old "
                  "pirates' chests, and fire cannons at your rivals' treasure.",
            how_to_play="Press <b>Roll the dice</b>, then click a yellow square to place a "
                        "counter; every other decision is a button beside the map. "
                        "<b>Hint</b> gives the odds of your throw and ranks your moves.",
            players=(2, 6), default_players=4, notebook="02-treasure-island-2003.ipynb",
            rules=(
                Rule("Throw two dice, choose one of the numbers, and put a counter on an "
                     "empty square showing it.", ti2003.PLACING),
                Rule("A counter lands on an anchorage on the coast, or advances to a square "
                     "next to one of your counters, never across a river.", ti2003.ADVANCES),
                Rule("A double gives another throw. Whoever can place must; a player who "
                     "cannot, passes.", ti2003.DOUBLES),
                Rule("Wall off an area that nobody else can reach any more, and your "
                     "counters fill it at once.", ti2003.ENCLOSED),
                Rule("Taking a pirate's treasure square opens his chest: treasure cards, "
                     "cannons and Jolly Rogers.", ti2003.TREASURE_SQUARES),
                Rule("A cannon steals a whole pile of a treasure type you already hold; a "
                     "purple one may protect a pile of yours instead, a gold one attacks "
                     "protected piles in a skirmish.", ti2003.CANNONS),
                Rule("You may keep only so many treasure types; the rest go into Davy "
                     "Jones' Locker.", ti2003.LOCKER_PLACE),
                Rule("When every square is taken, each type scores for the player holding "
                     "the most cards of it; the most points win.", ti2003.SCORING),
            ),
            board=lambda n, seats, seed: TreasureIslandBoard(players=n, seats=seats, seed=seed),
            seat_label=_named_label(ti2003_flow.colour),
            seat_options=_level_seats("treasure_island_2003"),
            default_seat=_first_human,
            bot=_bots(lambda s: TI2003Greedy(seed=s), "treasure_island_2003"),
        )


def _treasure_island_2018_spec() -> AppSpec:
    from treasurekit.treasure_island_2018 import rules as ti2018

    return AppSpec(
            game="treasure_island_2018", title="Treasure Island (2018)",
            blurb="Long John Silver has buried his treasure and is locked away. His hints "
                  "narrow down where it lies: find it before he escapes.",
            how_to_play="Click the map to ride, walk or search (several choices become "
                        "buttons in the <b>Your move</b> box beside the map, under it on a "
                        "narrow screen); press <b>Done</b> to end your turn. "
                        "<b>Probability map</b> shades where the treasure can still be.",
            players=(2, 5), default_players=4, notebook="03-treasure-island-2018.ipynb",
            rules=(
                Rule("Long John Silver buries the treasure in secret; the pirates race to "
                     "find it.", ti2018.GOAL),
                Rule("Each day of the calendar one pirate takes one or two actions; some "
                     "days bring Silver's hints, a Bluff token, the prison or the Black "
                     "Spot.", ti2018.SEQUENCE),
                Rule("A Horse move is a straight ride of at most 6 miles that never crosses "
                     "a restricted area.", ti2018.HORSE),
                Rule("A Foot move goes up to 3 miles and may end in a small search (a circle "
                     "of 1 mile); a large search (2 miles) is an action of its own.",
                     ti2018.FOOT),
                Rule("A search circle that contains or touches the treasure finds it, and "
                     "that pirate wins.", ti2018.SMALL_SEARCH),
                Rule("Silver draws each hint on the map. Only a Truth token proves a hint "
                     "true: Silver may bluff.", ti2018.INFO_TOKENS),
                Rule("If nobody finds the treasure by the escape day, Silver breaks out and "
                     "wins if he reaches it first.", ti2018.ESCAPE),
            ),
            board=_ti2018_board,
            seat_label=_ti2018_label, seat_options=_ti2018_options,
            default_seat=_ti2018_default, bot=_ti2018_bot,
        )


def _sjorovaron_spec() -> AppSpec:
    from treasurekit.sjorovaron import rules as sjo
    from treasurekit.sjorovaron.bots import GreedyBot as SjoGreedy

    from .sjorovaron import SjoBoard

    return AppSpec(
            game="sjorovaron", title="Sjörövarön (Pirate Island)",
            blurb="Shoot it out for the pieces of the treasure map, dig up the chest, and "
                  "escape by rowing boat or raft past the mortar.",
            how_to_play="Choose an action with the buttons beside the map, press <b>Roll the "
                        "die</b>, then click a yellow hex. <b>Hint</b> ranks your moves.",
            players=(2, 6), default_players=4, notebook="04-sjorovaron.ipynb",
            rules=(
                Rule("Each turn your pirate declares one action (walk, jump, cross, dig...) "
                     "and then rolls the die.", sjo.TURN),
                Rule("A walk goes exactly the number rolled over land, entering each hex "
                     "once and never passing an unharmed pirate.", sjo.EXACT),
                Rule("From a striped hex a pirate may jump a ravine or the river, or cross "
                     "the river on stepping stones.", sjo.JUMP),
                Rule("Once a turn you may shoot along a straight line of hexes; a hit "
                     "pirate lies wounded for three turns.", sjo.SHOOT),
                Rule("Walking onto or past a wounded pirate takes his map pieces; whoever "
                     "has held all eight knows where the chest is.", sjo.STEAL),
                Rule("Only a pirate who knows the hiding spot may dig there, on a roll of 4 "
                     "or more.", sjo.DIG),
                Rule("The chest wins at a rowing boat, or by floating out to sea on the raft "
                     "past the mortar.", sjo.WIN),
            ),
            board=lambda n, seats, seed: SjoBoard(players=n, seats=seats, seed=seed),
            seat_label=_player_label, seat_options=_level_seats("sjorovaron"),
            default_seat=_first_human, bot=_bots(lambda s: SjoGreedy(seed=s), "sjorovaron"),
        )


def _skeleton_island_spec() -> AppSpec:
    from treasurekit.skeleton_island import GreedyBot as SkelGreedy
    from treasurekit.skeleton_island import rules as skel

    from .skeleton_island import SkeletonBoard

    return AppSpec(
            game="skeleton_island", title="Skeleton Island",
            blurb="Dig through a pile of sand cards for the pieces of five treasure maps "
                  "and gold coins: only cards that nothing lies on may be taken.",
            how_to_play="Click an uncovered card of the pile, then <b>Keep</b> it or "
                        "<b>Rest</b> it on the edge and take another. <b>Hint</b> ranks "
                        "your moves and says why.",
            players=(2, 4), default_players=3, notebook="05-skeleton-island.ipynb",
            rules=(
                Rule("Take an uncovered card: one that no other card lies on, not even by a "
                     "corner.", skel.UNCOVERED),
                Rule("Keep it, or rest it face up on the edge of the pile and take a second "
                     "card, which you must keep.", skel.REST),
                Rule("Instead, pay three collected cards for a pirate turn: take a card from "
                     "an opponent, or dig twice.", skel.PIRATE),
                Rule("When only one or two cards are uncovered you may blow on the pile "
                     "once, before your turn.", skel.BLOW),
                Rule("The first player to hold a whole map of one colour wins its Island "
                     "card, worth 5 coins.", skel.MAP),
                Rule("The game ends when all five Island cards are won or the pile is gone; "
                     "the most coins win.", skel.END),
            ),
            board=lambda n, seats, seed: SkeletonBoard(players=n, seats=seats, seed=seed),
            seat_label=_player_label, seat_options=_level_seats("skeleton_island"),
            default_seat=_first_human,
            bot=_bots(lambda s: SkelGreedy(seed=s), "skeleton_island"),
        )


#: Every game's play app, by registry id. A game's spec (its rules' sources, its board
#: and bots) is built, importing that game only, on first access: the kernel of one app
#: does not import the four other games (a cheaper start for each student). (Each
#: builder's ``AppSpec(...)`` keeps the indentation it had in the former dict literal.)
APPS: LazySpecs[AppSpec] = LazySpecs({
    "ahoy": _ahoy_spec,
    "treasure_island_2003": _treasure_island_2003_spec,
    "treasure_island_2018": _treasure_island_2018_spec,
    "sjorovaron": _sjorovaron_spec,
    "skeleton_island": _skeleton_island_spec,
})


#: Set (to "1") in the environment of the play server's kernels by
#: ``play_server.PlayKernelManager``: Voilà alone serves the page, and no JupyterLab is
#: there to open a notebook in.
PLAYER_ONLY = "TREASUREKIT_PLAYER_ONLY"


def lab_href(notebook: str) -> str:
    """The JupyterLab URL of a teaching notebook, relative to an app page
    (``voila/render/apps/<app>.ipynb``): ``../../../lab/tree/notebooks/<notebook>``, the
    same server's Lab (Binder, ``make lab``). Voilà would render the notebook as its
    outputs alone, without the code the reader is meant to run."""
    return f"../../../lab/tree/notebooks/{notebook}"


def notebook_link(notebook: str, title: str, style: str) -> str:
    """HTML naming a game's teaching notebook: a link that opens it in JupyterLab, or,
    under the play server alone (:data:`PLAYER_ONLY`), where to find it instead."""
    name = f"the {html.escape(title)} notebook"
    if os.environ.get(PLAYER_ONLY):
        return (f"{name} (<code>notebooks/{html.escape(notebook)}</code>; it runs in "
                "JupyterLab: start it with <code>make lab</code>)")
    return (f'<a style="{style}" href="{html.escape(lab_href(notebook))}" target="_blank" '
            f'title="opens JupyterLab">{name}</a> (in JupyterLab)')


def rules_html(spec: AppSpec) -> str:
    """The rules in brief: one list item per rule, its source in grey after it."""
    items = "".join(
        f'<li>{html.escape(rule.text)} <span class="tk-source" style="color:{MUTED}">'
        f"({html.escape(rule.source)})</span></li>" for rule in spec.rules)
    return (f'<ul class="tk-rules" style="margin:4px 0;padding-left:20px;font-size:13.5px;'
            f'line-height:1.5;max-width:800px">{items}</ul>')


def widget_tree(root: w.Widget) -> list[w.Widget]:
    """``root`` and every widget it holds through its traits (children, layouts, bqplot
    marks and scales...), each once."""
    seen: dict[int, w.Widget] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen[id(item)] = item
        for name in item.keys:
            value = getattr(item, name, None)
            values = value if isinstance(value, list | tuple) else (
                value.values() if isinstance(value, dict) else (value,))
            stack.extend(v for v in values if isinstance(v, w.Widget))
    return list(seen.values())


class PlayApp(w.VBox):  # type: ignore[misc]
    """A game's play page: title, how to play, the seat form, the board, rules, rulings.

    Args:
        spec: the game's :class:`AppSpec` (see :data:`APPS`).
        seed: seed of the first game; None (the default) picks an unpredictable one, so
            nobody can work out the hidden draws (the board's own **New game** changes it).

    **Start** (class ``tk-app-start``) builds a new board with the form's player count
    and seats; the board keeps its seed box and **New game** for another deal. CSS
    classes: ``tk-app`` (root), ``tk-app-form``, ``tk-app-players``, ``tk-app-seat``,
    ``tk-app-board`` (holds the board, ``tk-board``), ``tk-app-rules``, ``tk-rulings-box``.
    """

    def __init__(self, spec: AppSpec, seed: int | None = None) -> None:
        super().__init__()
        if seed is None:
            seed = fresh_seed()
        self.spec = spec
        low, high = spec.players
        self.players = w.Dropdown(options=list(range(low, high + 1)),
                                  value=spec.default_players, description="Players",
                                  layout=w.Layout(width="150px"))
        self.players.add_class("tk-app-players")
        self.seat_picks: list[w.Dropdown] = []
        self.seat_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.start_button = w.Button(description="Start", button_style="success", icon="play",
                                     tooltip="a new game with these players and seats")
        self.start_button.add_class("tk-app-start")
        self.start_button.on_click(lambda _: self.start())
        self.players.observe(lambda _: self._build_seats(), names="value")
        self._build_seats()
        form = w.HBox([self.players, self.seat_box, self.start_button],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))
        form.add_class("tk-app-form")
        self.board_box = w.VBox()
        self.board_box.add_class("tk-app-board")
        self.board: GameBoard = self._new_board(seed)
        self.board.wait_for_start()  # "Choose the seats, then press Start" (start_gate)
        self.board_box.children = [self.board]
        head = w.HTML(
            f'<h2 style="margin:0 0 4px 0">{html.escape(spec.title)}</h2>'
            f'<div style="max-width:800px">{html.escape(spec.blurb)}</div>'
            f'<div class="tk-app-how" style="margin:4px 0"><b>How to play:</b> '
            f"{spec.how_to_play}</div>")
        rules = w.HTML(rules_html(spec))
        rules.add_class("tk-app-rules")
        more = w.Accordion(children=[rules, rulings_widget(spec.game)],
                           titles=("The rules in brief, with their sources",
                                   "Rulings: what the rulebook leaves open"))
        more.add_class("tk-app-more")
        link = "color:#1d4ed8;text-decoration:underline"
        links = w.HTML(
            f'<div class="tk-app-links" style="color:{MUTED};font-size:12.5px">'
            f'<a style="{link}" href="index.ipynb">All games</a> · the whole story, with '
            f"the odds worked out: {notebook_link(spec.notebook, spec.title, link)}</div>")
        self.saving = AppSaving(self, widget_tree)  # saves, Resume, Download (27.3)
        offer, bar, keeper = self.saving.widgets
        self.children = [head, form, offer, self.board_box, bar, keeper, more, links]
        self.add_class("tk-app")

    def _build_seats(self) -> None:
        n = int(self.players.value)
        old = [pick.value for pick in self.seat_picks]
        picks = []
        for seat in range(n):
            options = self.spec.seat_options(seat)
            keys = [key for _, key in options]
            value = old[seat] if seat < len(old) else self.spec.default_seat(seat)
            pick = w.Dropdown(options=options,
                              value=value if value in keys else self.spec.default_seat(seat),
                              description=self.spec.seat_label(seat),
                              style={"description_width": "initial"},
                              layout=w.Layout(width="auto", margin="2px 8px 2px 0"))
            pick.add_class("tk-app-seat")
            picks.append(pick)
        old_picks, self.seat_picks = self.seat_picks, picks
        self.seat_box.children = picks
        for widget in (x for pick in old_picks for x in widget_tree(pick)):
            widget.close()

    def seat_choices(self) -> dict[int, str]:
        """The form's seats: ``{seat: "human" or a bot key}``."""
        return {seat: str(pick.value) for seat, pick in enumerate(self.seat_picks)}

    def _seats(self, seed: int) -> dict[int, Any] | None:
        """The board's seats: None for the default seating; else humans and the bots the
        form names (the board seeds every game's bots from that game's seed)."""
        choices = self.seat_choices()
        if all(key == self.spec.default_seat(seat) for seat, key in choices.items()):
            return None  # the board's own seating (re-seeded bots on each new game)
        return {seat: key if key == HUMAN else self.spec.bot(key, seat, seed)
                for seat, key in choices.items()}

    def _new_board(self, seed: int) -> GameBoard:
        return self.spec.board(int(self.players.value), self._seats(seed), seed)

    def start(self) -> None:
        """Build a new board from the form: the seed typed in the board's Seed box, or an
        unpredictable one (a box holding no whole number is refused in the board's notice)."""
        try:
            seed = self.board.typed_seed()
        except ValueError:
            return  # the board's notice says what is wrong with the typed seed
        if seed is None:
            seed = fresh_seed()
        old = self.board
        self.board = self._new_board(seed)
        self.board_box.children = [self.board]
        for widget in widget_tree(old):  # no models of the old board left in the kernel
            widget.close()
        self.saving.attach(self.board)

    def replace_board(self, board: GameBoard, *, save_now: bool = False) -> None:
        """Show ``board`` (a resumed game) in place of the current one, which is closed."""
        old, self.board = self.board, board
        self.board_box.children = [board]
        for widget in widget_tree(old):
            widget.close()
        self.saving.attach(board, save_now=save_now)

    def __repr__(self) -> str:
        seats = "/".join(self.seat_choices().values())
        return (f"PlayApp({self.spec.game}, players={self.players.value}, seats={seats}, "
                f"{self.board!r})")


def play_app(game: str, seed: int | None = None) -> PlayApp:
    """The play app of ``game`` (a registry id: ``"ahoy"``, ``"treasure_island_2003"``,
    ``"treasure_island_2018"``, ``"sjorovaron"``, ``"skeleton_island"``).

    Raises:
        KeyError: ``game`` has no app (the message lists the games that have one).
    """
    try:
        spec = APPS[game]
    except KeyError:
        raise KeyError(f"no play app for {game!r} (apps: {', '.join(APPS)})") from None
    return PlayApp(spec, seed=seed)
