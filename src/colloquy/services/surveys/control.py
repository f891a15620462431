"""Surveys across several processes (PostgreSQL; issue 32 items 6 and 12), on the session
machinery: the event bus and its relay between processes (engine/events.py, the
LISTEN/NOTIFY or Redis relay of engine/cluster.py) carry a survey's progress and its stop
requests on the bus channel `survey:<id>`.

- The process that runs a survey (it holds the survey's advisory lock) publishes every
  change of its progress there; an event stream on any other process follows it until
  the survey ends (and rereads the survey on `reset`, or when nothing came for a while).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine.events import Event, EventBus

QUIET_SECONDS = 15.0  # a stream with no event for this long rereads the survey
STOP = "stop"
PROGRESS = "progress"


def channel(survey_id: str) -> str:
    """The survey's channel on the event bus (session ids never contain ':')."""
    return f"survey:{survey_id}"


def publisher(bus: EventBus, survey_id: str) -> Callable[[dict[str, Any]], None]:
    """Publishes a progress snapshot to every process's streams of the survey."""
    return lambda snapshot: bus.publish(channel(survey_id), PROGRESS, snapshot)


async def _state(
    factory: async_sessionmaker[AsyncSession], survey_id: str
) -> dict[str, Any] | None:
    """The stored state of the survey (None: it was deleted)."""
    from colloquy.errors import NotFound
    from colloquy.services.surveys.surveys import get_survey

    try:
        async with factory() as db:
            survey = await get_survey(db, None, survey_id)
    except NotFound:
        return None
    return {"status": survey["status"], **survey["progress"]}


async def remote_progress(
    bus: EventBus, factory: async_sessionmaker[AsyncSession], survey_id: str
) -> AsyncIterator[dict[str, Any]]:
    """Progress snapshots of a survey another process runs, until it ends (or is
    deleted): the stored state first, then what the owner publishes."""
    name = channel(survey_id)
    sub, _, _ = bus.subscribe(name, None)  # before reading: nothing falls in between
    try:
        state = await _state(factory, survey_id)
        while state is not None:
            yield state
            if state["status"] != "running":
                return
            state = await _next(sub.queue, factory, survey_id)
    finally:
        bus.unsubscribe(name, sub)


async def _next(
    queue: asyncio.Queue[Event | None], factory: async_sessionmaker[AsyncSession], survey_id: str
) -> dict[str, Any] | None:
    """The next state to send: the latest published progress of a burst; the stored state
    on `reset` (events were missed) or after a quiet while (its owner may have died)."""
    while True:
        try:
            event = await asyncio.wait_for(queue.get(), QUIET_SECONDS)
        except TimeoutError:
            return await _state(factory, survey_id)
        latest: Event | None = None
        while True:
            if event is None:
                return None  # the survey was deleted
            if event.name == PROGRESS:
                latest = event
            elif event.name != STOP:
                return await _state(factory, survey_id)
            if queue.empty():
                break
            event = queue.get_nowait()
        if latest is not None:
            return dict(latest.data)
