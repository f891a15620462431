"""kill -9 of a real server with 20 sessions running, then a restart: every session
completes, each message stored exactly once, in order, and nothing stored before the
kill is rewritten."""

from __future__ import annotations

import itertools
import os
import signal
import threading

import httpx
import pytest

from support.fake_openai import FakeReply, default_responder, run_fake_openai
from support.live_server import assert_complete_plan, server_env, start, stop, stored_messages
from support.sessions_helpers import session_body
from support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(150)]
SESSIONS = 20
# Answers served before the kill: at most SESSIONS * 6 of the 20 x 18 planned, so at most 6
# sessions can finish before it however slow the machine is (a condition, not a timing).
ANSWERS_BEFORE_KILL = SESSIONS * 6


def summaries(url: str) -> dict[str, dict]:
    return {s["id"]: s for s in httpx.get(f"{url}/api/sessions", timeout=20).json()}


def test_kill_9_with_20_running_sessions_then_restart(settings, tmp_path):
    log = tmp_path / "server.log"
    calls, killed, all_running = itertools.count(1), threading.Event(), threading.Event()

    def responder(body: dict) -> FakeReply:
        # No answer before every run has started: on a machine where starting 20 runs
        # takes seconds, the first sessions would otherwise use up the answers before the
        # last ones began (a condition, not a timing).
        all_running.wait(60)
        held = next(calls) > ANSWERS_BEFORE_KILL and not killed.is_set()
        # A held answer outlives the killed server; after the kill every answer flows.
        return FakeReply(default_responder(body), delay=120 if held else 0.1)

    with run_fake_openai(responder) as fake:
        env = server_env(settings, fake.base_url)
        proc, url = start(env, log)
        try:
            ids = [
                httpx.post(
                    f"{url}/api/sessions", json=session_body(name=f"S{i}"), timeout=20
                ).json()["id"]
                for i in range(SESSIONS)
            ]
            with httpx.Client(timeout=20) as client:
                for sid in ids:
                    assert client.post(f"{url}/api/sessions/{sid}/run").status_code == 200
            all_running.set()
            # Kill once every session has stored something, none finished.
            wait_for(
                lambda: {k: v["messageCount"] for k, v in summaries(url).items()},
                until=lambda counts: all(counts[sid] >= 3 for sid in ids),
                timeout=60,
            )
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            killed.set()
        finally:
            if proc.poll() is None:
                proc.kill()
        before = stored_messages(settings.resolved_database_url)
        assert sum(len(before[sid]) < 24 for sid in ids) >= SESSIONS // 2, "killed too late"

        proc, url = start(env, log)  # resumes every session whose runner was cut off
        try:
            wait_for(
                lambda: all(s["status"] == "completed" for s in summaries(url).values()),
                timeout=90,
                interval=0.2,
                what="every session completed after the restart",
            )
            views = [httpx.get(f"{url}/api/sessions/{sid}", timeout=20).json() for sid in ids]
        finally:
            stop(proc)
    after = stored_messages(settings.resolved_database_url)
    for sid, view in zip(ids, views, strict=False):
        assert view["error"] is None and view["running"] is False
        assert_complete_plan(after[sid], questions=2, participants=3)
        kept = before.get(sid, [])
        assert after[sid][: len(kept)] == kept  # same ids, same order: nothing rewritten
    assert "database is locked" not in log.read_text()
