"""POST /api/sessions/{id}/insights against an OpenAI-compatible server on loopback."""

from __future__ import annotations

import pytest

from api.test_results_helpers import seed_session, stored_insights
from colloquy.domain.results.insights import CHUNK_TOKEN_BUDGET, INSIGHTS_SCHEMA
from colloquy.domain.sessions.tokens import estimate_tokens
from support.fake_openai import FakeError, FakeReply

INSIGHTS = {
    "summary": "Participants like the recycled paper but worry about shipping.",
    "keyThemes": [
        {"theme": "Recycled paper", "description": "Seen as honest and sturdy", "frequency": 4},
        {"theme": "Shipping", "description": "Fear of damage in transit", "frequency": 2},
    ],
    "recommendations": [
        {"priority": "high", "title": "Prove durability", "description": "Publish drop tests"},
    ],
    # Never trusted: the figures come from the stored messages.
    "overallSentiment": "negative",
    "sentimentBreakdown": {"positive": 0, "neutral": 0, "negative": 100},
}


def structured(body: dict) -> bool:
    return (body.get("response_format") or {}).get("type") == "json_schema"


def responder_for(insights: dict, notes: str = "Notes: paper liked, shipping doubts."):
    return lambda body: insights if structured(body) else notes


pytestmark = pytest.mark.fake_llm(responder=responder_for(INSIGHTS))


