"""Dependencies for the session runner registry and the live event bus (app.state)."""

from typing import Annotated

from fastapi import Depends, Request

from colloquy.engine.events import EventBus
from colloquy.engine.manager import RunnerRegistry


def get_runners(request: Request) -> RunnerRegistry:
    runners: RunnerRegistry = request.app.state.runners
    return runners


def get_events(request: Request) -> EventBus:
    events: EventBus = request.app.state.events
    return events


RunnersDep = Annotated[RunnerRegistry, Depends(get_runners)]
EventsDep = Annotated[EventBus, Depends(get_events)]
