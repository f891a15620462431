"""Run a completed session again on another model, so the two can be compared.

The copy (the duplicate feature's) keeps the model it must use on the session row
(`model_override`, the API key encrypted with the secret box, never in plain text) and the
runner builds a provider for it, apart from the global one of the Settings screen.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.sessions.transcript_import import MSG_HUMAN_NO_RUN
from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.errors import AppError, Conflict
from colloquy.llm.config import ModelConfig
from colloquy.llm.factory import build_provider
from colloquy.llm.local_provider import EMBEDDED_NAME
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.runtime import Runtime
from colloquy.services.model_settings import active_model, profile_use, profiles
from colloquy.services.model_settings import settings as model_settings
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.services.sessions import control
from colloquy.services.sessions import crud as sessions
from colloquy.store.tables import SessionRow
from colloquy.waiting import wait_for

NAME_MAX = 200


def _box(runtime: Runtime) -> SecretBox:
    return SecretBox.open(runtime.settings.data_dir, runtime.settings.secret_key)


def encode(runtime: Runtime, config: ModelConfig) -> dict[str, Any]:
    """The stored form of a model choice: the key encrypted, never in plain text."""
    return {
        "provider": config.provider,
        "baseUrl": config.base_url,
        "model": config.model,
        "apiKey": _box(runtime).encrypt(config.api_key) if config.api_key else None,
    }


def decode(runtime: Runtime, data: dict[str, Any]) -> ModelConfig:
    token = data.get("apiKey")
    return ModelConfig(
        provider=str(data.get("provider") or "local"),
        base_url=data.get("baseUrl") or None,
        model=data.get("model") or None,
        api_key=_box(runtime).decrypt(token) if isinstance(token, str) and token else None,
    )


def provider_for_session(runtime: Runtime, data: dict[str, Any]) -> Provider:
    """A provider for a session's own model (the runner closes it when the run ends)."""
    return build_provider(runtime.settings, decode(runtime, data))


async def _check_answers(runtime: Runtime, config: ModelConfig) -> None:
    """One short real call before anything is created: an unreachable endpoint, a refused
    key or an unknown model is reported now, and no copy is left behind."""
    provider = model_settings.probe_provider(runtime, config)
    request = ChatRequest(
        system="You are a connection test.",
        messages=[ChatMessage("user", "Reply with the single word OK.")],
        max_tokens=8,
        temperature=0.0,
    )
    try:
        await wait_for(provider.chat(request), model_settings.PROBE_TIMEOUT_S)
    except TimeoutError as err:
        where = config.base_url or config.provider
        raise AppError(
            f"Not run: {where} did not answer in time", status=422, code="model_unusable"
        ) from err
    except Exception as err:  # every failure becomes a message for the user
        raise AppError(
            f"Not run: {model_settings.describe_failure(err, config)}",
            status=422,
            code="model_unusable",
        ) from err
    finally:
        await provider.aclose()


def label(config: ModelConfig) -> str:
    if config.provider == "local":
        return (config.model or EMBEDDED_NAME).rsplit("/", 1)[-1]
    return config.model or f"{config.provider} default"


async def rerun_session(
    db: AsyncSession,
    runtime: Runtime,
    runners: RunnerRegistry,
    bus: EventBus,
    session_id: str,
    change: model_settings.ModelChange | None,
    profile_id: str | None = None,
) -> dict[str, Any]:
    """Duplicate a completed session, pin the chosen model on the copy and run it.
    `change` None: the current model of the Settings screen."""
    source = await sessions.get_session_row(db, session_id)
    if source.source == "human":
        raise Conflict(MSG_HUMAN_NO_RUN)
    if source.status != "completed":
        raise Conflict("Only a completed session can be run again on another model")
    named = runtime.default_profile if change is None else None
    if profile_id:  # "Run again on another model" picks a saved profile
        profile = await profiles.get_row(db, profile_id)
        config = profiles.config_of(runtime, profile)
        named = {"id": profile.id, "name": profile.name}
        await _check_answers(runtime, config)
    elif change is None:
        config = active_model.current(runtime)
    else:
        config = model_settings.resolve(runtime, change)
        await _check_answers(runtime, config)
    copy = await sessions.duplicate_session(db, session_id)
    try:
        row = await db.get(SessionRow, copy["id"])
        assert row is not None
        suffix = f" ({named['name'] if profile_id and named else label(config)})"
        row.name = f"{source.name[: max(1, NAME_MAX - len(suffix))]}{suffix}"[:NAME_MAX]
        row.model_override = encode(runtime, config)
        if named:  # the answers name the profile they came from
            row.model_override |= {"profileId": named["id"], "profileName": named["name"]}
        settings = dict(row.settings or {})
        settings.pop(profile_use.FIELD, None)  # one model for every participant
        row.settings = settings
        await db.commit()
        return await control.run_session(db, row.id, runners, bus)
    except Exception:
        await _discard(db, copy["id"])
        raise


async def _discard(db: AsyncSession, copy_id: str) -> None:
    """A rerun that fails leaves no "(Copy)" draft behind (README: no copy is left)."""
    await db.rollback()
    await db.execute(delete(SessionRow).where(SessionRow.id == copy_id))
    await db.commit()
