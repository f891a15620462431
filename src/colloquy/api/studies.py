"""Synthesis across sessions: start one, follow it, download it (docs/synthesis.md)."""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from colloquy.api.client_gone import unless_client_leaves
from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.results import attachment
from colloquy.api.schemas.studies import SynthesisOut
from colloquy.schemas.studies import SynthesisCreate
from colloquy.services.studies import exports, synthesis

router = APIRouter(tags=["studies"])
SegmentQuery = Annotated[
    str | None,
    Query(
        alias="segmentBy",
        max_length=120,
        description="Segment the figures by age, gender, income, a trait or tag:<name>.",
    ),
]


def _download(body: str | bytes, filename: str, media_type: str) -> Response:
    content = body.encode("utf-8") if isinstance(body, str) else body
    return Response(
        content=content,
        media_type=media_type,
        headers={"Content-Disposition": attachment(filename)},
    )


@router.post("/syntheses", response_model=SynthesisOut, status_code=202)
async def start_synthesis(
    body: SynthesisCreate, db: SessionDep, runtime: RuntimeDep
) -> dict[str, Any]:
    """Start the synthesis of these sessions in the background (or return the one already
    made for them as they stand); follow its progress with GET /api/syntheses/{id}."""
    return await synthesis.start_synthesis(db, runtime, body.session_ids, body.segment_by)


@router.get("/syntheses/{synthesis_id}", response_model=SynthesisOut)
async def get_synthesis(
    synthesis_id: str, db: SessionDep, segment_by: SegmentQuery = None
) -> dict[str, Any]:
    """The synthesis: its progress while it runs, then its themes, quotes, contradictions
    and (with segmentBy) segment differences."""
    return await synthesis.get_synthesis(db, synthesis_id, segment_by)


@router.get("/syntheses/{synthesis_id}/export.md", response_class=Response)
async def export_markdown(
    synthesis_id: str, db: SessionDep, segment_by: SegmentQuery = None
) -> Response:
    filename, text = await exports.markdown_export(db, synthesis_id, segment_by)
    return _download(text, filename, "text/markdown; charset=utf-8")


@router.get("/syntheses/{synthesis_id}/quotes.csv", response_class=Response)
async def export_quotes_csv(synthesis_id: str, db: SessionDep) -> Response:
    filename, text = await exports.csv_export(db, synthesis_id)
    return _download(text, filename, "text/csv; charset=utf-8")


@router.get("/syntheses/{synthesis_id}/report.pdf", response_class=Response)
async def export_pdf(
    synthesis_id: str, request: Request, db: SessionDep, segment_by: SegmentQuery = None
) -> Response:
    drawn = await unless_client_leaves(request, exports.pdf_export(db, synthesis_id, segment_by))
    if isinstance(drawn, Response):
        return drawn
    filename, pdf = drawn
    return _download(pdf, filename, "application/pdf")
