"""The guides in docs/guides.md load, and the published JSON Schema agrees with the loader
on them and on broken ones (jsonschema, a dependency of schemathesis, checks the schema)."""

import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from colloquy.services.guides.guide_format import guide_json_schema
from colloquy.services.guides.loading import GuideInvalid, load_guide

DOC = Path(__file__).resolve().parents[2] / "docs" / "guides.md"


def doc_guides() -> list[str]:
    blocks = re.findall(r"```yaml\n(.*?)```", DOC.read_text(), flags=re.DOTALL)
    assert len(blocks) == 4  # focus group, interview, study, survey
    return blocks


@pytest.mark.parametrize("text", doc_guides())
def test_the_documented_guides_load_and_match_the_schema(text):
    guide, _ = load_guide(text)
    data = yaml.safe_load(text)
    jsonschema.validate(data, guide_json_schema())
    assert guide.kind == data["kind"]


BROKEN = [
    ("colour", "red"),  # unknown key
    ("questions", ["One?", 2]),  # wrong type
    ("participants", {}),  # nobody
    ("stimuli", [{"type": "text", "title": "T"}]),  # no source
    ("settings", {"autoAdvance": "yes"}),  # not a boolean
    ("moderator", {"style": "shouty"}),
]


@pytest.mark.parametrize(("key", "value"), BROKEN)
def test_schema_and_loader_refuse_the_same_guides(key, value):
    data = yaml.safe_load(doc_guides()[0])
    data[key] = value
    with pytest.raises(GuideInvalid):
        load_guide(yaml.safe_dump(data))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, guide_json_schema())
