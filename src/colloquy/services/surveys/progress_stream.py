"""One client's stream of a survey's live progress (progress.py publishes it).

`follow` yields items with an SSE id in the sessions' format (engine/positions.py:
"<bus epoch>.<bus id>.<answers done>"). Reconnecting with it (Last-Event-ID) to the same
process replays from the bus's buffer what the client missed; to any other process, or
after the buffer moved on, the stream starts from the survey's stored state (progress is a
snapshot: the latest one says everything). It ends after the first state that is not
`running`, or when the survey is deleted.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import Event, EventBus, Subscription
from colloquy.engine.positions import Replay, decide, format_id, parse_id
from colloquy.errors import NotFound
from colloquy.services.surveys.progress import PROGRESS, channel
from colloquy.services.surveys.surveys import get_survey
from colloquy.waiting import wait_for

QUIET_SECONDS = 15.0  # a stream with no event for this long rereads the survey
COALESCE_SECONDS = 0.25  # at most 4 states a second per stream
Factory = async_sessionmaker[AsyncSession]


async def stored_state(factory: Factory, survey_id: str) -> dict[str, Any] | None:
    """The survey's state as stored (None: it was deleted)."""
    try:
        async with factory() as db:
            survey = await get_survey(db, None, survey_id)
    except NotFound:
        return None
    return payloads.stored_survey_progress(survey)


def _latest(events: list[Event]) -> Event | None:
    return next((e for e in reversed(events) if e.name == PROGRESS), None)


class _Follower:
    """One stream's subscription and the highest count it sent."""

    def __init__(self, bus: EventBus, factory: Factory, survey_id: str) -> None:
        self.bus, self.factory, self.survey_id = bus, factory, survey_id
        self.name = channel(survey_id)
        self.sub: Subscription = Subscription()
        self.done = -1

    def item(self, state: dict[str, Any], local: int) -> tuple[str, dict[str, Any]] | None:
        """The state as (SSE id, data); None for a running count lower than one sent
        (progress published before the stored state was read can arrive after it)."""
        done = int(state.get("done") or 0)
        if state.get("status") == "running" and done < self.done:
            return None
        self.done = max(self.done, done)
        return format_id(self.bus.epoch, local, self.done), state

    async def next(self) -> tuple[dict[str, Any] | None, int]:
        """The next state to send and its bus id: the latest of a burst of progress
        events; the stored state on `reset` (events were missed), after a quiet while
        (its owner may have died), or when this stream fell behind. None: deleted."""
        queue = self.sub.queue
        try:
            event = await wait_for(queue.get(), QUIET_SECONDS)
        except TimeoutError:
            return await self.stored()
        events: list[Event] = []
        closed = event is None
        if event is not None:
            events.append(event)
            await asyncio.sleep(COALESCE_SECONDS)
            while not queue.empty():
                more = queue.get_nowait()
                if more is None:
                    closed = True
                    break
                events.append(more)
        if closed:
            if not self.sub.overflowed:
                return None, 0  # the survey was deleted: its channel was closed
            self.bus.unsubscribe(self.name, self.sub)  # fell behind: start over from now
            self.sub, _, _ = self.bus.subscribe(self.name, None)
            return await self.stored()
        latest = _latest(events)
        if latest is None or any(e.name != PROGRESS for e in events):
            return await self.stored()
        return dict(latest.data), latest.id

    async def stored(self) -> tuple[dict[str, Any] | None, int]:
        local = self.bus.next_reset_id(self.name)
        return await stored_state(self.factory, self.survey_id), local


async def follow(
    bus: EventBus, factory: Factory, survey_id: str, sent: str | None
) -> AsyncIterator[tuple[str, dict[str, Any]]]:
    """(SSE id, progress state) of the survey from `sent` (a Last-Event-ID) on, until the
    run ends or the survey is deleted."""
    me = _Follower(bus, factory, survey_id)
    last = parse_id(sent)
    local = last.local if last is not None and last.epoch == bus.epoch else None
    me.sub, replay, gap = bus.subscribe(me.name, local)  # before reading: nothing is missed
    try:
        mode = decide(sent, last, bus.epoch, local is not None and not gap)
        state: dict[str, Any] | None = None
        at = 0
        if mode is Replay.BUFFER and all(e.name == PROGRESS for e in replay):
            # This process sent the id and still holds what followed: its latest state
            # (none: nothing was missed).
            assert last is not None
            me.done = last.seq
            latest = _latest(replay)
            if latest is not None:
                state, at = dict(latest.data), latest.id
        else:
            state, at = await me.stored()
            if state is None:
                return  # deleted
        while True:
            if state is not None:  # None only at first: a replay that missed nothing
                item = me.item(state, at)
                if item is not None:
                    yield item
                if state["status"] != "running":
                    return
            state, at = await me.next()
            if state is None:
                return  # deleted
    finally:
        bus.unsubscribe(me.name, me.sub)
