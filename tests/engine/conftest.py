"""Engine fixtures: a migrated database with the seed personas, the real OpenAI-compatible
provider pointed at a fake server on loopback, an event bus and a runner manager."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

import pytest

from colloquy.engine import plan
from colloquy.engine.events import EventBus
from colloquy.engine.journal import load_messages
from colloquy.engine.manager import RunnerRegistry
from colloquy.llm.factory import build_provider
from colloquy.schemas.sessions import SessionCreate
from colloquy.services.personas.library import seed_personas_if_empty
from colloquy.services.sessions import control
from colloquy.services.sessions import crud as service
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.migrate import upgrade_async
from colloquy.store.tables import SessionRow
from support.fake_openai import run_fake_openai


@dataclass
class Env:
    settings: object
    fake: object
    factory: object
    bus: EventBus
    runners: RunnerRegistry
    provider: object

    def new_manager(self) -> RunnerRegistry:
        """A fresh registry on the same database, as after a server restart."""
        return RunnerRegistry(
            self.factory, lambda: self.provider, self.bus, self.settings.uploads_dir
        )

    async def create(self, participants: int = 3, questions: int = 2, **extra) -> str:
        body = {
            "name": "Packaging study",
            "description": "eco packaging",
            "participantIds": [f"p{i}" for i in range(1, participants + 1)],
            "moderatorStyle": "casual",
            "stimuli": extra.pop("stimuli", []),
            "questions": extra.pop("question_texts", None)
            or [f"Question number {i + 1} about the packaging?" for i in range(questions)],
            "settings": {
                "responseLength": extra.pop("length", "moderate"),
                "discussionMode": extra.pop("mode", "sequential"),
                "autoAdvance": False,
                "moderator": extra.pop("moderator", "scripted"),
                **extra.pop("settings", {}),  # e.g. privateAnswers, seed
            },
        }
        async with self.factory() as db:
            return (await service.create_session(db, SessionCreate.model_validate(body)))["id"]

    async def run(self, session_id: str, runners: RunnerRegistry | None = None) -> dict:
        async with self.factory() as db:
            return await control.run_session(db, session_id, runners or self.runners, self.bus)

    async def stop(self, session_id: str) -> dict:
        async with self.factory() as db:
            return await control.stop_session(db, session_id, self.runners, self.bus)

    async def view(self, session_id: str) -> dict:
        async with self.factory() as db:
            return await service.get_session(db, session_id, self.runners)

    async def messages(self, session_id: str) -> list[dict]:
        async with self.factory() as db:
            return await load_messages(db, session_id)

    async def row(self, session_id: str) -> SessionRow:
        async with self.factory() as db:
            return await db.get(SessionRow, session_id)

    async def wait_idle(
        self, session_id: str, runners: RunnerRegistry | None = None, timeout: float = 30
    ) -> dict:
        runners = runners or self.runners
        deadline = time.monotonic() + timeout
        while runners.is_active(session_id):
            assert time.monotonic() < deadline, "runner did not finish in time"
            await asyncio.sleep(0.02)
        return await self.view(session_id)

    async def wait_messages(self, session_id: str, count: int, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while len(await self.messages(session_id)) < count:
            assert time.monotonic() < deadline, f"fewer than {count} messages in time"
            await asyncio.sleep(0.02)


@pytest.fixture
def fake_llm():
    with run_fake_openai() as fake:
        yield fake


@pytest.fixture
async def env(settings, fake_llm):
    settings.llm_base_url = fake_llm.base_url
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    await upgrade_async(settings.resolved_database_url)
    engine = make_engine(settings.resolved_database_url)
    factory = make_sessionmaker(engine)
    async with factory() as db:
        await seed_personas_if_empty(db)
    provider = build_provider(settings)
    bus = EventBus()
    runners = RunnerRegistry(factory, lambda: provider, bus, settings.uploads_dir)
    e = Env(settings, fake_llm, factory, bus, runners, provider)
    yield e
    await runners.shutdown()
    await provider.aclose()
    await engine.dispose()


def expected_layout(questions: int, participants: int) -> list[tuple]:
    """(kind, question, round, participant) of every message of a complete session."""
    return [s.key for s in plan.slots(questions, participants)]
