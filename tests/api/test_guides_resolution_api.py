"""Guides through the API, what they refer to: tags, generated personas (seeded), a pinned
model (kept when saved again), surveys, and the check that creates nothing."""

import pytest

from support.fake_openai import run_fake_openai
from support.sessions_helpers import wait_idle

pytestmark = pytest.mark.timeout(90)
QUESTIONS = ["What do you think of the pouch?", "Would you buy it?"]


def tag(api, persona_id: str, name: str) -> None:
    persona = api.get(f"/api/personas/{persona_id}").json()
    keep = ("name", "age", "gender", "location", "income", "traits", "interests")
    body = {k: persona[k] for k in keep} | {"tags": [name]}
    assert api.put(f"/api/personas/{persona_id}", json=body).status_code == 200


def test_tags_and_generated_personas(api):
    tag(api, "p4", "Parents")
    tag(api, "p5", "parents")
    before = {p["id"] for p in api.get("/api/personas").json()}
    guide = {
        "kind": "focus-group",
        "name": "Tagged",
        "participants": {
            "ids": ["p1", "p4"],
            "tags": ["parents"],
            "generate": {"description": "Young parents in Leeds who cook at home", "count": 2},
        },
        "questions": QUESTIONS,
        "seed": 11,
    }
    res = api.post("/api/guides/sessions", json=guide, params={"start": "false"})
    assert res.status_code == 201, res.text
    ids = [p["id"] for p in res.json()["participants"]]
    # The ids, then the tagged ones not already in (p4 once), then the generated two.
    assert ids[:3] == ["p1", "p4", "p5"] and len(ids) == 5
    assert set(ids[3:]).isdisjoint(before)
    generated = [api.get(f"/api/personas/{i}").json() for i in ids[3:]]
    assert all(p["generatedFrom"] == "Young parents in Leeds who cook at home" for p in generated)


def test_the_check_creates_nothing_and_counts_everyone(api):
    guide = {
        "kind": "focus-group",
        "name": "Too few",
        "participants": {"ids": ["p1"], "generate": {"description": "short", "count": 1}},
        "questions": QUESTIONS,
    }
    res = api.post("/api/guides/check", json=guide)
    assert res.status_code == 422
    assert res.json()["errors"] == [
        "participants.generate.description: Input is too short. Please provide more details."
    ]
    guide["participants"]["generate"]["description"] = "Retired teachers who garden"
    res = api.post("/api/guides/check", json=guide)
    assert res.json()["errors"] == ["participants: Please select 3-8 personas"]
    assert res.json()["problems"] == [
        {"field": "participants", "message": "Please select 3-8 personas", "line": None}
    ]
    guide["participants"]["generate"]["count"] = 2
    assert api.post("/api/guides/check", json=guide).json() == {"kind": "focus-group"}
    files = dict(guide, stimuli=[{"type": "image", "title": "Pack", "file": "pack.png"}])
    assert api.post("/api/guides/check", json=files).status_code == 422
    ok = api.post("/api/guides/check", json=files, params={"clientFiles": "true"})
    assert ok.status_code == 200, ok.text
    assert api.get("/api/sessions").json() == []
    assert len(api.get("/api/personas").json()) == 10


def test_a_pinned_model_runs_the_session_and_is_saved_with_it(api, fake_llm):
    with run_fake_openai(model="other-model") as other:
        guide = {
            "kind": "focus-group",
            "name": "Pinned",
            "participants": {"ids": ["p1", "p2", "p3"]},
            "questions": QUESTIONS,
            "settings": {"responseLength": "brief"},
            "model": {"provider": "openai", "name": "other-model", "baseUrl": other.base_url},
        }
        sid = api.post("/api/guides/sessions", json=guide).json()["id"]
        view = wait_idle(api, sid)
        assert view["status"] == "completed", view["error"]
        assert view["model"] == {"provider": "openai", "name": "other-model"}
        assert other.requests and not fake_llm.requests
    saved = api.get(f"/api/sessions/{sid}/guide").json()
    assert saved["guide"]["model"] == {
        "provider": "openai",
        "name": "other-model",
        "baseUrl": other.base_url,
    }
    assert "apiKey" not in saved["yaml"] and "test" not in saved["json"].lower().split('"')
    bad = dict(guide, model={"provider": "openai", "baseUrl": "ftp://x"})
    res = api.post("/api/guides/sessions", json=bad)
    assert res.json()["errors"] == ["model: Base URL must be an http:// or https:// address"]


def test_survey_from_a_guide_and_back(api):
    guide = {
        "kind": "survey",
        "name": "Kettles",
        "concepts": [{"type": "text", "title": "Solar kettle", "text": "Powered by the sun."}],
        "questions": [
            {"text": "How likely would you be to buy it?"},
            {"text": "Do you like it?", "scale": {"anchors": ["Not at all", "Somewhat", "A lot"]}},
        ],
        "respondents": {"ids": ["p1", "p2"]},
        "samples": 1,
    }
    res = api.post("/api/guides/surveys", json=guide, params={"start": "false"})
    assert res.status_code == 201, res.text
    survey = res.json()
    assert survey["status"] == "draft" and survey["respondentCount"] == 2
    saved = api.get(f"/api/surveys/{survey['id']}/guide").json()["guide"]
    assert saved["questions"] == [
        {"text": "How likely would you be to buy it?", "scale": "purchase_intent"},
        {
            "text": "Do you like it?",
            "scale": {"label": None, "anchors": ["Not at all", "Somewhat", "A lot"]},
        },
    ]
    again = api.post("/api/guides/surveys", json=saved, params={"start": "false"}).json()
    for key in ("concepts", "questions", "samples", "askDirect"):
        assert again[key] == survey[key], key
    assert [r["id"] for r in again["respondents"]] == ["p1", "p2"]
    too_many = dict(guide, concepts=guide["concepts"] * 7)
    res = api.post("/api/guides/surveys", json=too_many)
    assert res.json()["errors"] == ["concepts: A survey needs 1-6 concepts"]
