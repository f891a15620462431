"""Mixed panels (docs/models.md): a session and a survey whose participants answer on different
model profiles. Two OpenAI-compatible fake servers on loopback stand for two endpoints;
each must answer exactly its own participants (the real OpenAI client and streaming code
runs), and every stored answer names the profile and model that wrote it."""

from __future__ import annotations

import csv
import io
import re
import time

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.fake_openai import run_fake_openai
from support.sessions_helpers import session_body, wait_until

NAME = re.compile(r"You are (\w+)")


@pytest.fixture
def alpha():
    with run_fake_openai(model="alpha-model") as server:
        yield server


@pytest.fixture
def beta():
    with run_fake_openai(model="beta-model") as server:
        yield server


@pytest.fixture
def api(settings, alpha):
    settings.llm_base_url = alpha.base_url  # the environment's (default) model: alpha
    settings.llm_model = "alpha-model"
    with TestClient(create_app(settings)) as client:
        yield client


def _speakers(fake) -> set[str]:
    """The personas a fake server answered for (from the system prompts it was sent)."""
    out = set()
    for body in fake.requests:
        system = next((m["content"] for m in body["messages"] if m["role"] == "system"), "")
        found = NAME.search(system if isinstance(system, str) else "")
        if found and "connection test" not in system:
            out.add(found.group(1))
    return out


def _profile(api, name, fake, model):
    body = {"name": name, "provider": "openai", "baseUrl": fake.base_url, "model": model}
    made = api.post("/api/model-profiles", json=body)
    assert made.status_code == 201, made.text
    return made.json()


def test_a_mixed_session_each_endpoint_answers_its_own_participants(api, alpha, beta):
    beta_profile = _profile(api, "Beta", beta, "beta-model")
    alpha.reset()
    beta.reset()
    body = session_body(settings={"participantProfiles": {"p1": beta_profile["id"]}})
    created = api.post("/api/sessions", json=body)
    assert created.status_code == 201, created.text
    sid = created.json()["id"]
    names = {p["id"]: p["name"].split()[0] for p in created.json()["participants"]}
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    view = wait_until(api, sid, lambda v: v["status"] == "completed", timeout=90)

    # Each endpoint answered exactly its own participants.
    assert _speakers(beta) == {names["p1"]}
    assert _speakers(alpha) == {names["p2"], names["p3"]}
    answers = [m for m in view["messages"] if m["kind"] == "response"]
    assert len(answers) == 2 * 3 * 3
    for m in answers:
        if m["personaId"] == "p1":
            assert (m["profileId"], m["profileName"], m["model"]) == (
                beta_profile["id"],
                "Beta",
                "beta-model",
            )
        else:  # the default model (the environment's: no default profile saved)
            assert (m["profileId"], m["profileName"], m["model"]) == (
                None,
                "Default",
                "alpha-model",
            )
    # Moderator posts name no model.
    assert all(m["model"] is None for m in view["messages"] if m["kind"] != "response")
    # The session names both models.
    assert view["model"]["name"] == "alpha-model + beta-model"

    # Results per model: analytics, health, and a comparison model by model.
    beta_only = api.get(f"/api/sessions/{sid}/analytics", params={"model": "beta-model"}).json()
    assert beta_only["responseCount"] == 6  # p1's answers: 2 questions x 3 rounds
    assert [p["personaId"] for p in beta_only["participation"]] == ["p1"]
    whole = api.get(f"/api/sessions/{sid}/analytics").json()
    assert whole["responseCount"] == 18
    health = api.get(f"/api/sessions/{sid}/health", params={"model": "alpha-model"})
    assert health.status_code == 200, health.text
    assert (health.json()["answerCount"], health.json()["participantCount"]) == (12, 2)
    assert health.json()["model"]["name"] == "alpha-model"
    missing = api.get(f"/api/sessions/{sid}/analytics", params={"model": "nope"})
    assert missing.status_code == 404
    assert missing.json()["error"] == "No answer of this session was written by 'nope'"
    compared = api.get("/api/sessions/compare", params={"ids": sid, "byModel": "true"})
    assert compared.status_code == 200, compared.text
    columns = compared.json()["sessions"]
    assert [(c["model"], c["responseCount"]) for c in columns] == [
        ("alpha-model", 12),
        ("beta-model", 6),
    ]
    assert all(c["health"] is not None for c in columns)
    too_many = api.get("/api/sessions/compare", params={"ids": "a,b,c,d,e", "byModel": "true"})
    assert too_many.status_code == 422
    assert too_many.json()["errors"] == ["Compare by model takes 1-4 sessions"]

    # The CSV transcript of a mixed panel has a last Model column (moderator rows: empty).
    table = list(csv.reader(io.StringIO(api.get(f"/api/sessions/{sid}/export.csv").text)))
    start = table.index(["Speaker", "Content", "Sentiment", "Timestamp", "Model"]) + 1
    rows = [r for r in table[start:] if r and r[0] != "Moderator"]
    expected = {
        p["name"]: "beta-model" if p["id"] == "p1" else "alpha-model" for p in view["participants"]
    }
    assert len(rows) == 18 and all(expected[r[0]] == r[4] for r in rows)

    # Deleting the profile after the session finished keeps its records intact.
    assert api.delete(f"/api/model-profiles/{beta_profile['id']}").status_code == 204
    again = api.get(f"/api/sessions/{sid}").json()
    assert {m["model"] for m in again["messages"] if m["personaId"] == "p1"} == {"beta-model"}

    # "Run again on another model" with a deleted profile: a clear 404, no copy left.
    gone = api.post(f"/api/sessions/{sid}/rerun", json={"profileId": beta_profile["id"]})
    assert gone.status_code == 404
    assert len(api.get("/api/sessions").json()) == 1


