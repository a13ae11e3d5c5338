"""A game's rulings from docs/rulings.md, as HTML a reader opens in place.

Links to ``docs/rulings.md`` work in JupyterLab but not in every server (Voilà serves
only allow-listed files), so the play apps show the rulings themselves:
:func:`rulings_html` renders the game's section of the packaged copy
(``treasurekit.core.rulings``), one collapsible ``<details>`` per ruling.

>>> html = rulings_html("ahoy")
>>> html.count("<details") == len(game_rulings("ahoy").rulings)
True
>>> "<b>AHOY-4</b> Moves past the island" in html
True
"""

from __future__ import annotations

import html

import ipywidgets as w  # type: ignore[import-untyped]
import mistune

from treasurekit.core.rulings import game_rulings

__all__ = ["rulings_html", "rulings_widget"]

# escape=True: the file is ours, but nothing in it is meant to be raw HTML.
_MARKDOWN = mistune.create_markdown(escape=True)


def _markdown(text: str) -> str:
    out = _MARKDOWN(text)
    assert isinstance(out, str)
    return out


def rulings_html(game: str) -> str:
    """HTML of ``game``'s rulings: the section's introduction, then each ruling as a
    ``<details class="tk-ruling">`` whose summary is its code and title.

    Raises:
        UnknownGameError: ``game`` has no rulings section (see ``treasurekit.core.rulings``).
    """
    section = game_rulings(game)
    parts = ['<div class="tk-rulings" style="font-size:13px;line-height:1.45;max-width:800px">',
             _markdown(
                 f"Where the rulebook is silent or ambiguous, treasurekit decides as players "
                 f"would expect. Each ruling says what the situation is, what treasurekit does "
                 f"and why. (From the project's `docs/rulings.md`, section "
                 f"{section.title}.)")]
    if section.intro:
        parts.append(_markdown(section.intro))
    for item in section.rulings:
        parts.append(
            f'<details class="tk-ruling" style="margin:2px 0">'
            f'<summary style="cursor:pointer"><b>{html.escape(item.code)}</b> '
            f"{html.escape(item.title)}</summary>"
            f'<div style="margin:0 0 6px 18px">{_markdown(item.text)}</div></details>')
    parts.append("</div>")
    return "".join(parts)


def rulings_widget(game: str) -> w.HTML:
    """An HTML widget (class ``tk-rulings-box``) showing :func:`rulings_html`."""
    box = w.HTML(rulings_html(game))
    box.add_class("tk-rulings-box")
    return box
