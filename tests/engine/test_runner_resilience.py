"""Stop then resume, a crash mid-run then resume, errors then Retry, one runner only."""

import asyncio

import pytest

from colloquy.engine.journal import load_messages
from colloquy.store.tables import SessionRow
from engine.conftest import expected_layout
from support.fake_openai import FakeError, FakeReply, default_responder

pytestmark = pytest.mark.timeout(60)


def layout_of(messages):
    return [(m["kind"], m["questionIndex"], m["round"], m["participantIndex"]) for m in messages]


def paced(delay):
    return lambda body: FakeReply(default_responder(body), delay=delay)


async def test_stop_then_resume_completes_without_repeats(env):
    env.fake.set_responder(paced(0.05))
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    await env.wait_messages(sid, 6)
    view = await env.stop(sid)
    assert view["error"] == {"status": None, "message": "Session stopped by user"}
    assert view["running"] is False and view["status"] == "in-progress"
    assert not env.runners.is_active(sid)
    stopped = layout_of(view["messages"])
    assert stopped == expected_layout(2, 3)[: len(stopped)]
    await asyncio.sleep(0.2)  # nothing more is written once stopped
    assert len(await env.messages(sid)) == len(stopped)

    resumed = await env.run(sid)  # Retry: clears the error and the stop flag
    assert resumed["error"] is None and resumed["running"] is True
    view = await env.wait_idle(sid)
    assert layout_of(view["messages"]) == expected_layout(2, 3)
    assert view["status"] == "completed"


async def test_crash_mid_run_then_restart_resumes_nothing_lost_or_repeated(env):
    env.fake.set_responder(paced(0.05))
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    await env.wait_messages(sid, 8)
    await env.runners.shutdown()  # the process dies: tasks cancelled mid-answer
    row = await env.row(sid)
    assert row.running is True and row.status == "in-progress"
    before = await env.messages(sid)
    assert 8 <= len(before) < 24

    restarted = env.new_manager()
    assert await restarted.resume_all() == [sid]
    view = await env.wait_idle(sid, runners=restarted)
    await restarted.shutdown()
    assert layout_of(view["messages"]) == expected_layout(2, 3)
    assert [m["id"] for m in view["messages"][: len(before)]] == [m["id"] for m in before]
    assert view["status"] == "completed" and view["running"] is False


async def test_persistent_429_is_stored_then_retry_completes(env):
    env.fake.set_responder(lambda body: FakeError(429, "slow down"))
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["error"]["status"] == 429 and "429" in view["error"]["message"]
    assert view["running"] is False and view["status"] == "in-progress"
    assert layout_of(view["messages"]) == [("question", 0, 0, None)]

    env.fake.set_responder(None)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["error"] is None and view["status"] == "completed"
    assert layout_of(view["messages"]) == expected_layout(2, 3)


async def test_error_in_a_later_turn_keeps_earlier_answers(env):
    calls = {"n": 0}

    def fail_fifth(body):
        calls["n"] += 1
        if calls["n"] >= 5:
            return FakeError(402, "no credits")
        return default_responder(body)

    env.fake.set_responder(fail_fifth)
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["error"]["status"] == 402
    # the question, 3 answers, the round prompt, 1 answer of round 2; the 5th request failed
    assert layout_of(view["messages"]) == expected_layout(2, 3)[:6]


async def test_two_concurrent_runs_start_one_runner(env):
    env.fake.set_responder(paced(0.02))
    sid = await env.create(participants=3, questions=2)
    first, second = await asyncio.gather(env.run(sid), env.run(sid))
    assert first["running"] and second["running"]
    view = await env.wait_idle(sid)
    assert layout_of(view["messages"]) == expected_layout(2, 3)
    assert len(env.fake.requests) == 18  # no answer generated twice


async def test_completed_session_cannot_run_again(env):
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    await env.wait_idle(sid)
    from colloquy.errors import Conflict

    with pytest.raises(Conflict):
        await env.run(sid)


async def test_guard_beyond_planned_requests_halts_with_the_product_message(env):
    sid = await env.create(participants=3, questions=2)
    async with env.factory() as db:
        row = await db.get(type(await env.row(sid)), sid)
        row.request_count = 18 + 150  # planned answers + the breaker's 150
        await db.commit()
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["error"]["message"] == "Maximum request limit reached. Please start a new session."
    assert env.fake.requests == []
    async with env.factory() as db:
        assert len(await load_messages(db, sid)) == 1  # the question was posted, then halted