def user_text(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")


def test_text_from_model_sentiment_from_transcript(api, fake_llm):
    sid = seed_session(api)
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["summary"] == INSIGHTS["summary"]
    assert body["keyThemes"] == INSIGHTS["keyThemes"]
    assert body["recommendations"] == INSIGHTS["recommendations"]
    # 3 positive, 1 negative, 1 neutral in the transcript; average 0.4 > 0.3.
    assert body["sentimentBreakdown"] == {"positive": 60, "neutral": 20, "negative": 20}
    assert body["overallSentiment"] == "positive"
    assert body["model"] == "test-model" and body["generatedAt"]
    assert stored_insights(api, sid) == body
    # One structured call carrying the schema, the session name and the transcript.
    assert len(fake_llm.requests) == 1
    request = fake_llm.requests[0]
    assert request["response_format"]["json_schema"]["schema"] == INSIGHTS_SCHEMA
    assert "Packaging study" in user_text(request)
    assert "Ben Okafor: The packaging feels flimsy" in user_text(request)


def test_regenerate_replaces_stored_insights(api, fake_llm):
    sid = seed_session(api)
    first = api.post(f"/api/sessions/{sid}/insights").json()
    fake_llm.set_responder(responder_for({**INSIGHTS, "summary": "A second opinion."}))
    second = api.post(f"/api/sessions/{sid}/insights").json()
    assert second["summary"] == "A second opinion."
    assert second["generatedAt"] >= first["generatedAt"]
    assert stored_insights(api, sid)["summary"] == "A second opinion."
    csv_text = api.get(f"/api/sessions/{sid}/export.csv").text
    assert "A second opinion." in csv_text and INSIGHTS["summary"] not in csv_text


def test_malformed_reply_is_retried_once(api, fake_llm):
    sid = seed_session(api)
    fake_llm.set_responder(["Sure! Here are the insights: {summary: oops", INSIGHTS])
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 200, res.text
    assert len(fake_llm.requests) == 2
    assert "not valid JSON" in user_text(fake_llm.requests[1])


def test_reply_cut_at_max_tokens_gets_more_room(api, fake_llm):
    sid = seed_session(api)
    fake_llm.set_responder(
        [FakeReply('{"summary": "Participants li', finish_reason="length"), INSIGHTS]
    )
    assert api.post(f"/api/sessions/{sid}/insights").status_code == 200
    first, second = fake_llm.requests
    assert second["max_tokens"] == 2 * first["max_tokens"]


CUT_WITH_A_THEME = (
    '{"summary": "Paper liked; shipping doubted.", "keyThemes": [{"theme": "Paper", '
    '"description": "Seen as sturdy", "frequency": 3}, {"theme": "Shipp'
)


def test_a_reply_cut_twice_keeps_the_first_closed_document(api, fake_llm):
    """A small server's context runs out before the document ends: what the model wrote is
    closed (the theme the cut left unfinished is dropped: no description, no frequency) and
    used after one more try; the retry carries the prompt alone, since the cut text would
    only take more room."""
    sid = seed_session(api)
    fake_llm.set_responder(
        [
            FakeReply(CUT_WITH_A_THEME, finish_reason="length"),
            FakeReply('{"summary": "Other', finish_reason="length"),
        ]
    )
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["summary"] == "Paper liked; shipping doubted."
    assert body["keyThemes"] == [
        {"theme": "Paper", "description": "Seen as sturdy", "frequency": 3}
    ]
    assert body["recommendations"] == []
    first, second = fake_llm.requests
    assert second["max_tokens"] == 2 * first["max_tokens"]
    assert second["messages"] == first["messages"]


def test_a_cut_reply_with_nothing_readable_is_asked_again_without_it(api, fake_llm):
    sid = seed_session(api)
    fake_llm.set_responder([FakeReply("{", finish_reason="length"), INSIGHTS])
    assert api.post(f"/api/sessions/{sid}/insights").json()["summary"] == INSIGHTS["summary"]
    first, second = fake_llm.requests
    assert second["messages"] == first["messages"]
    assert second["max_tokens"] == 2 * first["max_tokens"]


def test_three_malformed_replies_fail_cleanly(api, fake_llm):
    sid = seed_session(api)
    fake_llm.set_responder(lambda body: {"summary": "", "keyThemes": []})
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 502
    assert res.json()["error"] == "Failed to generate insights"
    assert len(fake_llm.requests) == 3
    assert stored_insights(api, sid) is None


def test_repairs_priorities_frequencies_and_empty_items(api, fake_llm):
    sid = seed_session(api)
    fake_llm.set_responder(
        responder_for(
            {
                "insights": {
                    "summary": "  Mixed.  ",
                    "keyThemes": [
                        {"theme": "Price", "description": "d", "frequency": "about 3 mentions"},
                        {"theme": "", "description": "no name", "frequency": 2},
                        {"theme": "Everything", "description": "x", "frequency": 99},
                        "Shipping",
                    ],
                    "recommendations": [
                        {"priority": "Critical", "title": "Fix it", "description": "d"},
                        {"priority": "someday", "title": "Later", "description": "d"},
                        {"priority": "low", "title": " ", "description": "untitled"},
                    ],
                }
            }
        )
    )
    body = api.post(f"/api/sessions/{sid}/insights").json()
    assert body["summary"] == "Mixed."
    assert [(t["theme"], t["frequency"]) for t in body["keyThemes"]] == [
        ("Price", 3),
        ("Everything", 5),
        ("Shipping", 1),
    ]  # capped at the 5 responses
    assert [(r["priority"], r["title"]) for r in body["recommendations"]] == [
        ("high", "Fix it"),
        ("medium", "Later"),
    ]


def test_empty_session_has_no_data_to_analyze(api, fake_llm):
    sid = seed_session(api, transcript=[(None, "Hello?", 0, 0, None)], status="in-progress")
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 422
    assert res.json()["error"] == "No data to analyze"
    assert res.json()["errors"] == ["This session has no messages to analyze."]
    assert fake_llm.requests == []


def test_unknown_session_is_404(api, fake_llm):
    res = api.post("/api/sessions/nope/insights")
    assert res.status_code == 404 and res.json()["error"] == "Session not found"


@pytest.mark.parametrize("status, expected", [(402, 402), (429, 429), (500, 502)])
def test_model_errors_keep_their_status(api, fake_llm, status, expected):
    sid = seed_session(api)
    fake_llm.set_responder(lambda body: FakeError(status, "upstream says no"))
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == expected
    assert res.json()["code"] == "model_error"
    if status in (402, 429):
        assert str(status) in res.json()["error"]  # the UI picks its hint from the text
    assert stored_insights(api, sid) is None


def test_long_transcript_is_summarised_in_chunks(api, fake_llm):
    answer = " ".join(["The recycled paper pouch feels sturdy and honest"] * 30)  # ~400 tokens
    turns = [(None, "What do you think of the packaging?", 0, 0, None)]
    for r in range(3):
        if r:
            turns.append((None, f"[Round {r + 1}] Please respond.", 0, r, None))
        turns += [(i, f"{answer} (answer {r}-{i})", 0, r, "positive") for i in range(3)]
    turns.append((None, "Would you buy it?", 1, 0, None))
    turns += [(i, f"{answer} (q2 answer {i})", 1, 0, "neutral") for i in range(3)]
    sid = seed_session(api, transcript=turns)
    res = api.post(f"/api/sessions/{sid}/insights")
    assert res.status_code == 200, res.text
    notes = [b for b in fake_llm.requests if not structured(b)]
    final = [b for b in fake_llm.requests if structured(b)]
    assert len(notes) >= 2 and len(final) == 1
    for body in notes:  # every chunk fits the budget (plus the prompt's own lines)
        assert estimate_tokens(user_text(body)) <= CHUNK_TOKEN_BUDGET + 100
    seen = "\n".join(user_text(b) for b in notes)
    assert all(f"(answer {r}-{i})" in seen for r in range(3) for i in range(3))
    assert "(q2 answer 2)" in seen
    assert "Notes on part 1" in user_text(final[0])
    assert "(answer 0-0)" not in user_text(final[0])
    body = res.json()
    assert body["sentimentBreakdown"] == {"positive": 75, "neutral": 25, "negative": 0}
    assert body["summary"] == INSIGHTS["summary"]