def test_run_again_on_another_profile(api, alpha, beta):
    sid = api.post("/api/sessions", json=session_body()).json()["id"]
    api.post(f"/api/sessions/{sid}/run")
    wait_until(api, sid, lambda v: v["status"] == "completed", timeout=90)
    beta_profile = _profile(api, "Beta", beta, "beta-model")
    alpha.reset()
    beta.reset()
    copy = api.post(f"/api/sessions/{sid}/rerun", json={"profileId": beta_profile["id"]})
    assert copy.status_code == 201, copy.text
    assert copy.json()["name"].endswith("(Beta)")
    done = wait_until(api, copy.json()["id"], lambda v: v["status"] == "completed", timeout=90)
    assert alpha.requests == []
    answers = [m for m in done["messages"] if m["kind"] == "response"]
    assert {(m["profileName"], m["model"]) for m in answers} == {("Beta", "beta-model")}


def test_a_mixed_survey_records_models_and_breaks_results_down(api, alpha, beta):
    beta_profile = _profile(api, "Beta", beta, "beta-model")
    alpha.reset()
    beta.reset()
    res = api.post(
        "/api/surveys",
        json={
            "name": "Kettles",
            "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun powered."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ["p1", "p2", "p3"],
            "samples": 1,
            "settings": {"participantProfiles": {"p2": beta_profile["id"]}},
        },
    )
    assert res.status_code == 201, res.text
    survey = res.json()
    assert {r["id"]: r["profileId"] for r in survey["respondents"]} == {
        "p1": None,
        "p2": beta_profile["id"],
        "p3": None,
    }
    assert api.post(f"/api/surveys/{survey['id']}/run").status_code == 200
    deadline = time.monotonic() + 60
    while (view := api.get(f"/api/surveys/{survey['id']}").json())["status"] != "completed":
        assert view["status"] == "running" and time.monotonic() < deadline, view
        time.sleep(0.05)
    assert len(beta.requests) == 1 and len(alpha.requests) == 2
    out = api.get(f"/api/surveys/{survey['id']}/results").json()
    by_person = {a["respondentId"]: a["model"] for a in out["answers"]}
    assert by_person == {"p1": "alpha-model", "p2": "beta-model", "p3": "alpha-model"}
    # Per model next to the blend (the top-level results, all three respondents).
    assert out["results"][0]["n"] == 3
    assert [(m["model"], m["answers"], m["results"][0]["n"]) for m in out["byModel"]] == [
        ("alpha-model", 2, 2),
        ("beta-model", 1, 1),
    ]


def test_survey_profiles_are_checked(api):
    res = api.post(
        "/api/surveys",
        json={
            "name": "Kettles",
            "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun powered."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ["p1"],
            "settings": {"participantProfiles": {"p1": "mp-nope"}},
        },
    )
    assert res.status_code == 422
    assert res.json()["errors"] == ["No model profile with id 'mp-nope' (participantProfiles)"]
    assert api.get("/api/surveys").json() == []


def test_a_profile_changed_mid_run_reaches_the_next_run_only(api, alpha, beta):
    beta_profile = _profile(api, "Beta", beta, "beta-model")
    with run_fake_openai(model="gamma-model") as gamma:
        beta.latency = 0.2  # p1's six answers take at least 1.2 s
        body = session_body(settings={"participantProfiles": {"p1": beta_profile["id"]}})
        sid = api.post("/api/sessions", json=body).json()["id"]
        assert api.post(f"/api/sessions/{sid}/run").status_code == 200
        moved = api.put(
            f"/api/model-profiles/{beta_profile['id']}",
            json={"baseUrl": gamma.base_url, "model": "gamma-model"},
        )
        assert moved.status_code == 200, moved.text
        assert api.get(f"/api/sessions/{sid}").json()["status"] != "completed"  # mid-run
        gamma.reset()  # the change's test call
        view = wait_until(api, sid, lambda v: v["status"] == "completed", timeout=90)
        assert gamma.requests == []  # the run kept the endpoint it started with
        p1 = {m["model"] for m in view["messages"] if m["personaId"] == "p1"}
        assert p1 == {"beta-model"}
        # The next run uses the profile as it is now.
        again = api.post("/api/sessions", json=body).json()["id"]
        api.post(f"/api/sessions/{again}/run")
        view = wait_until(api, again, lambda v: v["status"] == "completed", timeout=90)
        assert {m["model"] for m in view["messages"] if m["personaId"] == "p1"} == {"gamma-model"}
        assert gamma.requests
