"""/api/model-profiles: named saved models for mixed panels (docs/models.md); the default one is
the model of the Settings screen."""

from typing import Any

from fastapi import APIRouter, Response

from colloquy.api.deps import RuntimeDep, SessionDep
from colloquy.api.schemas.model_profiles import ModelProfileIn, ModelProfileListOut, ModelProfileOut
from colloquy.services.model_settings import profile_edits, profiles

router = APIRouter(prefix="/model-profiles", tags=["settings"])
_SAVE_ERRORS: dict[int | str, dict[str, Any]] = {
    404: {"description": "No such profile"},
    422: {"description": "Invalid profile, or its model did not answer its test call"},
}


def _change(body: ModelProfileIn) -> profiles.ProfileChange:
    return profiles.ProfileChange(
        name=body.name,
        provider=body.provider,
        base_url=body.base_url,
        model=body.model,
        api_key=body.api_key,
        is_default=body.is_default,
    )


@router.get("", response_model=ModelProfileListOut)
async def list_profiles(db: SessionDep) -> dict[str, Any]:
    return {"profiles": [profiles.view(r) for r in await profiles.list_rows(db)]}


@router.post("", response_model=ModelProfileOut, status_code=201, responses=_SAVE_ERRORS)
async def create_profile(
    body: ModelProfileIn, runtime: RuntimeDep, db: SessionDep
) -> dict[str, Any]:
    return await profile_edits.create(db, runtime, _change(body))


@router.put("/{profile_id}", response_model=ModelProfileOut, responses=_SAVE_ERRORS)
async def update_profile(
    profile_id: str, body: ModelProfileIn, runtime: RuntimeDep, db: SessionDep
) -> dict[str, Any]:
    return await profile_edits.edit(db, runtime, profile_id, _change(body))


@router.delete(
    "/{profile_id}",
    status_code=204,
    responses={404: {"description": "No such profile"}, 409: {"description": "In use"}},
)
async def delete_profile(profile_id: str, runtime: RuntimeDep, db: SessionDep) -> Response:
    await profile_edits.delete(db, runtime, profile_id)
    return Response(status_code=204)
