"""A natural session on a real model, and what it produced against what it asked for
(docs/natural-mode.md#measured): shared by the embedded-model and llama.cpp server tests."""

from __future__ import annotations

import time
from typing import Any

from colloquy.domain.sessions.tokens import word_count
from colloquy.domain.sessions.turn_length import max_tokens_for_words
from colloquy.domain.sessions.turn_length_fit import length_fit
from colloquy.engine import natural_plan

SEED = 2028
QUESTIONS = ["What do you look for in a snack?", "Would you try a seaweed chip?"]


def run_natural(client: Any, timeout: float = 900) -> dict[str, Any]:
    body = {
        "name": "Snacks (natural)",
        "participantIds": ["p1", "p2", "p3"],
        "questions": QUESTIONS,
        "settings": {"responseLength": "brief", "discussionMode": "natural", "seed": SEED},
    }
    sid = client.post("/api/sessions", json=body).json()["id"]
    assert client.post(f"/api/sessions/{sid}/run").status_code == 200
    deadline = time.monotonic() + timeout
    while (view := client.get(f"/api/sessions/{sid}").json())["running"]:
        assert time.monotonic() < deadline, "the session did not finish"
        time.sleep(0.5)
    return view


def check_turns(view: dict[str, Any]) -> dict[str, Any]:
    """Asserts what natural turns on a real model must be; returns the length fit."""
    assert view["error"] is None, view["error"]
    assert view["status"] == "completed"
    turns = [m for m in view["messages"] if m["kind"] == "response"]
    assert len(turns) == 2 * 3 * 3  # the turn budget: participants x 3 per question
    names = [p["name"] for p in view["participants"]]
    requested, produced = [], []
    for m in turns:
        text = m["content"]
        assert text.strip()
        assert f"You are {m['speaker']}" not in text  # no copied persona line
        others = [n for n in names if n != m["speaker"]]
        assert not any(text.startswith(f"{n}:") for n in others)  # no other's label
        words = natural_plan.turn_target(
            view["participants"], SEED, m["questionIndex"], m["round"], m["participantIndex"],
            "brief",
        )  # fmt: skip
        requested.append(words)
        produced.append(word_count(text))
        # the token limit holds every turn near its length (a word is at least a token)
        assert word_count(text) <= max_tokens_for_words(words)
    fit = length_fit(requested, produced)
    print(
        "natural turns, requested vs produced:", fit, list(zip(requested, produced, strict=False))
    )
    assert fit["spearman"] is not None
    return fit
