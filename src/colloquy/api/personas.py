"""/api/personas and /api/persona-templates."""

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response

from colloquy.api.deps import SessionDep, SettingsDep
from colloquy.api.list_params import (
    DEFAULT_LIMIT,
    CursorQuery,
    LimitQuery,
    PersonaSort,
    SearchQuery,
)
from colloquy.api.multipart_body import FILE_BODY
from colloquy.api.results import attachment
from colloquy.api.schemas.lists import PersonaPageOut
from colloquy.api.schemas.personas import PersonaImportOut, PersonaOut, PersonaTemplateOut
from colloquy.domain.personas.file_import import IMPORT_MAX_BYTES, too_large_message
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.personas.templates import PERSONA_TEMPLATES
from colloquy.errors import ValidationFailed
from colloquy.schemas.personas import PersonaCreate, PersonaUpdate
from colloquy.services.multipart_upload import read_file_field
from colloquy.services.personas import file_io as persona_io
from colloquy.services.personas import library as service
from colloquy.services.personas import listing
from colloquy.services.personas.evidence import delete_all_files as delete_evidence_files

router = APIRouter(tags=["personas"])


IdsQuery = Annotated[
    str | None,
    Query(max_length=20000, description="Comma-separated persona ids; all when absent"),
]
TagQuery = Annotated[str | None, Query(max_length=200, description="Only personas with this tag")]


def _download(text: str, filename: str, media_type: str) -> Response:
    return Response(
        content=text.encode("utf-8"),
        media_type=media_type,
        headers={"Content-Disposition": attachment(filename)},
    )


@router.get("/personas", response_model=list[PersonaOut])
async def list_personas(db: SessionDep, tag: TagQuery = None) -> list[PersonaRecord]:
    """The whole library in one list; the screens page through /api/personas/page."""
    return await service.list_personas(db, tag)


@router.get("/personas/page", response_model=PersonaPageOut)
async def page_personas(
    db: SessionDep,
    q: SearchQuery = None,
    tag: TagQuery = None,
    sort: PersonaSort = "created",
    cursor: CursorQuery = None,
    limit: LimitQuery = DEFAULT_LIMIT,
) -> dict[str, Any]:
    """One page of the personas whose name contains `q` (case-insensitive) and that carry
    `tag`, in creation (or name) order, the cursor of the next page and the total."""
    return await listing.page_personas(db, q, tag, sort, cursor, limit)


@router.get("/personas/tags", response_model=list[str])
async def persona_tags(db: SessionDep) -> list[str]:
    """Every tag used in the library (first spelling kept), alphabetical."""
    return await listing.library_tags(db)


@router.get("/personas/export.csv", response_class=Response)
async def export_personas_csv(
    db: SessionDep, ids: IdsQuery = None, tag: TagQuery = None
) -> Response:
    filename, text = await persona_io.export_csv(db, ids, tag)
    return _download(text, filename, "text/csv; charset=utf-8")


@router.get("/personas/export.json", response_class=Response)
async def export_personas_json(
    db: SessionDep,
    ids: IdsQuery = None,
    tag: TagQuery = None,
    include_evidence: Annotated[bool, Query(alias="includeEvidence")] = False,
) -> Response:
    """`includeEvidence=true`: each persona's evidence documents and their text too."""
    filename, text = await persona_io.export_json(db, ids, tag, include_evidence)
    return _download(text, filename, "application/json")


@router.get("/personas/import-template.csv", response_class=Response)
async def persona_import_template() -> Response:
    filename, text = persona_io.template()
    return _download(text, filename, "text/csv; charset=utf-8")


@router.post("/personas/import", response_model=PersonaImportOut, openapi_extra=FILE_BODY)
async def import_personas(
    request: Request,
    db: SessionDep,
    dry_run: Annotated[bool, Query(alias="dryRun")] = False,
) -> dict[str, Any]:
    """CSV or JSON file in the `file` field; `dryRun=true` only checks and previews."""
    received = await read_file_field(request, "file", IMPORT_MAX_BYTES)
    if received is None:
        raise ValidationFailed(["No file selected"])
    if not received.complete:
        raise ValidationFailed([too_large_message(received.size)])
    return await persona_io.import_personas(
        db, bytes(received.data), received.filename, received.content_type, dry_run=dry_run
    )


@router.post("/personas", response_model=PersonaOut, status_code=201)
async def create_persona(body: PersonaCreate, db: SessionDep) -> PersonaRecord:
    return await service.create_persona(db, body)


@router.get("/personas/{persona_id}", response_model=PersonaOut)
async def get_persona(persona_id: str, db: SessionDep) -> PersonaRecord:
    return await service.get_persona(db, persona_id)


@router.put("/personas/{persona_id}", response_model=PersonaOut)
async def update_persona(persona_id: str, body: PersonaUpdate, db: SessionDep) -> PersonaRecord:
    return await service.update_persona(db, persona_id, body)


@router.delete("/personas/{persona_id}", status_code=204)
async def delete_persona(persona_id: str, db: SessionDep, settings: SettingsDep) -> Response:
    await service.delete_persona(db, persona_id)
    delete_evidence_files(settings.evidence_dir, persona_id)  # and its files
    return Response(status_code=204)


@router.get("/persona-templates", response_model=list[PersonaTemplateOut])
async def persona_templates() -> tuple[dict[str, Any], ...]:
    return PERSONA_TEMPLATES
