"""Several processes with surveys: a survey runs in one process at a time (a lease per survey, as
for sessions); when that process is killed with -9, another process that is running (no
restart) takes the survey over within seconds and completes it, each planned answer
stored exactly once and nothing stored before the kill rewritten."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.settings import Settings
from conftest import _admin
from support.fake_openai import FakeReply, run_fake_openai
from support.live_server import server_env, start, stop

pytestmark = [pytest.mark.slow, pytest.mark.timeout(150)]


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
        "name": "Takeover test",
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


def lock_holders(database_url: str) -> set[int]:
    """Pids of the processes holding a survey's live lease (engine/cluster.py's owner id
    is host:pid:token)."""

    async def read() -> set[int]:
        engine = create_async_engine(database_url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(
                    text("SELECT owner FROM survey_leases WHERE expires_at >= now()")
                )
                return {int(owner.split(":")[-2]) for (owner,) in rows}
        finally:
            await engine.dispose()

    return asyncio.run(read())


def test_a_running_process_takes_over_the_survey_of_a_killed_one(pg_settings, tmp_path):
    db = pg_settings.resolved_database_url
    with run_fake_openai(lambda body: FakeReply("I might buy it, I suppose.", delay=0.1)) as fake:
        env = server_env(pg_settings, fake.base_url, COLLOQUY_SURVEY_CONCURRENCY="4")
        procs = [start(env, tmp_path / "a.log"), start(env, tmp_path / "b.log")]
        try:
            (pa, a), (pb, b) = procs
            ids = [p["id"] for p in httpx.get(f"{a}/api/personas", timeout=20).json()[:6]]
            sid = httpx.post(f"{a}/api/surveys", json=_body(ids), timeout=20).json()["id"]
            assert httpx.post(f"{a}/api/surveys/{sid}/run", timeout=20).status_code == 200
            deadline = time.monotonic() + 60
            while len(_answers(b, sid)) < 10:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            holders = lock_holders(db)
            assert len(holders) == 1 and holders <= {pa.pid, pb.pid}, holders
            (owner,) = holders
            victim, survivor = (pa, b) if owner == pa.pid else (pb, a)
            survivor_pid = pb.pid if victim is pa else pa.pid
            os.kill(victim.pid, signal.SIGKILL)
            victim.wait(timeout=10)
            killed_at = time.monotonic()
            before = _answers(survivor, sid)
            assert 10 <= len(before) < 48, "killed too late"

            # The survivor takes it over while running: its lock within seconds.
            while lock_holders(db) != {survivor_pid}:
                state = httpx.get(f"{survivor}/api/surveys/{sid}", timeout=20).json()
                if state["status"] == "completed":
                    break
                assert time.monotonic() - killed_at < 15, "not taken over"
                time.sleep(0.1)
            deadline = time.monotonic() + 90
            while (state := httpx.get(f"{survivor}/api/surveys/{sid}", timeout=20).json())[
                "status"
            ] != "completed":
                assert state["status"] == "running", state
                assert time.monotonic() < deadline, "the survey did not complete"
                time.sleep(0.2)
            after = _answers(survivor, sid)
        finally:
            for proc, _url in procs:
                if proc.poll() is None:
                    stop(proc)
    keys = [x[:4] for x in after]
    assert len(keys) == 6 * 2 * 2 * 2 and len(set(keys)) == len(keys)
    assert set(before) <= set(after)  # nothing stored before the kill was rewritten
