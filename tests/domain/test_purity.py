"""The domain layer stays pure: only the standard library and its own modules."""

import ast
import sys
from pathlib import Path

import colloquy.domain

DOMAIN = Path(colloquy.domain.__file__).parent


def test_domain_imports_only_stdlib_and_itself():
    for path in DOMAIN.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative import inside the package
                    continue
                roots = [(node.module or "").split(".")[0]]
            else:
                continue
            for root in roots:
                assert root in sys.stdlib_module_names or root == "__future__", (path, root)


def test_files_stay_small():
    for path in DOMAIN.glob("*.py"):
        assert len(path.read_text().splitlines()) <= 300, path
