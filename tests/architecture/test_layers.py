"""The layers of src/colloquy import one way, top to bottom (docs/architecture.md#the-layers).

Every import counts: at the top of a module, inside a function and under `TYPE_CHECKING`,
because an import that only moved into a function still ties the two layers together.
"""

import ast
from pathlib import Path

import colloquy

SRC = Path(colloquy.__file__).parent

# Top to bottom. A module may import its own package and the layers below its own, never a
# layer above it nor a neighbour in its own layer (api and mcp stand side by side on the
# services and know nothing of each other).
LAYERS: list[tuple[str, ...]] = [
    ("cli",),  # the command line: serves the app, runs guides, starts the MCP server
    ("cli_run", "cli_copy"),  # `colloquy run` (a guide file), `colloquy copy` (a library)
    ("headless",),  # runs a guide against the app in process, as a client of its API
    ("app",),  # the composition root: builds the FastAPI app and starts the core
    ("api", "mcp"),  # the ways in: HTTP and MCP tools, both on the services
    ("startup",),  # builds the server's core, the same for the app, the worker and MCP
    ("services",),  # use cases: read, decide, write in one transaction, publish events
    ("runtime",),  # what one process holds in memory, shared by the services
    ("engine",),  # long-running jobs: the session runner, its registry, the event bus
    ("llm", "store"),  # the model providers; the tables and stored files
    ("schemas",),  # request shapes: what the API parses and the services take
    ("domain",),  # the rules as pure functions
]

# Small modules every layer but `domain` may use: settings, errors, a wait helper, the version.
KERNEL = ("settings", "errors", "waiting", "__init__")

# Only the composition roots above the API may import it: what lies below it (services,
# engine, MCP, the headless runner, ...) must work without the HTTP layer.
API_IMPORTERS = {"app", "cli"}

# Upward imports that the shared start-up and the per-feature runtime state remove; kept
# here so this test guards every other edge meanwhile. Delete an entry once its edge is gone.
PENDING: set[tuple[str, str]] = set()


def unit_of(module: str) -> str:
    """The top-level package or module of `colloquy.x.y` ("x"); "__init__" for `colloquy`."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Each colloquy module `path` imports, anywhere in the file, with its line."""
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            if base == "colloquy":  # `from colloquy import cli_run`: a module or a name
                found += [(node.lineno, top_level(alias.name)) for alias in node.names]
            else:
                found.append((node.lineno, base))
    return [(line, name) for line, name in found if name.split(".")[0] == "colloquy"]


def top_level(name: str) -> str:
    """`colloquy.<name>` when it is a module or package, else `colloquy` (a name of it)."""
    is_module = (SRC / f"{name}.py").exists() or (SRC / name).is_dir()
    return f"colloquy.{name}" if is_module else "colloquy"


def layer_of(unit: str) -> int:
    for index, layer in enumerate(LAYERS):
        if unit in layer:
            return index
    raise AssertionError(f"{unit} is in no layer: add it to LAYERS or KERNEL")


def source_files() -> list[Path]:
    files = sorted(SRC.rglob("*.py"))
    # The walk must reach the feature folders (a plain glob would silently stop at the root).
    assert any(len(path.relative_to(SRC).parts) > 2 for path in files)
    return files


def edges() -> list[tuple[str, str, str, str]]:
    """(importer unit, imported unit, where, imported module) for imports across units."""
    out = []
    for path in source_files():
        importer = unit_of(module_name(path))
        for line, name in imported_modules(path):
            target = unit_of(name)
            if target != importer:
                out.append((importer, target, f"{path.relative_to(SRC)}:{line}", name))
    return out


def test_every_package_has_a_place():
    placed = {unit for layer in LAYERS for unit in layer} | set(KERNEL)
    units = {unit_of(module_name(path)) for path in source_files()}
    assert units - placed == set(), "place each new package in LAYERS (or KERNEL)"


def test_imports_run_downwards():
    wrong = []
    for importer, target, where, name in edges():
        if importer in KERNEL:
            wrong.append(f"{where}: the kernel imports {name}")
        elif target in KERNEL or (importer, target) in PENDING:
            continue
        elif layer_of(target) <= layer_of(importer):
            wrong.append(f"{where}: {importer} imports {name}, which is not below it")
    assert wrong == []


def test_only_the_composition_roots_import_the_api():
    wrong = [
        f"{where}: {name}"
        for importer, target, where, name in edges()
        if target == "api" and importer not in API_IMPORTERS
    ]
    assert wrong == []


def test_domain_imports_nothing_of_colloquy_outside_it():
    wrong = [f"{where}: {name}" for importer, _, where, name in edges() if importer == "domain"]
    assert wrong == []


def test_the_engine_does_not_import_the_services():
    wrong = [
        f"{where}: {name}"
        for importer, target, where, name in edges()
        if importer == "engine" and target in {"services", "api", "mcp", "app"}
    ]
    assert wrong == []


def test_store_and_llm_import_no_layer_that_uses_them():
    users = {"services", "runtime", "engine", "api", "mcp", "app", "cli", "headless"}
    wrong = [
        f"{where}: {name}"
        for importer, target, where, name in edges()
        if importer in {"store", "llm"} and target in users
    ]
    assert wrong == []
