"""kill -9 of a real server in the middle of an AI-led interview, then a restart: the
interview completes with the transcript an uninterrupted run gives, each message stored
once, in order, and nothing stored before the kill rewritten (docs/interviews.md)."""

from __future__ import annotations

import itertools
import os
import signal
import threading

import httpx
import pytest

from support.fake_openai import FakeReply, run_fake_openai
from support.interview_script import EXPECTED, interview_body, responder
from support.live_server import server_env, start, stop, stored_messages
from support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(150)]
CALLS_BEFORE_KILL = 4  # answer, decision, answer, decision: the next answer is cut off


def test_kill_9_mid_interview_then_restart(settings, tmp_path):
    log = tmp_path / "server.log"
    calls, killed = itertools.count(1), threading.Event()

    def held(body: dict) -> FakeReply:
        text = responder(body)
        # A held reply outlives the killed server; after the kill every reply flows.
        late = next(calls) > CALLS_BEFORE_KILL and not killed.is_set()
        return FakeReply(text, delay=120 if late else 0.05)

    with run_fake_openai(held) as fake:
        env = server_env(settings, fake.base_url)
        proc, url = start(env, log)
        try:
            sid = httpx.post(f"{url}/api/sessions", json=interview_body(), timeout=20).json()["id"]
            assert httpx.post(f"{url}/api/sessions/{sid}/run", timeout=20).status_code == 200
            wait_for(
                lambda: httpx.get(f"{url}/api/sessions/{sid}", timeout=20).json(),
                until=lambda v: len(v["messages"]) >= 5,  # question, 2 answers, 2 follow-ups
                timeout=60,
            )
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            killed.set()
        finally:
            if proc.poll() is None:
                proc.kill()
        before = stored_messages(settings.resolved_database_url)[sid]
        assert len(before) == 5, before  # the third answer was in flight

        proc, url = start(env, log)  # resumes the interview its runner left
        try:
            view = wait_for(
                lambda: httpx.get(f"{url}/api/sessions/{sid}", timeout=20).json(),
                until=lambda v: v["status"] == "completed" and not v["running"],
                timeout=90,
                interval=0.2,
                what="the interview completed after the restart",
            )
        finally:
            stop(proc)
    after = stored_messages(settings.resolved_database_url)[sid]
    assert view["error"] is None
    assert [(kind, q, r) for _, kind, q, r, _, _ in after] == EXPECTED
    assert [row[0] for row in after] == list(range(1, len(EXPECTED) + 1))
    assert after[: len(before)] == before  # same ids, same order: nothing rewritten
    notes = [m["note"] for m in view["messages"] if m["kind"] in ("probe", "summary")]
    assert len(notes) == len(set(notes)) == 5  # every decision once, with its reason
