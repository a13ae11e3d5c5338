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

__all__ = ["AcyclicModulesContract", "RulesBelowContract", "find_cycles"]


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


def _chain_text(graph: grimp.ImportGraph, chain: tuple[str, ...], package: str) -> str:
    """``a -> b (l.3) -> c (l.9)``: a chain of imports, names relative to ``package``,
    with the line of each import."""
    text = _short(chain[0], package)
    for importer, imported in itertools.pairwise(chain):
        details = graph.get_import_details(importer=importer, imported=imported)
        where = ", ".join(f"l.{d['line_number']}" for d in details[:2]) or "?"
        text += f" -> {_short(imported, package)} ({where})"
    return text


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
                   "cycles": [_chain_text(graph, c, package) for c in cycles]}
                  for package, cycles in sorted(by_package.items())]
        return ContractCheck(kept=not groups, metadata={"groups": groups})

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


class RulesBelowContract(Contract):
    """Within each game package, the rule modules reach nothing above them, not even
    through an import made only for type checking (docs/architecture.md §3, §10).

    The session may leave ``if TYPE_CHECKING:`` imports out of its graph; this contract
    builds its own graph with them, because a rule module that names its game's ``Game``
    type for an annotation still depends on it (issue 25 point 3: rules take a context
    as data instead).

    Options: ``containers`` (the game packages), ``low`` (module names relative to each
    container that must stay below, with their submodules: ``rules``, ``flow``; ``rules``
    must exist in every container), ``high`` (relative names they may not reach by any
    chain of imports: ``game``, ``state``...; absent ones are skipped).
    """

    type_name = "rules_below"

    containers = fields.ListField(subfield=fields.StringField())
    low = fields.ListField(subfield=fields.StringField())
    high = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        options: Any = self
        containers: list[str] = list(options.containers)
        roots = sorted({c.split(".")[0] for c in containers})
        full = grimp.build_graph(*roots, exclude_type_checking_imports=False, cache_dir=None)
        chains: list[str] = []
        for container in containers:
            if f"{container}.rules" not in full.modules:
                raise ValueError(f"rules_below: {container} has no rules module")
            low = [m for name in options.low if (m := f"{container}.{name}") in full.modules]
            sources = sorted({d for m in low for d in (m, *full.find_descendants(m))})
            targets = [m for name in options.high if (m := f"{container}.{name}") in full.modules]
            output.verbose_print(verbose, f"{container}: {len(sources)} low modules")
            for source in sources:
                for target in targets:
                    chain = full.find_shortest_chain(importer=source, imported=target)
                    # a chain through another high module is told once, up to that one
                    if chain and not set(chain[1:-1]) & set(targets):
                        chains.append(f"In {container}: {_chain_text(full, chain, container)}")
        return ContractCheck(kept=not chains, metadata={"chains": chains})

    def render_broken_contract(self, check: ContractCheck) -> None:
        chains: list[str] = check.metadata["chains"]
        output.print_error(f"{len(chains)} import chain(s) from a rule module up to a module "
                           "above it (type-checking imports count; l. = line of the import):")
        output.new_line()
        for line in chains:
            output.indent_cursor()
            output.print(line)
        output.new_line()
