"""docs/rulings.md is readable from the installed package (treasurekit.core.rulings).

One source of truth: ``treasurekit/rulings.md`` is a symbolic link to docs/rulings.md,
which the wheel carries as a real file, so Binder and Voilà read the same text.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import treasurekit
from treasurekit.core.errors import UnknownGameError
from treasurekit.core.rulings import PREFIXES, game_rulings, ruling, rulings_text

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "rulings.md"
CITED = re.compile(r"rulings? ((?:" + "|".join(PREFIXES.values()) + r")-\d+)")


def test_the_package_reads_docs_rulings_md_itself() -> None:
    assert rulings_text() == DOCS.read_text(encoding="utf-8")
    link = ROOT / "treasurekit" / "rulings.md"
    assert link.is_symlink() and link.resolve() == DOCS.resolve()


@pytest.mark.parametrize("game", sorted(treasurekit.GAMES))
def test_every_game_has_its_rulings(game: str) -> None:
    section = game_rulings(game)
    assert section.prefix == PREFIXES[game] and section.rulings
    codes = [item.code for item in section.rulings]
    assert len(set(codes)) == len(codes), "a ruling code is used twice"
    for item in section.rulings:
        assert item.code.startswith(section.prefix + "-") and item.title
        assert "**Ruling:**" in item.text, f"{item.code} has no '- **Ruling:**' line"
        assert "\n### " not in item.text  # the next ruling is not swallowed


def test_every_ruling_the_code_cites_exists() -> None:
    missing = set()
    for top in ("treasurekit", "widgets"):
        for path in sorted((ROOT / top).rglob("*.py")):
            for code in CITED.findall(path.read_text(encoding="utf-8")):
                try:
                    ruling(code)
                except KeyError:
                    missing.add(f"{path.relative_to(ROOT)}: {code}")
    assert not missing, sorted(missing)


def test_unknown_games_and_codes_are_clear_errors() -> None:
    with pytest.raises(UnknownGameError, match="no rulings for a game called 'chess'"):
        game_rulings("chess")
    with pytest.raises(KeyError, match="no ruling 'AHOY-999'"):
        ruling("AHOY-999")


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_the_wheel_carries_the_rulings_text(tmp_path: Path) -> None:
    source = tmp_path / "src"  # a copy, links kept as links: the build leaves ROOT alone
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "MANIFEST.in"):
        shutil.copy2(ROOT / name, source / name)
    for name in ("treasurekit", "widgets", "docs"):
        shutil.copytree(ROOT / name, source / name, symlinks=True, ignore=ignore)
    assert (source / "treasurekit" / "rulings.md").is_symlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(source)], check=True, timeout=540)
    (wheel,) = tmp_path.glob("treasurekit-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        text = zf.read("treasurekit/rulings.md").decode("utf-8")
    assert text == DOCS.read_text(encoding="utf-8")
