"""Migration 0031_studies (docs/interviews.md#studies) on SQLite and PostgreSQL, from a
database with no schema: sessions stored before studies belong to none, the study table
takes a study and an interview names it, and the downgrade keeps the sessions."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

from alembic import command
from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.store.migrate import alembic_config, upgrade

NOW = datetime(2026, 11, 28, 9, 0, tzinfo=UTC)


def _shape(conn) -> dict:
    found = inspect(conn)
    tables = found.get_table_names()
    return {
        "tables": tables,
        "columns": {c["name"] for c in found.get_columns("sessions")},
        "indexes": {i["name"] for i in found.get_indexes("sessions")},
    }


async def test_studies_migrate_up_and_down(blank_database_url):
    url = blank_database_url
    await asyncio.to_thread(upgrade, url, "0029_session_kind")
    engine = create_async_engine(url)
    old = {
        "id": "s-old",
        "name": "Old interview",
        "description": "",
        "status": "completed",
        "created_at": NOW,
        "updated_at": NOW,
        "participants": "[]",
        "moderator_style": "casual",
        "stimuli": "[]",
        "questions": json.dumps(["Why?"]),
        "settings": "{}",
        "tokens_used": 0,
        "running": False,
        "stop_requested": False,
        "request_count": 0,
        "iteration_count": 0,
        "kind": "interview",
    }
    columns = ", ".join(old)
    values = ", ".join(f":{k}" for k in old)
    async with engine.begin() as conn:
        await conn.execute(text(f"INSERT INTO sessions ({columns}) VALUES ({values})"), old)
    await asyncio.to_thread(upgrade, url, "0031_studies")
    async with engine.begin() as conn:
        shape = await conn.run_sync(_shape)
        assert "studies" in shape["tables"] and "study_id" in shape["columns"]
        assert "ix_sessions_study_id" in shape["indexes"]
        assert (await conn.execute(text("SELECT study_id FROM sessions"))).scalar() is None
        await conn.execute(
            text(
                "INSERT INTO studies (id, name, description, questions, settings, persona_ids,"
                " session_ids, status, created_at, updated_at) VALUES ('st1', 'Pouch', '',"
                " :q, '{}', :p, :s, 'running', :now, :now)"
            ),
            {
                "q": json.dumps(["Why?"]),
                "p": json.dumps(["p1"]),
                "s": json.dumps(["s-old"]),
                "now": NOW,
            },
        )
        await conn.execute(text("UPDATE sessions SET study_id = 'st1'"))
        joined = await conn.execute(
            text("SELECT s.name FROM sessions s JOIN studies t ON t.id = s.study_id")
        )
        assert joined.scalar() == "Old interview"
    await engine.dispose()
    await asyncio.to_thread(command.downgrade, alembic_config(url), "0029_session_kind")
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        shape = await conn.run_sync(_shape)
        assert "studies" not in shape["tables"] and "study_id" not in shape["columns"]
        assert (await conn.execute(text("SELECT count(*) FROM sessions"))).scalar() == 1
    await engine.dispose()
