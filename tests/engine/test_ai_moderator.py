"""The AI moderator (docs/moderator.md) against the loopback OpenAI-compatible fake server: probes
between rounds carry the round's answers, a probe that names a participant makes them
answer first, one two-sentence summary per question, fallback, Stop/resume mid-probe,
live events; and the scripted moderator is unchanged."""

import asyncio

import pytest

from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.engine import plan
from support.fake_openai import FakeError, FakeReply, default_responder

pytestmark = pytest.mark.timeout(60)
MODERATOR_SYSTEM = "You are the moderator of a market research focus group."


def layout_of(messages):
    return [(m["kind"], m["questionIndex"], m["round"], m["participantIndex"]) for m in messages]


def user_of(body):
    content = [m for m in body["messages"] if m["role"] == "user"][-1]["content"]
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if p.get("type") == "text")
    return content


def system_of(body):
    return next(m["content"] for m in body["messages"] if m["role"] == "system")


def is_moderator(body):
    return system_of(body).startswith(MODERATOR_SYSTEM)


def is_summary(body):
    return "Sum up this question" in user_of(body)


class Moderator:
    """Scripted moderator replies: probes address `target` by name; summaries run long
    (three sentences) so the cut to two shows."""

    def __init__(self, target_name, delay=0.0, fail=None):
        self.target, self.delay, self.fail = target_name, delay, fail
        self.probes = 0

    def __call__(self, body):
        if not is_moderator(body):
            return default_responder(body)
        if self.fail is not None:
            return self.fail
        if is_summary(body):
            return FakeReply(
                "Moderator: Most liked the idea. Some worried about cost. A third sentence.",
                delay=self.delay,
            )
        self.probes += 1
        text = f"{self.target}, you mentioned a point earlier, why does it matter? Others too."
        return FakeReply(text, delay=self.delay)


def ai_layout(questions, participants, first):
    """The AI plan's layout when every probe addresses participant `first`."""
    firsts = {(q, r): first for q in range(questions) for r in (1, 2)}
    return [s.key for s in plan.slots(questions, participants, "ai", firsts)]


async def names_of(env, sid):
    return [p["name"] for p in (await env.view(sid))["participants"]]


async def test_ai_session_layout_probes_first_speaker_and_summaries(env):
    sid = await env.create(participants=3, questions=2, moderator="ai")
    names = await names_of(env, sid)
    env.fake.set_responder(Moderator(names[2]))
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed" and view["error"] is None
    assert view["settings"]["moderator"] == "ai"
    messages = view["messages"]
    assert layout_of(messages) == ai_layout(2, 3, first=2)
    for q in range(2):
        block = [m for m in messages if m["questionIndex"] == q]
        kinds = [m["kind"] for m in block]
        assert kinds == ["question"] + ["response"] * 3 + ["probe"] + ["response"] * 3 + [
            "probe"
        ] + ["response"] * 3 + ["summary"]
        # the participant the probe names answers first; the others keep their order
        for r in (1, 2):
            speakers = [m["speaker"] for m in block if m["kind"] == "response" and m["round"] == r]
            assert speakers == [names[2], names[0], names[1]]
        probe = next(m for m in block if m["kind"] == "probe")
        assert probe["speaker"] == "Moderator" and probe["content"].startswith(names[2] + ",")
        assert probe["note"] is None and probe["sentiment"] is None
        summaries = [m for m in block if m["kind"] == "summary"]
        assert len(summaries) == 1 and summaries[0] is block[-1]
        assert summaries[0]["content"] == "Most liked the idea. Some worried about cost."
    # 18 answers + per question 2 probes and 1 summary: questions x rounds extra calls
    assert len(env.fake.requests) == 18 + 2 * 3
    assert view["progress"]["responses"] == view["progress"]["total"] == 18
    assert view["progress"]["participantIndex"] is None
    # Tokens Used counts what the model wrote, the moderator's probes and summaries too
    written = [m for m in messages if m["kind"] in ("response", "probe", "summary")]
    assert view["tokensUsed"] == sum(estimate_tokens(m["content"]) for m in written)


