"""The estimate's re-ask prior by model size (docs/usage-and-cost.md#estimate-before-a-run):
the size is read from what the server lists (a server with one model answers every name
with it, as llama-cpp-python's does: its entry's id is the GGUF file's name) or from the
model's name, and a model of 135M parameters with no history is expected to be re-asked
at the measured SmolLM2-135M rate (40 of 144 answers)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.services.model_settings import model_size
from support.fake_openai import run_fake_openai

BODY = {
    "name": "Study",
    "questions": ["Would you buy it?", "Why?"],
    "settings": {"responseLength": "brief", "discussionMode": "sequential"},
}


def _estimate(api: TestClient, **extra: str) -> dict:
    ids = [p["id"] for p in api.get("/api/personas").json()[:3]]
    res = api.post("/api/sessions/estimate", json={**BODY, "participantIds": ids, **extra})
    assert res.status_code == 200, res.text
    return res.json()


def test_a_tiny_model_the_server_lists_gets_the_measured_prior(settings, monkeypatch):
    # The list is read within 5 s in use; a loaded test machine can take longer.
    monkeypatch.setattr(model_size, "LOOKUP_TIMEOUT_S", 60.0)
    with run_fake_openai(model="/models/SmolLM2-135M-Instruct-Q4_1.gguf") as fake:
        settings.llm_base_url = fake.base_url
        settings.llm_model = "smollm2"  # the name says no size; the server's list does
        with TestClient(create_app(settings)) as api:
            est = _estimate(api)
    # 18 brief answers of 38 tokens, each made 1 + 40/144 = 1.27778 times: 23.0 calls ->
    # 23; 38 x 1.27778 = 48.56 -> 49 answer tokens a call, 18 x 49 = 882.
    assert est["calls"] == 23 and est["completionTokens"] == 882
    # The band: 40 of 144 widened to 18 answers' sampling spread, 0.27778 +-
    # 2 x sqrt(0.27778 x 0.72222 / 18) = +-0.21114: 6.7 % to 48.9 %.
    reask = est["assumptions"][-1]
    assert "7% (low), 28% (expected) to 49% (high)" in reask, reask
    assert "135M parameters" in reask


def test_the_size_a_name_states_and_an_unknown_one(settings):
    with run_fake_openai(model="two") as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            # Named with its size, not listed by the server: the name decides.
            tiny = _estimate(api, provider="openai", model="qwen2.5-0.5b-instruct")
            unknown = _estimate(api)  # "test-model": no size anywhere, hosted words
    assert tiny["calls"] == 23 and "500M parameters" in tiny["assumptions"][-1]
    # No size and not on llama.cpp: none re-asked expected (18 calls), up to 5 %.
    assert unknown["calls"] == 18 and unknown["completionTokens"] == 18 * 38
    assert "unknown size" in unknown["assumptions"][-1]


def test_a_survey_estimate_says_no_answer_is_asked_again(client):
    ids = [p["id"] for p in client.get("/api/personas").json()[:3]]
    body = {
        "name": "Kettles",
        "concepts": [{"type": "text", "title": "Kettle", "content": "A solar kettle."}],
        "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
        "respondentIds": ids,
        "samples": 2,
        "model": "SmolLM2-135M-Instruct",
    }
    est = client.post("/api/surveys/estimate", json=body).json()
    assert est["calls"] == 6  # 3 respondents x 2 samples, none made twice
    assert est["assumptions"][-1] == "Re-asked answers: none (a survey answer is not asked again)."
