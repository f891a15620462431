"""The re-ask prior of a run's models, for an estimate with no history
(docs/usage-and-cost.md#estimate-before-a-run; the rule is domain/usage/reask_prior.py).

Each model's size in billions of parameters, from what the model's file or endpoint
reports (services/model_settings/model_size.py: the GGUF's metadata for the embedded
model or a local file, a server's model list), else from its name ('Llama-3.1-8B'). Only
endpoints the run itself uses are asked: the model the server runs now, and the mixed
panel's profiles that name their own server (a base URL); hosted APIs are not asked.
The run's prior is that of its smallest model (the one re-asked most).
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.trust.health_report import model_size_billions
from colloquy.domain.usage.reask_prior import Band, reask_prior, smallest
from colloquy.llm.config import ModelConfig
from colloquy.runtime import Runtime
from colloquy.store.tables import ModelProfileRow


def _current_config(runtime: Runtime) -> ModelConfig:
    if runtime.model_config is not None:
        return runtime.model_config
    from colloquy.llm.factory import config_from_settings

    return config_from_settings(runtime.settings)


async def _reported(runtime: Runtime | None, config: ModelConfig, model: str) -> float | None:
    """The size the file or endpoint reports; a lookup that failed (not kept in the
    runtime's ModelSizes: a timeout on a loaded server) is tried once more."""
    if runtime is None:
        return None
    from colloquy.services.model_settings.model_size import ModelSizes, reported_size

    size = await reported_size(runtime, config, model)
    key = (config.provider, config.base_url, config.model, model)
    if size is None and key not in runtime.feature(ModelSizes):
        size = await reported_size(runtime, config, model)
    return size


async def _default_size(runtime: Runtime | None, provider: str, model: str) -> float | None:
    """The run's model: asked of its file or endpoint when it is the one the server runs."""
    if runtime is not None:
        config = _current_config(runtime)
        same = config.provider == provider and (provider == "local" or config.model == model)
        if same and (provider == "local" or config.base_url):
            size = await _reported(runtime, config, model)
            if size is not None:
                return size
    return model_size_billions(model)


async def _profile_sizes(
    db: AsyncSession, runtime: Runtime | None, profile_ids: list[str | None]
) -> list[float | None]:
    wanted = {i for i in profile_ids if i}
    if not wanted:
        return []
    rows = (await db.scalars(select(ModelProfileRow).where(ModelProfileRow.id.in_(wanted)))).all()
    sizes: list[float | None] = []
    for row in rows:
        model = str(row.model or "")
        size = None
        if row.provider == "local" or (row.provider == "openai" and row.base_url):
            config = ModelConfig(provider=row.provider, base_url=row.base_url, model=row.model)
            size = await _reported(runtime, config, model)
        sizes.append(size if size is not None else model_size_billions(model))
    return sizes


async def run_reask_prior(
    db: AsyncSession,
    runtime: Runtime | None,
    default: tuple[str, str],
    profile_ids: list[str | None],
    on_llama_cpp: bool,
) -> tuple[Band, float | None]:
    """(the run's re-ask band with no history, the size it was chosen by)."""
    everyone = profile_ids or [None]
    sizes = await _profile_sizes(db, runtime, profile_ids)
    if any(i is None for i in everyone):
        sizes.append(await _default_size(runtime, *default))
    size = smallest(sizes)
    return reask_prior(size, on_llama_cpp), size
