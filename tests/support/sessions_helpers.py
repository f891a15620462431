"""Shared bits of the session API tests: a valid body, a client with a fake model, polling.
(Plain helpers, not fixtures: each test module declares its fixtures with them.)"""

from __future__ import annotations

import time
from contextlib import contextmanager

from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.fake_openai import run_fake_openai


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


def wait_until(client, session_id: str, done, timeout: float = 30) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        view = client.get(f"/api/sessions/{session_id}").json()
        if done(view):
            return view
        assert time.monotonic() < deadline, f"timed out; last view: {view.get('status')}"
        time.sleep(0.05)


def wait_idle(client, session_id: str, timeout: float = 30) -> dict:
    return wait_until(client, session_id, lambda v: not v["running"], timeout)
