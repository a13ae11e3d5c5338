"""An import-linter contract type that forbids every import cycle between modules.

import-linter's own ``acyclic_siblings`` contract looks for cycles between the children of
each package, each child squashed with its descendants; ``acyclic_modules`` looks at the
modules themselves: no module may reach itself through a chain of imports inside the
``containers``. Imports inside functions count (grimp reads every import statement), as
do imports under ``if TYPE_CHECKING:`` unless the session sets
``exclude_type_checking_imports``.

A broken contract lists, package by package, the modules on a cycle and, for every
import that lies on one, the shortest cycle through it, with the line of each import::

    In treasurekit.ahoy: game, state
        game -> state (l.17, l.96) -> game (l.27)

(module names relative to the package; ``l.`` the lines of the import statements).

Configured in ``pyproject.toml`` (docs/architecture.md §10)::

    [tool.importlinter]
    contract_types = ["acyclic_modules: lint.contracts.AcyclicModulesContract"]

    [[tool.importlinter.contracts]]
    name = "No import cycle between modules"
    type = "acyclic_modules"
    containers = ["treasurekit", "treasurekit_widgets"]
"""

from __future__ import annotations

import itertools
from typing import Any

import grimp
from importlinter import Contract, ContractCheck, fields, output

__all__ = ["AcyclicModulesContract", "find_cycles"]


def find_cycles(graph: grimp.ImportGraph, modules: set[str]) -> list[tuple[str, ...]]:
    """Every import ``a -> b`` between ``modules`` that lies on a cycle, with the shortest
    cycle through it (grimp's ``find_shortest_chain`` from ``b`` back to ``a``), as
    ``(a, b, ..., a)``; each cycle once, rotated to start at its smallest module."""
    cycles: set[tuple[str, ...]] = set()
    for a in sorted(modules):
        for b in sorted(graph.find_modules_directly_imported_by(a) & modules):
            back = graph.find_shortest_chain(importer=b, imported=a)
            if back is None or a == b:
                continue
            ring = [a, *back[:-1]]
            turn = ring.index(min(ring))
            ring = ring[turn:] + ring[:turn]
            cycles.add((*ring, ring[0]))
    return sorted(cycles, key=lambda c: (len(c), c))


def _common_package(modules: list[str]) -> str:
    parts = [m.split(".") for m in modules]
    common = []
    for segment in zip(*parts, strict=False):
        if len(set(segment)) != 1:
            break
        common.append(segment[0])
    return ".".join(common) or "(several packages)"


def _short(module: str, package: str) -> str:
    """``module`` relative to ``package`` (``treasurekit.ahoy.state`` -> ``state``)."""
    return module[len(package) + 1:] if module.startswith(package + ".") else module


class AcyclicModulesContract(Contract):
    """No chain of imports leads from a module back to itself, within ``containers``.

    Options: ``containers`` (the packages whose modules are checked, e.g.
    ``treasurekit``), ``ignore_imports`` (``importer -> imported`` pairs to leave out,
    each must exist).
    """

    type_name = "acyclic_modules"

    containers = fields.ListField(subfield=fields.StringField())
    ignore_imports = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        options: Any = self  # the fields hold parsed values once the contract is built
        containers: list[str] = list(options.containers)
        ignored: list[str] = list(options.ignore_imports or [])
        modules: set[str] = set()
        for container in containers:
            if container not in graph.modules:
                raise ValueError(f"acyclic_modules: container {container!r} is not a "
                                 f"root package of this session")
            modules |= {container, *graph.find_descendants(container)}
        for pair in ignored:
            importer, _, imported = (p.strip() for p in str(pair).partition("->"))
            if not graph.direct_import_exists(importer=importer, imported=imported):
                raise ValueError(f"acyclic_modules: ignored import {pair!r} does not exist")
            graph.remove_import(importer=importer, imported=imported)
        output.verbose_print(verbose, f"Looking for import cycles among {len(modules)} modules")
        by_package: dict[str, list[tuple[str, ...]]] = {}
        for cycle in find_cycles(graph, modules):
            by_package.setdefault(_common_package(list(cycle)), []).append(cycle)
        groups = [{"package": package,
                   "modules": sorted({_short(m, package) for c in cycles for m in c}),
                   "cycles": [self._describe(graph, c, package) for c in cycles]}
                  for package, cycles in sorted(by_package.items())]
        return ContractCheck(kept=not groups, metadata={"groups": groups})

    @staticmethod
    def _describe(graph: grimp.ImportGraph, cycle: tuple[str, ...], package: str) -> str:
        text = _short(cycle[0], package)
        for importer, imported in itertools.pairwise(cycle):
            details = graph.get_import_details(importer=importer, imported=imported)
            where = ", ".join(f"l.{d['line_number']}" for d in details[:2]) or "?"
            text += f" -> {_short(imported, package)} ({where})"
        return text

    def render_broken_contract(self, check: ContractCheck) -> None:
        groups: list[dict[str, Any]] = check.metadata["groups"]
        count = sum(len(g["cycles"]) for g in groups)
        output.print_error(f"Modules import each other in cycles: {count} shortest cycle(s), "
                           f"one through each import on a cycle, in {len(groups)} package(s) "
                           f"(names relative to the package; l. = line of the import):")
        output.new_line()
        for group in groups:
            output.print_error(f"In {group['package']}: {', '.join(group['modules'])}",
                               bold=True)
            for line in group["cycles"]:
                output.indent_cursor()
                output.print(line)
            output.new_line()
