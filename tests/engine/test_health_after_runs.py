"""A session's health report, computed in the background once it completes, waits while
other sessions of the process run (at most DEFER_MAX_SECONDS), and reports are computed
one at a time (docs/performance.md)."""

from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager

from colloquy.runtime import Runtime
from colloquy.services.trust import session_health
from support.fake_openai import FakeReply


class StubRuntime(Runtime):
    def __init__(self) -> None:  # only what a background report touches
        self.features = {}

    @asynccontextmanager
    async def sessionmaker(self):  # type: ignore[override]
        yield None


async def test_reports_wait_for_the_other_runs_and_go_one_at_a_time(monkeypatch):
    monkeypatch.setattr(session_health, "DEFER_POLL_SECONDS", 0.001)
    computing, most, done = 0, 0, []
    polls = {"s1": 0, "s2": 0}

    async def compute(_db, _runtime, session_id):
        nonlocal computing, most
        computing += 1
        most = max(most, computing)
        await asyncio.sleep(0.01)
        computing -= 1
        done.append(session_id)

    def others_running(session_id: str) -> bool:
        polls[session_id] += 1
        return polls[session_id] <= 3  # the other runs go on for three looks

    monkeypatch.setattr(session_health, "compute", compute)
    runtime = StubRuntime()
    session_health.schedule(runtime, "s1", others_running)
    session_health.schedule(runtime, "s2", others_running)
    await asyncio.gather(*runtime.feature(session_health.HealthTasks))
    assert sorted(done) == ["s1", "s2"]
    assert polls == {"s1": 4, "s2": 4}  # three looks while others ran, one when they paused
    assert most == 1


async def test_a_report_waits_no_longer_than_the_cap(monkeypatch):
    monkeypatch.setattr(session_health, "DEFER_POLL_SECONDS", 0.001)
    monkeypatch.setattr(session_health, "DEFER_MAX_SECONDS", 0.02)
    done = []

    async def compute(_db, _runtime, session_id):
        done.append(session_id)

    monkeypatch.setattr(session_health, "compute", compute)
    runtime = StubRuntime()
    session_health.schedule(runtime, "s1", lambda _sid: True)  # others never pause
    await asyncio.gather(*runtime.feature(session_health.HealthTasks))
    assert done == ["s1"]


async def test_the_registry_tells_whether_other_sessions_run(env):
    env.fake.set_responder(lambda _body: FakeReply("I would buy it for the kids.", delay=0.05))
    sid = await env.create(participants=3, questions=2)
    assert not env.runners.others_active(sid)
    await env.run(sid)
    assert env.runners.is_active(sid)
    assert not env.runners.others_active(sid)  # only itself
    assert env.runners.others_active("another session")
    await env.wait_idle(sid)
    assert not env.runners.others_active("another session")
