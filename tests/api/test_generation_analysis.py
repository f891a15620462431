"""POST /api/personas/analyze-document (AI Assist): traits read from the model's text."""

from __future__ import annotations

import pytest

from support.fake_openai import FakeError

TEXT = (
    "I plan every trip weeks ahead, keep a spreadsheet of my spending and get nervous "
    "when plans change at the last minute."
)
ANALYSIS = (
    "A careful planner who enjoys new places. Openness: 85, Conscientiousness - 40/100, "
    "extraversion is 55, Agreeableness = 61, Neuroticism: 120"
)


pytestmark = pytest.mark.fake_llm(responder=lambda body: ANALYSIS)


def structured(body: dict) -> bool:
    return (body.get("response_format") or {}).get("type") == "json_schema"


def analyze(api, **body):
    return api.post("/api/personas/analyze-document", json={"documentText": TEXT, **body})


def test_traits_are_read_from_the_analysis_text(api, fake_llm):
    res = analyze(api, currentTraits={"neuroticism": 33, "openness": 10})
    assert res.status_code == 200, res.text
    assert res.json() == {
        "analysis": ANALYSIS,
        "traits": {
            "openness": 85,
            "conscientiousness": 40,
            "extraversion": 55,
            "agreeableness": 61,
            "neuroticism": 33,
        },
    }  # 120 is not accepted: the current value stays
    (request,) = fake_llm.requests  # every trait had a number: no follow-up call
    assert TEXT in request["messages"][-1]["content"]
    assert "Neuroticism: <score>" in request["messages"][-1]["content"]


def test_without_current_traits_an_unreadable_trait_is_50(api):
    assert analyze(api).json()["traits"]["neuroticism"] == 50


def test_missing_numbers_are_asked_for_and_appended_to_the_analysis(api, fake_llm):
    prose = "Curious and sociable, though a little anxious. Openness: 80."
    fake_llm.set_responder(
        lambda body: (
            {"conscientiousness": 64, "extraversion": 3, "agreeableness": 58, "neuroticism": 150}
            if structured(body)
            else prose
        )
    )
    body = analyze(api).json()
    assert body["analysis"] == prose + (
        "\n\nConscientiousness: 64\nExtraversion: 3\nAgreeableness: 58"
    )
    assert body["traits"] == {
        "openness": 80,
        "conscientiousness": 64,
        "extraversion": 3,
        "agreeableness": 58,
        "neuroticism": 50,
    }
    follow_up = fake_llm.requests[1]
    schema = follow_up["response_format"]["json_schema"]["schema"]
    assert schema["required"] == [
        "conscientiousness",
        "extraversion",
        "agreeableness",
        "neuroticism",
    ]
    assert [m["role"] for m in follow_up["messages"]][-2:] == ["assistant", "user"]


def test_a_failing_follow_up_still_returns_the_analysis(api, fake_llm):
    fake_llm.set_responder(lambda body: FakeError(400, "bad") if structured(body) else "Calm.")
    res = analyze(api, currentTraits={"openness": 70})
    assert res.status_code == 200
    assert res.json()["analysis"] == "Calm."
    assert res.json()["traits"]["openness"] == 70


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (None, "Please provide at least 50 characters of text to analyze"),
        ("x" * 49, "Please provide at least 50 characters of text to analyze"),
        ("  " + "x" * 48 + "   ", "Please provide at least 50 characters of text to analyze"),
        ("x" * 100_001, "Please provide at most 100,000 characters of text to analyze"),
    ],
)
def test_validation(api, fake_llm, text, message):
    res = api.post("/api/personas/analyze-document", json={"documentText": text})
    assert res.status_code == 422
    assert res.json()["errors"] == [message]
    assert fake_llm.requests == []


@pytest.mark.fake_llm(responder=lambda body: FakeError(402, "Payment required"))
def test_credits_error_reaches_the_client(api):
    res = analyze(api)
    assert res.status_code == 402
    assert res.json()["error"] == "Credits depleted (402)"
