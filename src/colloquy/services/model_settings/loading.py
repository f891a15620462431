"""Loads the saved model settings into this process, at start-up and on every saved change
(settings_sync.py): the default model profile when there is one (saved from the Settings
screen or the profiles), else the environment's model; then the embedder."""

from __future__ import annotations

from colloquy.llm.config import PROVIDERS, ModelConfig
from colloquy.llm.factory import config_from_settings
from colloquy.runtime import Runtime
from colloquy.services.model_settings import embedding_settings, profiles
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.store.tables import ModelProfileRow

_ENV_FIELDS = {"llm_provider", "llm_base_url", "llm_model", "llm_api_key", "local_model_path"}


async def load_into_runtime(runtime: Runtime) -> None:
    """The saved model settings into this runtime (see the module's docstring)."""
    async with runtime.sessionmaker() as db:
        row = await profiles.default_row(db)
    saved = _from_row(row, profiles.secret_box(runtime)) if row is not None else None
    if row is not None and saved is not None:
        runtime.default_profile = {"id": row.id, "name": row.name}
        if runtime.model_config != saved or runtime.model_source != "saved":
            runtime.use_model(saved, "saved")
    else:
        runtime.default_profile = None
        settings = runtime.settings
        source = "env" if settings.model_fields_set & _ENV_FIELDS else "default"
        config = config_from_settings(settings)
        if runtime.model_config != config or runtime.model_source != source:
            runtime.use_model(config, source)
    await embedding_settings.load_into_runtime(runtime)


def _from_row(row: ModelProfileRow, box: SecretBox) -> ModelConfig | None:
    if row.provider not in PROVIDERS:
        return None
    return ModelConfig(
        provider=row.provider,
        base_url=row.base_url or None,
        model=row.model or None,
        api_key=box.decrypt(row.api_key) if row.api_key else None,
    )
