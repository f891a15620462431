"""Results of a session: analytics, AI insights, downloads; and the scripted demo."""

from typing import Annotated, Any
from urllib.parse import quote

from fastapi import APIRouter, Body, Request, Response

from colloquy.api.client_gone import unless_client_leaves
from colloquy.api.deps import LLMDep, RuntimeDep, SessionDep
from colloquy.api.schemas.model_profiles import ModelQuery
from colloquy.api.schemas.results import (
    AnalyticsOut,
    DemoCompleteIn,
    DemoCompleteOut,
    DemoScriptOut,
    InsightsOut,
)
from colloquy.domain.sessions.demo_script import demo_script
from colloquy.services.results import analytics_cache, by_model, exports, insights, pdf_report
from colloquy.services.sessions import demo
from colloquy.services.trust import session_health

router = APIRouter(tags=["results"])


def attachment(filename: str) -> str:
    """Content-Disposition for a download: an ASCII fallback plus the exact UTF-8 name
    (RFC 6266 / RFC 5987), so non-ASCII session names survive in every browser."""
    fallback = filename.encode("ascii", "replace").decode("ascii").replace("?", "_")
    fallback = fallback.replace('"', "_").replace("\\", "_")
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"


def _download(text: str, filename: str, media_type: str) -> Response:
    return Response(
        content=text.encode("utf-8"),
        media_type=media_type,
        headers={"Content-Disposition": attachment(filename)},
    )


@router.get("/sessions/{session_id}/analytics", response_model=AnalyticsOut)
async def get_analytics(
    session_id: str, db: SessionDep, model: ModelQuery = None
) -> dict[str, Any]:
    if model is not None:  # one model's answers of a mixed panel
        return await by_model.analytics_for_model(db, session_id, model)
    return await analytics_cache.get_analytics(db, session_id)


@router.post("/sessions/{session_id}/insights", response_model=InsightsOut)
async def generate_insights(session_id: str, db: SessionDep, llm: LLMDep) -> dict[str, Any]:
    return await insights.generate_insights(db, llm, session_id)


@router.get("/sessions/{session_id}/export.csv", response_class=Response)
async def export_csv(session_id: str, db: SessionDep, runtime: RuntimeDep) -> Response:
    filename, text = await exports.csv_export(db, session_id, runtime)
    return _download(text, filename, "text/csv; charset=utf-8")


@router.get("/sessions/{session_id}/export.json", response_class=Response)
async def export_json(session_id: str, db: SessionDep, runtime: RuntimeDep) -> Response:
    health = await session_health.for_export(db, runtime, session_id)
    filename, text = await exports.json_export(db, session_id, runtime, health)
    return _download(text, filename, "application/json")


@router.get("/sessions/{session_id}/export.md", response_class=Response)
async def export_markdown(session_id: str, db: SessionDep, runtime: RuntimeDep) -> Response:
    health = await session_health.for_export(db, runtime, session_id)
    filename, text = await exports.markdown_export(db, session_id, runtime, health)
    return _download(text, filename, "text/markdown; charset=utf-8")


@router.get("/sessions/{session_id}/report.pdf", response_class=Response)
async def export_pdf(
    session_id: str, request: Request, db: SessionDep, runtime: RuntimeDep
) -> Response:
    drawn = await unless_client_leaves(request, pdf_report.pdf_report(db, session_id, runtime))
    if isinstance(drawn, Response):
        return drawn
    filename, pdf = drawn
    return Response(
        content=pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": attachment(filename)},
    )


@router.get("/demo-script", response_model=DemoScriptOut)
async def get_demo_script() -> dict[str, Any]:
    return demo_script()


@router.post("/sessions/demo/complete", response_model=DemoCompleteOut)
async def complete_demo(
    db: SessionDep, body: Annotated[DemoCompleteIn | None, Body()] = None
) -> dict[str, Any]:
    return await demo.complete_demo(db, body.speed if body else 1)
