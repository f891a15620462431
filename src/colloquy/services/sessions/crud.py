"""Session use cases: create, read, edit, duplicate, delete."""

from __future__ import annotations

import copy
from typing import Any

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.interviews.rules import GROUP
from colloquy.domain.sessions import record as rec
from colloquy.domain.sessions.transcript_import import MSG_HUMAN_NO_COPY
from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import Conflict, ValidationFailed
from colloquy.schemas.sessions import SessionCreate, SessionUpdate
from colloquy.services.model_settings.profile_use import FIELD as PROFILES
from colloquy.services.model_settings.profile_use import check_assignments, checked_profiles
from colloquy.services.sessions import setup
from colloquy.services.sessions.loading import get_session_row
from colloquy.services.sessions.view import list_summaries, load_view
from colloquy.store.tables import MessageRow, SessionRow
from colloquy.store.types import utcnow

SETUP_FIELDS = ("participantIds", "moderatorStyle", "stimuli", "questions", "settings")

__all__ = [
    "create_session",
    "delete_session",
    "duplicate_session",
    "get_session",
    "get_session_row",
    "list_summaries",
    "update_session",
]


async def get_session(
    db: AsyncSession, session_id: str, runners: RunnerRegistry | None = None
) -> dict[str, Any]:
    row = await get_session_row(db, session_id)
    return await load_view(db, row, runners.generating(session_id) if runners else [])


async def check_create(
    db: AsyncSession, data: dict[str, Any], one_question: bool = False
) -> dict[str, Any]:
    """The checks of a session's create body (camelCase; the create and the estimate share
    them): the body with its checked profiles, or ValidationFailed (`one_question`: a
    replay of a group's held-out questions may ask just one)."""
    setup.validate_setup(data, one_question)
    return await checked_profiles(db, data)  # mixed panels (docs/models.md)


async def create_session(
    db: AsyncSession, body: SessionCreate, one_question: bool = False
) -> dict[str, Any]:
    """Start Session: a validated setup with participant snapshots, status in-progress."""
    data = await check_create(db, body.model_dump(by_alias=True), one_question)
    participants = await setup.participant_snapshots(db, data.get("participantIds") or [])
    now = utcnow()
    row = SessionRow(
        id=setup.new_session_id(),
        name=data["name"].strip(),
        description=(data.get("description") or "").strip(),
        status="in-progress",
        created_at=now,
        updated_at=now,
        participants=participants,
        tokens_used=0,
        running=False,
        stop_requested=False,
        request_count=0,
        iteration_count=0,
        kind=data.get("kind") or GROUP,
        **setup.normalised_setup(data),
    )
    db.add(row)
    await db.commit()
    return await load_view(db, row, [])


async def update_session(
    db: AsyncSession, session_id: str, body: SessionUpdate, runners: RunnerRegistry | None = None
) -> dict[str, Any]:
    """Name and description always; the setup too while the session is a draft (the
    fields the body sets)."""
    data = body.model_dump(by_alias=True, exclude_unset=True)
    row = await get_session_row(db, session_id)
    changes_setup = any(f in data for f in SETUP_FIELDS)
    if changes_setup and row.status != "draft":
        raise Conflict("Only a draft session's setup can be changed")
    if "name" in data and (not isinstance(data["name"], str) or not data["name"].strip()):
        raise ValidationFailed([setup.MSG_NAME_REQUIRED])
    errors = setup.check_details(data.get("name"), data.get("description"))
    if errors:
        raise ValidationFailed(errors)
    if changes_setup:
        merged = {
            "name": data.get("name", row.name),
            "description": data.get("description"),
            "participantIds": data.get(
                "participantIds", [p["id"] for p in rec.participants(row.participants)]
            ),
            "moderatorStyle": data.get("moderatorStyle", row.moderator_style),
            "stimuli": data.get("stimuli", row.stimuli),
            "questions": data.get("questions", row.questions),
            "settings": data.get("settings", row.settings),
            "kind": row.kind,
        }
        setup.validate_setup(merged)
        merged = await checked_profiles(db, merged)  # mixed panels (docs/models.md)
        if "participantIds" in data:
            row.participants = await setup.participant_snapshots(db, merged["participantIds"])
        for key, value in setup.normalised_setup(merged).items():
            setattr(row, key, value)
    if "name" in data:
        row.name = data["name"].strip()
    if data.get("description") is not None:
        row.description = data["description"].strip()
    row.updated_at = utcnow()
    await db.commit()
    return await load_view(db, row, runners.generating(session_id) if runners else [])


async def duplicate_session(db: AsyncSession, session_id: str) -> dict[str, Any]:
    """A new draft with the same setup: ' (Copy)', no messages, tokensUsed 0 (product-rules §4)."""
    source = await get_session_row(db, session_id)
    if source.source == "human":
        raise Conflict(MSG_HUMAN_NO_COPY)
    # The copy is checked as a create is: a model profile deleted since (the source may be
    # finished, so the profile could go) is refused now rather than failing its run.
    ids = [str(p.get("id")) for p in source.participants or [] if isinstance(p, dict)]
    await check_assignments(db, (source.settings or {}).get(PROFILES), ids)
    now = utcnow()
    row = SessionRow(
        id=setup.new_session_id(),
        name=f"{source.name[: setup.NAME_MAX - 7]} (Copy)",
        description=source.description,
        status="draft",
        created_at=now,
        updated_at=now,
        completed_at=None,
        participants=copy.deepcopy(source.participants),
        moderator_style=source.moderator_style,
        stimuli=copy.deepcopy(source.stimuli),
        questions=list(source.questions),
        settings=dict(source.settings),
        tokens_used=0,
        insights=None,
        error=None,
        running=False,
        stop_requested=False,
        request_count=0,
        iteration_count=0,
        kind=source.kind,
        # A copy of a follow-up interview remembers the same group.
        follow_up_of_id=source.follow_up_of_id,
        follow_up=copy.deepcopy(source.follow_up),
    )
    db.add(row)
    await db.commit()
    return await load_view(db, row, [])


async def delete_session(
    db: AsyncSession, session_id: str, runners: RunnerRegistry, bus: EventBus
) -> None:
    """Stop its runner, then remove the session and all its messages."""
    await get_session_row(db, session_id)
    await runners.stop(session_id, quiet=True)
    await db.execute(delete(MessageRow).where(MessageRow.session_id == session_id))
    await db.execute(delete(SessionRow).where(SessionRow.id == session_id))
    await db.commit()
    bus.publish(session_id, "deleted", payloads.deleted(session_id))
    bus.close_session(session_id)
