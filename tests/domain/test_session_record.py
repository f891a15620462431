"""The tolerant readers of stored session values (domain/session_record.py)."""

from datetime import UTC, datetime

from colloquy.domain.interviews.takeover import RESEARCHER
from colloquy.domain.sessions import record as rec
from colloquy.domain.sessions.insights_record import insights_record
from colloquy.domain.sessions.moderation import MODERATORS, PROBE, SUMMARY
from colloquy.domain.sessions.private_answers import PRIVATE_KINDS
from colloquy.engine import plan

T0 = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)


def test_value_sets_agree_with_the_engine():
    assert set(rec.DISCUSSION_MODES) == {plan.SEQUENTIAL, plan.PARALLEL, plan.NATURAL}
    assert rec.MODERATOR_KINDS == MODERATORS
    assert set(rec.MESSAGE_KINDS) == {
        plan.QUESTION,
        plan.ROUND,
        plan.ANSWER,
        PROBE,
        SUMMARY,
        RESEARCHER,  # an interview's typed question (take over)
        *PRIVATE_KINDS,
    }


def test_current_values_are_kept_as_stored():
    settings = {
        "responseLength": "brief",
        "discussionMode": "parallel",
        "autoAdvance": True,
        "moderator": "ai",
        "participantProfiles": {"p1": "mp1"},
    }
    assert rec.session_settings(settings) == settings
    stored = {
        "summary": "S",
        "overallSentiment": "positive",
        "sentimentBreakdown": {"positive": 60, "neutral": 20, "negative": 20},
        "keyThemes": [{"theme": "A", "description": "B", "frequency": 3}],
        "recommendations": [{"priority": "high", "title": "T", "description": "D"}],
        "generatedAt": "2024-05-01T11:00:00Z",
        "model": "m",
    }
    assert insights_record(stored, T0) == stored
    assert list(insights_record(dict(reversed(stored.items())), T0)) == list(reversed(stored))
    for status in ("draft", "in-progress", "completed"):
        assert rec.session_status(status) == status
    stimulus = {"id": "x", "type": "video", "title": "t", "content": "c", "platform": "youtube"}
    assert rec.stimuli([stimulus]) == [stimulus]


def test_odd_values_get_defaults():
    assert rec.session_status("COMPLETE") == "completed"
    assert rec.session_status(None) == "in-progress"
    assert rec.session_status("weird", completed_at=T0) == "completed"
    assert rec.moderator_style("friendly") == "formal"
    assert rec.session_settings(None)["responseLength"] == "moderate"
    assert rec.session_settings(None)["participantProfiles"] == {}
    odd_map = {"participantProfiles": {"p1": "mp1", "p2": 7, "p3": "", 4: "mp2"}}
    assert rec.session_settings(odd_map)["participantProfiles"] == {"p1": "mp1"}
    assert rec.session_settings({"participantProfiles": ["mp1"]})["participantProfiles"] == {}
    assert insights_record("text", T0) is None
    odd = insights_record(
        {"generatedAt": "yesterday", "sentimentBreakdown": {"positive": 33.5}}, T0
    )
    assert odd is not None
    assert odd["generatedAt"] == T0 and odd["sentimentBreakdown"]["positive"] == 34
    assert insights_record({"generatedAt": 1714557600000}, T0)["generatedAt"] == datetime(
        2024, 5, 1, 10, 0, tzinfo=UTC
    )
    assert rec.error_record("boom") == {"status": None, "message": "boom"}
    assert rec.error_record({"status": "503", "message": "x"}) == {"status": 503, "message": "x"}
    assert rec.error_record(None) is None
    assert rec.questions(["a", None, 3, {"x": 1}]) == ["a", "3"]
    assert rec.message_kind("answer", 0) == "response"
    assert rec.message_kind("note", None) == "question"


def test_participant_keeps_known_fields_in_stored_order():
    stored = {
        "traits": {"openness": 70},
        "name": "Ana",
        "id": "p1",
        "age": 30.0,
        "secret": "dropped",
        "createdAt": "2024-01-01T00:00:00",
    }
    (p,) = rec.participants([stored, 7])
    assert list(p)[:3] == ["traits", "name", "id"]
    assert p["age"] == 30 and p["traits"]["openness"] == 70 and p["traits"]["neuroticism"] == 50
    assert p["createdAt"] == "2024-01-01T00:00:00" and "secret" not in p
    assert p["enriched"] == {} and p["tags"] == [] and "updatedAt" not in p
