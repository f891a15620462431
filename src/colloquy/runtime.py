"""What the running server holds for its lifetime: settings, database, model provider."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from colloquy.engine.events import EventBus
from colloquy.llm.config import ModelConfig
from colloquy.llm.embeddings import Embedder
from colloquy.llm.provider import Provider
from colloquy.settings import Settings
from colloquy.store.db import make_engine, make_sessionmaker

if TYPE_CHECKING:  # services' own holders, named here for their types only (no import cycle)
    from colloquy.services.model_settings.downloads import Downloads
    from colloquy.services.model_settings.embedding_settings import EmbeddingChoice
    from colloquy.services.trust.persona_audit import AuditJob


class ProfileRef(TypedDict):
    """A saved model profile by id and name: what answers made on it are labelled with."""

    id: str
    name: str


# (provider, base URL, configured model, asked model) -> billions of parameters or None
ModelSizeKey = tuple[str, str | None, str | None, str | None]
# (survey id, answers stored, status) -> the results built for exactly that state
SurveyResultsKey = tuple[str, int, str]


@dataclass
class EmbeddingState:
    """The embedder new embeddings use (services/model_settings/embedding_settings.py): the choice,
    where it came from, and the embedder built for it, rebuilt when `built_for` changes."""

    choice: EmbeddingChoice | None = None  # None until loaded (a bare runtime: from env)
    source: str = "default"  # "default", "env" or "saved"
    embedder: Embedder | None = None  # built lazily on first use
    built_for: tuple[EmbeddingChoice, ModelConfig | None] | None = None


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    sessionmaker: async_sessionmaker[AsyncSession]
    provider: Provider | None = None  # built lazily on first use
    # The model in use and where it came from: "default", "env" or "saved" (Settings screen).
    model_config: ModelConfig | None = None
    model_source: str = "default"
    # Providers replaced at run time: sessions that started on them finish on them, so
    # they are closed only when the server stops.
    retired: list[Provider] = field(default_factory=list)
    # The default model profile, when one is saved: answers on the default model name it.
    default_profile: ProfileRef | None = None
    # The saved settings' version this process has loaded, and the bus that announces a
    # change to the other processes (services/model_settings/settings_sync.py, set by its watch).
    settings_version: int | None = None
    settings_bus: EventBus | None = None
    embedding: EmbeddingState = field(default_factory=EmbeddingState)
    # Model sizes read from the endpoints once per process: a lookup can take seconds.
    model_sizes: dict[ModelSizeKey, float | None] = field(default_factory=dict)
    # Model downloads run in memory for the server's lifetime (services/model_settings/downloads.py).
    downloads: Downloads | None = None
    # Survey results are bootstraps (seconds of CPU): kept per survey until its answers change.
    survey_results: dict[str, tuple[SurveyResultsKey, dict[str, Any]]] = field(default_factory=dict)
    # The whole-library personality audit running in the background (services/trust).
    audit_job: AuditJob | None = None
    # Session health reports computed in the background, cancelled when the server stops.
    health_tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @classmethod
    def create(cls, settings: Settings) -> Runtime:
        engine = make_engine(settings.resolved_database_url)
        return cls(settings=settings, engine=engine, sessionmaker=make_sessionmaker(engine))

    def get_provider(self) -> Provider:
        if self.provider is None:
            from colloquy.llm.factory import build_provider

            self.provider = build_provider(self.settings, self.model_config)
        return self.provider

    def use_model(self, config: ModelConfig, source: str, provider: Provider | None = None) -> None:
        """Switch new calls to `config` at once (built lazily unless `provider` is given)."""
        if self.provider is not None:
            self.retired.append(self.provider)
        self.model_config = config
        self.model_source = source
        self.provider = provider

    async def aclose(self) -> None:
        for provider in [*self.retired, self.provider]:
            if provider is not None:
                with contextlib.suppress(Exception):
                    await provider.aclose()
        await self.engine.dispose()
