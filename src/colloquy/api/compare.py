"""GET /api/sessions/compare: 2-4 completed sessions side by side. Its own router, included
before the sessions router so 'compare' is not taken for a session id."""

from typing import Annotated, Any

from fastapi import APIRouter, Query

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.schemas.compare import CompareOut
from colloquy.services.results import by_model as model_columns
from colloquy.services.results import compare as service

router = APIRouter(tags=["results"])


@router.get("/sessions/compare", response_model=CompareOut)
async def compare_sessions(
    db: SessionDep,
    runtime: RuntimeDep,
    ids: Annotated[
        str | None, Query(max_length=1000, description="2-4 comma-separated ids")
    ] = None,
    by_model: Annotated[
        bool, Query(alias="byModel", description="One column per model of each session")
    ] = False,
) -> dict[str, Any]:
    if by_model:  # 1-4 sessions, model by model
        return await model_columns.compare_by_model(db, runtime, ids)
    return await service.compare_sessions(db, ids, runtime)
