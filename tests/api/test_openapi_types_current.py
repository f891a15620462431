"""The frontend's API types are generated from frontend/openapi.json: that file must be the
schema the server serves now, so a server change cannot silently leave the client behind."""

import json
from pathlib import Path

from colloquy.app import create_app
from colloquy.settings import Settings

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "frontend" / "openapi.json"

HOW_TO_FIX = (
    "frontend/openapi.json is not the server's current OpenAPI schema. Run `make openapi` "
    "(it writes frontend/openapi.json, then runs `npm run gen:api` in frontend/), fix what "
    "`cd frontend && npx tsc -b` reports, and commit frontend/openapi.json and "
    "frontend/src/lib/api-schema.d.ts."
)


def _schema(tmp_path: Path) -> dict:
    # No lifespan: building the schema needs neither the database nor a model.
    return create_app(Settings(data_dir=tmp_path, frontend_dist=tmp_path)).openapi()


def test_openapi_schema_is_deterministic(tmp_path):
    first = json.dumps(_schema(tmp_path), indent=2)
    second = json.dumps(_schema(tmp_path), indent=2)
    assert first == second


def test_checked_in_openapi_schema_is_current(tmp_path):
    assert SCHEMA_FILE.is_file(), HOW_TO_FIX
    # Compared as the CLI writes it, so key order counts too (it decides the generated file).
    current = json.dumps(_schema(tmp_path), indent=2) + "\n"
    assert SCHEMA_FILE.read_text() == current, HOW_TO_FIX
