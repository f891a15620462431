"""docs/guide.schema.json is the schema the models publish (regenerate it when they change:
`python -c "from colloquy.services.guides.guide_format import ..."`, see docs/guides.md)."""

import json
from pathlib import Path

from colloquy.services.guides.guide_format import guide_json_schema

DOC = Path(__file__).resolve().parents[2] / "docs" / "guide.schema.json"


def test_repo_schema_is_current():
    assert json.loads(DOC.read_text()) == guide_json_schema()
