"""kill -9 of a real server with a survey running, then a restart: the survey resumes by
itself and completes with every planned (respondent, concept, question, sample) answered
exactly once, and nothing stored before the kill is rewritten."""

from __future__ import annotations

import os
import signal

import httpx
import pytest

from support.fake_openai import FakeReply, run_fake_openai
from support.live_server import server_env, start, stop
from support.waiting import wait_for, wait_survey

pytestmark = [pytest.mark.slow, pytest.mark.timeout(150)]


def _body(ids: list[str]) -> dict:
    return {
        "name": "Kill test",
        "concepts": [
            {"type": "text", "title": "A", "content": "Concept A"},
            {"type": "text", "title": "B", "content": "Concept B"},
        ],
        "questions": [
            {"text": "Would you buy it?", "scale": "purchase_intent"},
            {"text": "Do you like it?", "scale": "liking"},
        ],
        "respondentIds": ids,
        "samples": 2,
    }


def _answers(url: str, sid: str) -> list[tuple]:
    out = httpx.get(f"{url}/api/surveys/{sid}/results", timeout=30).json()["answers"]
    return [
        (a["respondentId"], a["conceptId"], a["questionId"], a["sample"], a["text"]) for a in out
    ]


def test_kill_9_mid_survey_then_restart(settings, tmp_path):
    log = tmp_path / "server.log"
    with run_fake_openai(lambda body: FakeReply("I might buy it, I suppose.", delay=0.1)) as fake:
        env = server_env(settings, fake.base_url, COLLOQUY_SURVEY_CONCURRENCY="4")
        proc, url = start(env, log)
        try:
            ids = [p["id"] for p in httpx.get(f"{url}/api/personas", timeout=20).json()[:6]]
            sid = httpx.post(f"{url}/api/surveys", json=_body(ids), timeout=20).json()["id"]
            assert httpx.post(f"{url}/api/surveys/{sid}/run", timeout=20).status_code == 200
            wait_for(
                lambda: (
                    httpx.get(f"{url}/api/surveys/{sid}", timeout=20).json()["progress"]["done"]
                    >= 10
                ),
                timeout=60,
                what="10 answers",
            )
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
        finally:
            if proc.poll() is None:
                proc.kill()

        proc, url = start(env, log)  # resumes the survey that was running
        try:
            before = _answers(url, sid)
            assert 10 <= len(before) < 48, "killed too late"
            with httpx.Client(base_url=url, timeout=20) as client:
                wait_survey(client, sid, timeout=90, interval=0.2)
            after = _answers(url, sid)
        finally:
            stop(proc)
    keys = [a[:4] for a in after]
    assert len(keys) == 6 * 2 * 2 * 2 and len(set(keys)) == len(keys)
    assert set(before) <= set(after)  # nothing stored before the kill was rewritten
