"""GET /api/sessions/{id}/analytics on a hand-built session, checked against the product's
formulas computed here independently (SQLite and PostgreSQL)."""

import statistics

import pytest

from api.test_results_helpers import PARTICIPANTS, seed_session

TRAITS = ("openness", "conscientiousness", "extraversion", "agreeableness", "neuroticism")


def test_unknown_session_is_404(client):
    res = client.get("/api/sessions/nope/analytics")
    assert res.status_code == 404
    assert res.json()["error"] == "Session not found"


def test_word_cloud_top_terms_and_sizes(client):
    sid = seed_session(client)
    words = {w["text"]: w for w in client.get(f"/api/sessions/{sid}/analytics").json()["wordCloud"]}
    # 4+ letters, moderator questions excluded: 'paper' x4 is the most frequent.
    assert words["paper"] == {"text": "paper", "count": 4, "size": 32}
    assert words["packaging"]["count"] == 3
    assert words["packaging"]["size"] == round(12 + (3 - 1) / (4 - 1) * 20)
    assert words["great"]["count"] == 2 and words["great"]["size"] == 19
    assert min(w["size"] for w in words.values()) == 12
    assert all(len(w) >= 4 for w in words) and "the" not in words and "ben" not in words
    assert len(words) <= 30


def test_quotes_sentiment_and_participation(client):
    sid = seed_session(client)
    body = client.get(f"/api/sessions/{sid}/analytics").json()
    assert [q["speaker"] for q in body["quotes"]] == ["Ana Lopez", "Ben Okafor", "Cleo Park"]
    ana = body["quotes"][0]
    assert ana["content"].startswith("I love this packaging") and ana["personaId"] == "pa"
    assert ana["sentiment"] == "positive"
    assert body["participation"] == [
        {"personaId": "pa", "name": "Ana Lopez", "responses": 2},
        {"personaId": "pb", "name": "Ben Okafor", "responses": 2},
        {"personaId": "pc", "name": "Cleo Park", "responses": 1},
    ]
    # 3 positive, 1 negative, 1 neutral: average (3 - 1) / 5.
    assert body["averageSentiment"] == pytest.approx(0.4)
    assert body["sentimentBreakdown"] == {"positive": 60, "neutral": 20, "negative": 20}
    assert body["sentimentByQuestionRound"] == [
        {
            "questionIndex": 0,
            "round": 0,
            "count": 3,
            "positive": 34,
            "neutral": 33,
            "negative": 33,
            "average": 0.0,
        },
        {
            "questionIndex": 0,
            "round": 1,
            "count": 2,
            "positive": 100,
            "neutral": 0,
            "negative": 0,
            "average": 1.0,
        },
    ]
    assert body["messageCount"] == 7 and body["responseCount"] == 5
    assert body["durationMinutes"] == 12


def test_diversity_matches_the_product_formula(client):
    sid = seed_session(client)
    d = client.get(f"/api/sessions/{sid}/analytics").json()["diversity"]
    per_trait = {
        t: min(100.0, statistics.pstdev([p["traits"][t] for p in PARTICIPANTS]) / 40 * 100)
        for t in TRAITS
    }
    # age range 30/60, 3 genders/3, 3 locations/3 participants, 3 incomes/5; 25 points each
    demographic = 25 * (30 / 60) + 25 + 25 + 25 * (3 / 5)
    expected = int(0.7 * statistics.mean(per_trait.values()) + 0.3 * demographic + 0.5)
    assert d["overallScore"] == expected == 52
    assert d["label"] == "Moderate"
    assert d["traitDiversity"] == {t: int(v + 0.5) for t, v in per_trait.items()}
    assert d["demographicDiversity"] == {
        "ageRange": 30,
        "genderCount": 3,
        "locationCount": 3,
        "incomeRange": 3,
    }
    assert "Low extraversion diversity (0%)" in d["warnings"]


def test_trait_patterns_high_above_70_low_below_30(client):
    sid = seed_session(client)
    patterns = client.get(f"/api/sessions/{sid}/analytics").json()["traitPatterns"]
    assert patterns == {
        "openness": {"high": ["Ana Lopez"], "low": ["Ben Okafor"]},
        "conscientiousness": {"high": ["Ben Okafor"], "low": ["Ana Lopez"]},
        "extraversion": {"high": [], "low": []},
        "agreeableness": {"high": ["Ben Okafor"], "low": []},
        "neuroticism": {"high": [], "low": ["Ben Okafor"]},
    }


def test_session_without_messages(client):
    sid = seed_session(client, transcript=[], status="in-progress")
    body = client.get(f"/api/sessions/{sid}/analytics").json()
    assert body["wordCloud"] == [] and body["quotes"] == []
    assert body["sentimentBreakdown"] == {"positive": 0, "neutral": 0, "negative": 0}
    assert body["averageSentiment"] == 0 and body["durationMinutes"] == 0
    assert [p["responses"] for p in body["participation"]] == [0, 0, 0]
