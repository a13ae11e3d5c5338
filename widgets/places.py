"""What a click on a board's picture names when no place of the game is drawn there.

:data:`NOWHERE` is the place of such a click (the sea round a map, a corner, the key:
the picture's catcher, :mod:`.empty_clicks`), and :func:`nothing_there` what the board
answers. No widget is imported: the controller (:mod:`.controller`) decides with them.
"""

from __future__ import annotations

import html
import re
from typing import Any, Final

__all__ = ["NOWHERE", "Nowhere", "nothing_there", "pair"]


class Nowhere:
    """The place of a click on a picture where no place of the game is drawn (the sea
    round a map, a corner, the key). There is one: :data:`NOWHERE`."""

    def __repr__(self) -> str:
        return "NOWHERE"


NOWHERE: Final = Nowhere()


def _plain(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markup)).split())


def nothing_there(prompt: str, who: str | None) -> tuple[str, str | None]:
    """The answer to a click on :data:`NOWHERE` once the preamble let it through (the
    game is live and it is a human's turn): ``(words, None)``, e.g. "nothing there to
    click: you rolled 3: click a pirate with an orange ring to move it 3 squares".

    ``prompt``: the board's status prompt (HTML, ``board.prompt(state)``): what the
    status already shows, so nothing hidden is told; ``who``: the name of the seat to
    move, whose "Your turn, <who>:" head is left out (None: none is).
    """
    words = _plain(prompt)
    head = f"Your turn, {who}:"
    if who is not None and words.startswith(head):
        words = words[len(head):].strip()
    return f"nothing there to click: {words}" if words else "nothing there to click", None


def pair(place: object) -> tuple[Any, Any]:
    """The two parts of a place the board's picture made (a point, a pirate...).

    Raises:
        TypeError: ``place`` is not a pair (a bug in the board that passed it).
    """
    if not isinstance(place, tuple) or len(place) != 2:
        raise TypeError(f"expected a pair, got {place!r:.40}")
    return place[0], place[1]
