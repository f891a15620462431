"""kill -9 of a real server while the researcher's typed question waits (take over,
docs/interviews.md), then a restart (or, on PostgreSQL, another process taking the run
over): the typed question is read from the database, asked once and answered once, and
the interview waits for the hand back, then completes."""

from __future__ import annotations

import itertools
import os
import signal
import threading

import httpx
import pytest

from support.fake_openai import FakeReply, run_fake_openai
from support.interview_script import interview_body, responder
from support.live_server import server_env, start, stop, stored_messages
from support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]
TYPED = "What makes compostable matter to you?"


def first_answer_held(killed: threading.Event):
    """The persona's first answer is held until the kill: the run is mid-answer, so the
    typed question is still waiting when the server dies."""
    calls = itertools.count(1)

    def reply(body: dict) -> FakeReply:
        held = next(calls) == 1 and not killed.is_set()
        return FakeReply(responder(body), delay=120 if held else 0.05)

    return reply


def view_of(url: str, sid: str) -> dict:
    return httpx.get(f"{url}/api/sessions/{sid}", timeout=20).json()


def type_then_kill(url: str, proc) -> str:
    sid = httpx.post(f"{url}/api/sessions", json=interview_body(), timeout=20).json()["id"]
    assert httpx.post(f"{url}/api/sessions/{sid}/run", timeout=20).status_code == 200
    assert httpx.post(f"{url}/api/sessions/{sid}/take-over", timeout=20).status_code == 200
    asked = httpx.post(f"{url}/api/sessions/{sid}/questions", json={"text": TYPED}, timeout=20)
    assert asked.status_code == 200 and asked.json()["typedQuestion"] == TYPED
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    return sid


def finish_on(url: str, sid: str) -> dict:
    """On the process that runs the interview now: the typed exchange, then hand back."""
    waiting = wait_for(
        lambda: view_of(url, sid),
        until=lambda v: len(v["messages"]) >= 4,
        timeout=90,
        interval=0.2,
        what="the typed question answered after the kill",
    )
    assert waiting["typedQuestion"] is None and waiting["takenOver"] is True
    assert httpx.post(f"{url}/api/sessions/{sid}/hand-back", timeout=20).status_code == 200
    return wait_for(
        lambda: view_of(url, sid),
        until=lambda v: v["status"] == "completed" and not v["running"],
        timeout=90,
        interval=0.2,
        what="the interview completed after the hand back",
    )


def assert_asked_once(rows: list[tuple], view: dict) -> None:
    keys = [(kind, q, r) for _, kind, q, r, _, _ in rows]
    assert keys[:4] == [
        ("question", 0, 0),
        ("response", 0, 0),
        ("researcher", 0, 1),
        ("response", 0, 1),
    ]
    assert keys.count(("researcher", 0, 1)) == 1 and keys.count(("response", 0, 1)) == 1
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))  # seq without gaps
    typed = [m for m in view["messages"] if m["kind"] == "researcher"]
    assert [m["content"] for m in typed] == [TYPED]
    assert view["error"] is None and len(rows) == 12


def test_kill_9_with_a_typed_question_waiting_then_restart(settings, tmp_path):
    killed = threading.Event()
    with run_fake_openai(first_answer_held(killed)) as fake:
        env = server_env(settings, fake.base_url)
        proc, url = start(env, tmp_path / "server.log")
        try:
            sid = type_then_kill(url, proc)
            killed.set()
        finally:
            if proc.poll() is None:
                proc.kill()
        assert stored_messages(settings.resolved_database_url)[sid] != []
        proc, url = start(env, tmp_path / "server.log")  # resumes the interview
        try:
            view = finish_on(url, sid)
        finally:
            stop(proc)
    assert_asked_once(stored_messages(settings.resolved_database_url)[sid], view)


def test_another_process_asks_the_typed_question_of_a_killed_one(pg_settings, tmp_path):
    """Two processes on one PostgreSQL: the one left claims the run and finds the typed
    question in the database, not in the dead process's memory."""
    killed = threading.Event()
    with run_fake_openai(first_answer_held(killed)) as fake:
        env = server_env(pg_settings, fake.base_url)
        a, url_a = start(env, tmp_path / "a.log")
        b, url_b = start(env, tmp_path / "b.log")
        try:
            sid = type_then_kill(url_a, a)
            killed.set()
            view = finish_on(url_b, sid)
        finally:
            for proc in (a, b):
                if proc.poll() is None:
                    stop(proc)
    assert_asked_once(stored_messages(pg_settings.resolved_database_url)[sid], view)
