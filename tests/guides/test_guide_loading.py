"""Reading guide files: YAML and JSON, every problem with its line and field."""

import json

import pytest

from colloquy.services.guides.guide_format import FocusGroupGuide, SurveyGuide
from colloquy.services.guides.loading import GuideInvalid, dump_guide, load_guide

GOOD = """\
kind: focus-group
name: Pouch
participants:
  ids: [p1, p2]
  tags: [parents]
  generate: {description: Young parents in Leeds who cook at home, count: 2}
moderator: {style: probing, kind: ai}
stimuli:
  - {type: text, title: Claim, text: Compostable in 90 days.}
  - {type: video, title: Spot, url: "https://youtu.be/abc123"}
questions:
  - What do you think?
  - Would you buy it?
settings: {responseLength: brief, discussionMode: parallel}
model: {provider: openai, name: gpt-4o-mini}
seed: 7
"""


def problems(text: str) -> list[str]:
    with pytest.raises(GuideInvalid) as caught:
        load_guide(text)
    return caught.value.errors


def test_a_good_guide_in_yaml_and_json():
    guide, lines = load_guide(GOOD)
    assert isinstance(guide, FocusGroupGuide)
    assert guide.participants.generate is not None and guide.participants.generate.count == 2
    assert guide.moderator.kind == "ai" and guide.seed == 7
    assert lines[("questions", 1)] == 13 and lines[("settings",)] == 14
    as_json = json.dumps(guide.model_dump(by_alias=True, exclude_none=True), indent="\t")
    again, _ = load_guide(as_json)  # tabs: read by the JSON reader
    assert again == guide
    dumped = dump_guide(guide.model_dump(by_alias=True, exclude_none=True))
    assert load_guide(dumped)[0] == guide


def test_each_problem_names_line_and_field():
    text = GOOD.replace("count: 2}", "count: 50}").replace("  - Would you buy it?", "  - 42")
    text = text.replace("seed: 7", "seed: 7\ncolour: red")
    assert problems(text) == [
        "line 6: participants.generate.count: Input should be less than or equal to 20",
        "line 13: questions[1]: Input should be a valid string",
        "line 17: colour: Unknown key",
    ]


def test_missing_fields_and_sources():
    text = GOOD.replace("name: Pouch\n", "").replace(
        "text: Compostable in 90 days.", "url: x, text: y"
    )
    assert problems(text) == [
        "line 1: name: Required",
        "line 8: stimuli[0]: Give exactly one of text, url or file",
    ]
    no_one = GOOD.replace(
        "  ids: [p1, p2]\n  tags: [parents]\n  generate: {description: Young parents in Leeds who cook at home, count: 2}\n",
        "  ids: []\n",
    )
    assert problems(no_one) == ["line 3: participants: Give persona ids, tags or generate"]
    profile = GOOD.replace(
        "{provider: openai, name: gpt-4o-mini}", "{provider: openai, profile: fast}"
    )
    assert problems(profile) == ["line 15: model: Give either provider (with name) or profile"]


def test_syntax_kind_and_duplicates():
    assert problems("kind: focus-group\nname: [unclosed\n") == [
        "line 3: Cannot read the guide: expected ',' or ']', but got '<stream end>'"
    ]
    assert problems("") == ["line 1: The guide is empty"]
    assert problems("- a list\n") == ["line 1: A guide is a mapping of keys (kind, name, ...)"]
    assert problems("kind: webinar\n") == [
        "line 1: kind: kind must be focus-group, interview, survey or study"
    ]
    assert problems("name: x\n") == ["line 1: kind: Required"]
    assert problems(GOOD + "name: Again\n") == ["line 17: name: Duplicate key"]
    assert problems("x" * 1_000_001) == ["The guide is larger than 1 MB"]


def test_survey_guides_and_scales():
    text = """\
kind: survey
name: Kettles
concepts:
  - {type: text, title: Solar, text: Sun powered.}
questions:
  - text: Buy?
  - text: Like it?
    scale: {anchors: [No, Yes], colour: red}
respondents: {tags: [parents]}
samples: 9
"""
    assert problems(text) == [
        "line 8: questions[1].scale.colour: Unknown key",
        "line 10: samples: Input should be less than or equal to 5",
    ]
    guide, _ = load_guide(text.replace(", colour: red", "").replace("samples: 9", "samples: 1"))
    assert isinstance(guide, SurveyGuide) and guide.questions[0].scale == "purchase_intent"


def _alias_chain(levels: int) -> str:
    lines = ["kind: focus-group", "name: Bomb", 'a0: &a0 ["lol"]']
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]")
    return "\n".join(lines) + f"\nstimuli: *a{levels}\n"


def test_aliases_that_expand_past_the_bound_are_refused():
    # 10**6 values in about 400 bytes; every alias expanded once was gigabytes.
    assert problems(_alias_chain(6)) == [
        "line 8: The guide holds more than 100,000 values once its aliases (*name) are expanded"
    ]
    assert problems(_alias_chain(9))[0].endswith("once its aliases (*name) are expanded")
    assert problems("kind: focus-group\nname: &n [*n]\n") == [
        "line 2: An alias (*name) refers to the value that holds it"
    ]


def test_a_few_aliases_are_still_fine():
    text = GOOD.replace("questions:\n", "q: &q What do you think?\nquestions:\n").replace(
        "  - What do you think?", "  - *q"
    )
    with pytest.raises(GuideInvalid) as caught:
        load_guide(text)
    assert caught.value.errors == ["line 11: q: Unknown key"]  # the alias itself was read


def test_nesting_past_the_bound_is_refused():
    said = "The guide is nested more than 32 levels deep"
    assert problems("kind: focus-group\nx: " + "[" * 40 + "]" * 40 + "\n") == [f"line 2: {said}"]
    assert problems("[" * 100_000 + "]" * 100_000) == [f"line 1: {said}"]  # stopped as scanned
    # JSON with a tab (read by the JSON fallback) too.
    assert problems("\t" + "[" * 100_000 + "]" * 100_000) == [said]
    assert problems('\t{"kind": "survey", "x": ' + "[" * 40 + "]" * 40 + "}") == [said]