async def test_probe_request_contains_the_rounds_answers(env):
    sid = await env.create(participants=3, questions=2, moderator="ai")
    names = await names_of(env, sid)
    env.fake.set_responder(Moderator(names[1]))
    await env.run(sid)
    view = await env.wait_idle(sid)
    probes = [b for b in env.fake.requests if is_moderator(b) and not is_summary(b)]
    summaries = [b for b in env.fake.requests if is_moderator(b) and is_summary(b)]
    assert len(probes) == 4 and len(summaries) == 2
    for body, (q, r) in zip(probes, [(0, 1), (0, 2), (1, 1), (1, 2)], strict=True):
        user = user_of(body)
        assert view["questions"][q] in user
        assert f"discussion round {r + 1} of 3" in user
        answers = [
            m
            for m in view["messages"]
            if m["kind"] == "response" and m["questionIndex"] == q and m["round"] == r - 1
        ]
        assert len(answers) == 3
        for m in answers:
            assert f"{m['speaker']}: {m['content']}" in user
        for name in names:
            assert f"- {name}: " in user  # words said so far, per participant
        assert "casual" in system_of(body) or "relaxed" in system_of(body)
    for body, q in zip(summaries, [0, 1], strict=True):
        last_round = [
            m
            for m in view["messages"]
            if m["kind"] == "response" and m["questionIndex"] == q and m["round"] == 2
        ]
        assert all(m["content"] in user_of(body) for m in last_round)


async def test_participants_answer_the_probe(env):
    sid = await env.create(participants=3, questions=2, moderator="ai")
    names = await names_of(env, sid)
    env.fake.set_responder(Moderator(names[0]))
    await env.run(sid)
    view = await env.wait_idle(sid)
    probe = next(m for m in view["messages"] if m["kind"] == "probe")
    answers = [b for b in env.fake.requests if not is_moderator(b)]
    round2 = [b for b in answers if "discussion round 2 of 3" in user_of(b)]
    assert len(round2) == 6
    assert all(f"The moderator now asks: {probe['content']}" in user_of(b) for b in round2[:3])
    assert all("[Round 2]" not in user_of(b) for b in round2)


async def test_failed_probe_falls_back_to_scripted_prompt_with_a_note(env):
    sid = await env.create(participants=3, questions=2, moderator="ai")
    env.fake.set_responder(Moderator("nobody", fail=FakeError(400, "moderator says no")))
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed" and view["error"] is None
    messages = view["messages"]
    probes = [m for m in messages if m["kind"] == "probe"]
    assert [p["content"] for p in probes] == [
        "[Round 2] Please respond to what others have shared.",
        "[Round 3] Please respond to what others have shared.",
    ] * 2
    assert all(p["note"].startswith("AI moderator unavailable") for p in probes)
    assert "moderator says no" in probes[0]["note"]
    summaries = [m for m in messages if m["kind"] == "summary"]
    assert len(summaries) == 2 and all(s["note"] for s in summaries)
    # nobody addressed: the usual order; participants get the scripted round instruction
    assert layout_of(messages) == [s.key for s in plan.slots(2, 3, "ai")]
    round2 = [
        b
        for b in env.fake.requests
        if not is_moderator(b) and "discussion round 2 of 3" in user_of(b)
    ]
    assert len(round2) == 6 and all(
        "Respond to what the others have shared" in user_of(b) for b in round2
    )


async def test_stop_mid_probe_then_resume_writes_each_probe_once(env):
    sid = await env.create(participants=3, questions=2, moderator="ai")
    names = await names_of(env, sid)
    moderator = Moderator(names[2], delay=1.0)
    env.fake.set_responder(moderator)
    await env.run(sid)
    await env.wait_messages(sid, 4)  # question + round 1: the first probe is being written
    while moderator.probes == 0:
        await asyncio.sleep(0.02)
    view = await env.stop(sid)
    assert view["error"] == {"status": None, "message": "Session stopped by user"}
    assert [m["kind"] for m in view["messages"]] == ["question"] + ["response"] * 3
    assert view["progress"]["round"] == 1 and view["progress"]["participantIndex"] is None

    moderator.delay = 0.0
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed"
    assert layout_of(view["messages"]) == ai_layout(2, 3, first=2)


async def test_crash_mid_probe_then_restart_resumes(env):
    sid = await env.create(participants=3, questions=2, moderator="ai")
    names = await names_of(env, sid)
    moderator = Moderator(names[1], delay=1.0)
    env.fake.set_responder(moderator)
    await env.run(sid)
    # Round 1 is committed (an in-process restart does not wait for writes in flight, as
    # a real one, after the process died, cannot race with them) and the probe is asked.
    await env.wait_messages(sid, 4)
    while moderator.probes == 0:
        await asyncio.sleep(0.02)
    await env.runners.shutdown()  # the process dies mid-probe
    assert len(await env.messages(sid)) == 4
    moderator.delay = 0.0
    restarted = env.new_manager()
    assert await restarted.resume_all() == [sid]
    view = await env.wait_idle(sid, runners=restarted)
    await restarted.shutdown()
    assert (view["status"], view["error"]) == ("completed", None)
    assert layout_of(view["messages"]) == ai_layout(2, 3, first=1)


