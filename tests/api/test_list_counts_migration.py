"""Migration 0034_list_counts (docs/performance.md#lists-that-page), on SQLite and
PostgreSQL: sessions stored before it get their public messages counted by sentiment,
surveys their respondents counted; the summary cards and the survey list read those."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.store.migrate import upgrade

T0 = datetime(2026, 11, 1, tzinfo=UTC)
SESSION_SQL = (
    "INSERT INTO sessions (id, name, description, status, created_at, updated_at,"
    " participants, moderator_style, stimuli, questions, settings, tokens_used, running,"
    " stop_requested, request_count, iteration_count)"
    " VALUES (:id, :id, '', 'completed', :t, :t, '[]', 'casual', '[]', '[]', '{}', 0,"
    " false, false, 0, 0)"
)
MESSAGE_SQL = (
    "INSERT INTO messages (id, session_id, seq, speaker, content, timestamp, sentiment,"
    " question_index, round_index, participant_index, kind, tokens)"
    " VALUES (:id, :sid, :seq, 'X', 'x', :t, :sentiment, 0, :seq, :seq, :kind, 1)"
)
SURVEY_SQL = (
    "INSERT INTO surveys (id, name, status, concepts, questions, respondents, samples,"
    " ask_direct, model, embedder, created_at, updated_at)"
    " VALUES (:id, :id, 'draft', '[]', '[]', :respondents, 1, false, '', '', :t, :t)"
)
# (session, [(sentiment, kind)]): s1 counts 2 positive, 1 neutral, 1 negative (the question
# has none, the private answers are not counted); s2 one negative; s3 nothing.
MESSAGES = {
    "s1": [
        (None, "question"),
        ("positive", "response"),
        ("positive", "response"),
        ("neutral", "response"),
        ("negative", "response"),
        ("positive", "private_before"),
        ("negative", "private_after"),
    ],
    "s2": [("negative", "response")],
    "s3": [],
}


def test_stored_sessions_and_surveys_are_counted(blank_database_url):
    url = blank_database_url

    async def write() -> None:
        engine = create_async_engine(url)
        try:
            async with engine.begin() as conn:
                for sid, said in MESSAGES.items():
                    await conn.execute(text(SESSION_SQL), {"id": sid, "t": T0})
                    for seq, (sentiment, kind) in enumerate(said):
                        await conn.execute(
                            text(MESSAGE_SQL),
                            {
                                "id": f"{sid}-m{seq}",
                                "sid": sid,
                                "seq": seq,
                                "t": T0,
                                "sentiment": sentiment,
                                "kind": kind,
                            },
                        )
                for vid, n in (("v1", 3), ("v2", 0)):
                    people = json.dumps([{"id": f"p{i}", "name": f"P{i}"} for i in range(n)])
                    await conn.execute(
                        text(SURVEY_SQL), {"id": vid, "respondents": people, "t": T0}
                    )
        finally:
            await engine.dispose()

    async def read() -> tuple[dict, dict]:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as conn:
                sessions = (
                    await conn.execute(
                        text(
                            "SELECT id, positive_count, neutral_count, negative_count FROM sessions"
                        )
                    )
                ).all()
                surveys = (
                    await conn.execute(text("SELECT id, respondent_count FROM surveys"))
                ).all()
        finally:
            await engine.dispose()
        return {r[0]: tuple(r[1:]) for r in sessions}, dict(surveys)

    upgrade(url, "0029_session_kind")
    asyncio.run(write())
    upgrade(url, "0034_list_counts")
    sessions, surveys = asyncio.run(read())
    assert sessions == {"s1": (2, 1, 1), "s2": (0, 0, 1), "s3": (0, 0, 0)}
    assert surveys == {"v1": 3, "v2": 0}
