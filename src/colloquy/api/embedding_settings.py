"""/api/settings/embeddings: which embedder turns answers into sentence vectors."""

from typing import Annotated, Any

from fastapi import APIRouter, Body

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.schemas.embedding_settings import (
    EmbeddingOptionsOut,
    EmbeddingSaveOut,
    EmbeddingSettingsIn,
    EmbeddingSettingsOut,
    EmbeddingTestOut,
)
from colloquy.services.model_settings import embedding_edits, embedding_options
from colloquy.services.model_settings import embedding_settings as service

router = APIRouter(prefix="/settings", tags=["settings"])


def _change(body: EmbeddingSettingsIn) -> service.EmbeddingChange:
    return service.EmbeddingChange(
        kind=body.kind, base_url=body.base_url, model=body.model, api_key=body.api_key
    )


@router.get("/embeddings", response_model=EmbeddingSettingsOut)
async def get_embedding_settings(runtime: RuntimeDep) -> dict[str, Any]:
    return embedding_edits.view(runtime)


@router.put(
    "/embeddings",
    response_model=EmbeddingSaveOut,
    responses={422: {"description": "Invalid settings, or the embedder gave no vectors"}},
)
async def put_embedding_settings(
    body: EmbeddingSettingsIn, runtime: RuntimeDep, db: SessionDep
) -> dict[str, Any]:
    """Try the embedder, then save it and use it at once; stored results made by another
    embedder are recomputed on their next use."""
    return await embedding_edits.save(db, runtime, _change(body))


@router.delete("/embeddings", response_model=EmbeddingSettingsOut)
async def reset_embedding_settings(runtime: RuntimeDep, db: SessionDep) -> dict[str, Any]:
    return await embedding_edits.reset(db, runtime)


@router.post("/embeddings/test", response_model=EmbeddingTestOut)
async def test_embedding_settings(
    runtime: RuntimeDep, body: Annotated[EmbeddingSettingsIn | None, Body()] = None
) -> dict[str, Any]:
    choice = (
        service.choice_of(runtime)[0] if body is None else service.resolve(runtime, _change(body))
    )
    return await service.probe(runtime, choice)


@router.get("/embeddings/options", response_model=EmbeddingOptionsOut)
async def list_embedding_options(runtime: RuntimeDep) -> dict[str, Any]:
    return await embedding_options.options(runtime)
