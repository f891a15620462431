"""Three real `colloquy serve` processes on one PostgreSQL.

Sessions are created on one process and run through another; SSE clients on process A
follow sessions run by B and C; B is killed with -9 mid-run and its sessions are taken
over by A or C (within 15 s) and finish. Every session completes with seq 1..n, each
(question, round, participant) stored exactly once, and every SSE client gets every
stored message (by its `message` events, or by refetching the session on `reset`). Other
clients switch process mid-run with Last-Event-ID (a load balancer sending a reconnect
elsewhere): they get every message as events, replayed from the database, without reset.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import threading
import time

import httpx
import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.settings import Settings
from conftest import _admin
from support.fake_openai import FakeReply, default_responder, run_fake_openai
from support.live_server import assert_complete_plan, server_env, start, stop, stored_messages
from support.sessions_helpers import session_body

pytestmark = [pytest.mark.slow, pytest.mark.timeout(180)]
SESSIONS = 6  # two run through each process


@pytest.fixture
def pg_settings(tmp_path, postgres_database) -> Settings:
    asyncio.run(_admin(postgres_database, "DROP SCHEMA public CASCADE", "CREATE SCHEMA public"))
    return Settings(
        data_dir=tmp_path / "data",
        database_url=postgres_database,
        frontend_dist=tmp_path / "no-dist",
    )


class Follower(threading.Thread):
    """An SSE client of one process following one session until it completes; with
    `switch_to`, it drops its stream after `switch_after` messages and reconnects to that
    process with Last-Event-ID (as EventSource does)."""

    def __init__(
        self, url: str, session_id: str, switch_to: str | None = None, switch_after: int = 4
    ) -> None:
        super().__init__(daemon=True)
        self.url, self.session_id = url, session_id
        self.current = url  # the process it follows now
        self.switch_to, self.switch_after = switch_to, switch_after
        self.ready = threading.Event()
        self.message_ids: set[str] = set()
        self.event_message_ids: list[str] = []  # from `message` events only
        self.events: list[str] = []
        self.last_id: str | None = None
        self.switched = False
        self.switch_at = 0  # events received before the switch
        self.completed = False
        self.error: Exception | None = None

    def run(self) -> None:
        try:
            self._follow()
        except Exception as exc:  # noqa: BLE001 (reported by the test)
            self.error = exc

    def _refetch(self) -> None:
        view = httpx.get(f"{self.current}/api/sessions/{self.session_id}", timeout=20).json()
        self.message_ids.update(m["id"] for m in view["messages"])

    def _follow(self) -> None:
        url = self.url
        while not self.completed:
            try:
                self._stream(url)
            except httpx.TransportError:  # its process died: reconnect elsewhere
                if self.switch_to is None or self.switched:
                    raise
            if self.completed or self.switch_to is None or self.switched:
                return
            self.switched, url = True, self.switch_to
            self.switch_at = len(self.events)

    def _stream(self, base: str) -> None:
        self.current = base
        url = f"{base}/api/sessions/{self.session_id}/events"
        headers = {"Last-Event-ID": self.last_id} if self.last_id else {}
        timeout = httpx.Timeout(60, read=60)
        with httpx.stream("GET", url, headers=headers, timeout=timeout) as response:
            name = None
            for line in response.iter_lines():
                if line.startswith("id:"):
                    self.last_id = line[3:].strip()
                elif line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:") and name:
                    data = json.loads(line[5:].strip())
                    self.events.append(name)
                    if name in ("ready", "reset"):
                        self._refetch()
                        self.ready.set()
                    elif name == "message":
                        self.message_ids.add(data["id"])
                        self.event_message_ids.append(data["id"])
                        switch = len(set(self.event_message_ids)) >= self.switch_after
                        if self.switch_to and not self.switched and switch:
                            return  # the connection drops; reconnect elsewhere
                    elif name == "status" and data.get("status") == "completed":
                        self.completed = True
                        return
                    name = None


def lease_owners(database_url: str) -> dict[str, str]:
    async def read() -> dict[str, str]:
        engine = create_async_engine(database_url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(text("SELECT session_id, owner FROM session_leases"))
                return {sid: owner for sid, owner in rows}
        finally:
            await engine.dispose()

    return asyncio.run(read())


def pid_of(owner: str) -> int:
    return int(owner.split(":")[-2])


def counts(url: str) -> dict[str, dict]:
    return {s["id"]: s for s in httpx.get(f"{url}/api/sessions", timeout=20).json()}


def test_three_processes_share_sessions_events_and_survive_kill_9(pg_settings, tmp_path):
    url_db = pg_settings.resolved_database_url
    with run_fake_openai(lambda body: FakeReply(default_responder(body), delay=0.3)) as fake:
        env = server_env(pg_settings, fake.base_url)
        procs: list = []
        try:
            for name in "abc":
                procs.append(start(env, tmp_path / f"{name}.log"))
            (pa, a), (pb, b), (pc, c) = procs
            urls = [a, b, c]
            # Created on one process, run through the next one.
            ids = [
                httpx.post(
                    f"{urls[i % 3]}/api/sessions", json=session_body(name=f"S{i}"), timeout=20
                ).json()["id"]
                for i in range(SESSIONS)
            ]
            runner_of = {sid: urls[(i + 1) % 3] for i, sid in enumerate(ids)}
            # SSE clients on A for every session run by B or C, subscribed before the run.
            followers = [Follower(a, sid) for sid in ids if runner_of[sid] != a]
            # And for every session a client that starts on A and goes on on C mid-run.
            switchers = [Follower(a, sid, switch_to=c) for sid in ids]
            for f in followers + switchers:
                f.start()
            for f in followers + switchers:
                assert f.ready.wait(20), "no ready event"
            for sid in ids:
                r = httpx.post(f"{runner_of[sid]}/api/sessions/{sid}/run", timeout=20)
                assert r.status_code == 200, r.text
                assert r.json()["running"] is True
            # Each run is owned by the process that was asked to run it.
            deadline = time.monotonic() + 30
            while True:
                owners = lease_owners(url_db)
                done = {k: v["messageCount"] for k, v in counts(a).items()}
                if len(owners) == SESSIONS and all(done[sid] >= 3 for sid in ids):
                    break
                assert time.monotonic() < deadline, (owners, done)
                time.sleep(0.05)
            by_pid = {pa.pid: a, pb.pid: b, pc.pid: c}
            owner_of = {sid: by_pid[pid_of(o)] for sid, o in owners.items()}
            # The process asked to run a session takes its lease (a scan of another
            # process may win the race now and then: any one owner is right).
            assert sum(owner_of[sid] == runner_of[sid] for sid in ids) >= SESSIONS - 1
            assert all(v["status"] != "completed" for v in counts(a).values())

            # kill -9 B, the owner of (usually) two runs, mid-run.
            b_sessions = [sid for sid in ids if owner_of[sid] == b]
            assert b_sessions and any(f.session_id in b_sessions for f in followers)
            before = stored_messages(url_db)
            os.kill(pb.pid, signal.SIGKILL)
            pb.wait(timeout=10)
            killed_at = time.monotonic()
            assert all(len(before[sid]) < 24 for sid in b_sessions), "killed too late"

            # Another process takes B's sessions over within 15 s and goes on.
            taken: dict[str, float] = {}
            while len(taken) < len(b_sessions):
                owners = lease_owners(url_db)
                for sid in b_sessions:
                    moved = sid in owners and pid_of(owners[sid]) in (pa.pid, pc.pid)
                    if moved or (sid not in owners and counts(a)[sid]["status"] == "completed"):
                        taken.setdefault(sid, time.monotonic() - killed_at)
                assert time.monotonic() - killed_at < 15, f"not taken over: {owners}"
                time.sleep(0.1)

            deadline = time.monotonic() + 60
            while not all(counts(c)[sid]["status"] == "completed" for sid in ids):
                assert time.monotonic() < deadline, "sessions did not complete"
                time.sleep(0.2)
            views = {sid: httpx.get(f"{a}/api/sessions/{sid}", timeout=20).json() for sid in ids}
            for f in followers + switchers:
                f.join(30)
        finally:
            for proc, _url in procs:
                if proc.poll() is None:
                    stop(proc)
    after = stored_messages(url_db)
    for sid in ids:
        assert views[sid]["error"] is None and views[sid]["running"] is False
        assert_complete_plan(after[sid], questions=2, participants=3)
    for sid in b_sessions:
        kept = before.get(sid, [])
        assert after[sid][: len(kept)] == kept  # nothing stored before the kill rewritten
    for f in followers:
        assert f.error is None, f.error
        assert f.completed, f"{f.session_id}: no completed status; got {f.events[-5:]}"
        stored = {row[5] for row in after[f.session_id]}
        assert f.message_ids == stored, f"{f.session_id}: missed {stored - f.message_ids}"
    # A follower of a session that stayed with C got every message as a live event.
    for f in followers:
        if owner_of[f.session_id] == c:
            assert f.events.count("message") == len(after[f.session_id])
    assert max(taken.values()) < 15
    # Clients that switched process mid-run got every message as events, from the database
    # where they missed them; the switch caused no reset (B's death may: its sessions are
    # adopted with a reset, as is a run whose lease a scan of another process took first).
    for f in switchers:
        assert f.error is None, f.error
        assert f.switched and f.completed, f"{f.session_id}: {f.events[-5:]}"
        stored = [row[5] for row in after[f.session_id]]
        assert f.message_ids == set(stored), f"{f.session_id}: missed"
        if f.session_id not in b_sessions:
            assert "reset" not in f.events[f.switch_at :], f.events
            assert list(dict.fromkeys(f.event_message_ids)) == stored


def channel_subscribers(redis_url: str, channel: str) -> int:
    async def read() -> int:
        import redis.asyncio as aioredis

        client = aioredis.Redis.from_url(redis_url)
        try:
            return dict(await client.pubsub_numsub(channel)).get(channel.encode(), 0)
        finally:
            await client.aclose()

    return asyncio.run(read())


def test_two_processes_relay_events_through_redis(pg_settings, tmp_path, redis_url):
    """COLLOQUY_REDIS_URL: the events go over Redis pub/sub (leases stay in PostgreSQL).
    Clients on A follow sessions run by B; others switch from B to A mid-run with
    Last-Event-ID; a kill -9 of the owner is survived as on NOTIFY."""
    from colloquy.engine.cluster import redis_channel

    url_db = pg_settings.resolved_database_url
    channel = redis_channel(url_db)  # the test database is new: a channel of this run
    with run_fake_openai(lambda body: FakeReply(default_responder(body), delay=0.25)) as fake:
        env = server_env(pg_settings, fake.base_url, COLLOQUY_REDIS_URL=redis_url)
        procs: list = []
        try:
            for name in "ab":
                procs.append(start(env, tmp_path / f"{name}.log"))
            (_, a), (pb, b) = procs
            assert channel_subscribers(redis_url, channel) == 2  # one per process
            ids = [
                httpx.post(f"{a}/api/sessions", json=session_body(), timeout=20).json()["id"]
                for _ in range(3)
            ]
            followers = [Follower(a, sid) for sid in ids]
            switchers = [Follower(b, sid, switch_to=a, switch_after=6) for sid in ids]
            for f in followers + switchers:
                f.start()
            for f in followers + switchers:
                assert f.ready.wait(20), "no ready event"
            for sid in ids[:2]:  # run by B
                assert httpx.post(f"{b}/api/sessions/{sid}/run", timeout=20).status_code == 200
            deadline = time.monotonic() + 60
            while not all(counts(a)[sid]["status"] == "completed" for sid in ids[:2]):
                assert time.monotonic() < deadline, "sessions did not complete"
                time.sleep(0.2)
            # The third runs on B, which is killed mid-run: A takes it over.
            third = ids[2]
            assert httpx.post(f"{b}/api/sessions/{third}/run", timeout=20).status_code == 200
            deadline = time.monotonic() + 30
            while counts(a)[third]["messageCount"] < 4:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            os.kill(pb.pid, signal.SIGKILL)
            pb.wait(timeout=10)
            deadline = time.monotonic() + 60
            while counts(a)[third]["status"] != "completed":
                assert time.monotonic() < deadline, "not taken over"
                time.sleep(0.2)
            for f in followers + switchers:
                f.join(30)
        finally:
            for proc, _url in procs:
                if proc.poll() is None:
                    stop(proc)
    after = stored_messages(url_db)
    for sid in ids:
        assert_complete_plan(after[sid], questions=2, participants=3)
    for f in followers + switchers:
        assert f.error is None, f.error
        assert f.completed, f"{f.session_id}: no completed status; got {f.events[-5:]}"
        stored = [row[5] for row in after[f.session_id]]
        assert f.message_ids == set(stored), f"{f.session_id}: missed"
        if f.session_id != third:  # every message as an event, in order
            assert list(dict.fromkeys(f.event_message_ids)) == stored
    for f in switchers:
        assert f.switched
        if f.session_id != third:  # the switch caused no reset
            assert "reset" not in f.events[f.switch_at :], f.events


def test_stop_and_end_from_a_process_that_does_not_own_the_run(pg_settings):
    """Two apps on one database in this process: Stop and End sent to the one that does
    not run the session are carried out by the one that does."""
    from fastapi.testclient import TestClient

    from colloquy.app import create_app
    from support.sessions_helpers import wait_until

    with run_fake_openai(lambda body: FakeReply(default_responder(body), delay=0.3)) as fake:
        settings = pg_settings.model_copy(
            update={
                "llm_provider": "openai",
                "llm_base_url": fake.base_url,
                "llm_api_key": "test",
                "llm_model": "fake",
                "llm_retry_base_delay": 0.01,
                "public_hosts": ["testserver"],
            }
        )
        with TestClient(create_app(settings)) as one, TestClient(create_app(settings)) as two:
            sid = one.post("/api/sessions", json=session_body()).json()["id"]
            assert one.post(f"/api/sessions/{sid}/run").json()["running"] is True
            wait_until(two, sid, lambda v: len(v["messages"]) >= 2)
            owner_app = one.app
            assert owner_app.state.runners.is_active(sid)

            view = two.post(f"/api/sessions/{sid}/stop").json()  # two does not run it
            assert view["running"] is False
            assert view["error"]["message"] == "Session stopped by user"
            assert not owner_app.state.runners.is_active(sid)  # one's runner stopped
            assert lease_owners(settings.resolved_database_url) == {}
            stopped = len(view["messages"])
            time.sleep(1)
            assert len(one.get(f"/api/sessions/{sid}").json()["messages"]) == stopped

            assert two.post(f"/api/sessions/{sid}/run").json()["running"] is True  # two now
            wait_until(one, sid, lambda v: len(v["messages"]) >= stopped + 2)
            assert two.app.state.runners.is_active(sid)
            view = one.post(f"/api/sessions/{sid}/end").json()
            assert view["status"] == "completed" and view["error"] is None
            assert not two.app.state.runners.is_active(sid)
            ended = len(view["messages"])
            time.sleep(1)
            final = two.get(f"/api/sessions/{sid}").json()
            assert final["status"] == "completed" and len(final["messages"]) == ended
    rows = stored_messages(settings.resolved_database_url)[sid]
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1))
    assert len({r[1:5] for r in rows}) == len(rows)


def session_states(database_url: str) -> dict[str, tuple[str, bool]]:
    async def read() -> dict[str, tuple[str, bool]]:
        engine = create_async_engine(database_url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(text("SELECT id, status, running FROM sessions"))
                return {sid: (status, running) for sid, status, running in rows}
        finally:
            await engine.dispose()

    return asyncio.run(read())


def test_a_worker_finishes_the_runs_of_a_dead_server(pg_settings, tmp_path):
    """`colloquy worker` (no HTTP) takes over the sessions of a server killed mid-run."""
    import subprocess
    import sys

    from support.live_server import ROOT

    db = pg_settings.resolved_database_url
    with run_fake_openai(lambda body: FakeReply(default_responder(body), delay=0.3)) as fake:
        env = server_env(pg_settings, fake.base_url)
        proc, url = start(env, tmp_path / "serve.log")
        log = tmp_path / "worker.log"
        worker = subprocess.Popen(
            [sys.executable, "-m", "colloquy.cli", "worker", "--log-level", "warning"],
            cwd=ROOT,
            env={**env, "PYTHONUNBUFFERED": "1"},
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        try:
            deadline = time.monotonic() + 60
            while "Colloquy worker" not in log.read_text():
                assert worker.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "worker did not start"
                time.sleep(0.1)
            ids = [
                httpx.post(f"{url}/api/sessions", json=session_body(), timeout=20).json()["id"]
                for _ in range(2)
            ]
            for sid in ids:
                assert httpx.post(f"{url}/api/sessions/{sid}/run", timeout=20).status_code == 200
            deadline = time.monotonic() + 30
            while not all(n["messageCount"] >= 3 for n in counts(url).values()):
                assert time.monotonic() < deadline
                time.sleep(0.05)
            owners = lease_owners(db)
            assert {pid_of(o) for o in owners.values()} == {proc.pid}
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)
            deadline = time.monotonic() + 60
            while not all(s == ("completed", False) for s in session_states(db).values()):
                assert worker.poll() is None, log.read_text()
                assert time.monotonic() < deadline, session_states(db)
                time.sleep(0.2)
        finally:
            stop(worker)
            stop(proc)
    after = stored_messages(db)
    for sid in ids:
        assert_complete_plan(after[sid], questions=2, participants=3)


def test_the_worker_needs_postgresql(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    from colloquy.cli import app

    monkeypatch.setenv("COLLOQUY_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("COLLOQUY_DATABASE_URL", raising=False)
    result = CliRunner().invoke(app, ["worker"])
    assert result.exit_code == 2
    assert "needs PostgreSQL" in result.output
