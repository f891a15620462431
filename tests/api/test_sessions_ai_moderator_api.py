"""An AI-moderated session through the API (docs/moderator.md): run, then the transcript, the
exports and the analytics handle the moderator's probes and summaries."""

import csv
import io

import pytest

from support.fake_openai import default_responder
from support.sessions_helpers import app_client, fake_model, session_body, wait_idle

pytestmark = pytest.mark.timeout(90)
MODERATOR_SYSTEM = "You are the moderator of a market research focus group."


def moderator_replies(body):
    system = next(m["content"] for m in body["messages"] if m["role"] == "system")
    if not system.startswith(MODERATOR_SYSTEM):
        return default_responder(body)
    user = body["messages"][-1]["content"]
    if "Sum up this question" in user:
        return "The group liked the pouch. Price was the worry."
    return "Emily, you were unsure about the price: what would change your mind?"


@pytest.fixture
def fake_llm():
    with fake_model() as fake:
        fake.set_responder(moderator_replies)
        yield fake


@pytest.fixture
def api(settings, fake_llm):
    with app_client(settings, fake_llm) as client:
        yield client


def test_ai_session_transcript_exports_and_analytics(api, fake_llm):
    body = session_body()
    body["settings"] = {**body["settings"], "moderator": "ai"}
    sid = api.post("/api/sessions", json=body).json()["id"]
    assert api.post(f"/api/sessions/{sid}/run").status_code == 200
    view = wait_idle(api, sid, timeout=60)
    assert view["status"] == "completed" and view["error"] is None
    kinds = [m["kind"] for m in view["messages"]]
    assert kinds.count("probe") == 4 and kinds.count("summary") == 2
    assert view["progress"]["responses"] == view["progress"]["total"] == 18
    names = [p["name"] for p in view["participants"]]
    emily = next(i for i, n in enumerate(names) if n.startswith("Emily"))
    round2 = [m for m in view["messages"] if m["kind"] == "response" and m["round"] == 1]
    assert round2[0]["participantIndex"] == emily  # addressed: answers first
    assert all(m["note"] is None for m in view["messages"])

    md = api.get(f"/api/sessions/{sid}/export.md").text
    assert "- **Moderator** (follow-up, " in md and "Emily, you were unsure" in md
    assert "- **Moderator** (summary, " in md and "The group liked the pouch." in md

    rows = list(csv.reader(io.StringIO(api.get(f"/api/sessions/{sid}/export.csv").text)))
    assert ["Total Responses", "18"] in rows
    assert any(
        r[:2] == ["Moderator", "The group liked the pouch. Price was the worry."] for r in rows
    )

    exported = api.get(f"/api/sessions/{sid}/export.json").json()
    assert {m["kind"] for m in exported["messages"]} >= {"probe", "summary"}

    analytics = api.get(f"/api/sessions/{sid}/analytics").json()
    assert sum(p["responses"] for p in analytics["participation"]) == 18
    assert all(p.get("speaker", p.get("name")) != "Moderator" for p in analytics["participation"])
