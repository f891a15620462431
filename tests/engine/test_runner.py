"""The runner against an OpenAI-compatible fake server on loopback (the real SDK runs):
message structure and order, prompts, max tokens, sentiment, tokens, modes."""

import asyncio
import time

import pytest

from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.sentiment import sentiment_of
from engine.conftest import expected_layout
from support.fake_openai import FakeReply, default_responder

pytestmark = pytest.mark.timeout(60)
ROUND_2 = "[Round 2] Please respond to what others have shared."
ROUND_3 = "[Round 3] Please respond to what others have shared."


def layout_of(messages):
    return [(m["kind"], m["questionIndex"], m["round"], m["participantIndex"]) for m in messages]


def system_of(request):
    return next(m["content"] for m in request["messages"] if m["role"] == "system")


def user_of(request):
    content = [m for m in request["messages"] if m["role"] == "user"][-1]["content"]
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if p.get("type") == "text")
    return content


async def test_three_participants_two_questions_complete_in_order(env):
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    view = await env.wait_idle(sid)
    messages = view["messages"]
    assert layout_of(messages) == expected_layout(2, 3)
    assert len(messages) == 2 * (1 + 3 * 3 + 2)
    names = [p["name"] for p in view["participants"]]
    for q in range(2):
        block = [m for m in messages if m["questionIndex"] == q]
        assert block[0]["speaker"] == "Moderator"
        assert block[0]["content"] == view["questions"][q]
        assert block[0]["sentiment"] is None
        assert [m["speaker"] for m in block[1:4]] == names
        assert block[4]["speaker"] == "Moderator" and block[4]["content"] == ROUND_2
        assert [m["speaker"] for m in block[5:8]] == names
        assert block[8]["content"] == ROUND_3 and block[8]["kind"] == "round"
        assert [m["speaker"] for m in block[9:12]] == names
    answers = [m for m in messages if m["kind"] == "response"]
    for m in answers:
        assert m["sentiment"] == sentiment_of(m["content"])
        assert m["personaId"] == view["participants"][m["participantIndex"]]["id"]
    assert {m["sentiment"] for m in answers} >= {"positive"}
    assert view["tokensUsed"] == sum(estimate_tokens(m["content"]) for m in answers) > 0
    assert view["status"] == "completed" and view["completedAt"] is not None
    assert view["running"] is False and view["error"] is None
    assert view["progress"]["responses"] == view["progress"]["total"] == 18
    assert len(env.fake.requests) == 18


async def test_prompts_carry_persona_stimuli_and_earlier_answers(env):
    stimuli = [{"type": "text", "title": "Claim", "content": "Made from 100% seaweed."}]
    counter = iter(range(1000))  # distinct answers, so each one is traced to its turn
    env.fake.set_responder(lambda body: f"Answer number {next(counter)} about the pouch.")
    sid = await env.create(participants=3, questions=2, stimuli=stimuli)
    await env.run(sid)
    view = await env.wait_idle(sid)
    answers = {
        (m["round"], m["participantIndex"]): m["content"]
        for m in view["messages"]
        if m["kind"] == "response" and m["questionIndex"] == 0
    }
    assert len(env.fake.requests) == 18
    for request in env.fake.requests[:9]:  # the first question's turns
        system, user = system_of(request), user_of(request)
        persona = next(p for p in view["participants"] if f"You are {p['name']}," in system)
        assert f"Openness: {persona['traits']['openness']}/100" in system
        assert persona["interests"][0] in system
        assert "Made from 100% seaweed." in user and "Claim" in user
        assert view["questions"][0] in user
        me = view["participants"].index(persona)
        if "discussion round" not in user:  # round 1: nobody else's answer
            assert not any(a in user for a in answers.values())
            continue
        round_index = 1 if "discussion round 2 of 3" in user else 2
        # Sequential: everything said before this turn in this question, incl. the others'.
        for (r, p), text in answers.items():
            before = r < round_index or (r == round_index and p < me)
            assert (text in user) == before, (round_index, me, r, p)
        assert ROUND_2 in user


