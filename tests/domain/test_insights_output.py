"""Parsing the model's insights JSON with pydantic: repairs, and what stays invalid."""

import json

import pytest

from colloquy.llm.errors import LLMError
from colloquy.services.results.insights_output import parse_insights


def test_fenced_json_with_repairs():
    reply = (
        "Here you go:\n```json\n"
        + json.dumps(
            {
                "summary": "Good.",
                "key_themes": [{"name": "Price", "frequency": "3"}, "Taste", 7],
                "recommendations": {"priority": "URGENT", "title": "Cut price"},
            }
        )
        + "\n```"
    )
    parsed = parse_insights(reply)
    assert parsed.summary == "Good."
    assert [(t.theme, t.frequency, t.description) for t in parsed.key_themes] == [
        ("Price", 3, ""),
        ("Taste", 1, ""),
    ]
    assert [(r.priority, r.title) for r in parsed.recommendations] == [("high", "Cut price")]


def test_repeated_items_are_dropped():
    parsed = parse_insights(
        json.dumps(
            {
                "summary": "s",
                "keyThemes": [{"theme": "Price"}, {"theme": "price "}, {"theme": "Eco"}],
                "recommendations": [{"title": "Cut"}, {"title": "CUT", "priority": "low"}],
            }
        )
    )
    assert [t.theme for t in parsed.key_themes] == ["Price", "Eco"]
    assert [r.title for r in parsed.recommendations] == ["Cut"]


def test_lists_are_capped():
    parsed = parse_insights(
        json.dumps(
            {
                "summary": "s",
                "keyThemes": [{"theme": f"t{i}"} for i in range(20)],
                "recommendations": [{"title": f"r{i}"} for i in range(20)],
            }
        )
    )
    assert len(parsed.key_themes) == 8 and len(parsed.recommendations) == 6


@pytest.mark.parametrize(
    "reply", ["", "no json here", '{"summary": "  "}', '{"themes": []}', "[1, 2, 3]"]
)
def test_invalid_replies(reply):
    with pytest.raises(LLMError) as info:
        parse_insights(reply)
    assert info.value.kind == "invalid_output"
