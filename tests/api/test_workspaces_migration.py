"""Migration 0033_workspaces on SQLite and PostgreSQL: rows written the old way (at
0029_session_kind) all move into the first workspace, "Default"; the lists' indexes lead
with the workspace; a new row without a workspace is refused; downgrading keeps the rows."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.store.migrate import alembic_config, upgrade

pytestmark = pytest.mark.timeout(120)

SCOPED = ("personas", "sessions", "surveys", "syntheses")
NOW = datetime(2026, 11, 1, 9, 0, tzinfo=UTC)


def _value(column: dict[str, Any]) -> Any:
    """A value for a NOT NULL column, by its type."""
    kind = column["type"]
    if isinstance(kind, sa.JSON):
        return []
    if isinstance(kind, sa.Boolean):
        return False
    if isinstance(kind, (sa.Integer, sa.Float, sa.Numeric)):
        return 1
    if isinstance(kind, (sa.DateTime,)) or column["name"].endswith("_at"):
        return NOW
    return "x"


async def _with(url: str, work) -> Any:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            return await conn.run_sync(work)
    finally:
        await engine.dispose()


def _write_old_rows(conn: sa.Connection) -> None:
    meta = sa.MetaData()
    meta.reflect(conn, only=SCOPED)
    for name in SCOPED:
        table = meta.tables[name]
        for n in range(2):
            row = {
                c.name: _value({"name": c.name, "type": c.type})
                for c in table.columns
                if not c.nullable and c.server_default is None
            }
            row["id"] = f"{name}-{n}"
            conn.execute(table.insert().values(**row))
    for user_id, admin in (("u-admin", True), ("u-ana", False)):
        conn.execute(
            sa.text(
                "INSERT INTO users (id, email, password_hash, is_admin, created_at, updated_at) "
                "VALUES (:id, :email, 'h', :admin, :t, :t)"
            ),
            {"id": user_id, "email": f"{user_id}@example.com", "admin": admin, "t": NOW},
        )


def _read(conn: sa.Connection) -> dict[str, Any]:
    inspector = sa.inspect(conn)
    out: dict[str, Any] = {
        "workspaces": conn.execute(sa.text("SELECT id, name FROM workspaces")).all(),
        "indexes": {t: {i["name"] for i in inspector.get_indexes(t)} for t in SCOPED},
        "nullable": {
            t: next(c["nullable"] for c in inspector.get_columns(t) if c["name"] == "workspace_id")
            for t in SCOPED
        },
    }
    out["members"] = conn.execute(
        sa.text("SELECT workspace_id, user_id, role FROM workspace_members")
    ).all()
    for name in SCOPED:
        out[name] = conn.execute(sa.text(f"SELECT id, workspace_id FROM {name} ORDER BY id")).all()
    return out


def test_every_old_row_moves_into_the_first_workspace(blank_database_url):
    url = blank_database_url
    upgrade(url, "0029_session_kind")
    asyncio.run(_with(url, _write_old_rows))
    upgrade(url, "0033_workspaces")
    after = asyncio.run(_with(url, _read))
    assert [tuple(r) for r in after["workspaces"]] == [("default", "Default")]
    # The account that could use the whole library stays a researcher of it (admins need no row).
    assert [tuple(r) for r in after["members"]] == [("default", "u-ana", "researcher")]
    for name in SCOPED:
        assert [tuple(r) for r in after[name]] == [
            (f"{name}-0", "default"),
            (f"{name}-1", "default"),
        ]
        assert after["nullable"][name] is False
        assert f"ix_{name}_workspace_id" in after["indexes"][name]
    assert "ix_personas_ws_created_id" in after["indexes"]["personas"]
    assert "ix_personas_created_id" not in after["indexes"]["personas"]
    assert "ix_sessions_ws_kind_created_id" in after["indexes"]["sessions"]
    assert "ix_surveys_ws_name_id" in after["indexes"]["surveys"]

    def unknown_workspace(conn: sa.Connection) -> None:
        if conn.dialect.name == "sqlite":  # checked only when asked, as the app does (store/db.py)
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
        conn.execute(
            sa.text("UPDATE personas SET workspace_id = 'nowhere' WHERE id = 'personas-0'")
        )

    with pytest.raises(sa.exc.IntegrityError):
        asyncio.run(_with(url, unknown_workspace))

    command.downgrade(alembic_config(url), "0029_session_kind")

    def columns(conn: sa.Connection) -> dict[str, Any]:
        inspector = sa.inspect(conn)
        return {
            "tables": set(inspector.get_table_names()),
            "personas": {c["name"] for c in inspector.get_columns("personas")},
            "rows": conn.execute(sa.text("SELECT count(*) FROM sessions")).scalar(),
        }

    down = asyncio.run(_with(url, columns))
    assert "workspaces" not in down["tables"] and "workspace_members" not in down["tables"]
    assert "workspace_id" not in down["personas"] and down["rows"] == 2
