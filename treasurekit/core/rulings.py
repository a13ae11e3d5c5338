"""The rulings of ``docs/rulings.md``, readable wherever treasurekit is installed.

``docs/rulings.md`` is the one source of truth. The package ships it as
``treasurekit/rulings.md``, a symbolic link to that file, which setuptools copies
into the wheel as a real file: an installed treasurekit (Binder, Voilà, a plain
``pip install``) reads the same text a reader of the repository sees.

>>> section = game_rulings("ahoy")
>>> section.prefix, section.rulings[0].code
('AHOY', 'AHOY-1')
>>> ruling("AHOY-4").title
'Moves past the island'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

from .errors import UnknownGameError

__all__ = ["PREFIXES", "Ruling", "RulingsSection", "game_rulings", "ruling", "rulings_text"]

#: Game id -> the prefix of its rulings (``AHOY-4``) and of its rulebook citations.
PREFIXES: dict[str, str] = {
    "ahoy": "AHOY",
    "treasure_island_2003": "TI2003",
    "treasure_island_2018": "TI2018",
    "sjorovaron": "SJO",
    "skeleton_island": "SKEL",
}

_SECTION = re.compile(r"^## (?P<title>.+?) \((?P<prefix>[A-Z0-9]+)\)\s*$", re.MULTILINE)
_RULING = re.compile(r"^### (?P<code>[A-Z0-9]+-\d+) (?P<title>.+?)\s*$", re.MULTILINE)


@dataclass(frozen=True)
class Ruling:
    """One ruling: ``code`` (``"AHOY-4"``), ``title`` and its Markdown ``text``
    (the situation, ruling, why and option bullets, as written in docs/rulings.md)."""

    code: str
    title: str
    text: str


@dataclass(frozen=True)
class RulingsSection:
    """A game's part of docs/rulings.md: its heading (``"Ahoy Treasures!"``), prefix,
    the Markdown before the first ruling (``intro``, may be empty) and its rulings in
    the file's order."""

    title: str
    prefix: str
    intro: str
    rulings: tuple[Ruling, ...]


def rulings_text() -> str:
    """The whole of docs/rulings.md (UTF-8 text), as shipped with the package.

    Raises:
        FileNotFoundError: the package was installed without its rulings file.
    """
    return resources.files("treasurekit").joinpath("rulings.md").read_text(encoding="utf-8")


@cache
def _sections() -> dict[str, RulingsSection]:
    text = rulings_text()
    heads = list(_SECTION.finditer(text))
    found: dict[str, RulingsSection] = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = text[head.end():end]
        items = list(_RULING.finditer(body))
        rulings = tuple(
            Ruling(m["code"], m["title"],
                   body[m.end():items[j + 1].start() if j + 1 < len(items) else len(body)].strip())
            for j, m in enumerate(items))
        intro = body[:items[0].start()] if items else body
        found[head["prefix"]] = RulingsSection(head["title"], head["prefix"], intro.strip(),
                                               rulings)
    return found


def game_rulings(game: str) -> RulingsSection:
    """The rulings of ``game`` (a registry id such as ``"ahoy"``), in file order.

    Raises:
        UnknownGameError: ``game`` is not one of :data:`PREFIXES`.
        LookupError: docs/rulings.md has no section for the game.
    """
    try:
        prefix = PREFIXES[game]
    except KeyError:
        raise UnknownGameError(
            f"no rulings for a game called {game!r} (games: {', '.join(sorted(PREFIXES))})"
        ) from None
    try:
        return _sections()[prefix]
    except KeyError:
        raise LookupError(f"docs/rulings.md has no section '## ... ({prefix})'") from None


def ruling(code: str) -> Ruling:
    """The ruling called ``code`` (``"SJO-8"``).

    Raises:
        KeyError: no ruling has that code.
    """
    prefix = code.rsplit("-", 1)[0]
    section = _sections().get(prefix)
    for item in section.rulings if section else ():
        if item.code == code:
            return item
    raise KeyError(f"no ruling {code!r} in docs/rulings.md")
