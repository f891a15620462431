"""Shared bits of the session API tests: a valid body, a client with a fake model, waiting
for a run. The fixtures `api` and `fake_llm` (tests/conftest.py) are built from these; a
test that needs a second app or model inside its body uses them directly."""

from __future__ import annotations

from contextlib import contextmanager

import httpx
from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.fake_openai import run_fake_openai
from support.waiting import wait_for


def session_body(**overrides) -> dict:
    body = {
        "name": "Eco packaging",
        "description": "First look at the new pouch",
        "participantIds": ["p3", "p1", "p2"],
        "moderatorStyle": "probing",
        "stimuli": [
            {"type": "text", "title": "Claim", "content": "Fully compostable in 90 days."},
            {"type": "video", "title": "Spot", "content": "https://youtu.be/abc123"},
        ],
        "questions": ["What do you think of the pouch?", "  ", "Would you buy it?", ""],
        "settings": {
            "responseLength": "brief",
            "discussionMode": "sequential",
            "autoAdvance": False,
        },
    }
    body.update(overrides)
    return body


@contextmanager
def fake_model():
    """An OpenAI-compatible fake on loopback (use as a fixture body)."""
    with run_fake_openai() as fake:
        yield fake


@contextmanager
def app_client(settings, fake):
    """The app in-process, its model on the loopback fake server."""
    settings.llm_base_url = fake.base_url
    with TestClient(create_app(settings)) as client:
        yield client


def wait_until(client, session_id: str, done, timeout: float = 30, interval: float = 0.05) -> dict:
    """The session's view, read until `done(view)` holds (support/waiting.py)."""
    return wait_for(
        lambda: client.get(f"/api/sessions/{session_id}").json(),
        until=done,
        timeout=timeout,
        interval=interval,
        what=f"session {session_id}",
    )


def wait_idle(client, session_id: str, timeout: float = 30, interval: float = 0.05) -> dict:
    """The session's view once no runner works on it."""
    return wait_until(client, session_id, lambda v: not v["running"], timeout, interval)


def wait_completed(url: str, session_id: str, timeout: float = 60) -> dict:
    """A session on a server process (`colloquy serve` at `url`), read until completed."""
    with httpx.Client(base_url=url, timeout=10) as client:
        return wait_until(client, session_id, lambda v: v["status"] == "completed", timeout, 0.2)
