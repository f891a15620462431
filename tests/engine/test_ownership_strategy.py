"""The registry reaches the lease machinery only through its ownership strategy
(engine/ownership.py): engine/cluster.py and engine/manager.py never import each other,
not even for types, and a registry built without a strategy owns every session itself."""

from __future__ import annotations

import ast
from pathlib import Path

import colloquy.engine
from colloquy.engine.manager import RunnerRegistry
from colloquy.engine.ownership import LocalOwnership

ENGINE = Path(colloquy.engine.__file__).parent


def _imports(module: str) -> set[str]:
    tree = ast.parse((ENGINE / f"{module}.py").read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_cluster_and_manager_do_not_import_each_other():
    assert "colloquy.engine.manager" not in _imports("cluster")
    assert "colloquy.engine.cluster" not in _imports("manager")
    assert "colloquy.engine.manager" not in _imports("ownership")


async def test_a_registry_without_a_strategy_owns_every_session(tmp_path):
    registry = RunnerRegistry(None, lambda: None, None, tmp_path)  # type: ignore[arg-type]
    assert isinstance(registry.ownership, LocalOwnership)
    assert await registry.ownership.hold("s1")
    # Nothing runs here, and no other process could run it: nothing to stop.
    assert await registry.stop("s1") is False
