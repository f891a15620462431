"""Pulling JSON out of model text, and validating it with the caller's model."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, field_validator

from colloquy.llm.errors import LLMError
from colloquy.llm.json_output import extract_json, normalise_json_text, parse_model


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1}',
        '```json\n{"a": 1}\n```',
        'Sure! Here you go:\n```\n{"a": 1}\n```\nAnything else?',
        'The answer is {"a": 1} as requested.',
        '  {"a": 1}  trailing } junk',
    ],
)
def test_extracts_the_object(text):
    assert extract_json(text) == {"a": 1}


def test_braces_inside_strings_do_not_confuse_it():
    assert extract_json('note: {"q": "use {curly} and \\"quotes\\""} end') == {
        "q": 'use {curly} and "quotes"'
    }


def test_arrays():
    assert extract_json('Result: [1, 2, {"x": [3]}]') == [1, 2, {"x": [3]}]


@pytest.mark.parametrize("text", ["", "no json here", '{"a": }', "{'a': 1}", '{"a": 1'])
def test_unparseable_raises_invalid_output(text):
    with pytest.raises(LLMError) as info:
        extract_json(text)
    assert info.value.kind == "invalid_output"


class Score(BaseModel):
    name: str
    value: int

    @field_validator("value", mode="before")
    @classmethod
    def clamp(cls, v):
        return max(0, min(100, int(v)))


def test_parse_model_validates_and_clamps():
    assert parse_model('```json\n{"name": "x", "value": 140}\n```', Score).value == 100


def test_parse_model_reports_the_bad_field():
    with pytest.raises(LLMError) as info:
        parse_model('{"value": 3}', Score)
    assert "name" in info.value.message


def test_normalise_keeps_text_that_is_not_json():
    assert normalise_json_text("just words") == "just words"
    assert normalise_json_text('x ```json\n{"a":1}\n```') == '{"a": 1}'


# Text a database can store: extract_json removes NUL (tested on its own below).
storable = st.characters(exclude_characters="\x00", exclude_categories=("Cs",))
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(storable, max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(storable, max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@given(
    st.dictionaries(st.text(storable, max_size=8), json_values, max_size=5),
    st.sampled_from(["{}", "Here: {} Thanks!", "```json\n{}\n```", "Sure.\n```\n{}\n```"]),
)
def test_round_trip_through_prose_and_fences(data, wrapper):
    text = wrapper.replace("{}", json.dumps(data), 1) if "{}" in wrapper else wrapper
    assert extract_json(text) == data


def test_extracted_json_is_storable():
    """NUL never reaches the database; NaN is invalid output."""
    assert extract_json('{"a": "I think \\u0000 this", "b\\u0000": ["x\\u0000"]}') == {
        "a": "I think  this",
        "b": ["x"],
    }
    with pytest.raises(LLMError):
        extract_json('{"a": NaN}')
