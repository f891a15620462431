"""Natural mode and private answers through the API (docs/natural-mode.md): create, validation,
duplicate, a run with turn progress, the health report's conformity from private stances,
and the exports with private answers in their own section only."""

import json

import pytest

from support.natural_fake import NaturalScript
from support.sessions_helpers import app_client, fake_model, session_body, wait_idle

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def fake_llm():
    with fake_model() as fake:
        yield fake


@pytest.fixture
def api(settings, fake_llm):
    with app_client(settings, fake_llm) as client:
        yield client


def natural_body(**settings):
    return session_body(
        stimuli=[],
        settings={"responseLength": "moderate", "discussionMode": "natural", **settings},
    )


def test_create_natural_session_with_private_answers_and_duplicate(api):
    res = api.post("/api/sessions", json=natural_body(privateAnswers=True, seed=123))
    assert res.status_code == 201, res.text
    s = res.json()
    assert s["settings"] == {
        "responseLength": "moderate",
        "discussionMode": "natural",
        "autoAdvance": False,
        "moderator": "scripted",
        "privateAnswers": True,
        "modelBids": False,
        "seed": 123,
        "participantProfiles": {},
    }
    assert s["progress"]["turn"] == 1 and s["progress"]["turnBudget"] == 9
    assert s["progress"]["total"] == 18  # 2 questions x 9 turns, as in the other modes
    copy = api.post(f"/api/sessions/{s['id']}/duplicate").json()
    assert copy["settings"] == s["settings"]  # the same seed: the run can be replayed
    fresh = api.post("/api/sessions", json=natural_body()).json()
    assert isinstance(fresh["settings"]["seed"], int)  # a seed of its own when none given
    assert fresh["settings"]["privateAnswers"] is False


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"discussionMode": "chaotic"}, "Discussion mode must be sequential, parallel or natural"),
        ({"seed": -1}, "Seed must be a whole number from 0 to 9007199254740991"),
        ({"seed": 2**60}, "Seed must be a whole number from 0 to 9007199254740991"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message(api, given, message):
    res = api.post("/api/sessions", json=natural_body(**given))
    assert res.status_code == 422, res.text
    assert message in res.json()["errors"]
    assert all(s["name"] != "Eco packaging" for s in api.get("/api/sessions").json())


def test_natural_run_health_and_exports(api, fake_llm):
    fake_llm.set_responder(NaturalScript(stance=lambda name, after: 4 if after else 2))
    s = api.post("/api/sessions", json=natural_body(privateAnswers=True, seed=8)).json()
    assert api.post(f"/api/sessions/{s['id']}/run").status_code == 200
    view = wait_idle(api, s["id"], timeout=60)
    assert view["status"] == "completed", view["error"]
    kinds = [m["kind"] for m in view["messages"]]
    assert kinds.count("private_before") == 6 and kinds.count("private_after") == 6
    assert view["progress"]["turn"] == 9 and view["progress"]["responses"] == 18

    health = api.get(f"/api/sessions/{s['id']}/health").json()
    conformity = next(f for f in health["findings"] if f["key"] == "conformity")
    assert conformity["title"] == "Conformity (private answers)"
    assert health["answerCount"] == 18  # private answers are not answers of the discussion

    md = api.get(f"/api/sessions/{s['id']}/export.md").text
    transcript, private = md.split("## Private answers")
    assert "SECRET-" not in transcript and "SECRET-" in private
    assert "#### Round" not in transcript  # turns, not rounds
    assert "| Participant | Before | After | Changed their mind |" in private
    assert "yes (+2)" in private
    csv_text = api.get(f"/api/sessions/{s['id']}/export.csv").text
    head, tail = csv_text.split("Private Answers")
    assert "SECRET-" not in head and "SECRET-" in tail
    document = json.loads(api.get(f"/api/sessions/{s['id']}/export.json").text)
    assert all(not m["kind"].startswith("private_") for m in document["messages"])
    assert len(document["privateAnswers"]) == 12
    rows = document["changedMinds"]
    assert {r["shift"] for r in rows if r["questionIndex"] == 0} == {2}  # "Stance: N" lines
    # "Would you buy it?" is purchase-style: its stances are the text's SSR points
    assert all(1 <= r["stanceAfter"] <= 5 for r in rows if r["questionIndex"] == 1)
    summary = next(x for x in api.get("/api/sessions").json() if x["id"] == s["id"])
    assert summary["messageCount"] == len(view["messages"]) - 12  # private ones not counted
    analytics = api.get(f"/api/sessions/{s['id']}/analytics").json()
    assert "SECRET-" not in json.dumps(analytics)
