"""Imports run one way inside the engine and inside Chicago.

A hand's transitions are pure functions over its state value, and the public face sits over
them (DESIGN.md, the hand engine): no module of ``pokerrules.engine`` or of
``pokerrules.games.chicago`` may import, directly or through others of its package, a module
that imports it back. The graph is read from the source with ``ast`` -- every import,
those under ``TYPE_CHECKING`` and inside functions included -- so a cycle hidden from the
interpreter by a late import is found as well.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pokerrules.engine
import pokerrules.games.chicago


def imports(package: str, folder: Path) -> dict[str, set[str]]:
    """Each module of ``package`` (in ``folder``; not its ``__init__``) and the modules of the
    package it imports."""
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem == "__init__":
            continue
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level:  # relative: from . import x, from .x import y
                    base = package if node.level == 1 else package.rsplit(".", 1)[0]
                    module = f"{base}.{node.module}" if node.module else base
                    names = [f"{module}.{a.name}" for a in node.names] if not node.module else []
                else:
                    module = node.module or ""
                    names = [f"{module}.{a.name}" for a in node.names]
                for name in (module, *names):
                    if name.startswith(f"{package}."):
                        found.add(name.removeprefix(f"{package}.").split(".")[0])
            elif isinstance(node, ast.Import):
                found |= {
                    a.name.removeprefix(f"{package}.").split(".")[0]
                    for a in node.names
                    if a.name.startswith(f"{package}.")
                }
        graph[path.stem] = found & {p.stem for p in folder.glob("*.py")} - {path.stem}
    return graph


def cycle(graph: dict[str, set[str]]) -> tuple[str, ...] | None:
    """A cycle in ``graph`` (module -> the modules it imports), as the path round it, or
    ``None``: a depth-first search that marks each module done once all it reaches is."""
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> tuple[str, ...] | None:
        if module in path:
            return (*path[path.index(module) :], module)
        if module in done:
            return None
        for imported in sorted(graph.get(module, ())):
            found = visit(imported, (*path, module))
            if found is not None:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, ())
        if found is not None:
            return found
    return None


def _graph_of(package: object) -> dict[str, set[str]]:
    name = package.__name__  # type: ignore[attr-defined]
    return imports(name, Path(package.__file__).parent)  # type: ignore[attr-defined]


def test_no_import_cycle_inside_the_engine() -> None:
    """The transitions (flow, dealer, begin, finish, ...) never import the public face
    (hand), and no module of the engine imports one that imports it back."""
    graph = _graph_of(pokerrules.engine)
    assert {"hand", "flow", "dealer", "begin", "finish", "state", "choices"} <= set(graph)
    assert cycle(graph) is None, " -> ".join(cycle(graph) or ())
    assert not any("hand" in imported for imported in graph.values())
    assert {"flow", "state"} <= graph["hand"]
    assert "flow" not in graph["state"] | graph["begin"] | graph["dealer"] | graph["finish"]


def test_no_import_cycle_inside_games_chicago() -> None:
    """Chicago's face (game) sits over its commands, over its transitions (flow), over its
    state value: imports run that one way, and nowhere in the package round in a cycle."""
    graph = _graph_of(pokerrules.games.chicago)
    assert {"game", "flow", "commands", "state"} <= set(graph)
    assert cycle(graph) is None, " -> ".join(cycle(graph) or ())
    assert "game" not in graph["flow"] | graph["commands"] | graph["state"]
    assert "commands" not in graph["flow"] | graph["state"]
    assert "flow" not in graph["state"]


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ("a", "b", "c", "a")),
        ({"a": {"b"}, "b": {"b2"}, "b2": {"b"}}, ("b", "b2", "b")),
        ({"a": {"b", "c"}, "b": {"c"}, "c": set()}, None),
    ],
)
def test_the_cycle_search_finds_a_cycle_and_only_a_cycle(
    graph: dict[str, set[str]], expected: tuple[str, ...] | None
) -> None:
    """The check can fail: the same search reports a cycle where there is one, and none in a
    graph whose imports all run one way."""
    assert cycle(graph) == expected


def test_the_import_reader_sees_every_kind_of_import(tmp_path: Path) -> None:
    """Absolute, relative, ``import x`` and function-level imports all count."""
    (tmp_path / "a.py").write_text("from pkg.b import x\n", encoding="utf-8")
    (tmp_path / "b.py").write_text("from . import c\n", encoding="utf-8")
    (tmp_path / "c.py").write_text("def f():\n    import pkg.d\n", encoding="utf-8")
    (tmp_path / "d.py").write_text("from .a import y\n", encoding="utf-8")
    graph = imports("pkg", tmp_path)
    assert graph == {"a": {"b"}, "b": {"c"}, "c": {"d"}, "d": {"a"}}
    assert cycle(graph) == ("a", "b", "c", "d", "a")
