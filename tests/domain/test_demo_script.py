"""The scripted demo: a valid, diverse cast, varied sentiment, the product's playback timing."""

from collections import Counter
from datetime import UTC, datetime, timedelta
from itertools import pairwise

from colloquy.domain.personas.enrichment import enrich
from colloquy.domain.sessions.demo_script import (
    DEMO_IMAGE_URL,
    demo_messages,
    demo_personas,
    demo_questions,
    demo_script,
)
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.sentiment import sentiment_of
from colloquy.domain.validation import validate_persona

END = datetime(2024, 5, 1, 12, 0, tzinfo=UTC)


def test_five_valid_and_diverse_personas():
    personas = demo_personas()
    assert len(personas) == 5 and len({p["id"] for p in personas}) == 5
    for p in personas:
        assert validate_persona(p) == []
        assert p["enriched"] == enrich({k: v for k, v in p.items() if k != "enriched"})
    assert len({p["gender"] for p in personas}) >= 3
    assert len({p["location"] for p in personas}) == 5
    ages = [p["age"] for p in personas]
    assert max(ages) - min(ages) >= 30
    traits = [v for p in personas for v in p["traits"].values()]
    assert max(traits) > 70 and min(traits) < 30  # response patterns have something to show


def test_script_shape_and_varied_sentiment():
    script = demo_script()
    assert script["stimulus"] == {**script["stimulus"], "type": "image", "content": DEMO_IMAGE_URL}
    assert 3 <= len(script["questions"]) <= 4 and script["questions"] == demo_questions()
    sentiments = Counter()
    for q, turn in enumerate(script["script"]):
        assert turn["questionIndex"] == q and turn["question"] == script["questions"][q]
        assert [r["speaker"] for r in turn["responses"]] == [
            p["name"] for p in script["participants"]
        ]
        for r in turn["responses"]:
            assert r["sentiment"] == sentiment_of(r["content"]) and len(r["content"]) > 30
            sentiments[r["sentiment"]] += 1
        assert len({r["sentiment"] for r in turn["responses"]}) >= 2  # emoji vary per question
    assert set(sentiments) == {"positive", "neutral", "negative"}
    assert min(sentiments.values()) >= 4


def test_messages_follow_the_playback_timing():
    messages = demo_messages(END)
    per_question = 1 + 5
    assert len(messages) == len(demo_questions()) * per_question
    assert [m["seq"] for m in messages] == list(range(len(messages)))
    assert messages[-1]["timestamp"] == END
    for a, b in pairwise(messages):
        gap = b["timestamp"] - a["timestamp"]
        if a["kind"] == "question":
            assert gap == timedelta(milliseconds=2500)  # 1000 after moderator + 1500 typing
        elif b["kind"] == "question":
            assert gap == timedelta(milliseconds=2000)  # between questions
        else:
            assert gap == timedelta(milliseconds=1500)  # typing
    fast = demo_messages(END, speed=2)
    assert END - fast[0]["timestamp"] == (END - messages[0]["timestamp"]) / 2
    assert demo_messages(END, speed=7)[0]["timestamp"] == messages[0]["timestamp"]


def test_message_fields():
    for m in demo_messages(END):
        if m["kind"] == "question":
            assert m["speaker"] == "Moderator" and m["sentiment"] is None
            assert m["participantIndex"] is None and m["tokens"] == 0
        else:
            assert m["sentiment"] == sentiment_of(m["content"])
            assert m["tokens"] == estimate_tokens(m["content"])
            assert m["personaId"].startswith("demo-p") and m["round"] == 0
