"""Migration 0029_session_kind (docs/interviews.md): sessions stored before interviews read as kind
`group`; downgrading drops the column and keeps the sessions."""

from __future__ import annotations

from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

from colloquy.app import create_app
from colloquy.store.migrate import alembic_config, upgrade
from support.sessions_helpers import session_body


def test_sessions_before_interviews_are_groups(settings, tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"
    settings.database_url = url
    with TestClient(create_app(settings)) as client:  # start-up migrates to head
        sid = client.post("/api/sessions", json=session_body()).json()["id"]
    command.downgrade(alembic_config(url), "0028_accounts")
    sync = create_engine(url.replace("+aiosqlite", ""))
    assert "kind" not in {c["name"] for c in inspect(sync).get_columns("sessions")}
    with sync.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM sessions")).scalar() == 1
    upgrade(url, "0029_session_kind")
    with sync.connect() as conn:
        assert conn.execute(text("SELECT kind FROM sessions")).scalar() == "group"
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/api/sessions/{sid}").json()["kind"] == "group"
