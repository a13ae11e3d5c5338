"""The hint panel of the Skeleton Island board: the uncovered cards in words, the exact
chances of a face-down card and the greedy bot's ranking of the moves with its score rule.

:class:`SkeletonHints` is a part of
:class:`~treasurekit_widgets.skeleton_island.SkeletonBoard`; it reads the engine's
analysis (exact fractions) and the greedy bot's ranking (the controller's
:meth:`~.controller.SkeletonController.ranking`, and its ``hint_note`` when there is
none), never decides a rule.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from treasurekit.skeleton_island import Rest
from treasurekit.skeleton_island import bots as greedy
from treasurekit.skeleton_island.analysis import (
    coin_chance,
    completion_chance,
    expected_coin_value,
)
from treasurekit.skeleton_island.pile import Placement

from ..controls import MUTED, muted

if TYPE_CHECKING:
    from treasurekit.skeleton_island import SkeletonGame

    from .controller import SkeletonController
    from .pile import PilePicture

__all__ = ["SkeletonHints"]


class SkeletonHints:
    """The hint panel's contents (class ``tk-hint-panel`` on the board)."""

    # provided by SkeletonBoard
    game: SkeletonGame
    picture: PilePicture
    controller: SkeletonController

    if TYPE_CHECKING:
        def _seat_text(self, text: str) -> str: ...

    def _uncovered_html(self) -> str:
        """The uncovered cards in words (a small card on the pile shows no caption)."""
        words = self.picture.uncovered_words
        if not words:
            return ""
        return ("<div class='tk-uncovered' style='font-size:12.5px;margin-bottom:6px'>"
                f"<b>Uncovered cards</b> {muted('(id and card)')}: "
                f"{html.escape(' · '.join(words))}</div>")

    def _odds_html(self, shown: Any, seat: int) -> str:
        """Exact chances for a face-down card, for ``seat`` (from the analysis module)."""
        unseen = sum(shown.unseen().values())
        if not unseen:
            return ""
        parts = [
            ("gold coin", coin_chance(shown)),
            ("completes one of your maps", completion_chance(shown, seat)),
        ]
        items = " · ".join(f"P({label}) <b>{p}</b>" for label, p in parts)
        ev = expected_coin_value(shown, seat)
        return (f"<div style='font-size:12.5px;margin-bottom:6px'><b>A face-down card: exact "
                f"chances</b> {muted(f'(fractions, over the {unseen} unseen cards)')}<br>"
                f"{items} · expected coin value <b>{ev}</b> ≈ {float(ev):.2f} "
                f"{muted('(coins that keeping it adds to your score now)')}</div>")

    def score_rule(self) -> str:
        """One line on how the greedy bot's heuristic score is made (bots.py constants)."""
        coins = self.game.deck.island_coins
        half, quarter = (greedy.MAP_WEIGHT * coins * f for f in (0.5, 0.25))
        return (f"score = coins of a gold coin card; {coins} for a map piece that finishes "
                f"your map; {greedy.MAP_WEIGHT} × {coins} × its share for another piece of a "
                f"free colour (½ {half:.2f}, ¼ {quarter:.2f}); {greedy.FODDER} for a pirate "
                "object or a piece of a won colour (it pays for a pirate turn); a face-down "
                "card the average score of the unseen cards. Rest = the best card then "
                f"uncovered − {greedy.GIFT} × the rested card's score to the next player; "
                f"blow = the average best card after a gust − {greedy.BLOW_MARGIN}; pirate "
                "turn = the best follow-up (steal: its score + "
                f"{greedy.DENIAL} × its score to the victim) − the three discards' scores.")

    def _move_html(self, move: Any, names: Mapping[Placement, str]) -> str:
        spot = Placement(move.x, move.y, move.angle) if isinstance(move, Rest) else None
        if spot is not None and spot in names:
            where = f"{move.x:g}, {move.y:g}, {move.angle:g}°"
            return f"<code>rest {names[spot]}</code> {muted(where)}"
        return f"<code>{html.escape(str(move))}</code>"

    def _hint_html(self, shown: Any, live: bool,
                   names: Mapping[Placement, str] | None = None) -> str:
        note = self.controller.hint_note(shown, live)
        if note is not None:
            return muted(note)
        names = names or {}
        rows = self.controller.ranking(shown)
        cell = "padding:1px 8px 1px 0;line-height:1.35;vertical-align:top"
        head = "".join(f"<th style='{cell};text-align:{a};font-weight:600;color:{MUTED};"
                       f"white-space:nowrap'>{t}</th>"
                       for t, a in [("move", "left"), ("heuristic score", "right"),
                                    ("why", "left")])
        body = "".join(
            f"<tr><td style='{cell};white-space:nowrap'>{self._move_html(c.move, names)}"
            f"</td><td style='{cell};text-align:right'>{c.score:.2f}</td>"
            f"<td style='{cell}'>{html.escape(self._seat_text('; '.join(c.reasons)))}</td></tr>"
            for c in rows[:8])
        more = f"; {len(rows) - 8} more not shown" if len(rows) > 8 else ""
        rule = html.escape(self.score_rule())
        return (self._uncovered_html() + self._odds_html(shown, int(shown.turn))
                + "<div style='font-size:12.5px'><b>Greedy bot's ranking</b> "
                f"{muted(f'(best first; a heuristic score, not a chance or exact coins{more})')}"
                f"<div class='tk-score-rule' style='font-size:11.5px;color:{MUTED};"
                f"line-height:1.35;margin:2px 0 3px'>{rule}</div>"
                f"<table style='border-collapse:collapse;margin-top:2px'><tr>{head}</tr>"
                f"{body}</table></div>")
