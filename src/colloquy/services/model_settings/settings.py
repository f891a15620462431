"""The model settings of the Settings screen: which provider, endpoint, model and key new
calls use, saved in the database (the key encrypted) and applied without a restart.

A change is tried before it is saved: a configuration whose test call fails is refused
with the reason, and the previous settings stay active. Sessions already running keep the
provider they started with (the runner holds it).
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.model_settings.catalog import embedding_entry
from colloquy.errors import AppError, ValidationFailed
from colloquy.llm.config import PROVIDERS, ModelConfig
from colloquy.llm.errors import LLMError
from colloquy.llm.factory import build_provider
from colloquy.llm.local_provider import EMBEDDED_NAME
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.runtime import Runtime
from colloquy.services.model_settings import profiles, settings_sync
from colloquy.services.model_settings.active_model import current, models_dir
from colloquy.services.model_settings.model_size import reported_size
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.store.tables import ModelProfileRow
from colloquy.waiting import wait_for

log = logging.getLogger("colloquy.models")

PROBE_TIMEOUT_S = 45.0
# A 1x1 PNG: does the endpoint take an image?
_PIXEL = (
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8"
    "z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)
_PROBE_SCHEMA = {
    "title": "connection_test",
    "type": "object",
    "properties": {"ok": {"type": "boolean"}},
    "required": ["ok"],
}


@dataclass(frozen=True)
class ModelChange:
    """A requested change; `api_key` None keeps the saved key, "" removes it."""

    provider: str
    base_url: str | None = None
    model: str | None = None
    api_key: str | None = None


def _box(runtime: Runtime) -> SecretBox:
    return SecretBox.open(runtime.settings.data_dir, runtime.settings.secret_key)


# -- reading -----------------------------------------------------------------------------


def view(runtime: Runtime) -> dict[str, Any]:
    config = current(runtime)
    model = config.model
    if config.provider == "local":
        model = Path(model).name if model else EMBEDDED_NAME
    elif not model:
        model = runtime.get_provider().model  # the provider's default model
    return {
        "provider": config.provider,
        "baseUrl": config.base_url,
        "model": model,
        "apiKeySet": bool(config.api_key),
        "source": runtime.model_source,
    }


# -- validating a change -----------------------------------------------------------------


def resolve(runtime: Runtime, change: ModelChange) -> ModelConfig:
    """The configuration a change asks for, checked; raises ValidationFailed."""
    problems: list[str] = []
    before = current(runtime)
    if change.provider not in PROVIDERS:
        problems.append(f"Provider must be one of {', '.join(PROVIDERS)}")
        raise ValidationFailed(problems)
    if change.provider == "local":
        return ModelConfig(provider="local", model=_local_model(runtime, change.model, problems))
    base_url = (change.base_url or "").strip() or None
    if base_url is not None:
        parts = urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            problems.append("Base URL must be an http:// or https:// address")
    if problems:
        raise ValidationFailed(problems)
    if change.api_key is None:
        # Keep the saved key when the endpoint stays the same.
        same = before.provider == change.provider and before.base_url == base_url
        api_key = before.api_key if same else None
    else:
        api_key = change.api_key.strip() or None
    return ModelConfig(
        provider=change.provider,
        base_url=base_url,
        model=(change.model or "").strip() or None,
        api_key=api_key,
    )


def _local_model(runtime: Runtime, model: str | None, problems: list[str]) -> str | None:
    name = (model or "").strip()
    if not name or name == EMBEDDED_NAME:
        return None
    env_path = runtime.settings.local_model_path
    if env_path and name in (env_path, Path(env_path).name):
        return env_path
    path = models_dir(runtime) / name
    if Path(name).name != name or not name.lower().endswith(".gguf") or not path.is_file():
        # The folder's path is the server's business, not the user's.
        problems.append(f"No GGUF model named {name!r} in the models folder")
        raise ValidationFailed(problems)
    return str(path)


# -- trying a configuration --------------------------------------------------------------


def probe_provider(runtime: Runtime, config: ModelConfig) -> Provider:
    # One attempt, no retries: the user waits for the answer.
    quick = runtime.settings.model_copy(update={"llm_max_retries": 0, "llm_timeout": 30.0})
    return build_provider(quick, config)


def describe_failure(err: BaseException, config: ModelConfig) -> str:
    """A failed test call in words a user can act on."""
    if config.provider == "local":
        text = err.message if isinstance(err, LLMError) else str(err) or type(err).__name__
        return f"The model file could not be loaded: {text.removeprefix('Local model: ')}"
    if not isinstance(err, LLMError):
        return str(err) or type(err).__name__
    where = config.base_url or "the provider's default endpoint"
    if err.kind == "connection":
        return f"Could not reach {where}: {err.message.removeprefix('Could not reach the AI service: ')}"
    if err.status in (401, 403):
        return f"The endpoint refused the API key ({err.status}): {err.message}"
    if err.status == 404:
        return (
            f"The endpoint does not know the model {config.model or '(default)'!r}, "
            f"or {where} is not an API address (404): {err.message}"
        )
    if err.kind == "timeout":
        return f"{where} did not answer in time"
    return err.message


async def probe(runtime: Runtime, config: ModelConfig) -> dict[str, Any]:
    """One short real call (streamed), then a structured one and an image one, so the
    screen can say what this model can do here."""
    provider = probe_provider(runtime, config)
    result: dict[str, Any] = {
        "ok": False,
        "latencyMs": None,
        "streaming": False,
        "structuredOutput": None,
        "vision": False,
        "model": None,
        "error": None,
        "parameterBillions": None,  # as the endpoint or the file reports it
    }
    try:
        req = ChatRequest(
            system="You are a connection test.",
            messages=[ChatMessage("user", "Reply with the single word OK.")],
            max_tokens=8,
            temperature=0.0,
        )
        tokens: list[str] = []
        started = time.perf_counter()
        answer = await wait_for(provider.stream(req, tokens.append), PROBE_TIMEOUT_S)
        result.update(
            ok=True,
            latencyMs=round((time.perf_counter() - started) * 1000),
            streaming=bool(tokens),
            model=answer.model or provider.model,
        )
        try:
            await wait_for(
                provider.chat(replace(req, max_tokens=32, json_schema=_PROBE_SCHEMA)),
                PROBE_TIMEOUT_S,
            )
            result["structuredOutput"] = getattr(provider, "structured_output", "prompt")
        except (LLMError, TimeoutError):
            result["structuredOutput"] = "prompt"
        named = config.model or provider.model or result["model"]
        result["parameterBillions"] = await reported_size(runtime, config, named)
        if provider.supports_images:
            image = ChatMessage("user", "What colour is this pixel? One word.", images=[_PIXEL])
            try:
                await wait_for(provider.chat(replace(req, messages=[image])), PROBE_TIMEOUT_S)
                result["vision"] = bool(provider.supports_images)
            except (LLMError, TimeoutError):
                result["vision"] = False
    except TimeoutError:
        result["error"] = f"{config.base_url or config.provider} did not answer in time"
    except Exception as err:  # noqa: BLE001 - every failure becomes a message for the user
        result["error"] = describe_failure(err, config)
    finally:
        await provider.aclose()
    return result


# -- saving ------------------------------------------------------------------------------


async def save(db: AsyncSession, runtime: Runtime, change: ModelChange) -> dict[str, Any]:
    """Try the change, then store it and switch to it; a failed try changes nothing."""
    config = resolve(runtime, change)
    outcome = await probe(runtime, config)
    if not outcome["ok"]:
        raise AppError(
            f"These settings were not saved: {outcome['error']}",
            status=422,
            code="model_unusable",
            extra={"test": outcome},
        )
    row = await profiles.default_row(db)
    if row is None:
        name = await profiles.free_name(db, _label(config))
        row = ModelProfileRow(id=profiles.new_profile_id(), name=name, is_default=True)
        db.add(row)
    box = _box(runtime)
    row.provider, row.base_url, row.model = config.provider, config.base_url, config.model
    row.api_key = box.encrypt(config.api_key) if config.api_key else None
    await settings_sync.bump(db)
    await db.commit()
    await settings_sync.reload(runtime)
    return {**view(runtime), "test": outcome}


def _label(config: ModelConfig) -> str:
    if config.provider == "local":
        return (config.model or EMBEDDED_NAME).rsplit("/", 1)[-1]
    return config.model or f"{config.provider} default"


async def reset(db: AsyncSession, runtime: Runtime) -> dict[str, Any]:
    """Back to the environment's (or the default) model: the default profile stays, as a
    profile like the others (sessions may name it)."""
    row = await profiles.default_row(db)
    if row is not None:
        row.is_default = False
        await settings_sync.bump(db)
        await db.commit()
    await settings_sync.reload(runtime)
    return view(runtime)


# -- listing what an endpoint offers -----------------------------------------------------


async def list_models(
    runtime: Runtime, provider: str, base_url: str | None
) -> list[dict[str, Any]]:
    if provider not in PROVIDERS:
        raise ValidationFailed([f"Provider must be one of {', '.join(PROVIDERS)}"])
    if provider == "local":
        return _local_models(runtime)
    config = resolve(runtime, ModelChange(provider=provider, base_url=base_url))
    try:
        ids = await wait_for(_remote_model_ids(config), PROBE_TIMEOUT_S)
    except TimeoutError as err:
        raise AppError(
            f"Could not list models: {base_url or provider} did not answer in time",
            status=502,
            code="model_list_failed",
        ) from err
    except Exception as err:
        raise AppError(
            f"Could not list models: {_list_failure(err, config)}",
            status=502,
            code="model_list_failed",
        ) from err
    return [{"id": i, "name": i} for i in sorted(ids)]


def _local_models(runtime: Runtime) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"id": EMBEDDED_NAME, "name": f"{EMBEDDED_NAME} (embedded)"}]
    env_path = runtime.settings.local_model_path
    if env_path:
        out.append({"id": env_path, "name": f"{Path(env_path).name} (COLLOQUY_LOCAL_MODEL_PATH)"})
    folder = models_dir(runtime)
    if folder.is_dir():
        for path in sorted(folder.glob("*.gguf")):
            if embedding_entry(path.name) is not None:  # offered on the Embeddings card
                continue
            size = path.stat().st_size
            out.append({"id": path.name, "name": path.name, "sizeBytes": size})
    return out


async def _remote_model_ids(config: ModelConfig) -> list[str]:
    if config.provider == "anthropic":
        from anthropic import AsyncAnthropic

        client = AsyncAnthropic(
            base_url=config.base_url, api_key=config.api_key or "not-set", max_retries=0
        )
        try:
            return [m.id async for m in client.models.list(limit=100)]
        finally:
            await client.close()
    from openai import AsyncOpenAI

    openai_client = AsyncOpenAI(
        base_url=config.base_url, api_key=config.api_key or "not-needed", max_retries=0
    )
    try:
        return [m.id async for m in openai_client.models.list()]
    finally:
        await openai_client.close()


def _list_failure(err: BaseException, config: ModelConfig) -> str:
    status = getattr(err, "status_code", None)
    where = config.base_url or "the provider's default endpoint"
    if status in (401, 403):
        return f"the endpoint refused the API key ({status})"
    if status == 404:
        return f"{where} has no model list (404)"
    if type(err).__name__ in ("APIConnectionError", "APITimeoutError"):
        return f"could not reach {where}"
    # Neither the target's error body nor Python's own text: the log has them.
    log.warning("listing the models of %s failed", where, exc_info=err)
    if isinstance(status, int):
        return f"{where} answered with an error ({status})"
    return f"{where} did not answer with a model list (is it an OpenAI-compatible API address?)"
