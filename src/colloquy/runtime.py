"""What the running server holds for its lifetime: settings, database, model provider."""

from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from colloquy.settings import Settings
from colloquy.store.db import make_engine, make_sessionmaker


@dataclass
class Runtime:
    settings: Settings
    engine: AsyncEngine
    sessionmaker: async_sessionmaker[AsyncSession]
    provider: object | None = None  # an llm Provider, built lazily on first use
    extras: dict = field(default_factory=dict)

    @classmethod
    def create(cls, settings: Settings) -> "Runtime":
        engine = make_engine(settings.resolved_database_url)
        return cls(settings=settings, engine=engine, sessionmaker=make_sessionmaker(engine))

    def get_provider(self):
        if self.provider is None:
            from colloquy.llm.factory import build_provider

            self.provider = build_provider(self.settings)
        return self.provider

    async def aclose(self) -> None:
        if self.provider is not None and hasattr(self.provider, "aclose"):
            await self.provider.aclose()
        await self.engine.dispose()
