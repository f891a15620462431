"""Transcript chunking, prompts and the repairs of model output for AI insights."""

import pytest

from colloquy.domain.results.insights import (
    INSIGHTS_SCHEMA,
    chunk_lines,
    clip,
    coerce_frequency,
    insights_prompt,
    normalise_priority,
    transcript_lines,
)
from colloquy.domain.sessions.tokens import estimate_tokens


def test_transcript_lines_mark_each_question():
    messages = [
        {"speaker": "Moderator", "content": "Q one?", "questionIndex": 0},
        {"speaker": "Ann", "content": "multi\nline   answer", "questionIndex": 0},
        {"speaker": "Moderator", "content": "Q two?", "questionIndex": 1},
        {"speaker": "Ann", "content": "yes", "questionIndex": 1},
    ]
    assert transcript_lines(messages, ["Q one?", "Q two?"]) == [
        "== Question 1: Q one? ==",
        "Moderator: Q one?",
        "Ann: multi line answer",
        "== Question 2: Q two? ==",
        "Moderator: Q two?",
        "Ann: yes",
    ]


def test_chunks_fit_the_budget_and_lose_nothing():
    lines = [f"Speaker {i}: " + "word " * (i % 40 + 1) for i in range(200)]
    lines.append("Long: " + "x " * 500)  # one line over the budget is cut at words
    chunks = chunk_lines(lines, budget=100)
    assert len(chunks) > 10
    assert all(estimate_tokens(c.replace("\n", " ")) <= 100 for c in chunks)
    assert " ".join(" ".join(c.split()) for c in chunks).split() == " ".join(lines).split()


def test_small_transcript_is_one_chunk():
    assert chunk_lines(["a: b", "c: d"], budget=3000) == ["a: b\nc: d"]
    assert chunk_lines([], budget=10) == []


def test_prompt_names_the_session_and_counts():
    text = insights_prompt("Snack\nstudy", ["Ann", "Ben"], 6, "Ann: hi", from_notes=False)
    assert "Focus-group session: Snack study" in text and "Participants: Ann, Ben" in text
    assert "responses in total: 6" in text and "Transcript:" in text and "Ann: hi" in text
    assert "Notes taken" in insights_prompt("s", [], 1, "n", from_notes=True)


@pytest.mark.parametrize(
    "value, expected",
    [
        ("high", "high"),
        ("HIGH", "high"),
        ("Critical", "high"),
        ("P2", "medium"),
        ("moderate", "medium"),
        ("minor", "low"),
        ("Low ", "low"),
        ("whenever", "medium"),
        (None, "medium"),
        (3, "medium"),
    ],
)
def test_priorities(value, expected):
    assert normalise_priority(value) == expected


@pytest.mark.parametrize(
    "value, expected",
    [
        (3, 3),
        (2.6, 3),
        (0, 1),
        (-4, 1),
        ("4", 4),
        ("about 7 mentions", 7),
        ("twice", 2),
        ("high", 1),
        (None, 1),
        (True, 1),
        (float("nan"), 1),
    ],
)
def test_frequencies(value, expected):
    assert coerce_frequency(value) == expected


def test_clip():
    assert clip("  short ", 10) == "short"
    assert clip("one two three four", 9) == "one two…"
    assert clip(None, 5) == ""


def test_schema_requires_the_product_fields():
    assert INSIGHTS_SCHEMA["required"] == ["summary", "keyThemes", "recommendations"]
    theme = INSIGHTS_SCHEMA["properties"]["keyThemes"]["items"]
    assert theme["properties"]["frequency"]["type"] == "integer"
    rec = INSIGHTS_SCHEMA["properties"]["recommendations"]["items"]
    assert rec["properties"]["priority"]["enum"] == ["high", "medium", "low"]
