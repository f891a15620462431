"""No import circles in src/colloquy, counting every import: at module level, inside
functions and under `if TYPE_CHECKING:`. A circle hidden in a function still ties the two
modules together: neither can be read, tested or moved without the other
(docs/architecture.md, "The job machinery").

How the graph is built:
- `import a.b.c` and `from a.b import c` (c a submodule) are edges to `a.b.c`;
  `from a.b import name` (name defined in a/b/__init__.py) is an edge to `a.b`.
- The parent packages Python runs on the way (`a`, `a.b`) are not edges. So a package's
  `__init__` that imports its children is not a circle with them, unless a child imports
  names defined in that `__init__` (`from a.b import name`), which is then a real circle.
- Only modules of colloquy count; the standard library and dependencies are leaves.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "colloquy"


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    modules: dict[str, Path] = {}
    for path in sorted((SRC / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(SRC).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def resolve_from(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name of `from <node.module> import ...`, relative levels resolved."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".") if is_package else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The colloquy modules this module imports, wherever in the file the import is."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = resolve_from(module, is_package, node)
            for alias in node.names:
                submodule = f"{source}.{alias.name}"
                found.add(submodule if submodule in modules else source)
    return {name for name in found if name in modules and name != module}


def import_graph() -> dict[str, set[str]]:
    modules = module_files()
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative (a deep import chain must not hit the recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                components.append(sorted(component))
    return components


def test_tarjan_finds_circles_drawn_by_hand():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": set()}
    found = sorted(c for c in strongly_connected(graph) if len(c) > 1)
    assert found == [["a", "b", "c"], ["d", "e"]]


def test_imports_are_read_everywhere_in_a_file(tmp_path):
    pkg = tmp_path / "colloquy" / "feature"
    pkg.mkdir(parents=True)
    for name in ("__init__", "a", "b", "c", "d"):
        (pkg / f"{name}.py").write_text("")
    source = (
        "from typing import TYPE_CHECKING\n"
        "from . import b\n"
        "if TYPE_CHECKING:\n    from colloquy.feature.c import Thing\n"
        "def later():\n    import colloquy.feature.d\n"
        "from colloquy.feature import NAME\n"
    )
    (pkg / "a.py").write_text(source)
    modules = {f"colloquy.feature.{n}": pkg / f"{n}.py" for n in ("a", "b", "c", "d")}
    modules["colloquy.feature"] = pkg / "__init__.py"
    found = imports_of("colloquy.feature.a", pkg / "a.py", modules)
    assert found == {
        "colloquy.feature.b",
        "colloquy.feature.c",
        "colloquy.feature.d",
        "colloquy.feature",
    }


def test_no_import_circles_in_src():
    circles = [c for c in strongly_connected(import_graph()) if len(c) > 1]
    listing = "\n".join(" <-> ".join(c) for c in circles)
    assert not circles, f"{len(circles)} import circle(s) in src/colloquy:\n{listing}"
