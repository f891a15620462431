"""Surveys across several processes (PostgreSQL; issue 32 items 6 and 12), on the session
machinery: the event bus and its relay between processes (engine/events.py, the
LISTEN/NOTIFY or Redis relay of engine/cluster.py) carry a survey's progress and its stop
requests on the bus channel `survey:<id>`.

- The process that runs a survey (it holds the survey's advisory lock) publishes every
  change of its progress there; an event stream on any other process follows it until
  the survey ends (and rereads the survey on `reset`, or when nothing came for a while).
- Stop and Delete on a process that does not run the survey publish `stop` there (again
  every second, since a notification can be lost) and wait, as engine/cluster.py's
  request_stop does for sessions, until the owner has stopped the run, recorded it and
  released the lock. The owner listens on the channel from before it takes the lock, and
  cancels its workers (the calls in flight included) as soon as it sees the request.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any, Final

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import Event, EventBus
from colloquy.waiting import wait_for

STOP_WAIT_SECONDS = 15.0
RESEND_SECONDS = 1.0
QUIET_SECONDS = 15.0  # a stream with no event for this long rereads the survey
STOP: Final = "stop"
PROGRESS: Final = "progress"

# Whether a process holds the survey's advisory lock (runner.py: pg_try_advisory_lock of
# hashtext(LOCK_PREFIX || id); bigint key = classid high 32 bits, objid low, objsubid 1).
_LOCK_HELD = text(
    """
    SELECT EXISTS (
        SELECT 1 FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND l.classid = ((hashtext(:key)::bigint >> 32) & 4294967295)::oid
          AND l.objid = (hashtext(:key)::bigint & 4294967295)::oid
    )
    """
)


def channel(survey_id: str) -> str:
    """The survey's channel on the event bus (session ids never contain ':')."""
    return f"survey:{survey_id}"


def publisher(bus: EventBus, survey_id: str) -> Callable[[dict[str, Any]], None]:
    """Publishes a progress snapshot to every process's streams of the survey."""

    def publish(snapshot: dict[str, Any]) -> None:
        bus.publish(channel(survey_id), PROGRESS, snapshot)

    return publish


@contextlib.asynccontextmanager
async def stop_requests(
    bus: EventBus, survey_id: str, on_stop: Callable[[], None]
) -> AsyncIterator[None]:
    """While the owner runs the survey: call `on_stop` when any process asks it to stop
    (or the survey's channel is closed: it was deleted)."""
    name = channel(survey_id)
    sub, _, _ = bus.subscribe(name, None)

    async def watch() -> None:
        while True:
            event = await sub.queue.get()
            if event is None or event.name == STOP:
                on_stop()
                return

    task = asyncio.create_task(watch(), name=f"survey-stop-{survey_id}")
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        bus.unsubscribe(name, sub)


async def lock_held(factory: async_sessionmaker[AsyncSession], key: str) -> bool:
    async with factory() as db:
        return bool((await db.execute(_LOCK_HELD, {"key": key})).scalar())


async def request_stop(
    bus: EventBus, factory: async_sessionmaker[AsyncSession], survey_id: str, key: str
) -> bool:
    """Ask the process that runs the survey to stop it and wait until it has (its lock is
    released); False when no process runs it (the caller records the stop itself)."""
    if not await lock_held(factory, key):
        return False
    loop = asyncio.get_running_loop()
    deadline = loop.time() + STOP_WAIT_SECONDS
    sent = 0.0
    while loop.time() < deadline:
        if loop.time() - sent >= RESEND_SECONDS:
            bus.publish(channel(survey_id), STOP, payloads.empty())
            sent = loop.time()
        await asyncio.sleep(0.1)
        if not await lock_held(factory, key):
            return True
    return True  # the owner did not stop in time (it will when it sees the request)


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
    return payloads.stored_survey_progress(survey)


async def remote_progress(
    bus: EventBus, factory: async_sessionmaker[AsyncSession], survey_id: str
) -> AsyncIterator[dict[str, Any]]:
    """Progress snapshots of a survey another process runs, until it ends (or is
    deleted): the stored state first, then what the owner publishes."""
    name = channel(survey_id)
    sub, _, _ = bus.subscribe(name, None)  # before reading: nothing falls in between
    try:
        state = await _state(factory, survey_id)
        done = -1
        while state is not None:
            # Progress published before the stored state was read can arrive after it:
            # never send a running count lower than one already sent.
            if state["status"] != "running" or int(state.get("done") or 0) >= done:
                done = max(done, int(state.get("done") or 0))
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
            event = await wait_for(queue.get(), QUIET_SECONDS)
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
