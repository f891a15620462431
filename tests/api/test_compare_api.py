"""GET /api/sessions/compare (SQLite and PostgreSQL)."""

from api.test_results_helpers import seed_session

INSIGHTS = {
    "summary": "Good.",
    "overallSentiment": "positive",
    "sentimentBreakdown": {"positive": 60, "neutral": 20, "negative": 20},
    "keyThemes": [{"theme": "Paper", "description": "Liked", "frequency": 3}],
    "recommendations": [],
}


def test_compare_two_sessions_side_by_side(client):
    a = seed_session(client, "s-a", name="Concept A", insights=INSIGHTS)
    b = seed_session(client, "s-b", name="Concept B")
    res = client.get(f"/api/sessions/compare?ids={b},{a}")
    assert res.status_code == 200
    cols = res.json()["sessions"]
    assert [c["name"] for c in cols] == ["Concept B", "Concept A"]
    first = cols[1]
    assert first["participantCount"] == 3 and first["responseCount"] == 5
    assert first["sentimentByQuestion"][0] == {
        "questionIndex": 0,
        "question": "What do you think of the packaging?",
        "count": 5,
        "average": 0.4,
        "positive": 60,
        "neutral": 20,
        "negative": 20,
    }
    assert first["sentimentByQuestion"][1]["count"] == 0  # asked, not answered
    assert [p["responses"] for p in first["participation"]] == [2, 2, 1]
    assert first["topWords"][0] == {"text": "paper", "count": 4}
    assert first["themes"] == [{"theme": "Paper", "frequency": 3}]
    assert cols[0]["themes"] is None and cols[0]["overallSentiment"] is None
    assert first["model"].startswith("test-model via openai")
    # Each column carries its health verdict and warnings (computed on demand).
    assert first["health"]["overall"] in {"good", "fair", "poor"}
    assert any("too few" in w for w in first["health"]["warnings"])


def test_compare_refuses_bad_selections(client):
    seed_session(client, "s-a")
    seed_session(client, "s-run", status="in-progress", name="Running one")
    cases = {
        "": "Select 2 to 4 sessions to compare",
        "?ids=s-a": "Select 2 to 4 sessions to compare",
        "?ids=s-a,s-a": "Each session can be compared only once",
        "?ids=a,b,c,d,e": "Select 2 to 4 sessions to compare",
    }
    for query, message in cases.items():
        res = client.get(f"/api/sessions/compare{query}")
        assert res.status_code == 422 and message in res.json()["errors"], query
    res = client.get("/api/sessions/compare?ids=s-a,nope")
    assert res.status_code == 404 and res.json()["error"] == "Session not found: nope"
    res = client.get("/api/sessions/compare?ids=s-a,s-run")
    assert res.status_code == 422
    assert res.json()["errors"] == [
        "Only completed sessions can be compared: 'Running one' is in-progress"
    ]