@pytest.mark.parametrize(("length", "limit"), [("brief", 50), ("moderate", 150), ("detailed", 300)])
async def test_max_tokens_and_length_instruction(env, length, limit):
    sid = await env.create(participants=3, questions=2, length=length)
    await env.run(sid)
    await env.wait_idle(sid)
    sentences = {
        "brief": "1-2 sentences",
        "moderate": "2-4 sentences",
        "detailed": "4-6 sentences",
    }[length]
    assert {r["max_tokens"] for r in env.fake.requests} == {limit}
    assert all(sentences in system_of(r) for r in env.fake.requests)
    assert all(r.get("stream") for r in env.fake.requests)


async def test_round_one_is_concurrent_but_stored_in_participant_order(env):
    arrivals = []
    sid = await env.create(participants=3, questions=2)
    first_name = (await env.view(sid))["participants"][0]["name"]

    def slow_first(body):
        arrivals.append(time.monotonic())
        slow = f"You are {first_name}," in system_of(body) and "round" not in user_of(body)
        return FakeReply(default_responder(body), delay=0.4 if slow else 0.01)

    env.fake.set_responder(slow_first)
    await env.run(sid)
    view = await env.wait_idle(sid)
    first_round = [
        m
        for m in view["messages"]
        if m["kind"] == "response" and m["round"] == 0 and m["questionIndex"] == 0
    ]
    assert [m["participantIndex"] for m in first_round] == [0, 1, 2]
    assert max(arrivals[:3]) - min(arrivals[:3]) < 0.3  # all three asked at once


async def test_parallel_mode_rounds_see_only_previous_rounds(env):
    arrivals = []

    def paced(body):
        arrivals.append(time.monotonic())
        return FakeReply(default_responder(body), delay=0.25)

    env.fake.set_responder(paced)
    sid = await env.create(participants=3, questions=2, mode="parallel")
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert layout_of(view["messages"]) == expected_layout(2, 3)
    answers = [m for m in view["messages"] if m["kind"] == "response" and m["questionIndex"] == 0]
    for request in env.fake.requests[:9]:
        user = user_of(request)
        if "discussion round 2 of 3" in user:
            assert all(a["content"] in user for a in answers if a["round"] == 0)
            assert not any(a["content"] in user for a in answers if a["round"] == 1)
    for r in range(3):  # each round's three requests go out together
        batch = arrivals[3 * r : 3 * r + 3]
        assert max(batch) - min(batch) < 0.2


async def test_uploaded_image_goes_to_the_model_as_a_data_url(env):
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 32
    env.settings.uploads_dir.mkdir(parents=True, exist_ok=True)
    (env.settings.uploads_dir / "1700000000000-00112233445566ff.png").write_bytes(png)
    stimuli = [
        {
            "type": "image",
            "title": "Pack shot",
            "content": "/uploads/1700000000000-00112233445566ff.png",
        }
    ]
    sid = await env.create(participants=3, questions=2, stimuli=stimuli)
    await env.run(sid)
    await env.wait_idle(sid)
    parts = next(m["content"] for m in env.fake.requests[0]["messages"] if m["role"] == "user")
    urls = [p["image_url"]["url"] for p in parts if p.get("type") == "image_url"]
    assert urls and urls[0].startswith("data:image/png;base64,")


async def test_events_published_during_a_run(env):
    sid = await env.create(participants=3, questions=2)
    sub, _, _ = env.bus.subscribe(sid, None)
    await env.run(sid)
    await env.wait_idle(sid)
    seen = []
    while not sub.queue.empty():
        seen.append(await asyncio.wait_for(sub.queue.get(), 1))
    names = [e.name for e in seen]
    assert names.count("message") == 24
    assert names[0] == "status" and seen[0].data["running"] is True
    assert seen[-1].name == "status" and seen[-1].data["status"] == "completed"
    tokens = [e.data for e in seen if e.name == "token"]
    assert tokens and {"participantIndex", "personaId", "delta"} <= set(tokens[0])
    thinking = next(e.data for e in seen if e.name == "thinking")
    assert [p["participantIndex"] for p in thinking["participants"]] == [0, 1, 2]
    progress = [e.data for e in seen if e.name == "progress"]
    assert progress[-1]["responses"] == 18 and progress[-1]["total"] == 18
    assert [e.id for e in seen] == sorted(e.id for e in seen)
