"""A survey run by one `colloquy serve` process, on one
PostgreSQL with another, is followed, stopped and deleted through the other process:
its event stream shows live progress until the end, and Stop and Delete reach the owner,
which then makes no more model calls."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.settings import Settings
from conftest import _admin
from support.fake_openai import FakeReply, run_fake_openai
from support.live_server import server_env, start, stop

pytestmark = [pytest.mark.slow, pytest.mark.timeout(120)]
PLANNED = 6 * 2 * 2 * 2  # respondents x concepts x questions x samples


@pytest.fixture
def pg_settings(tmp_path, postgres_database) -> Settings:
    asyncio.run(_admin(postgres_database, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public"))
    return Settings(
        data_dir=tmp_path / "data",
        database_url=postgres_database,
        frontend_dist=tmp_path / "no-dist",
    )


def _body(ids: list[str]) -> dict:
    return {
        "name": "Relay test",
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


def lock_holder(database_url: str) -> int | None:
    """The pid of the process holding a survey's live lease (engine/cluster.py's owner
    id is host:pid:token), None while none does."""

    async def read() -> int | None:
        engine = create_async_engine(database_url)
        try:
            async with engine.connect() as conn:
                owner = await conn.scalar(
                    text("SELECT owner FROM survey_leases WHERE expires_at >= now()")
                )
                return int(owner.split(":")[-2]) if owner else None
        finally:
            await engine.dispose()

    return asyncio.run(read())


def wait_for(condition: Callable[[], object], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


class Cluster:
    """Two processes; `run` starts a survey on the first and answers (owner, other)."""

    def __init__(self, settings: Settings, fake_url: str, log_dir) -> None:
        env = server_env(settings, fake_url, COLLOQUY_SURVEY_CONCURRENCY="2")
        self.db = settings.resolved_database_url
        self.procs = [start(env, log_dir / "a.log"), start(env, log_dir / "b.log")]

    def close(self) -> None:
        for proc, _url in self.procs:
            stop(proc)

    def run(self, fake, min_calls: int = 1) -> tuple[str, str, str]:
        (_, a), _ = self.procs
        ids = [p["id"] for p in httpx.get(f"{a}/api/personas", timeout=20).json()[:6]]
        sid = httpx.post(f"{a}/api/surveys", json=_body(ids), timeout=20).json()["id"]
        assert httpx.post(f"{a}/api/surveys/{sid}/run", timeout=20).status_code == 200
        wait_for(lambda: lock_holder(self.db) is not None, 20, "no process runs the survey")
        wait_for(lambda: len(fake.requests) >= min_calls, 20, "no model call")
        pid = lock_holder(self.db)
        owner = next(url for proc, url in self.procs if proc.pid == pid)
        other = next(url for proc, url in self.procs if proc.pid != pid)
        return sid, owner, other


def test_the_event_stream_of_another_process_follows_the_survey_to_its_end(pg_settings, tmp_path):
    with run_fake_openai(lambda body: FakeReply("I might buy it.", delay=0.05)) as fake:
        cluster = Cluster(pg_settings, fake.base_url, tmp_path)
        try:
            sid, _owner, other = cluster.run(fake)
            events = []
            timeout = httpx.Timeout(30, read=30)
            with httpx.stream("GET", f"{other}/api/surveys/{sid}/events", timeout=timeout) as r:
                for line in r.iter_lines():
                    if line.startswith("data:"):
                        events.append(json.loads(line[5:]))
        finally:
            cluster.close()
    running = [e for e in events if e["status"] == "running"]
    assert len(running) >= 2 and running[0]["done"] < PLANNED  # live, not one snapshot
    dones = [e["done"] for e in events]
    assert dones == sorted(dones)
    assert events[-1] == {"status": "completed", "done": PLANNED, "total": PLANNED, "errors": 0}


def _progress(url: str, sid: str, last_event_id: str | None = None, stop_after: int = 0):
    """(id, data) of the progress events of a survey's stream on `url` (the first
    `stop_after` of them, or all until the stream ends)."""
    headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
    out: list[tuple[str, dict]] = []
    event_id = ""
    timeout = httpx.Timeout(30, read=30)
    with httpx.stream(
        "GET", f"{url}/api/surveys/{sid}/events", headers=headers, timeout=timeout
    ) as r:
        for line in r.iter_lines():
            if line.startswith("id:"):
                event_id = line[3:].strip()
            elif line.startswith("data:"):
                out.append((event_id, json.loads(line[5:])))
                if len(out) == stop_after:
                    break
    return out


def test_a_stream_resumed_on_another_process_with_its_last_event_id_goes_to_the_end(
    pg_settings, tmp_path
):
    with run_fake_openai(lambda body: FakeReply("I might buy it.", delay=0.05)) as fake:
        cluster = Cluster(pg_settings, fake.base_url, tmp_path)
        try:
            sid, owner, other = cluster.run(fake)
            first = _progress(owner, sid, stop_after=2)
            rest = _progress(other, sid, last_event_id=first[-1][0])
        finally:
            cluster.close()
    events = [data for _, data in first + rest]
    assert first[-1][1]["status"] == "running" and len(rest) >= 1
    dones = [e["done"] for e in events]
    assert dones == sorted(dones)
    assert events[-1] == {"status": "completed", "done": PLANNED, "total": PLANNED, "errors": 0}


def _calls_stay(fake, grace: float = 1.0) -> tuple[int, int]:
    """Model calls now and after `grace` seconds (at 2 calls in flight every 0.2 s, a
    run that goes on makes about 10 in that time)."""
    before = len(fake.requests)
    time.sleep(grace)  # the claim is that nothing happens: a short wait is its proof
    return before, len(fake.requests)


def test_stop_and_delete_on_another_process_reach_the_owner(pg_settings, tmp_path):
    with run_fake_openai(lambda body: FakeReply("I might buy it.", delay=0.2)) as fake:
        cluster = Cluster(pg_settings, fake.base_url, tmp_path)
        try:
            sid, owner, other = cluster.run(fake, min_calls=2)
            r = httpx.post(f"{other}/api/surveys/{sid}/stop", timeout=30)
            assert r.status_code == 200 and r.json()["status"] == "stopped"
            before, after = _calls_stay(fake)
            state = httpx.get(f"{owner}/api/surveys/{sid}", timeout=20).json()
            assert state["status"] == "stopped" and state["progress"]["done"] < PLANNED
            assert after == before, "the owner went on calling the model after the stop"

            sid, owner, other = cluster.run(fake, min_calls=before + 2)
            assert httpx.delete(f"{other}/api/surveys/{sid}", timeout=30).status_code == 204
            before, after = _calls_stay(fake)
            assert httpx.get(f"{owner}/api/surveys/{sid}", timeout=20).status_code == 404
            assert after == before, "the owner went on calling the model after the delete"
        finally:
            cluster.close()
