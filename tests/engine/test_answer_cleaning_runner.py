"""Answers are cleaned before they are stored: the runner against the loopback fake model,
which answers as a small model does (its own name, another participant's line, stage
directions, a cut-off sentence). The stored message keeps the raw text and the repairs."""

from __future__ import annotations

import pytest

from support.fake_openai import default_responder

pytestmark = pytest.mark.timeout(60)


def system_of(request):
    return next(m["content"] for m in request["messages"] if m["role"] == "system")


async def test_answers_are_cleaned_and_the_repairs_recorded(env):
    sid = await env.create(participants=3, questions=2)
    names = ["Sarah Chen", "Marcus Johnson", "Emily Rodriguez"]

    def reply(body):
        if body.get("response_format"):
            return default_responder(body)
        me = next(n for n in names if n in system_of(body))
        other = next(n for n in names if n != me)
        return f"{me}: [Thinking about it] I like the pouch. {other}: I do not. And the"

    env.fake.set_responder(reply)
    await env.run(sid)
    view = await env.wait_idle(sid)
    answers = [m for m in view["messages"] if m["kind"] == "response"]
    assert len(answers) == 18
    for m in answers:
        assert m["content"] == "I like the pouch."
        assert m["repairs"] == ["other_speaker", "own_name_prefix", "meta_text"]
        assert m["rawContent"].startswith(f"{m['speaker']}: [Thinking about it]")


async def test_a_reply_that_is_only_another_voice_is_asked_again(env):
    sid = await env.create(participants=3, questions=2)
    calls = {"n": 0}

    def reply(body):
        if body.get("response_format"):
            return default_responder(body)
        calls["n"] += 1
        if calls["n"] == 1:
            return "Moderator: Let us move on to the next question."
        return "I would buy it for my kids."

    env.fake.set_responder(reply)
    await env.run(sid)
    view = await env.wait_idle(sid)
    answers = [m for m in view["messages"] if m["kind"] == "response"]
    assert len(answers) == 18
    assert all(m["content"] == "I would buy it for my kids." for m in answers)
    # The re-ask is counted in the repairs of that one answer.
    assert [m["repairs"] for m in answers].count(["reasked"]) == 1
    assert sum(1 for m in answers if m["repairs"] == []) == 17
    assert calls["n"] == 19  # one extra call for the reply that cleaned to nothing


async def test_clean_answers_are_stored_as_written(env):
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    view = await env.wait_idle(sid)
    for m in view["messages"]:
        assert m["repairs"] == []
        assert m["rawContent"] is None
