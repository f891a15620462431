"""kill -9 of a real server in the middle of an AI-led interview, then a restart (or, on
PostgreSQL, another process taking the run over): the interview completes with the
transcript an uninterrupted run gives, each message stored once, in order, and nothing
stored before the kill rewritten (docs/interviews.md)."""

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


def held_after_kill(killed: threading.Event):
    """The scripted interview; replies past the first few are held until the kill (a held
    reply outlives the killed server), then every reply flows."""
    calls = itertools.count(1)

    def reply(body: dict) -> FakeReply:
        text = responder(body)
        late = next(calls) > CALLS_BEFORE_KILL and not killed.is_set()
        return FakeReply(text, delay=120 if late else 0.05)

    return reply


def run_and_kill(url: str, proc) -> str:
    """Start the interview on the process at `url`; kill -9 it mid-run (its session id)."""
    sid = httpx.post(f"{url}/api/sessions", json=interview_body(), timeout=20).json()["id"]
    assert httpx.post(f"{url}/api/sessions/{sid}/run", timeout=20).status_code == 200
    wait_for(
        lambda: httpx.get(f"{url}/api/sessions/{sid}", timeout=20).json(),
        until=lambda v: len(v["messages"]) >= 5,  # question, 2 answers, 2 follow-ups
        timeout=60,
    )
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    return sid


def completed(url: str, sid: str, timeout: float) -> dict:
    return wait_for(
        lambda: httpx.get(f"{url}/api/sessions/{sid}", timeout=20).json(),
        until=lambda v: v["status"] == "completed" and not v["running"],
        timeout=timeout,
        interval=0.2,
        what="the interview completed after the kill",
    )


def assert_resumed(before: list[tuple], after: list[tuple], view: dict) -> None:
    assert len(before) == 5, before  # the third answer was in flight
    assert view["error"] is None
    assert [(kind, q, r) for _, kind, q, r, _, _ in after] == EXPECTED
    assert [row[0] for row in after] == list(range(1, len(EXPECTED) + 1))
    assert after[: len(before)] == before  # same ids, same order: nothing rewritten
    notes = [m["note"] for m in view["messages"] if m["kind"] in ("probe", "summary")]
    assert len(notes) == len(set(notes)) == 5  # every decision once, with its reason


def test_kill_9_mid_interview_then_restart(settings, tmp_path):
    log = tmp_path / "server.log"
    killed = threading.Event()
    with run_fake_openai(held_after_kill(killed)) as fake:
        env = server_env(settings, fake.base_url)
        proc, url = start(env, log)
        try:
            sid = run_and_kill(url, proc)
            killed.set()
        finally:
            if proc.poll() is None:
                proc.kill()
        before = stored_messages(settings.resolved_database_url)[sid]
        proc, url = start(env, log)  # resumes the interview its runner left
        try:
            view = completed(url, sid, 90)
        finally:
            stop(proc)
    assert_resumed(before, stored_messages(settings.resolved_database_url)[sid], view)


def test_another_process_takes_over_a_killed_interview(pg_settings, tmp_path):
    """Two processes on one PostgreSQL: the one left takes the interview over."""
    killed = threading.Event()
    with run_fake_openai(held_after_kill(killed)) as fake:
        env = server_env(pg_settings, fake.base_url)
        a, url_a = start(env, tmp_path / "a.log")
        b, url_b = start(env, tmp_path / "b.log")
        try:
            sid = run_and_kill(url_a, a)
            killed.set()
            before = stored_messages(pg_settings.resolved_database_url)[sid]
            view = completed(url_b, sid, 90)  # B claims the run once A's lease lapses
        finally:
            for proc in (a, b):
                if proc.poll() is None:
                    stop(proc)
    assert_resumed(before, stored_messages(pg_settings.resolved_database_url)[sid], view)
