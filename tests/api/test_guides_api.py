"""Guides through the API: create and run from a guide, save as guide, the round trip
(same plan), start from a guide, and bad guides (line and field named, nothing created)."""

import pytest

from colloquy.engine.plan import slots
from support.sessions_helpers import session_body, wait_idle

pytestmark = pytest.mark.timeout(60)

GUIDE = {
    "kind": "focus-group",
    "name": "Eco packaging",
    "description": "First look at the new pouch",
    "participants": {"ids": ["p3", "p1", "p2"]},
    "moderator": {"style": "probing", "kind": "scripted"},
    "stimuli": [
        {"type": "text", "title": "Claim", "text": "Fully compostable in 90 days."},
        {"type": "video", "title": "Spot", "url": "https://youtu.be/abc123"},
    ],
    "questions": ["What do you think of the pouch?", "Would you buy it?"],
    "settings": {"responseLength": "brief", "discussionMode": "sequential"},
}


def plan_of(view: dict) -> dict:
    """What a run will do: who, what is shown and asked, how, and every slot in order."""
    settings = view["settings"]
    return {
        "participants": [p["id"] for p in view["participants"]],
        "moderatorStyle": view["moderatorStyle"],
        "stimuli": [(s["type"], s["title"], s["content"]) for s in view["stimuli"]],
        "questions": view["questions"],
        "settings": settings,
        "slots": [
            s.key
            for s in slots(len(view["questions"]), len(view["participants"]), settings["moderator"])
        ],
    }


def test_run_from_guide_and_round_trip(api):
    res = api.post("/api/guides/sessions", json=GUIDE)
    assert res.status_code == 201, res.text
    first = wait_idle(api, res.json()["id"])
    assert first["status"] == "completed"
    assert [p["id"] for p in first["participants"]] == ["p3", "p1", "p2"]
    saved = api.get(f"/api/sessions/{first['id']}/guide").json()
    assert saved["guide"]["participants"] == {"ids": ["p3", "p1", "p2"]}
    assert saved["filename"] == "eco-packaging.guide.yaml"
    again = api.post("/api/guides/read", json={"text": saved["yaml"]})
    assert again.status_code == 200, again.text
    second = api.post("/api/guides/sessions", json=saved["guide"], params={"start": "false"})
    assert second.status_code == 201, second.text
    assert plan_of(second.json()) == plan_of(first)
    assert len(plan_of(first)["slots"]) == 2 * (1 + 3 * 3 + 2)  # question, 3x3 answers, 2 rounds


def test_save_as_guide_from_the_create_form(api):
    res = api.post("/api/guides/from-setup", json=session_body())
    assert res.status_code == 200, res.text
    guide = res.json()["guide"]
    assert guide["questions"] == ["What do you think of the pouch?", "Would you buy it?"]
    assert guide["stimuli"][0] == {
        "type": "text",
        "title": "Claim",
        "text": "Fully compostable in 90 days.",
    }
    assert guide["stimuli"][1] == {
        "type": "video",
        "title": "Spot",
        "url": "https://youtu.be/abc123",
    }
    assert "kind: focus-group" in res.json()["yaml"]


BAD_YAML = """kind: focus-group
name: Broken
participants:
  ids: [p1, nobody]
  tags: [no-such-tag]
questions:
  - One?
  - Two?
settings:
  discussionMode: shouting
  colour: blue
"""


def test_bad_guide_names_line_and_field_and_creates_nothing(api):
    before = len(api.get("/api/sessions").json())
    res = api.post("/api/guides/read", json={"text": BAD_YAML})
    assert res.status_code == 422
    assert res.json()["errors"] == ["line 11: settings.colour: Unknown key"]
    fixed = BAD_YAML.replace("  colour: blue\n", "")
    res = api.post("/api/guides/read", json={"text": fixed})
    assert res.json()["errors"] == [
        "line 4: participants.ids[1]: No persona with id nobody",
        "line 5: participants.tags[0]: No persona has the tag no-such-tag",
    ]
    guide = dict(GUIDE, settings={"discussionMode": "shouting"})
    res = api.post("/api/guides/sessions", json=guide)
    assert res.status_code == 422
    assert res.json()["errors"] == [
        "settings.discussionMode: Discussion mode must be sequential, parallel or natural"
    ]
    files = dict(GUIDE, stimuli=[{"type": "image", "title": "Pack", "file": "pack.png"}])
    res = api.post("/api/guides/sessions", json=files)
    assert res.status_code == 422 and res.json()["errors"][0].startswith("stimuli[0].file: ")
    assert len(api.get("/api/sessions").json()) == before


def test_schema_is_published(api):
    schema = api.get("/api/schemas/guide.json").json()
    assert {"FocusGroupGuide", "SurveyGuide"} <= set(schema["$defs"])
    assert schema["$defs"]["FocusGroupGuide"]["additionalProperties"] is False


def test_a_guide_names_a_model_profile(api, fake_llm):
    created = api.post(
        "/api/model-profiles",
        json={"name": "Fast", "provider": "openai", "baseUrl": fake_llm.base_url, "model": "m"},
    )
    assert created.status_code == 201, created.text
    guide = {**GUIDE, "model": {"profile": "fast"}}  # by name, any case
    res = api.post("/api/guides/sessions", json=guide)
    assert res.status_code == 201, res.text
    done = wait_idle(api, res.json()["id"])
    assert done["status"] == "completed"
    answers = [m for m in done["messages"] if m["speaker"] != "Moderator"]
    assert answers and {m.get("profileName") for m in answers} == {"Fast"}
    saved = api.get(f"/api/sessions/{done['id']}/guide").json()
    assert saved["guide"]["model"] == {"profile": "Fast"}

    unknown = api.post("/api/guides/sessions", json={**GUIDE, "model": {"profile": "Slow"}})
    assert unknown.status_code == 422
    assert "No model profile is named 'Slow'" in unknown.text
