"""Sessions API: create with the product's validation, read, list, edit, duplicate, delete."""

import pytest

from support.sessions_helpers import session_body, wait_idle

pytestmark = pytest.mark.timeout(60)

# Natural mode's and private answers' settings as the API states them for a session without them.
NO_NATURAL_MODE_SETTINGS = {"privateAnswers": False, "modelBids": False, "seed": None}


def test_create_returns_full_session_with_snapshots(api):
    res = api.post("/api/sessions", json=session_body())
    assert res.status_code == 201, res.text
    s = res.json()
    assert s["id"].startswith("s") and s["id"][1:14].isdigit()
    assert s["status"] == "in-progress" and s["completedAt"] is None
    assert [p["id"] for p in s["participants"]] == ["p3", "p1", "p2"]
    assert all("enriched" in p and "traits" in p for p in s["participants"])
    assert s["questions"] == ["What do you think of the pouch?", "Would you buy it?"]
    assert s["stimuli"][1]["platform"] == "youtube" and s["stimuli"][0]["id"]
    assert s["settings"] == {
        "responseLength": "brief",
        "discussionMode": "sequential",
        "autoAdvance": False,
        "moderator": "scripted",
        "participantProfiles": {},
        **NO_NATURAL_MODE_SETTINGS,
    }
    assert s["messages"] == [] and s["tokensUsed"] == 0 and s["error"] is None
    assert s["running"] is False and s["insights"] is None
    assert s["progress"] == {
        "responses": 0,
        "total": 18,
        "questionIndex": 0,
        "round": 0,
        "participantIndex": None,
        "speakingPersonaId": None,
        "turn": None,  # natural mode only
        "turnBudget": None,
    }
    assert api.get(f"/api/sessions/{s['id']}").json() == s


def test_participants_are_snapshots(api):
    s = api.post("/api/sessions", json=session_body()).json()
    persona = api.get("/api/personas/p1").json()
    update = {k: persona[k] for k in ("age", "gender", "location", "income", "traits", "interests")}
    assert api.put("/api/personas/p1", json={**update, "name": "Renamed"}).status_code == 200
    again = api.get(f"/api/sessions/{s['id']}").json()
    assert again["participants"][1]["name"] == persona["name"] != "Renamed"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"participantIds": ["p1", "p2"]}, "Please select 3-8 personas"),
        ({"participantIds": [f"p{i}" for i in range(1, 10)]}, "Please select 3-8 personas"),
        ({"name": "   "}, "Session name is required"),
        ({"questions": ["Only one?", " "]}, "Please add at least 2 questions"),
        ({"questions": [f"Q{i}?" for i in range(11)]}, "No more than 10 questions are allowed"),
        (
            {"stimuli": [{"type": "text", "title": f"T{i}", "content": "x"} for i in range(11)]},
            "Maximum 10 stimuli allowed",
        ),
        (
            {
                "stimuli": [
                    {"type": "video", "title": f"V{i}", "content": "https://youtu.be/x"}
                    for i in range(3)
                ]
            },
            "Maximum 2 videos per session",
        ),
        (
            {
                "stimuli": [
                    {"type": "audio", "title": f"A{i}", "content": "https://x.test/a.mp3"}
                    for i in range(5)
                ]
            },
            "Maximum 4 audio files per session",
        ),
        (
            {"stimuli": [{"type": "text", "title": "", "content": "body"}]},
            "Please fill in all fields",
        ),
        (
            {"stimuli": [{"type": "video", "title": "V", "content": "https://x.test/page"}]},
            "Unsupported video URL format",
        ),
        (
            {"stimuli": [{"type": "audio", "title": "A", "content": "https://x.test/a.flac"}]},
            "Unsupported audio URL format",
        ),
        (
            {"stimuli": [{"type": "url", "title": "L", "content": "javascript:alert(1)"}]},
            "Links must start with http:// or https://",
        ),
        ({"moderatorStyle": "shouty"}, "Moderator style must be formal, casual or probing"),
        (
            {"settings": {"responseLength": "epic"}},
            "Response length must be brief, moderate or detailed",
        ),
        ({"settings": {"moderator": "robot"}}, "Moderator must be scripted or ai"),
    ],
)
def test_create_validation_messages(api, change, message):
    res = api.post("/api/sessions", json=session_body(**change))
    assert res.status_code == 422, res.text
    body = res.json()
    assert message in body["errors"] and body["code"] == "validation_failed"
    assert api.get("/api/sessions").json() == []


def test_size_bounds_and_unknown_persona(api):
    res = api.post("/api/sessions", json=session_body(name="x" * 5000))
    assert res.status_code == 422
    res = api.post("/api/sessions", json=session_body(participantIds=["p1", "p2", "nope"]))
    assert res.status_code == 404 and "nope" in res.json()["error"]


