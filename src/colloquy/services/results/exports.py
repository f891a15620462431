"""Session downloads: the product's CSV report, a JSON copy of everything, a Markdown report."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews.takeover import speaker_label
from colloquy.domain.results.csv_export import csv_filename, session_csv, write_csv
from colloquy.domain.results.markdown_export import markdown_report
from colloquy.domain.results.private_export import (
    private_csv_rows,
    private_markdown,
    private_rows,
)
from colloquy.domain.results.replay_export import replay_markdown
from colloquy.domain.results.synthetic_notice import data_block, data_notice, exported_people
from colloquy.domain.sessions.private_answers import public
from colloquy.domain.trust.health_report import with_health_section
from colloquy.errors import AppError
from colloquy.runtime import Runtime
from colloquy.services.model_settings.provenance import model_label_for
from colloquy.services.results.analytics import build_analytics
from colloquy.services.sessions import replay as replay_service
from colloquy.services.sessions.loading import get_session_row, load_session
from colloquy.services.usage.totals import usage_of_messages
from colloquy.store.types import utcnow

JSON_FORMAT = "colloquy-session/1"  # lets a future import recognise the file


def export_filename(name: Any, suffix: str) -> str:
    """'{sessionname}{suffix}', cleaned by the same rule as the product's CSV file name."""
    return csv_filename(name).removesuffix("_results.csv") + suffix


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"not JSON serialisable: {type(value).__name__}")


async def replay_figures(
    db: AsyncSession, runtime: Runtime | None, session_id: str
) -> dict[str, Any] | None:
    """A completed replay's similarity (labelled), None for any other session or when it
    cannot be computed (no embedder): the export goes on without it."""
    row = await get_session_row(db, session_id)
    info = (row.settings or {}).get(replay_service.REPLAY_KEY)
    if runtime is None or not isinstance(info, dict) or row.status != "completed":
        return None
    try:
        return await replay_service.similarity(db, runtime, session_id)
    except AppError:
        return None


async def csv_export(
    db: AsyncSession, session_id: str, runtime: Runtime | None = None
) -> tuple[str, str]:
    session, every = await load_session(db, session_id, private=True)
    messages = public(every)
    session["usage"] = usage_of_messages(every)  # type: ignore[typeddict-unknown-key]
    notice = data_notice(session, model_label_for(session, runtime))
    text = session_csv(session, messages, session["insights"], notice)
    extra = private_csv_rows(every)  # their own section after the transcript
    return csv_filename(session["name"]), text + (write_csv(extra) if extra else "")


async def json_export(
    db: AsyncSession,
    session_id: str,
    runtime: Runtime | None = None,
    health: dict[str, Any] | None = None,
) -> tuple[str, str]:
    """The whole session (details, setup, messages, insights) plus its analytics and,
    once completed, its health report."""
    session, every = await load_session(db, session_id, private=True)
    messages = public(every)
    session["usage"] = usage_of_messages(every)  # type: ignore[typeddict-unknown-key]
    shown, analytics = exported_people(dict(session), build_analytics(session, messages))
    document = {
        "format": JSON_FORMAT,
        "syntheticData": data_block(session, model_label_for(session, runtime)),
        "exportedAt": utcnow(),
        **shown,
        # A question typed in an interview's take over reads as the researcher's.
        "messages": [{**m, "speaker": speaker_label(m)} for m in messages],
        "analytics": analytics,
        "health": health,
    }
    if len(messages) != len(every):  # private answers in their own section
        document["privateAnswers"] = [m for m in every if m not in messages]
        document["changedMinds"] = private_rows(every)
    replay = await replay_figures(db, runtime, session_id)
    if replay is not None:  # every figure labelled held-out or in-sample
        document["replaySimilarity"] = replay
    text = json.dumps(document, default=_jsonable, ensure_ascii=False, indent=2)
    return export_filename(session["name"], "_session.json"), text


async def markdown_export(
    db: AsyncSession,
    session_id: str,
    runtime: Runtime | None = None,
    health: dict[str, Any] | None = None,
) -> tuple[str, str]:
    session, every = await load_session(db, session_id, private=True)
    messages = public(every)
    session["usage"] = usage_of_messages(every)  # type: ignore[typeddict-unknown-key]
    notice = data_notice(session, model_label_for(session, runtime))
    shown, analytics = exported_people(dict(session), build_analytics(session, messages))
    assert analytics is not None
    report = markdown_report(shown, messages, session["insights"], analytics, notice)
    report = with_health_section(report, health)
    section = private_markdown(session["questions"], every)
    report = report.rstrip() + "\n\n" + section if section else report
    replay = await replay_figures(db, runtime, session_id)
    if replay is not None:
        report = report.rstrip() + "\n\n" + replay_markdown(replay)
    return export_filename(session["name"], "_report.md"), report
