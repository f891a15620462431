"""Migration 0030_follow_up (docs/interviews.md "Follow-up interviews") on SQLite and
PostgreSQL: sessions stored before it read as no follow-up; the link and the memory
written after it read back; downgrading drops the columns and keeps the sessions."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from alembic import command
from sqlalchemy import column, insert, inspect, select, table
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.store.migrate import alembic_config, upgrade
from colloquy.store.tables import SessionRow

NOW = datetime(2026, 11, 28, tzinfo=UTC)


def _row(sid: str) -> dict[str, object]:
    return {
        "id": sid,
        "name": sid,
        "description": "",
        "status": "completed",
        "created_at": NOW,
        "updated_at": NOW,
        "participants": [],
        "moderator_style": "casual",
        "stimuli": [],
        "questions": ["Q?"],
        "settings": {},
        "tokens_used": 0,
        "running": False,
        "stop_requested": False,
        "request_count": 0,
        "iteration_count": 0,
    }


async def _run(url: str, work) -> object:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as conn:
            return await work(conn)
    finally:
        await engine.dispose()


def test_follow_up_columns_up_and_down(blank_database_url):
    url = blank_database_url
    upgrade(url, "0029_session_kind")
    new = {"follow_up_of_id", "follow_up"}
    # Columns later migrations add (studies, workspaces, list counts, take over).
    later = {"study_id", "workspace_id", "positive_count", "neutral_count", "negative_count"}
    later |= {"taken_over", "typed_question"}
    by_name = {c.name: c for c in SessionRow.__table__.columns}
    old = [n for n in by_name if n not in new | later]
    sessions_0029 = table("sessions", *(column(n, by_name[n].type) for n in old))
    sessions_0030 = table("sessions", *(column(n, by_name[n].type) for n in [*old, *sorted(new)]))

    async def write_old(conn):
        await conn.execute(insert(sessions_0029).values(**_row("s-old")))

    asyncio.run(_run(url, write_old))
    upgrade(url, "0030_follow_up")

    async def write_new(conn):
        cols = sessions_0030.c
        await conn.execute(
            insert(sessions_0030).values(
                **_row("s-new"),
                kind="interview",
                follow_up_of_id="s-old",
                follow_up={"participantId": "p1", "memory": {"turns": []}},
            )
        )
        found = await conn.execute(
            select(cols.id, cols.follow_up_of_id, cols.follow_up).order_by(cols.id)
        )
        return [tuple(r) for r in found]

    rows = asyncio.run(_run(url, write_new))
    assert rows == [
        ("s-new", "s-old", {"participantId": "p1", "memory": {"turns": []}}),
        ("s-old", None, None),
    ]

    async def indexes(conn):
        return await conn.run_sync(lambda c: inspect(c).get_indexes("sessions"))

    assert "ix_sessions_follow_up_of_id" in {i["name"] for i in asyncio.run(_run(url, indexes))}
    command.downgrade(alembic_config(url), "0029_session_kind")

    async def after_down(conn):
        names = await conn.run_sync(
            lambda c: {col["name"] for col in inspect(c).get_columns("sessions")}
        )
        count = len(list(await conn.execute(select(column("id")).select_from(table("sessions")))))
        return names, count

    names, count = asyncio.run(_run(url, after_down))
    assert "follow_up" not in names and "follow_up_of_id" not in names and count == 2
