"""/api/sessions/{id}/replay and /replay-similarity (docs/evidence.md)."""

from typing import Any

from fastapi import APIRouter

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.engine_deps import EventsDep, RunnersDep
from colloquy.api.schemas.replay import ReplayIn, ReplaySimilarityOut
from colloquy.api.schemas.sessions import SessionOut
from colloquy.services.sessions import replay

router = APIRouter(tags=["sessions"])


@router.post("/sessions/{session_id}/replay", response_model=SessionOut, status_code=201)
async def replay_group(
    session_id: str,
    db: SessionDep,
    runners: RunnersDep,
    events: EventsDep,
    body: ReplayIn | None = None,
) -> dict[str, Any]:
    """A human group replayed by its grounded personas on its held-out questions (with
    `inSample`: on those they learnt from): a new session, started at once."""
    in_sample = body.in_sample if body else False
    return await replay.replay_group(db, runners, events, session_id, in_sample)


@router.get("/sessions/{session_id}/replay-similarity", response_model=ReplaySimilarityOut)
async def replay_similarity(session_id: str, db: SessionDep, runtime: RuntimeDep) -> dict[str, Any]:
    """Per participant: the persona's words against its person's, on the same questions."""
    return await replay.similarity(db, runtime, session_id)
