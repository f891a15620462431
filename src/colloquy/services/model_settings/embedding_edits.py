"""The Embeddings card's view, save and reset: a change is tried before it is saved, and
every saved change bumps the settings version, so every process of a deployment picks it
up (settings_sync.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.errors import AppError
from colloquy.runtime import Runtime
from colloquy.services.model_settings import settings_sync
from colloquy.services.model_settings.active_model import current
from colloquy.services.model_settings.embedding import get_embedder
from colloquy.services.model_settings.embedding_settings import (
    SETTING_KEY,
    EmbeddingChange,
    EmbeddingChoice,
    choice_of,
    from_env,
    probe,
    resolve,
    secret_box,
    use,
)
from colloquy.store.tables import AppSettingRow


def view(runtime: Runtime) -> dict[str, Any]:

    choice, source = choice_of(runtime)
    return {
        "kind": choice.kind,
        "baseUrl": choice.base_url,
        # A GGUF file by its name: the folder is the server's business (as for chat models).
        "model": Path(choice.model).name
        if choice.kind == "gguf" and choice.model
        else choice.model,
        "apiKeySet": bool(choice.api_key),
        "source": source,
        "embedder": get_embedder(runtime).name,
        "chatProvider": current(runtime).provider,
    }


async def save(db: AsyncSession, runtime: Runtime, change: EmbeddingChange) -> dict[str, Any]:
    """Try the change, then store it and switch to it; a failed try changes nothing."""
    choice = resolve(runtime, change)
    outcome = await probe(runtime, choice)
    if not outcome["ok"]:
        raise AppError(
            f"The embedder was not saved: {outcome['error']}",
            status=422,
            code="embedder_unusable",
            extra={"test": outcome},
        )
    key = secret_box(runtime).encrypt(choice.api_key) if choice.api_key else None
    data = {"kind": choice.kind, "baseUrl": choice.base_url, "model": choice.model, "apiKey": key}
    row = await db.get(AppSettingRow, SETTING_KEY)
    if row is None:
        db.add(AppSettingRow(key=SETTING_KEY, data=data))
    else:
        row.data = data
    await settings_sync.bump(db)  # every process of the deployment follows
    await db.commit()
    use(runtime, choice, "saved")
    await settings_sync.reload(runtime)
    return {**view(runtime), "test": outcome}


async def reset(db: AsyncSession, runtime: Runtime) -> dict[str, Any]:
    """Forget the saved choice: back to the environment's (or wordllama)."""
    row = await db.get(AppSettingRow, SETTING_KEY)
    if row is not None:
        await db.delete(row)
        await settings_sync.bump(db)
        await db.commit()
    env = from_env(runtime)
    use(runtime, env or EmbeddingChoice(), "env" if env else "default")
    await settings_sync.reload(runtime)
    return view(runtime)
