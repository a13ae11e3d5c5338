"""axe-core (WCAG 2.1 A and AA rules) on a page, split into our markup and the host's.

axe-core comes with ``axe-playwright-python`` (its bundled ``axe.min.js``: no network).
A violation's node is *ours* when it lies inside a board (``.tk-board``) or a play app
(``.tk-app``); everything else (JupyterLab's or Voilà's own markup) is the host's: listed,
not counted.
"""

from __future__ import annotations

from typing import Any

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
GRAVE = ("serious", "critical")

OURS_JS = """(targets) => targets.map((target) => {
  let node = null;
  try {
    node = document.querySelector(Array.isArray(target) ? target[0] : target);
  } catch (e) { return false; }
  return !!(node && node.closest('.tk-board, .tk-app'));
})"""


def axe_violations(page: Any) -> tuple[list[str], list[str]]:
    """Run axe on ``page``; return (ours, host's) serious or critical violations, one line
    per node: ``rule (impact): html [summary]``."""
    from axe_playwright_python.sync_playwright import Axe

    options = {"runOnly": {"type": "tag", "values": WCAG_TAGS},
               "resultTypes": ["violations"]}
    results = Axe().run(page, options=options)
    ours: list[str] = []
    host: list[str] = []
    for violation in results.response["violations"]:
        if violation.get("impact") not in GRAVE:
            continue
        nodes = violation["nodes"]
        inside = page.evaluate(OURS_JS, [n["target"] for n in nodes])
        for node, mine in zip(nodes, inside, strict=True):
            line = (f"{violation['id']} ({violation['impact']}): {node['html'][:160]} "
                    f"[{(node.get('failureSummary') or '').splitlines()[-1:]}]")
            (ours if mine else host).append(line)
    return ours, host
