"""The cost estimates check their body exactly as the create does (docs/usage-and-cost.md):
what POST /api/sessions or /api/surveys refuses, the estimate refuses with the same
messages; a provider that does not exist is named. SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

SESSION = {"name": "S", "participantIds": ["p1", "p2", "p3"], "questions": ["A?", "B?"]}
SURVEY = {
    "name": "Kettle",
    "concepts": [{"type": "text", "title": "Kettle", "content": "A solar kettle."}],
    "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
    "respondentIds": ["p1", "p2"],
    "samples": 2,
}


@pytest.mark.parametrize(
    "change",
    [
        {"settings": {"responseLength": "enormous"}},
        {"settings": {"discussionMode": "shouting"}},
        {"participantIds": ["p1"]},
        {"settings": {"participantProfiles": {"p1": "no-such-profile"}}},
        {"settings": {"budgetUsd": -1}},
    ],
)
def test_session_estimate_refuses_what_create_refuses(client, change):
    body = {**SESSION, **change}
    created = client.post("/api/sessions", json=body)
    estimated = client.post("/api/sessions/estimate", json=body)
    assert created.status_code == 422, created.text
    assert estimated.status_code == 422, estimated.text
    assert estimated.json()["errors"] == created.json()["errors"]


def test_session_estimate_names_an_unknown_provider(client):
    res = client.post("/api/sessions/estimate", json={**SESSION, "provider": "bogus"})
    assert res.status_code == 422
    assert res.json()["errors"] == ["Provider must be one of local, openai, anthropic"]
    ok = client.post("/api/sessions/estimate", json={**SESSION, "provider": "openai"})
    assert ok.status_code == 200, ok.text


@pytest.mark.parametrize(
    "change",
    [
        {"samples": -100},
        {"samples": 100},
        {"respondentIds": []},
        {"settings": {"participantProfiles": {"p1": "no-such-profile"}}},
    ],
)
def test_survey_estimate_refuses_what_create_refuses(client, change):
    body = {**SURVEY, **change}
    created = client.post("/api/surveys", json=body)
    estimated = client.post("/api/surveys/estimate", json=body)
    assert created.status_code == 422, created.text
    assert estimated.status_code == 422, estimated.text
    assert estimated.json()["errors"] == created.json()["errors"]
    assert client.post("/api/surveys/estimate", json=SURVEY).status_code == 200
