"""What a tool works with: the same runtime, runners and survey manager as the API."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.runtime import Runtime
from colloquy.services.surveys.manager import SurveyManager
from colloquy.settings import Settings


@dataclass(frozen=True)
class ToolContext:
    runtime: Runtime
    runners: RunnerRegistry
    events: EventBus
    surveys: SurveyManager

    @classmethod
    def from_state(cls, state: Any) -> ToolContext:
        """From a started app's state (app.py's lifespan sets these four)."""
        return cls(
            runtime=state.runtime, runners=state.runners, events=state.events, surveys=state.surveys
        )


@asynccontextmanager
async def started(settings: Settings) -> AsyncIterator[ToolContext]:
    """The server's start-up without HTTP, as `colloquy worker` does it (migrations, seed
    personas, the saved model, runners and surveys resumed), for a process that serves
    the tools over stdio; everything is stopped cleanly on exit."""
    from colloquy.app import create_app  # the app's one start-up, not a copy of it
    from colloquy.mcp.http import core_lifespan

    app = create_app(settings)
    async with core_lifespan(app)(app):
        yield ToolContext.from_state(app.state)
