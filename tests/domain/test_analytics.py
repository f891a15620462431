from datetime import UTC, datetime, timedelta

import pytest

from colloquy.domain.results.analytics import (
    duration_minutes,
    highlighted_quotes,
    participation,
    sentiment_by_question_round,
    trait_pattern_level,
    trait_patterns,
    word_cloud,
    word_cloud_sizes,
)


def test_word_cloud_counts_and_filters():
    texts = [
        "The packaging is really great, great design!",
        "Packaging feels cheap; design could be better. I'd pay $10",
        "Design design DESIGN",
        None,
    ]
    cloud = word_cloud(texts)
    assert cloud[0] == {"text": "design", "count": 5}
    assert {"text": "packaging", "count": 2} in cloud
    assert {"text": "great", "count": 2} in cloud
    words = {w["text"] for w in cloud}
    assert not words & {"the", "really", "could", "i'd", "is", "pay"}
    assert "cheap" in words and "feels" in words and "better" in words


def test_word_cloud_top_and_tie_order():
    cloud = word_cloud(["zeta alpha beta gamma delta"], top=3)
    assert [w["text"] for w in cloud] == ["alpha", "beta", "delta"]
    sixty = " ".join(f"term{chr(97 + i // 26)}{chr(97 + i % 26)}" for i in range(60))
    assert len(word_cloud([sixty])) == 50
    assert word_cloud(["don't won't shouldn't"]) == []


def test_word_cloud_sizes_linear():
    sized = word_cloud_sizes(
        [
            {"text": "a", "count": 9},
            {"text": "b", "count": 5},
            {"text": "c", "count": 1},
            {"text": "d", "count": 3},
        ]
    )
    assert [(w["text"], w["size"]) for w in sized] == [("a", 32), ("b", 22), ("d", 17), ("c", 12)]
    same = word_cloud_sizes([{"text": "a", "count": 2}, {"text": "b", "count": 2}])
    assert [w["size"] for w in same] == [32, 32]
    assert word_cloud_sizes([]) == []
    many = word_cloud_sizes([{"text": str(i), "count": i} for i in range(1, 51)])
    assert len(many) == 30 and many[0]["size"] == 32 and many[-1]["size"] == 12


def msg(speaker, content, sentiment=None, **extra):
    m = {"speaker": speaker, "content": content}
    if sentiment:
        m["sentiment"] = sentiment
    m.update(extra)
    return m


def test_highlighted_quotes():
    long_a = "I really love how the packaging feels in my hands."
    messages = [
        msg("Moderator", "What do you think about this whole new packaging idea?"),
        msg("Ana", "Too short to quote."),
        msg("Ana", long_a, "positive"),
        msg("Ben", "x" * 30),  # exactly 30: not over 30
        msg("Ana", "It is fine, I suppose, but nothing special."),
        msg("Cy", "This is the worst idea I have heard in a very long time."),
    ] + [msg(f"P{i}", f"Participant {i} says something long enough to quote.") for i in range(5)]
    quotes = highlighted_quotes(messages)
    assert len(quotes) == 5
    assert quotes[0] == {"speaker": "Ana", "content": long_a, "sentiment": "positive"}
    assert quotes[1]["speaker"] == "Cy" and quotes[1]["sentiment"] == "negative"
    assert all(q["speaker"] not in ("Moderator", "Ben") for q in quotes)
    assert highlighted_quotes(messages, limit=2) == quotes[:2]


@pytest.mark.parametrize(
    "value, level",
    [(71, "High"), (70, None), (30, None), (29, "Low"), (None, None), (100, "High"), (0, "Low")],
)
def test_trait_pattern_level(value, level):
    assert trait_pattern_level(value) == level


def test_trait_patterns():
    personas = [
        {"id": "p1", "name": "Ana", "traits": {"openness": 80, "neuroticism": 10}},
        {"id": "p2", "name": "Ben", "traits": {"openness": 20}},
    ]
    result = trait_patterns(personas)
    assert result["openness"] == [
        {"personaId": "p1", "name": "Ana", "value": 80, "level": "High"},
        {"personaId": "p2", "name": "Ben", "value": 20, "level": "Low"},
    ]
    assert [r["name"] for r in result["neuroticism"]] == ["Ana"]
    assert result["extraversion"] == []


def test_participation():
    messages = [
        msg("Moderator", "Q"),
        msg("Ana", "a", personaId="p1"),
        msg("Ana", "b", personaId="p1"),
        msg("Ben", "c"),
    ]
    assert participation(messages) == {"p1": 2, "Ben": 1}


def test_sentiment_by_question_round():
    messages = [
        msg("Moderator", "Q", questionIndex=0, round=0),
        msg("Ana", "x", "positive", questionIndex=0, round=0),
        msg("Ben", "y", "negative", questionIndex=0, round=0),
        msg("Ana", "z", "positive", questionIndex=1, round=2),
        msg("Ana", "no position", "positive"),
    ]
    result = sentiment_by_question_round(messages)
    assert result == [
        {
            "questionIndex": 0,
            "round": 0,
            "count": 2,
            "average": 0.0,
            "breakdown": {"positive": 50, "neutral": 0, "negative": 50},
        },
        {
            "questionIndex": 1,
            "round": 2,
            "count": 1,
            "average": 1.0,
            "breakdown": {"positive": 100, "neutral": 0, "negative": 0},
        },
    ]


def test_duration_minutes():
    start = datetime(2024, 5, 1, 10, 0, tzinfo=UTC)
    assert duration_minutes(start, start + timedelta(minutes=12, seconds=29)) == 12
    assert duration_minutes(start, start + timedelta(minutes=12, seconds=30)) == 13
    assert duration_minutes(start, None) == 0
    assert duration_minutes("2024-05-01T10:00:00Z", "2024-05-01T10:45:00+00:00") == 45
    assert duration_minutes("2024-05-01T10:00:00", "2024-05-01T11:00:00Z") == 60
    assert duration_minutes(0, 90 * 60 * 1000) == 90  # epoch milliseconds
    assert duration_minutes("garbage", "2024-05-01T10:00:00Z") == 0
    assert duration_minutes(start, start - timedelta(minutes=5)) == 0
