"""Answers that cleaning leaves as a name, a round line or under 3 words are asked again, at
most twice, then kept marked (answer cleaning): the runner against a scripted fake model."""

from __future__ import annotations

import pytest

from colloquy.domain.trust.health_reasks import unusable_answers
from support.fake_openai import default_responder

pytestmark = pytest.mark.timeout(60)

NAMES = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]


def speaker(body) -> str:
    system = next(m["content"] for m in body["messages"] if m["role"] == "system")
    return next(n for n in NAMES if n in system)


async def test_one_word_and_round_line_answers_are_asked_again(env):
    sid = await env.create(participants=3, questions=2)
    calls: dict[str, int] = {}
    # Sarah: a name, then a round line, then a real answer (two re-asks).
    # Marcus: "Emily" every time: kept after two re-asks, marked.
    # Emily: a real answer at once.
    script = {
        "Sarah Chen": ["Emily", "This is round 2 of the discussion.", "I would buy the pouch."],
    }

    def reply(body):
        if body.get("response_format"):
            return default_responder(body)
        who = speaker(body)
        calls[who] = calls.get(who, 0) + 1
        if who == "Marcus Johnson":
            return "Emily"
        if who == "Sarah Chen":
            return script[who][(calls[who] - 1) % 3]
        return "The pouch looks sturdy to me."

    env.fake.set_responder(reply)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed"
    answers = [m for m in view["messages"] if m["kind"] == "response"]
    by = {n: [m for m in answers if m["speaker"] == n] for n in NAMES}
    assert all(m["content"] == "I would buy the pouch." for m in by["Sarah Chen"])
    assert all(m["repairs"] == ["reasked", "reasked"] for m in by["Sarah Chen"])
    assert all(m["content"] == "Emily" for m in by["Marcus Johnson"])
    assert all(
        m["repairs"] == ["reasked", "reasked", "kept_unusable"] for m in by["Marcus Johnson"]
    )
    assert all(m["repairs"] == [] for m in by["Emily Rodriguez"])
    assert calls == {"Sarah Chen": 18, "Marcus Johnson": 18, "Emily Rodriguez": 6}
    # The health report counts them.
    finding = unusable_answers(view["messages"])
    assert finding["data"] == {"reasked": 12, "keptUnusable": 6}
    assert finding["status"] == "bad"  # a third of the answers kept unusable
