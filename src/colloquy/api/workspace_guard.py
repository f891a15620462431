"""The guard every route passes: an id in the path (persona_id, session_id, survey_id,
synthesis_id, study_id) must name a row of the request's workspace, else the resource's own 404.

Lookups inside the services are filtered by the workspace already
(store/workspace_scope.py); this guard also covers routes that read a resource's child
rows (messages, evidence, health reports, answers) by the parent's id. A new route gets it
by naming its path parameter as these do."""

from __future__ import annotations

from typing import Any

from fastapi import Request
from sqlalchemy import select

from colloquy.api.deps import get_runtime
from colloquy.errors import NotFound
from colloquy.store.tables import PersonaRow, SessionRow, StudyRow, SurveyRow, SynthesisRow
from colloquy.store.workspace_scope import current_workspace

# path parameter -> (its table, the resource's not-found message)
GUARDED_PARAMETERS: dict[str, tuple[type[Any], str]] = {
    "persona_id": (PersonaRow, "Persona not found"),
    "session_id": (SessionRow, "Session not found"),
    "survey_id": (SurveyRow, "Survey not found"),
    "synthesis_id": (SynthesisRow, "Synthesis not found"),
    "study_id": (StudyRow, "Study not found"),
}


async def workspace_guard(request: Request) -> None:
    """Async on purpose: it runs in the request's own context (the workspace's)."""
    if current_workspace() is None:
        return  # no workspace set: a caller outside the guarded paths
    checks = [(name, value) for name, value in request.path_params.items()]
    checks = [(n, v) for n, v in checks if n in GUARDED_PARAMETERS and isinstance(v, str)]
    if not checks:
        return
    async with get_runtime(request).sessionmaker() as db:
        for name, value in checks:
            row, message = GUARDED_PARAMETERS[name]
            found = await db.scalar(select(row.id).where(row.id == value))
            if found is None:
                raise NotFound(message)
