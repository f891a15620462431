"""kill -9 of a real server process mid-run, then a restart: the session resumes from its
stored messages and completes with nothing lost or repeated."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import httpx
import pytest

from support.fake_openai import FakeReply, default_responder
from support.forked_server import ForkedProcess
from support.live_server import server_env, start
from support.sessions_helpers import session_body
from support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]


def start_server(settings, llm_url: str, log: Path) -> tuple[ForkedProcess, str]:
    return start(server_env(settings, llm_url), log)


def poll(url: str, session_id: str, done, timeout: float = 60) -> dict:
    """The session's view from the server process, read until `done(view)` holds."""
    return wait_for(
        lambda: httpx.get(f"{url}/api/sessions/{session_id}", timeout=10).json(),
        until=done,
        timeout=timeout,
    )


def test_kill_9_mid_run_then_restart_completes(settings, fake_llm, tmp_path):
    fake_llm.set_responder(lambda body: FakeReply(default_responder(body), delay=0.05))
    log = tmp_path / "server.log"
    proc, url = start_server(settings, fake_llm.base_url, log)
    try:
        s = httpx.post(f"{url}/api/sessions", json=session_body(), timeout=10).json()
        httpx.post(f"{url}/api/sessions/{s['id']}/run", timeout=10)
        before = poll(url, s["id"], lambda v: len(v["messages"]) >= 7)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert len(before["messages"]) < 24
    proc, url = start_server(settings, fake_llm.base_url, log)
    try:
        view = poll(url, s["id"], lambda v: v["status"] == "completed")
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    keys = [
        (m["kind"], m["questionIndex"], m["round"], m["participantIndex"]) for m in view["messages"]
    ]
    assert len(keys) == 24 and len(set(keys)) == 24
    kept = {m["id"] for m in before["messages"]}
    assert kept <= {m["id"] for m in view["messages"]}
    assert view["error"] is None and view["running"] is False