async def test_moderator_streams_like_participants(env):
    sid = await env.create(participants=3, questions=2, moderator="ai")
    names = await names_of(env, sid)
    env.fake.set_responder(Moderator(names[2]))
    sub, _, _ = env.bus.subscribe(sid, None)
    await env.run(sid)
    await env.wait_idle(sid)
    events = []
    while not sub.queue.empty():
        item = sub.queue.get_nowait()
        if item is not None:
            events.append(item)
    tokens = [e.data for e in events if e.name == "token" and e.data["participantIndex"] is None]
    assert {t["kind"] for t in tokens} == {"probe", "summary"}
    assert all(t["speaker"] == "Moderator" and t["personaId"] is None for t in tokens)
    streamed = "".join(
        t["delta"]
        for t in tokens
        if t["kind"] == "probe" and (t["questionIndex"], t["round"]) == (0, 1)
    )
    stored = [e.data for e in events if e.name == "message" and e.data["kind"] == "probe"]
    assert len(stored) == 4 and streamed.strip() == stored[0]["content"]
    thinking = [e.data for e in events if e.name == "thinking" and e.data.get("moderator")]
    assert [t["moderator"] for t in thinking[:3]] == ["probe", "probe", "summary"]
    # moderator messages do not count as answers
    progress = [e.data for e in events if e.name == "progress"]
    assert progress[-1]["responses"] == 18 and progress[-1]["total"] == 18


async def test_scripted_moderator_is_unchanged(env):
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["settings"]["moderator"] == "scripted"
    assert layout_of(view["messages"]) == [s.key for s in plan.slots(2, 3)]
    assert {m["kind"] for m in view["messages"]} == {"question", "round", "response"}
    assert len(env.fake.requests) == 18
    assert not any(is_moderator(b) for b in env.fake.requests)


def test_joining_mid_probe_sees_the_moderator_writing():
    """A subscriber that joins (or reconnects with Last-Event-ID) mid-probe gets the
    moderator's `thinking` and the text streamed so far; the stored probe clears it."""
    from colloquy.engine.events import EventBus

    bus = EventBus()
    bus.publish(
        "s", "thinking", {"questionIndex": 0, "round": 1, "participants": [], "moderator": "probe"}
    )
    mark = bus.publish("s", "progress", {"responses": 3}).id
    token = {"participantIndex": None, "personaId": None, "questionIndex": 0, "round": 1}
    bus.publish("s", "token", {**token, "speaker": "Moderator", "kind": "probe", "delta": "Ana, "})
    bus.publish("s", "token", {**token, "speaker": "Moderator", "kind": "probe", "delta": "why?"})
    live = bus.live("s")
    assert [e.name for e in live] == ["thinking", "token"]
    assert live[0].data["moderator"] == "probe"
    assert live[1].data["delta"] == "Ana, why?" and live[1].data["kind"] == "probe"
    _, replay, reset = bus.subscribe("s", mark - 1)
    assert not reset and [e.name for e in replay] == ["progress"]  # tokens are not replayed
    bus.publish("s", "message", {**token, "kind": "probe", "content": "Ana, why?"})
    bus.publish("s", "thinking", {"questionIndex": 0, "round": 1, "participants": []})
    assert bus.live("s") == []


async def test_parallel_mode_probe_order_and_prompts(env):
    sid = await env.create(participants=3, questions=2, moderator="ai", mode="parallel")
    names = await names_of(env, sid)
    env.fake.set_responder(Moderator(names[1]))
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed"
    assert layout_of(view["messages"]) == ai_layout(2, 3, first=1)
    probe = next(m for m in view["messages"] if m["kind"] == "probe")
    round2 = [
        b
        for b in env.fake.requests
        if not is_moderator(b) and "discussion round 2 of 3" in user_of(b)
    ]
    assert len(round2) == 6
    assert all(f"The moderator now asks: {probe['content']}" in user_of(b) for b in round2[:3])