async def test_iteration_guard_halts_and_saves(env):
    sid = await env.create(participants=3, questions=2)
    async with env.factory() as db:
        row = await db.get(type(await env.row(sid)), sid)
        row.iteration_count = 24 + 150
        await db.commit()
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["error"]["message"] == "Session encountered an error. Saving progress..."
    assert view["messages"] == [] and view["running"] is False


async def test_invalid_participant_index_saves_and_completes(env):
    env.fake.set_responder(paced(0.05))
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    await env.wait_messages(sid, 8)
    await env.runners.shutdown()
    assert (await env.row(sid)).status == "in-progress"
    async with env.factory() as db:  # damage it: one participant fewer than answered
        row = await db.get(type(await env.row(sid)), sid)
        row.participants = row.participants[:2]
        await db.commit()
    restarted = env.new_manager()
    await restarted.resume_all()
    view = await env.wait_idle(sid, runners=restarted)
    await restarted.shutdown()
    assert view["status"] == "completed" and view["completedAt"] and view["error"] is None
    assert len(view["messages"]) >= 8


async def test_session_finished_elsewhere_mid_run_announces_only_stored_messages(env):
    # The runner goes on while a message commits (engine/journal.py group commit); when the
    # session is completed behind its back, the writes under way fail with SessionGone and
    # nothing that was not stored may be announced to subscribers.
    env.fake.latency = 0.05
    sid = await env.create(participants=3, questions=2)
    sub, _, _ = env.bus.subscribe(sid, None)
    await env.run(sid)
    await env.wait_messages(sid, 3)
    async with env.factory() as db, db.begin():
        (await db.get(SessionRow, sid)).status = "completed"
    await env.wait_idle(sid)
    stored = [m["id"] for m in await env.messages(sid)]
    events = []
    while not sub.queue.empty():
        events.append(sub.queue.get_nowait())
    announced = [e.data["id"] for e in events if e.name == "message"]
    assert announced == stored and 3 <= len(stored) < 24
    assert "error" not in [e.name for e in events]


async def test_stream_cut_short_is_retried_and_only_whole_answers_stored(env):
    """A stream that stops without a finish reason ("I would never")
    is a fault; the fragment is not stored and the live view is told of the retry."""
    cuts = {"left": 4}

    def responder(body):
        reply = default_responder(body)
        if body.get("stream") and cuts["left"] > 0:
            cuts["left"] -= 1
            return FakeReply(reply, cut_after=2)
        return reply

    env.fake.set_responder(responder)
    sid = await env.create(participants=3, questions=2)
    sub, _, _ = env.bus.subscribe(sid, None)
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed" and view["error"] is None
    assert layout_of(view["messages"]) == expected_layout(2, 3)
    events = []
    while not sub.queue.empty():
        item = sub.queue.get_nowait()
        if item is not None:
            events.append(item)
    retries = [e.data for e in events if e.name == "retrying"]
    assert len(retries) == 4 and {"participantIndex", "questionIndex", "round"} <= set(retries[0])
    answers = [m for m in view["messages"] if m["participantIndex"] is not None]
    cut = [m for m in answers if len(m["content"].split()) <= 2]
    assert cut == []  # no two-token fragment stored as an answer


async def test_shutdown_waits_for_message_writes_under_way(env, monkeypatch):
    """A restart in the same process must load every message the old runner queued, or
    the new runner answers a slot again and its write collides with the late one."""
    from colloquy.engine import journal

    queued: list[dict] = []
    real_enqueue, real_insert = journal.enqueue_message, journal._insert_batch

    def counting_enqueue(factory, session_id, message, *args, **kwargs):
        queued.append(message)
        return real_enqueue(factory, session_id, message, *args, **kwargs)

    async def slow_insert(factory, batch):
        await asyncio.sleep(0.3)  # the database is slow: writes are under way at shutdown
        return await real_insert(factory, batch)

    monkeypatch.setattr(journal, "enqueue_message", counting_enqueue)
    monkeypatch.setattr(journal, "_insert_batch", slow_insert)
    env.fake.set_responder(paced(0.01))
    sid = await env.create(participants=3, questions=2)
    await env.run(sid)
    while len(queued) < 6:
        await asyncio.sleep(0.01)
    await env.runners.shutdown()
    assert len(await env.messages(sid)) == len(queued)  # nothing queued was left behind

    monkeypatch.setattr(journal, "_insert_batch", real_insert)
    restarted = env.new_manager()
    assert await restarted.resume_all() == [sid]
    view = await env.wait_idle(sid, runners=restarted)
    await restarted.shutdown()
    assert layout_of(view["messages"]) == expected_layout(2, 3)
    assert view["status"] == "completed" and view["error"] is None
