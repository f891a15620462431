"""Take over a running interview (docs/interviews.md): POST /api/sessions/{id}/take-over,
/questions and /hand-back. Each answers the session as GET /api/sessions/{id} does."""

from typing import Any

from fastapi import APIRouter

from colloquy.api.deps import SessionDep
from colloquy.api.engine_deps import EventsDep, RunnersDep
from colloquy.api.schemas.sessions import SessionOut, TypedQuestionIn
from colloquy.services.sessions import takeover

router = APIRouter(prefix="/sessions", tags=["sessions"])


@router.post("/{session_id}/take-over", response_model=SessionOut)
async def take_over(
    session_id: str, db: SessionDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    """409: not an interview, not running, or already taken over."""
    return await takeover.take_over(db, session_id, runners, events)


@router.post("/{session_id}/questions", response_model=SessionOut)
async def ask_question(
    session_id: str, body: TypedQuestionIn, db: SessionDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    """422: an empty question or one over 2000 characters. 409: not an interview, not
    running, not taken over, a typed question still waiting, or 30 typed already."""
    return await takeover.ask_question(db, session_id, body.text, runners, events)


@router.post("/{session_id}/hand-back", response_model=SessionOut)
async def hand_back(
    session_id: str, db: SessionDep, runners: RunnersDep, events: EventsDep
) -> dict[str, Any]:
    """409: not an interview, or not taken over."""
    return await takeover.hand_back(db, session_id, runners, events)
