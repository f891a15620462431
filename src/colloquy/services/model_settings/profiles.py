"""Model profiles (issue 30): named saved models (provider, base URL, model, key encrypted
with the secret box), one of them the default, which is the model of the Settings screen.

A change that touches the endpoint (provider, base URL, model or key) is tried before it is
saved, like the Settings screen's model; a failed try changes nothing. Every saved change
bumps the settings version, so every process of a deployment picks it up.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.errors import AppError, Conflict, NotFound, ValidationFailed
from colloquy.llm.config import ModelConfig
from colloquy.runtime import Runtime
from colloquy.services.model_settings import settings_sync
from colloquy.services.model_settings.profile_use import unfinished_users
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.store.tables import ModelProfileRow

NAME_MAX = 100
MSG_NAME_REQUIRED = "Profile name is required"
MSG_NAME_TOO_LONG = f"Profile name must be at most {NAME_MAX} characters"


@dataclass(frozen=True)
class ProfileChange:
    """A requested profile; None fields keep what is saved (on update). `api_key` None keeps
    the saved key (same provider and base URL), "" removes it."""

    name: str | None = None
    provider: str | None = None
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None
    is_default: bool | None = None


def new_profile_id() -> str:
    return f"mp{secrets.token_hex(8)}"


def _box(runtime: Runtime) -> SecretBox:
    return SecretBox.open(runtime.settings.data_dir, runtime.settings.secret_key)


def config_of(runtime: Runtime, row: ModelProfileRow) -> ModelConfig:
    token = row.api_key
    return ModelConfig(
        provider=row.provider,
        base_url=row.base_url or None,
        model=row.model or None,
        api_key=_box(runtime).decrypt(token) if token else None,
    )


def view(row: ModelProfileRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "name": row.name,
        "provider": row.provider,
        "baseUrl": row.base_url,
        "model": row.model,
        "apiKeySet": bool(row.api_key),
        "isDefault": bool(row.is_default),
    }


async def list_rows(db: AsyncSession) -> list[ModelProfileRow]:
    return list(await db.scalars(select(ModelProfileRow).order_by(ModelProfileRow.created_at)))


async def default_row(db: AsyncSession) -> ModelProfileRow | None:
    return await db.scalar(select(ModelProfileRow).where(ModelProfileRow.is_default.is_(True)))


async def get_row(db: AsyncSession, profile_id: str) -> ModelProfileRow:
    row = await db.get(ModelProfileRow, profile_id)
    if row is None:
        raise NotFound(f"No model profile with id {profile_id!r}")
    return row


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


async def free_name(db: AsyncSession, base: str) -> str:
    """`base`, or `base (2)`, `base (3)`... whichever no profile has."""
    base = (base.strip() or "Default")[: NAME_MAX - 5]
    taken = set(await db.scalars(select(ModelProfileRow.name)))
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base} ({n})"
    return name


async def _tried(runtime: Runtime, config: ModelConfig) -> None:
    """One real test call; a model that does not answer is not saved."""
    from colloquy.services.model_settings import settings as model_settings

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
    from colloquy.services.model_settings import settings as model_settings

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
    row.api_key = _box(runtime).encrypt(config.api_key) if config.api_key else None


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
