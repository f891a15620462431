"""/api/models: the catalog of CPU models and their downloads into <data dir>/models."""

from typing import Any

from fastapi import APIRouter

from colloquy.api.deps import RuntimeDep
from colloquy.api.schemas.model_settings import (
    CatalogOut,
    DownloadIn,
    DownloadListOut,
    DownloadOut,
)
from colloquy.errors import NotFound
from colloquy.services.model_settings import downloads as service

router = APIRouter(prefix="/models", tags=["models"])


@router.get("/catalog", response_model=CatalogOut)
async def get_catalog(runtime: RuntimeDep) -> dict[str, Any]:
    return {"models": service.catalog(runtime)}


@router.post(
    "/download",
    response_model=DownloadOut,
    status_code=202,
    responses={
        409: {"description": "overwrite asked for the model in use"},
        422: {"description": "Unknown catalog id, or a bad repository / file"},
    },
)
async def start_download(body: DownloadIn, runtime: RuntimeDep) -> dict[str, Any]:
    """Start downloading (or show the download under way); poll /api/models/downloads.
    A file already there is not replaced unless `overwrite` (never the model in use)."""
    return service.start(runtime, body.id, body.repo, body.file, body.revision, body.overwrite)


@router.get("/downloads", response_model=DownloadListOut)
async def list_downloads(runtime: RuntimeDep) -> dict[str, Any]:
    return {"downloads": service.registry(runtime).list()}


@router.delete("/downloads/{download_id}", response_model=DownloadOut)
async def cancel_download(download_id: str, runtime: RuntimeDep) -> dict[str, Any]:
    """Stop a download; its partial file is kept, so starting it again resumes."""
    job = service.registry(runtime).cancel(download_id)
    if job is None:
        raise NotFound("No such download")
    return job.view()
