"""/api/settings/model: which model new calls use, changed from the Settings screen."""

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.schemas.model_settings import (
    ModelListOut,
    ModelSaveOut,
    ModelSettingsIn,
    ModelSettingsOut,
    ModelTestOut,
    ProviderName,
)
from colloquy.services.model_settings import settings as service
from colloquy.services.model_settings.active_model import current

router = APIRouter(prefix="/settings", tags=["settings"])


def _change(body: ModelSettingsIn) -> service.ModelChange:
    return service.ModelChange(
        provider=body.provider, base_url=body.base_url, model=body.model, api_key=body.api_key
    )


@router.get("/model", response_model=ModelSettingsOut)
async def get_model_settings(runtime: RuntimeDep) -> dict[str, Any]:
    return service.view(runtime)


@router.put(
    "/model",
    response_model=ModelSaveOut,
    responses={422: {"description": "Invalid settings, or the model did not answer"}},
)
async def put_model_settings(
    body: ModelSettingsIn, runtime: RuntimeDep, db: SessionDep
) -> dict[str, Any]:
    return await service.save(db, runtime, _change(body))


@router.delete("/model", response_model=ModelSettingsOut)
async def reset_model_settings(runtime: RuntimeDep, db: SessionDep) -> dict[str, Any]:
    return await service.reset(db, runtime)


@router.post("/model/test", response_model=ModelTestOut)
async def test_model_settings(
    runtime: RuntimeDep, body: Annotated[ModelSettingsIn | None, Body()] = None
) -> dict[str, Any]:
    config = current(runtime) if body is None else service.resolve(runtime, _change(body))
    return await service.probe(runtime, config)


@router.get("/models", response_model=ModelListOut)
async def list_models(
    runtime: RuntimeDep,
    provider: ProviderName,
    base_url: Annotated[str | None, Query(alias="baseUrl", max_length=500)] = None,
) -> dict[str, Any]:
    return {"models": await service.list_models(runtime, provider, base_url)}
