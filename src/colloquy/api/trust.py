"""Trust: session health reports and persona personality audits (docs/trust.md)."""

from typing import Any

from fastapi import APIRouter

from colloquy.api.deps import LLMDep, RuntimeDep, SessionDep
from colloquy.api.schemas.model_profiles import ModelQuery
from colloquy.api.schemas.trust import (
    AuditJobOut,
    LibraryAuditOut,
    PersonaAuditOut,
    SessionHealthOut,
)
from colloquy.services.results import by_model
from colloquy.services.trust import persona_audit, session_health

router = APIRouter(tags=["trust"])


@router.get("/sessions/{session_id}/health", response_model=SessionHealthOut)
async def get_session_health(
    session_id: str, db: SessionDep, runtime: RuntimeDep, model: ModelQuery = None
) -> dict[str, Any]:
    if model is not None:  # one model's answers of a mixed panel
        return await by_model.health_for_model(db, runtime, session_id, model)
    return await session_health.get_health(db, runtime, session_id)


@router.get("/personas/audit", response_model=LibraryAuditOut)
async def get_library_audit(db: SessionDep, runtime: RuntimeDep) -> dict[str, Any]:
    return await persona_audit.library_report(db, runtime)


@router.post("/personas/audit", response_model=AuditJobOut, status_code=202)
async def audit_library(db: SessionDep, runtime: RuntimeDep) -> dict[str, Any]:
    return await persona_audit.start_library_audit(db, runtime)


@router.get("/personas/{persona_id}/audit", response_model=PersonaAuditOut | None)
async def get_persona_audit(persona_id: str, db: SessionDep) -> dict[str, Any] | None:
    return await persona_audit.latest_audit(db, persona_id)


@router.post("/personas/{persona_id}/audit", response_model=PersonaAuditOut, status_code=201)
async def audit_persona(
    persona_id: str, db: SessionDep, llm: LLMDep, runtime: RuntimeDep
) -> dict[str, Any]:
    return await persona_audit.audit_persona(db, llm, persona_id, runtime)
