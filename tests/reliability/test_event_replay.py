"""Last-Event-ID replay across processes, on PostgreSQL. A stream on process A is
cut mid-run; the client reconnects to process B with its last id and gets the messages it
missed (from the database), then the live ones; later it reconnects to a process started
after that (an id from a bus it never knew). No reset, no message missed."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
import pytest

from colloquy.settings import Settings
from conftest import _admin
from support.fake_openai import FakeReply, default_responder, run_fake_openai
from support.live_server import assert_complete_plan, stored_messages
from support.sessions_helpers import session_body
from support.thread_server import serve_in_thread

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def pg_settings(tmp_path, postgres_database) -> Settings:
    asyncio.run(_admin(postgres_database, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public"))
    return Settings(
        data_dir=tmp_path / "data",
        database_url=postgres_database,
        frontend_dist=tmp_path / "no-dist",
        llm_provider="openai",
        llm_api_key="test",
        llm_model="fake",
        llm_retry_base_delay=0.01,
    )


def read(base: str, session_id: str, last_id: str | None, until) -> list[tuple[str, str, dict]]:
    """[(id, name, data)] of one stream, until `until(events)` is true."""
    headers = {"Last-Event-ID": last_id} if last_id else {}
    url = f"{base}/api/sessions/{session_id}/events"
    events: list[tuple[str, str, dict]] = []
    frame: dict[str, str] = {}
    deadline = time.monotonic() + 60
    with httpx.stream("GET", url, headers=headers, timeout=30) as res:
        assert res.status_code == 200
        for line in res.iter_lines():
            assert time.monotonic() < deadline
            if line.startswith(":"):
                continue
            if line:
                key, _, value = line.partition(":")
                frame[key] = value.removeprefix(" ")
                continue
            if "event" in frame:
                events.append((frame["id"], frame["event"], json.loads(frame.get("data", "{}"))))
                if until(events):
                    return events
            frame = {}
    return events


def messages(events) -> list[str]:
    return [e[2]["id"] for e in events if e[1] == "message"]


def completed(events) -> bool:
    return events[-1][1] == "status" and events[-1][2]["status"] == "completed"


def test_a_client_reconnecting_to_another_process_gets_what_it_missed(pg_settings):
    with run_fake_openai(lambda body: FakeReply(default_responder(body), delay=0.15)) as fake:
        settings = pg_settings.model_copy(update={"llm_base_url": fake.base_url})
        with serve_in_thread(settings) as (a, _), serve_in_thread(settings) as (b, _):
            sid = httpx.post(f"{a}/api/sessions", json=session_body(), timeout=20).json()["id"]
            with httpx.Client(timeout=20) as client:
                first: list = []

                def run_when_ready(events) -> bool:
                    if len(events) == 1:
                        assert events[0][1] == "ready"
                        assert client.post(f"{a}/api/sessions/{sid}/run").status_code == 200
                    return len(messages(events)) >= 5

                first = read(a, sid, None, run_when_ready)
            cut = first[-1][0]
            assert cut.split(".")[2] == "5"  # five messages sent: the stream's position
            time.sleep(1.0)  # the run goes on while the client is away
            stored_meanwhile = len(stored_messages(settings.resolved_database_url)[sid])
            assert stored_meanwhile > 6

            # On B: the missed messages (from the database), the status, then live ones.
            second = read(
                b,
                sid,
                cut,
                lambda ev: (
                    "status" in [e[1] for e in ev] and len(set(messages(ev))) >= stored_meanwhile
                ),
            )
            assert "reset" not in [e[1] for e in second] and second[0][1] == "message"
            replayed = second[: stored_meanwhile - 5]
            assert [e[1] for e in replayed] == ["message"] * (stored_meanwhile - 5)
            assert [int(e[0].split(".")[2]) for e in replayed] == list(
                range(6, stored_meanwhile + 1)
            )
            status = next(e for e in second if e[1] == "status")[2]
            assert status["status"] == "in-progress" and status["running"] is True

            # A process started after that knows nothing of B's ids: from the database too.
            with serve_in_thread(settings) as (c, _):
                third = read(c, sid, second[-1][0], completed)
            assert "reset" not in [e[1] for e in third]
    rows = stored_messages(settings.resolved_database_url)[sid]
    assert_complete_plan(rows, questions=2, participants=3)
    got = list(dict.fromkeys(messages(first) + messages(second) + messages(third)))
    assert got == [r[5] for r in rows]  # every message, in order, none missed
