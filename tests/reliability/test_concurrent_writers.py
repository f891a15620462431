"""Many writers at once against a real server (SQLite in WAL mode with a busy timeout, or
PostgreSQL): persona creates, session runs (each `run` sent twice at the same moment) and
draft saves. No request fails with 5xx or 'database is locked', each session gets exactly
one runner, and every transcript is complete."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from support.fake_openai import FakeReply, default_responder, run_fake_openai
from support.live_server import assert_complete_plan, server_env, start, stop, stored_messages
from support.sessions_helpers import session_body
from support.waiting import wait_for

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]
SESSIONS, PERSONAS, DRAFTS = 8, 30, 30


def persona(i: int) -> dict:
    return {
        "name": f"Writer {i}",
        "age": 30 + i % 40,
        "gender": "Female",
        "location": "Austin, TX",
        "income": "$60k-$100k",
        "interests": ["cycling"],
        "traits": {
            "openness": 60,
            "conscientiousness": 55,
            "extraversion": 50,
            "agreeableness": 70,
            "neuroticism": 35,
        },
    }


async def storm(url: str) -> tuple[list[httpx.Response], list[str]]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        created = await asyncio.gather(
            *[
                client.post("/api/sessions", json=session_body(name=f"W{i}"))
                for i in range(SESSIONS)
            ]
        )
        ids = [r.json()["id"] for r in created]
        calls = [client.post("/api/personas", json=persona(i)) for i in range(PERSONAS)]
        calls += [client.post(f"/api/sessions/{sid}/run") for sid in ids for _ in range(2)]
        calls += [
            client.put("/api/draft", json={"name": f"draft {i}", "questions": ["q"] * 5})
            for i in range(DRAFTS)
        ]
        calls += [client.get("/api/personas") for _ in range(10)]
        return list(created) + list(await asyncio.gather(*calls)), ids


def test_concurrent_writers_never_see_a_locked_database(settings, tmp_path):
    log = tmp_path / "server.log"
    with run_fake_openai(lambda body: FakeReply(default_responder(body), delay=0.02)) as fake:
        proc, url = start(server_env(settings, fake.base_url), log)
        try:
            responses, ids = asyncio.run(storm(url))
            wait_for(
                lambda: httpx.get(f"{url}/api/sessions", timeout=30).json(),
                until=lambda views: all(v["status"] == "completed" for v in views),
                timeout=90,
                interval=0.2,
                what="every session completed",
            )
            personas = httpx.get(f"{url}/api/personas", timeout=30).json()
        finally:
            stop(proc)
        answers = len(fake.requests)
    bad = [
        (r.request.method, r.request.url.path, r.status_code, r.text[:200])
        for r in responses
        if r.status_code >= 500 or "locked" in r.text
    ]
    assert not bad
    assert all(r.status_code in (200, 201) for r in responses)
    assert len([p for p in personas if p["name"].startswith("Writer ")]) == PERSONAS
    assert answers == SESSIONS * 18  # one runner per session: no answer generated twice
    stored = stored_messages(settings.resolved_database_url)
    for sid in ids:
        assert_complete_plan(stored[sid], questions=2, participants=3)
    assert "database is locked" not in log.read_text()
