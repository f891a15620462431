"""Compare 2-4 completed sessions side by side."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews.rules import INTERVIEW
from colloquy.domain.results.compare import (
    not_completed_message,
    parse_compare_ids,
    session_comparison,
)
from colloquy.domain.results.people_gap import GROUP_ONLY
from colloquy.domain.sessions.messages import Message
from colloquy.domain.sessions.private_answers import public
from colloquy.errors import NotFound, ValidationFailed
from colloquy.runtime import Runtime
from colloquy.services.model_settings.provenance import model_label_for
from colloquy.services.results.analytics import build_analytics
from colloquy.services.results.people_gap import add_people_gap
from colloquy.services.sessions.view import session_record
from colloquy.services.trust import session_health
from colloquy.store.messages import load_message_dicts
from colloquy.store.tables import SessionRow


async def compare_sessions(
    db: AsyncSession, ids: str | None, runtime: Runtime | None = None
) -> dict[str, Any]:
    wanted, errors = parse_compare_ids(ids)
    if errors:
        raise ValidationFailed(errors)
    rows = {r.id: r for r in await db.scalars(select(SessionRow).where(SessionRow.id.in_(wanted)))}
    missing = [i for i in wanted if i not in rows]
    if missing:
        raise NotFound(f"Session not found: {', '.join(missing)}")
    records = {sid: session_record(rows[sid]) for sid in wanted}
    unfinished = [
        not_completed_message(records[i]["name"], records[i]["status"])
        for i in wanted
        if records[i]["status"] != "completed"
    ]
    if unfinished:
        raise ValidationFailed(unfinished)
    columns = []
    all_messages: dict[str, list[Message]] = {}
    for sid in wanted:
        session = records[sid]
        messages = public(await load_message_dicts(db, sid))  # not private answers
        all_messages[sid] = messages
        analytics = build_analytics(session, messages)
        column = session_comparison(session, messages, analytics, model_label_for(session, runtime))
        column["source"] = session.get("source") or "simulated"
        column["kind"] = session["kind"]
        # An interview has one speaker: the figures between speakers do not apply.
        column["notApplicable"] = list(GROUP_ONLY) if session["kind"] == INTERVIEW else []
        columns.append(column)
    # Last: computing a report ends the transaction (and expires the rows read above).
    reports: dict[str, dict[str, Any] | None] = {}
    for column in columns:
        report = await session_health.for_export(db, runtime, column["id"]) if runtime else None
        reports[column["id"]] = report
        column["health"] = (
            {"overall": report["overall"], "warnings": report["warnings"]} if report else None
        )
    if runtime is not None:
        await add_people_gap(runtime, columns, all_messages, reports)
    return {"sessions": columns}
