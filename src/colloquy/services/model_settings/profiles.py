"""Model profiles (docs/models.md): named saved models (provider, base URL, model, key encrypted
with the secret box), one of them the default, which is the model of the Settings screen.

A change that touches the endpoint (provider, base URL, model or key) is tried before it is
saved, like the Settings screen's model; a failed try changes nothing. Every saved change
bumps the settings version, so every process of a deployment picks it up.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.errors import NotFound
from colloquy.llm.config import ModelConfig
from colloquy.runtime import Runtime
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


def secret_box(runtime: Runtime) -> SecretBox:
    return SecretBox.open(runtime.settings.data_dir, runtime.settings.secret_key)


def config_of(runtime: Runtime, row: ModelProfileRow) -> ModelConfig:
    token = row.api_key
    return ModelConfig(
        provider=row.provider,
        base_url=row.base_url or None,
        model=row.model or None,
        api_key=secret_box(runtime).decrypt(token) if token else None,
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


async def free_name(db: AsyncSession, base: str) -> str:
    """`base`, or `base (2)`, `base (3)`... whichever no profile has."""
    base = (base.strip() or "Default")[: NAME_MAX - 5]
    taken = set(await db.scalars(select(ModelProfileRow.name)))
    name, n = base, 1
    while name in taken:
        n += 1
        name = f"{base} ({n})"
    return name
