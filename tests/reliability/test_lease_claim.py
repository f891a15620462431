"""The Run request takes the session's lease in the transaction that sets it running
(PostgreSQL, engine/cluster.py): no other process's adoption scan can see the run
without an owner and take it from the process that was asked to run it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from colloquy.app import create_app
from colloquy.engine.lease_sql import SESSION_LEASES
from colloquy.settings import Settings
from support.sessions_helpers import session_body

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def pg_settings(tmp_path, postgres_database):
    return Settings(
        data_dir=tmp_path / "data",
        database_url=postgres_database,
        llm_provider="openai",
        llm_base_url="http://127.0.0.1:9/v1",  # never called: no runner starts here
        llm_api_key="test",
        llm_model="test-model",
        frontend_dist=tmp_path / "no-dist",
        public_hosts=["testserver"],
    )


def test_the_run_request_holds_the_lease_when_it_commits(pg_settings, monkeypatch):
    with TestClient(create_app(pg_settings)) as client:
        app = client.app
        registry = app.state.runners
        # The runner task is late (a busy process): only the request itself can hold the
        # lease by the time another process scans.
        started: list[str] = []
        monkeypatch.setattr(registry, "ensure_running", lambda sid, **kw: started.append(sid))
        created = client.post("/api/sessions", json=session_body())
        assert created.status_code == 201, created.text
        sid = created.json()["id"]
        assert client.post(f"/api/sessions/{sid}/run").status_code == 200
        assert started == [sid]

        async def look():
            async with app.state.runtime.sessionmaker() as db:
                owner = (
                    await db.execute(
                        text("SELECT owner FROM session_leases WHERE session_id = :sid"),
                        {"sid": sid},
                    )
                ).scalar()
                orphans = list(await db.scalars(SESSION_LEASES.orphans))
            return owner, orphans

        owner, orphans = client.portal.call(look)
        assert owner == registry.ownership.me
        assert sid not in orphans  # another process's scan leaves it alone
        assert sid in registry.ownership.held  # renewed by this process's heartbeat
