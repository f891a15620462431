"""What the running server holds for its lifetime: settings, database, model provider, and
each feature's in-memory state (by the feature's own holder type, see Runtime.feature)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict, TypeVar

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from colloquy.engine.events import EventBus
from colloquy.llm.config import ModelConfig
from colloquy.llm.provider import Provider
from colloquy.settings import Settings
from colloquy.store.db import make_engine, make_sessionmaker

State = TypeVar("State")


class ProfileRef(TypedDict):
    """A saved model profile by id and name: what answers made on it are labelled with."""

    id: str
    name: str


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
    # Each feature's in-memory state (model downloads, model sizes, the embedder, the
    # library audit, survey results, health tasks...), kept by its own holder type: the
    # feature defines the type, this runtime only keeps one instance of it per server.
    features: dict[type, Any] = field(default_factory=dict)

    @classmethod
    def create(cls, settings: Settings) -> Runtime:
        engine = make_engine(settings.resolved_database_url)
        return cls(settings=settings, engine=engine, sessionmaker=make_sessionmaker(engine))

    def feature(self, kind: type[State], build: Callable[[], State] | None = None) -> State:
        """This server's one `kind` of feature state, built on first use (by `build`, or
        `kind()`)."""
        found = self.features.get(kind)
        if found is None:
            found = self.features[kind] = build() if build is not None else kind()
        return found

    def existing(self, kind: type[State]) -> State | None:
        """The feature's state if it was ever built (shutdown: nothing to stop otherwise)."""
        return self.features.get(kind)

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
