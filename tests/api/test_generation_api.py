"""POST /api/personas/generate against an OpenAI-compatible server on loopback."""

from __future__ import annotations

import json
import re
import statistics

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.domain.constants import TRAITS
from colloquy.domain.validation import validate_persona
from support.fake_openai import FakeError, FakeReply

DESCRIPTION = "Shoppers who buy household cleaning products online and compare prices"
SLOT = re.compile(
    r"^\d+\. age (\d+), ([^,]+), income ([^,]+), lives in a US city such as "
    r"([^;]+); Big Five \(0-100\): (.*)$",
    re.MULTILINE,
)


def generate(api, **body):
    return api.post("/api/personas/generate", json={"description": DESCRIPTION, **body})


def prompt_of(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")


def persona(name: str, age=40, gender="Female", income="$60-100k", traits=None) -> dict:
    return {
        "name": name,
        "age": age,
        "gender": gender,
        "location": "Austin, TX",
        "income": income,
        "traits": traits or dict.fromkeys(TRAITS, 50),
        "interests": ["Cleaning", "Deals"],
    }


def following_slots(body: dict) -> dict:
    """A model that does exactly what the prompt's slot lines ask."""
    out = []
    for i, m in enumerate(SLOT.finditer(prompt_of(body))):
        traits = {k: int(v) for k, v in re.findall(r"(\w+) (\d+)", m.group(5))}
        out.append(
            persona(f"Model Person {chr(65 + i)}", int(m.group(1)), m.group(2), m.group(3), traits)
            | {"location": m.group(4)}
        )
    return {"personas": out}


def test_exactly_count_valid_distinct_personas_are_saved(api, fake_llm):
    before = api.get("/api/personas").json()
    res = generate(api, count=7)
    assert res.status_code == 201, res.text
    made = res.json()["personas"]
    assert len(made) == 7
    for p in made:
        assert validate_persona(p) == [] and p["generatedFrom"] == DESCRIPTION
        assert p["enriched"]["values"] and p["id"]
    names = [p["name"].lower() for p in made] + [p["name"].lower() for p in before]
    assert len(set(names)) == len(names)
    after = api.get("/api/personas").json()
    assert len(after) == len(before) + 7
    assert {p["id"] for p in made} <= {p["id"] for p in after}

    (request,) = fake_llm.requests
    schema = request["response_format"]["json_schema"]["schema"]["properties"]["personas"]
    assert schema["minItems"] == schema["maxItems"] == 7
    assert schema["items"]["properties"]["gender"]["enum"] == [
        "Male",
        "Female",
        "Non-binary",
        "Prefer not to say",
    ]
    prompt = prompt_of(request)
    assert DESCRIPTION in prompt and "Diversity level: medium." in prompt
    assert len(SLOT.findall(prompt)) == 7


def test_model_that_follows_the_slots_is_kept_as_written(api, fake_llm):
    fake_llm.set_responder(following_slots)
    made = generate(api, count=5, diversity="high").json()["personas"]
    slots = SLOT.findall(prompt_of(fake_llm.requests[0]))
    assert [p["name"] for p in made] == [f"Model Person {c}" for c in "ABCDE"]
    assert [(str(p["age"]), p["gender"], p["income"], p["location"]) for p in made] == [
        s[:4] for s in slots
    ]


def spread(personas):
    ages = [p["age"] for p in personas]
    trait_sd = statistics.mean(
        statistics.pstdev([p["traits"][t] for p in personas]) for t in TRAITS
    )
    return max(ages) - min(ages), len({p["gender"] for p in personas}), trait_sd


@pytest.mark.parametrize("model", ["default", "following"])
def test_high_diversity_spreads_wider_than_low(api, fake_llm, model):
    if model == "following":
        fake_llm.set_responder(following_slots)
    low = spread(generate(api, count=8, diversity="low").json()["personas"])
    high = spread(generate(api, count=8, diversity="high").json()["personas"])
    assert low[0] <= 14 and high[0] >= 35  # age range
    assert low[1] <= 2 and high[1] == 4  # genders
    assert low[2] < 8 and high[2] > 15  # mean trait standard deviation
    assert "Diversity level: high." in prompt_of(fake_llm.requests[-1])


def test_malformed_and_short_replies_are_retried_then_filled(api, fake_llm):
    fake_llm.set_responder(
        [
            'Sure! Here are your personas: {"personas": [{"name": ',
            {"personas": [persona("Ana Ruiz"), persona("Bo Park")]},
            {"personas": [persona("Cy Lund"), {"name": "Stub"}]},
        ]
    )
    made = generate(api, count=5).json()["personas"]
    assert len(made) == 5 and all(validate_persona(p) == [] for p in made)
    assert [p["name"] for p in made][:3] == ["Ana Ruiz", "Bo Park", "Cy Lund"]
    assert len({p["name"] for p in made}) == 5
    assert len(fake_llm.requests) == 3  # one call and at most two more
    sizes = [
        r["response_format"]["json_schema"]["schema"]["properties"]["personas"]["maxItems"]
        for r in fake_llm.requests
    ]
    assert sizes == [5, 5, 3]
    assert len(api.get("/api/personas").json()) == 15


def test_reply_cut_off_mid_array_keeps_its_complete_personas(api, fake_llm):
    full = json.dumps({"personas": [persona("Ana Ruiz"), persona("Bo Park"), persona("Cy Lund")]})
    fake_llm.set_responder(
        [FakeReply(full[:-40], finish_reason="length"), {"personas": [persona("Di Moss")]}]
    )
    made = generate(api, count=3).json()["personas"]
    assert [p["name"] for p in made] == ["Ana Ruiz", "Bo Park", "Di Moss"]
    assert len(fake_llm.requests) == 2


def test_duplicate_names_are_made_unique_against_each_other_and_the_library(api, fake_llm):
    fake_llm.set_responder(lambda body: {"personas": [persona("Sarah Chen")] * 4})
    made = generate(api, count=4).json()["personas"]
    names = [p["name"] for p in made]
    assert len(set(names)) == 4 and "Sarah Chen" not in names  # p1 is called Sarah Chen
    assert all(n.startswith("Sarah ") and n.endswith(" Chen") for n in names)


def test_document_mode(api, fake_llm):
    text = "Interview notes. " * 40
    res = api.post("/api/personas/generate", json={"documentText": text, "count": 2})
    assert res.status_code == 201, res.text
    made = res.json()["personas"]
    assert made[0]["generatedFrom"] == "Document: " + " ".join(text.split())[:200]
    assert "Research document" in prompt_of(fake_llm.requests[0]) and "Interview notes." in (
        prompt_of(fake_llm.requests[0])
    )


@pytest.mark.parametrize(
    ("body", "errors"),
    [
        ({}, ["Please enter a description"]),
        ({"description": "   "}, ["Please enter a description"]),
        ({"description": "too short"}, ["Input is too short. Please provide more details."]),
        ({"description": "x" * 10_001}, ["Description must be at most 10,000 characters"]),
        ({"documentText": ""}, ["Please upload a document"]),
        ({"documentText": "  tiny "}, ["Input is too short. Please provide more details."]),
        ({"documentText": "x" * 100_001}, ["Document text must be at most 100,000 characters"]),
        ({"description": DESCRIPTION, "count": 21}, ["Persona count must be between 1 and 20"]),
        ({"description": DESCRIPTION, "count": 0}, ["Persona count must be between 1 and 20"]),
        (
            {"description": DESCRIPTION, "diversity": "extreme"},
            ["Diversity level must be low, medium or high"],
        ),
    ],
)
def test_validation_messages(api, fake_llm, body, errors):
    res = api.post("/api/personas/generate", json=body)
    assert res.status_code == 422
    assert res.json()["errors"] == errors
    assert fake_llm.requests == []


@pytest.mark.parametrize(
    ("reply", "status", "message"),
    [
        (FakeError(402, "Insufficient credits"), 402, "Credits depleted (402)"),
        (FakeError(429, "Slow down"), 429, "Rate limit exceeded (429)"),
        (FakeError(500, "boom"), 502, "boom"),
        (FakeReply({"personas": []}, delay=1.0), 504, "Request timeout"),
    ],
)
def test_model_failure_keeps_status_and_message(settings, fake_llm, reply, status, message):
    settings.llm_base_url = fake_llm.base_url
    settings.llm_timeout = 0.3
    settings.llm_deadline_s = 0.09  # calls that are not streamed: 0.3 s overall
    settings.llm_max_retries = 1
    fake_llm.set_responder(lambda body: reply)
    with TestClient(create_app(settings)) as api:
        res = generate(api, count=2)
        assert res.status_code == status, res.text
        assert res.json()["error"] == message
        assert len(api.get("/api/personas").json()) == 10  # nothing saved


def test_a_failing_retry_still_returns_count_personas(api, fake_llm):
    fake_llm.set_responder([{"personas": [persona("Ana Ruiz")]}, FakeError(402, "no credits")])
    made = generate(api, count=3).json()["personas"]
    assert len(made) == 3 and made[0]["name"] == "Ana Ruiz"
    assert len(fake_llm.requests) == 2
