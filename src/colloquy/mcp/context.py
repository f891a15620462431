"""What a tool works with: the same runtime, runners and survey manager as the API."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry
from colloquy.runtime import Runtime
from colloquy.services.surveys.runner import SurveyManager


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
