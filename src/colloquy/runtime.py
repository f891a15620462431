"""What the running server holds for its lifetime: settings, database, model provider."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from colloquy.llm.config import ModelConfig
from colloquy.llm.provider import Provider
from colloquy.settings import Settings
from colloquy.store.db import make_engine, make_sessionmaker


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
    extras: dict = field(default_factory=dict)

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
