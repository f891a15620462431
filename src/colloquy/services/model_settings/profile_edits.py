"""Saving model profiles: create, edit, delete. A change that touches the endpoint
(provider, base URL, model or key) is tried before it is saved, like the Settings screen's
model; a failed try changes nothing. Every saved change bumps the settings version, so
every process of a deployment picks it up (settings_sync.py)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.errors import AppError, Conflict, ValidationFailed
from colloquy.llm.config import ModelConfig
from colloquy.runtime import Runtime
from colloquy.services.model_settings import settings as model_settings
from colloquy.services.model_settings import settings_sync
from colloquy.services.model_settings.profile_use import unfinished_users
from colloquy.services.model_settings.profiles import (
    MSG_NAME_REQUIRED,
    MSG_NAME_TOO_LONG,
    NAME_MAX,
    ProfileChange,
    config_of,
    get_row,
    new_profile_id,
    secret_box,
    view,
)
from colloquy.store.tables import ModelProfileRow


async def _check_name(db: AsyncSession, name: str | None, own_id: str | None) -> str:
    text = (name or "").strip()
    if not text:
        raise ValidationFailed([MSG_NAME_REQUIRED])
    if len(text) > NAME_MAX:
        raise ValidationFailed([MSG_NAME_TOO_LONG])
    same = await db.scalar(select(ModelProfileRow.id).where(ModelProfileRow.name == text))
    if same is not None and same != own_id:
        raise ValidationFailed([f"A model profile named {text!r} already exists"])
    return text


async def _tried(runtime: Runtime, config: ModelConfig) -> None:
    """One real test call; a model that does not answer is not saved."""
    outcome = await model_settings.probe(runtime, config)
    if not outcome["ok"]:
        raise AppError(
            f"This profile was not saved: {outcome['error']}",
            status=422,
            code="model_unusable",
            extra={"test": outcome},
        )


def _resolve(runtime: Runtime, change: ProfileChange, before: ModelConfig | None) -> ModelConfig:
    """The configuration asked for, checked (the Settings screen's rules)."""
    provider = change.provider or (before.provider if before else None)
    if provider is None:
        raise ValidationFailed(["Provider is required"])
    same_endpoint = before is not None and before.provider == provider
    base_url: str | None = change.base_url
    if base_url is None:
        base_url = before.base_url if same_endpoint and before is not None else None
    model = change.model if change.model is not None else (before.model if before else None)
    checked = model_settings.resolve(
        runtime,
        model_settings.ModelChange(provider=provider, base_url=base_url, model=model, api_key=""),
    )
    if checked.provider == "local":
        key = None
    elif change.api_key is not None:
        key = change.api_key.strip() or None
    elif before is not None and (before.provider, before.base_url) == (provider, checked.base_url):
        key = before.api_key  # same endpoint: keep the saved key
    else:
        key = None
    return ModelConfig(checked.provider, checked.base_url, checked.model, key)


def _store_config(runtime: Runtime, row: ModelProfileRow, config: ModelConfig) -> None:
    row.provider = config.provider
    row.base_url = config.base_url
    row.model = config.model
    row.api_key = secret_box(runtime).encrypt(config.api_key) if config.api_key else None


async def _make_default(db: AsyncSession, row: ModelProfileRow) -> None:
    await db.execute(
        update(ModelProfileRow)
        .where(ModelProfileRow.id != row.id, ModelProfileRow.is_default.is_(True))
        .values(is_default=False)
    )
    row.is_default = True


async def _commit(db: AsyncSession, runtime: Runtime) -> None:
    """Commit with a settings version bump, then switch this process's default model."""
    await settings_sync.bump(db)
    await db.commit()
    await settings_sync.reload(runtime)


async def create(db: AsyncSession, runtime: Runtime, change: ProfileChange) -> dict[str, Any]:
    name = await _check_name(db, change.name, None)
    config = _resolve(runtime, change, None)
    await _tried(runtime, config)
    row = ModelProfileRow(id=new_profile_id(), name=name, is_default=False)
    _store_config(runtime, row, config)
    db.add(row)
    if change.is_default:
        await db.flush()
        await _make_default(db, row)
    await _commit(db, runtime)
    return view(row)


async def edit(
    db: AsyncSession, runtime: Runtime, profile_id: str, change: ProfileChange
) -> dict[str, Any]:
    row = await get_row(db, profile_id)
    if change.name is not None:
        row.name = await _check_name(db, change.name, row.id)
    endpoint = (change.provider, change.base_url, change.model, change.api_key)
    if any(v is not None for v in endpoint):
        before = config_of(runtime, row)
        config = _resolve(runtime, change, before)
        if config != before:
            await _tried(runtime, config)
            _store_config(runtime, row, config)
    if change.is_default is True:
        await _make_default(db, row)
    elif change.is_default is False:
        row.is_default = False  # no default: the environment's model
    await _commit(db, runtime)
    return view(row)


async def delete(db: AsyncSession, runtime: Runtime, profile_id: str) -> None:
    """Refused while a session or survey that has not finished names it (its run would
    need it); finished ones keep their records (every answer names its profile and
    model), so deleting it then loses nothing."""
    row = await get_row(db, profile_id)
    users = await unfinished_users(db, profile_id)
    if users:
        listed = ", ".join(repr(u) for u in users[:5]) + (" ..." if len(users) > 5 else "")
        raise Conflict(
            f"The model profile {row.name!r} is used by {len(users)} session(s) or "
            f"survey(s) that have not finished: {listed}. Finish or delete them, or choose "
            "another profile for their participants, before deleting it."
        )
    await db.delete(row)
    await _commit(db, runtime)
