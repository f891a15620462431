"""The cost estimate holds against a real tokenizer (docs/usage-and-cost.md#estimate-before-a-run):
a session with evidence, private answers and a mixed panel on llama-cpp-python's own
OpenAI-compatible server (its usage is its tokenizer's count, chat template included) has
its reported usage inside the range POST /api/sessions/estimate gave before the run.

A first plain session gives the estimate the model's observed re-ask rate (SmolLM2 has
about a quarter of its answers asked again; a model's first run is estimated at 0-5 %)."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.settings import Settings
from support.llama_server import running_llama_server

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1800), pytest.mark.xdist_group("llama")]

INTERVIEW = (
    "Interview notes. I buy snacks for my two kids every week. I read the label for sugar "
    "and salt first, then the price per bag. I worry about packaging waste and would pay "
    "a little more for a compostable pouch if the taste is good. Seaweed sounds odd to me "
    "but my daughter loves sushi, so she might try it.\n\n"
) * 3


@pytest.fixture(scope="module")
def llama_server() -> Iterator[str]:
    with running_llama_server() as base:
        yield base


@pytest.fixture(scope="module")
def api(llama_server, tmp_path_factory) -> Iterator[TestClient]:
    data = tmp_path_factory.mktemp("llama-estimate")
    settings = Settings(
        data_dir=data / "data",
        database_url=f"sqlite+aiosqlite:///{data / 'colloquy.db'}",
        llm_provider="openai",
        llm_base_url=llama_server,
        llm_model="smollm2",
        llm_timeout=600,  # a shared machine: a call may wait its turn
        llm_deadline_s=900,
        llm_max_concurrency=1,  # the server answers one request at a time
        llm_retry_base_delay=0.05,
        public_hosts=["testserver", "localhost"],
        frontend_dist=data / "no-dist",
    )
    with TestClient(create_app(settings)) as client:
        yield client


def _run(api: TestClient, body: dict) -> dict:
    sid = api.post("/api/sessions", json=body).json()["id"]
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    deadline = time.monotonic() + 1500
    while (view := api.get(f"/api/sessions/{sid}").json())["running"]:
        assert time.monotonic() < deadline, "the session did not finish"
        time.sleep(1)
    assert view["status"] == "completed", view["error"]
    return view


def test_usage_of_a_session_with_evidence_private_answers_and_a_mixed_panel_is_in_range(
    api, llama_server
):
    first = {
        "name": "Warm-up",
        "participantIds": ["p4", "p5", "p6"],
        "questions": ["What do you look for in a snack?", "Where do you buy them?"],
        "settings": {"responseLength": "brief"},
    }
    _run(api, first)
    for pid in ("p1", "p2", "p3"):
        res = api.post(
            f"/api/personas/{pid}/evidence",
            files={"file": ("interview.txt", INTERVIEW.encode(), "text/plain")},
        )
        assert res.status_code == 201, res.text
    profile = api.post(
        "/api/model-profiles",
        json={
            "name": "Second model",
            "provider": "openai",
            "baseUrl": llama_server,
            "model": "smollm2-second",
        },
    )
    assert profile.status_code == 201, profile.text
    body = {
        "name": "Snacks",
        "participantIds": ["p1", "p2", "p3"],
        "questions": ["What do you look for in a snack?", "Would you try a seaweed chip?"],
        "stimuli": [
            {
                "type": "text",
                "title": "Seaweed chips",
                "content": "Baked seaweed chips with sea salt, 90 calories, compostable pouch.",
            }
        ],
        "settings": {
            "responseLength": "brief",
            "privateAnswers": True,
            "participantProfiles": {"p2": profile.json()["id"]},
        },
    }
    est = api.post("/api/sessions/estimate", json=body)
    assert est.status_code == 200, est.text
    estimate = est.json()
    assert any("as this model's stored answers were" in a for a in estimate["assumptions"])
    view = _run(api, body)
    kinds = [m["kind"] for m in view["messages"]]
    assert kinds.count("response") == 18 and kinds.count("private_before") == 6
    assert {m["model"] for m in view["messages"] if m["kind"] == "response"} == {
        "smollm2",
        "smollm2-second",
    }
    actual = view["usage"]["promptTokens"] + view["usage"]["completionTokens"]
    low = estimate["range"]["low"]["promptTokens"] + estimate["range"]["low"]["completionTokens"]
    high = estimate["range"]["high"]["promptTokens"] + estimate["range"]["high"]["completionTokens"]
    assert low <= actual <= high, (low, actual, high, view["usage"], estimate)
