"""/api/draft: the one optional draft of the create form."""

from typing import Any

from fastapi import APIRouter, Request, Response

from colloquy.api.deps import SessionDep
from colloquy.api.schemas.draft import DraftOut
from colloquy.services.sessions import draft as service

router = APIRouter(prefix="/draft", tags=["draft"])


@router.get("", response_model=DraftOut)
async def get_draft(db: SessionDep) -> dict[str, Any]:
    return {"draft": await service.get_draft(db)}


_OBJECT_BODY = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": {"type": "object", "additionalProperties": True}}
        },
    }
}


@router.put("", response_model=DraftOut, openapi_extra=_OBJECT_BODY)
async def put_draft(request: Request, db: SessionDep) -> dict[str, Any]:
    # The raw body, so the size bound applies before any parsing.
    data = service.parse_draft(await _bounded_body(request))
    return {"draft": await service.put_draft(db, data)}


@router.delete("", status_code=204)
async def delete_draft(db: SessionDep) -> Response:
    await service.clear_draft(db)
    return Response(status_code=204)


async def _bounded_body(request: Request) -> bytes:
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > service.DRAFT_MAX_BYTES:
            break  # parse_draft reports it
    return bytes(body)
