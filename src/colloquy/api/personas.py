"""/api/personas and /api/persona-templates."""

from fastapi import APIRouter, Response

from colloquy.api.deps import SessionDep
from colloquy.api.schemas.personas import (
    PersonaCreate,
    PersonaOut,
    PersonaTemplateOut,
    PersonaUpdate,
)
from colloquy.domain.templates import PERSONA_TEMPLATES
from colloquy.services import personas as service

router = APIRouter(tags=["personas"])


def _payload(body: PersonaCreate | PersonaUpdate) -> dict:
    return body.model_dump(by_alias=True, exclude_unset=True)


@router.get("/personas", response_model=list[PersonaOut])
async def list_personas(db: SessionDep):
    return await service.list_personas(db)


@router.post("/personas", response_model=PersonaOut, status_code=201)
async def create_persona(body: PersonaCreate, db: SessionDep):
    return await service.create_persona(db, _payload(body))


@router.get("/personas/{persona_id}", response_model=PersonaOut)
async def get_persona(persona_id: str, db: SessionDep):
    return await service.get_persona(db, persona_id)


@router.put("/personas/{persona_id}", response_model=PersonaOut)
async def update_persona(persona_id: str, body: PersonaUpdate, db: SessionDep):
    return await service.update_persona(db, persona_id, _payload(body))


@router.delete("/personas/{persona_id}", status_code=204)
async def delete_persona(persona_id: str, db: SessionDep) -> Response:
    await service.delete_persona(db, persona_id)
    return Response(status_code=204)


@router.get("/persona-templates", response_model=list[PersonaTemplateOut])
async def persona_templates():
    return PERSONA_TEMPLATES