def test_list_summaries_newest_first_with_sentiment_counts(api, fake_llm):
    fake_llm.set_responder(lambda body: "I love it, great idea.")
    first = api.post("/api/sessions", json=session_body(name="First")).json()
    api.post(f"/api/sessions/{first['id']}/run")
    wait_idle(api, first["id"])
    second = api.post("/api/sessions", json=session_body(name="Second")).json()
    rows = api.get("/api/sessions").json()
    assert [r["name"] for r in rows] == ["Second", "First"]
    done = rows[1]
    # The health verdict is computed in the background once a session completes.
    assert done.pop("health") in (None, "good", "fair", "poor")
    usage = done.pop("usage")  # what the fake reported for the 18 answers
    assert usage["completionTokens"] > 0 and usage["costUsd"] == 0  # test-model: no price
    assert done == {
        "id": first["id"],
        "name": "First",
        "description": "First look at the new pouch",
        "status": "completed",
        "createdAt": done["createdAt"],
        "completedAt": done["completedAt"],
        "participantCount": 3,
        "messageCount": 24,
        "sentimentCounts": {"positive": 18, "neutral": 0, "negative": 0},
        "model": {"provider": "openai", "name": "test-model"},
        "source": "simulated",
        "kind": "group",
    }
    assert rows[0]["id"] == second["id"] and rows[0]["messageCount"] == 0
    assert rows[0]["model"] is None  # not run yet


def test_patch_details_and_draft_setup(api):
    s = api.post("/api/sessions", json=session_body()).json()
    res = api.patch(f"/api/sessions/{s['id']}", json={"name": " Renamed ", "description": "d"})
    assert res.status_code == 200 and res.json()["name"] == "Renamed"
    assert api.patch(f"/api/sessions/{s['id']}", json={"name": ""}).status_code == 422
    res = api.patch(f"/api/sessions/{s['id']}", json={"questions": ["a?", "b?"]})
    assert res.status_code == 409  # not a draft
    draft = api.post(f"/api/sessions/{s['id']}/duplicate").json()
    res = api.patch(
        f"/api/sessions/{draft['id']}",
        json={"participantIds": ["p4", "p5", "p6", "p7"], "questions": ["a?", "b?"]},
    )
    assert res.status_code == 200, res.text
    assert [p["id"] for p in res.json()["participants"]] == ["p4", "p5", "p6", "p7"]
    assert res.json()["progress"]["total"] == 2 * 4 * 3


def test_duplicate_is_a_fresh_draft(api):
    s = api.post("/api/sessions", json=session_body()).json()
    api.post(f"/api/sessions/{s['id']}/run")
    wait_idle(api, s["id"])
    res = api.post(f"/api/sessions/{s['id']}/duplicate")
    assert res.status_code == 201
    copy = res.json()
    assert copy["id"] != s["id"] and copy["name"] == "Eco packaging (Copy)"
    assert copy["status"] == "draft" and copy["messages"] == [] and copy["tokensUsed"] == 0
    assert copy["createdAt"] >= s["createdAt"] and copy["completedAt"] is None
    for key in ("participants", "questions", "stimuli", "settings", "moderatorStyle"):
        assert copy[key] == s[key]
    # A draft runs: it becomes in-progress.
    assert api.post(f"/api/sessions/{copy['id']}/run").json()["status"] == "in-progress"
    assert wait_idle(api, copy["id"])["status"] == "completed"


def test_delete_removes_session_and_messages(api):
    s = api.post("/api/sessions", json=session_body()).json()
    api.post(f"/api/sessions/{s['id']}/run")
    assert api.delete(f"/api/sessions/{s['id']}").status_code == 204
    assert api.get(f"/api/sessions/{s['id']}").status_code == 404
    assert api.delete(f"/api/sessions/{s['id']}").status_code == 404
    assert api.get("/api/sessions").json() == []
    for action in ("run", "stop", "save", "end", "duplicate"):
        assert api.post(f"/api/sessions/{s['id']}/{action}").status_code == 404


def test_question_templates(api):
    templates = api.get("/api/question-templates").json()
    counts = {t["name"]: len(t["questions"]) for t in templates}
    assert counts == {
        "Product Testing": 5,
        "Ad Creative Feedback": 4,
        "Brand Perception": 5,
        "Video Ad Comparison": 5,
        "Music Preference Study": 5,
        "Video Content Analysis": 4,
        "Audio Brand Study": 4,
    }
    assert all(t["id"] and all(q.strip() for q in t["questions"]) for t in templates)


def test_create_applies_the_product_defaults_when_options_are_missing(api):
    body = {
        "name": "Minimal",
        "participantIds": ["p1", "p2", "p3"],
        "questions": ["First?", "Second?"],
    }
    res = api.post("/api/sessions", json=body)
    assert res.status_code == 201, res.text
    s = res.json()
    assert s["settings"] == {
        "responseLength": "moderate",
        "discussionMode": "sequential",
        "autoAdvance": False,
        "moderator": "scripted",
        "participantProfiles": {},
        **NO_NATURAL_MODE_SETTINGS,
    }
    assert s["moderatorStyle"] in {"formal", "casual", "probing"}


def test_ai_moderator_setting_is_kept_by_patch_and_duplicate(api):
    body = session_body()
    body["settings"] = {**body["settings"], "moderator": "ai"}
    s = api.post("/api/sessions", json=body).json()
    assert s["settings"]["moderator"] == "ai"
    assert api.get(f"/api/sessions/{s['id']}").json()["settings"]["moderator"] == "ai"
    copy = api.post(f"/api/sessions/{s['id']}/duplicate").json()
    assert copy["settings"]["moderator"] == "ai"
    res = api.patch(
        f"/api/sessions/{copy['id']}",
        json={"settings": {**copy["settings"], "moderator": "scripted"}},
    )
    assert res.status_code == 200 and res.json()["settings"]["moderator"] == "scripted"
