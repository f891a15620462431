"""The domain layer stays pure: only the standard library, numpy (arithmetic, no I/O) and its
own modules, in every feature folder. (Its files' size: tests/architecture/test_file_sizes.py.)"""

import ast
import sys
from pathlib import Path

import colloquy.domain

DOMAIN = Path(colloquy.domain.__file__).parent


def domain_files() -> list[Path]:
    files = sorted(DOMAIN.rglob("*.py"))
    # The walk must reach the feature folders (a plain glob would silently stop at the root).
    assert any(path.parent != DOMAIN for path in files)
    return files


# Libraries of pure computation the rules may use: they read no files and open no sockets.
PURE_LIBRARIES = {"numpy"}


def is_domain_module(name: str) -> bool:
    return name == "colloquy.domain" or name.startswith("colloquy.domain.")


def test_domain_imports_only_stdlib_and_itself():
    for path in domain_files():
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:  # relative import inside the package
                    continue
                names = [node.module or ""]
            else:
                continue
            for name in names:
                root = name.split(".")[0]
                allowed = root in sys.stdlib_module_names or root in {"__future__", *PURE_LIBRARIES}
                assert allowed or is_domain_module(name), (path, name)
