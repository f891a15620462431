"""The demo: its script for the player, and the stored session 'demo' with its results."""

from datetime import datetime

from api.test_results_helpers import stored_messages
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.sentiment import sentiment_of


def test_demo_script_for_the_player(client):
    res = client.get("/api/demo-script")
    assert res.status_code == 200
    body = res.json()
    assert body["sessionId"] == "demo"
    assert body["stimulus"]["type"] == "image"
    assert body["stimulus"]["content"] == "/demo/eco-packaging.svg"
    assert len(body["participants"]) == 5
    assert all(p["enriched"]["values"] for p in body["participants"])
    assert len(body["script"]) == len(body["questions"])
    for turn in body["script"]:
        assert [r["personaId"] for r in turn["responses"]] == [
            p["id"] for p in body["participants"]
        ]
        assert all(r["sentiment"] == sentiment_of(r["content"]) for r in turn["responses"])
    assert body["timing"] == {
        "afterModeratorMs": 1000,
        "typingMs": 1500,
        "betweenQuestionsMs": 2000,
        "completionDelayMs": 1000,
        "speeds": [1, 1.5, 2],
    }


def test_complete_stores_the_demo_session(client):
    res = client.post("/api/sessions/demo/complete")
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["id"] == "demo" and body["status"] == "completed"
    assert body["messageCount"] == 24
    rows = stored_messages(client, "demo")
    replies = [m for m in rows if m.speaker != "Moderator"]
    assert len(replies) == 20 and len(rows) - len(replies) == 4
    assert all(
        m.sentiment is None and m.kind == "question" for m in rows if m.speaker == "Moderator"
    )
    assert all(m.sentiment == sentiment_of(m.content) for m in replies)
    assert body["tokensUsed"] == sum(estimate_tokens(m.content) for m in replies)
    times = [m.timestamp for m in rows]
    assert times == sorted(times) and len(set(times)) == len(times)
    created = datetime.fromisoformat(body["createdAt"])
    completed = datetime.fromisoformat(body["completedAt"])
    assert (completed - created).total_seconds() == 40  # 4 x (1 + 5 x 1.5) + 3 x 2 s

    analytics = client.get("/api/sessions/demo/analytics").json()
    assert analytics["responseCount"] == 20 and analytics["durationMinutes"] == 1
    assert {q["sentiment"] for q in analytics["quotes"]} >= {"neutral", "negative"}
    assert [p["responses"] for p in analytics["participation"]] == [4] * 5
    assert analytics["diversity"]["overallScore"] > 0
    assert all(v > 0 for v in analytics["sentimentBreakdown"].values())

    view = client.get("/api/sessions/demo")  # the results screen reads the session
    assert view.status_code == 200 and view.json()["status"] == "completed"


def test_complete_again_replaces_the_run(client):
    client.post("/api/sessions/demo/complete")
    body = client.post("/api/sessions/demo/complete", json={"speed": 2}).json()
    assert body["messageCount"] == 24
    assert len(stored_messages(client, "demo")) == 24
    created = datetime.fromisoformat(body["createdAt"])
    completed = datetime.fromisoformat(body["completedAt"])
    assert (completed - created).total_seconds() == 20  # waits divided by the speed
    csv_rows = client.get("/api/sessions/demo/export.csv").text
    assert "Maya Green" in csv_rows
