"""GET /api/sessions/{id}/events: the live events of a session as Server-Sent Events.

Every event has an `id:` (engine/positions.py); a client that reconnects with Last-Event-ID
(EventSource does it by itself), to this process or any other, gets what it missed: from
this process's buffer, or else the stored messages from the database and the session's
status; a `reset` event (refetch the session) only when the id cannot be read. The first event of a stream is `ready` (or `reset`): fetch
the session after it and apply later events on top (dedupe messages by id). Then, while
answers are being written, a `thinking` event and a `token` event per answer carrying
the text streamed so far, so that a page opened or reconnected mid-answer shows it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from fastapi import APIRouter, Header, Query, Request
from sse_starlette import EventSourceResponse, ServerSentEvent

from colloquy.api.deps import SessionDep, get_runtime
from colloquy.api.engine_deps import EventsDep
from colloquy.api.schemas.events import SessionEventPayloads, event_stream_doc
from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import Event, EventBus, is_reference
from colloquy.engine.positions import Position, Replay, decide, format_id, parse_id
from colloquy.services.sessions import event_replay
from colloquy.services.sessions.event_replay import Factory
from colloquy.services.sessions.loading import get_session_row

router = APIRouter(tags=["sessions"])
PING_SECONDS = 15
RETRY_MS = 2000
SEP = ServerSentEvent.DEFAULT_SEPARATOR.encode()


def _encode(event: Event) -> bytes:
    """The frame without its id (each stream adds its own: engine/positions.py)."""
    return ServerSentEvent(
        data=json.dumps(event.data, default=str), event=event.name, retry=RETRY_MS
    ).encode()


def _sse(event: Event) -> bytes:
    """The event's SSE frame without its id, encoded once per event however many streams
    send it."""
    return event.wire(_encode)


class _Stream:
    """One client's stream: its position in the stored messages and its frames."""

    def __init__(self, bus: EventBus, factory: Factory, session_id: str) -> None:
        self.bus = bus
        self.factory = factory
        self.session_id = session_id
        self.position = Position()
        self.local = 0  # the bus id of the last event sent

    def frame(self, event: Event) -> bytes:
        if event.name == "message":
            self.position.sent(event.seq)
        self.local = event.id
        event_id = format_id(self.bus.epoch, event.id, self.position.seq)
        return b"id: " + event_id.encode() + SEP + _sse(event)

    async def stored(self) -> None:
        """The client is about to fetch the session: what is stored now counts as sent."""
        self.position.known(await event_replay.stored_position(self.factory, self.session_id))

    async def fill(self, before: int, local: int) -> list[bytes]:
        """The stored messages after this stream's position and before `before`: from the
        database, in order (events lost between processes, or too large to relay)."""
        missed = await event_replay.missed_messages(
            self.factory, self.session_id, self.position.seq, before
        )
        return [self.frame(Event(local, "message", data, s)) for s, data in missed]

    async def handle(self, event: Event) -> list[bytes]:
        frames: list[bytes] = []
        if is_reference(event):  # too large to relay: the message is read from storage
            if event.seq is not None and event.seq > self.position.seq:
                frames += await self.fill(event.seq + 1, event.id)
            return frames
        if event.seq is not None and self.position.gap(event.seq):
            frames += await self.fill(event.seq, self.local)
        if event.name == "reset":
            await self.stored()
        frames.append(self.frame(event))
        return frames


async def _stream(
    bus: EventBus, factory: Factory, session_id: str, sent: str | None
) -> AsyncIterator[bytes]:
    last = parse_id(sent)
    local = last.local if last is not None and last.epoch == bus.epoch else None
    sub, replay, gap = bus.subscribe(session_id, local)
    live = bus.live(session_id)  # now, before any await: later events go on from here
    position = bus.next_reset_id(session_id)
    mode = decide(sent, last, bus.epoch, local is not None and not gap)
    stream = _Stream(bus, factory, session_id)
    stream.local = position
    try:
        if mode in (Replay.NONE, Replay.RESET):
            await stream.stored()
            name = "ready" if mode is Replay.NONE else "reset"
            yield stream.frame(Event(position, name, payloads.empty()))
        else:
            assert last is not None
            stream.position.known(last.seq)
            frames: list[bytes] = []
            if mode is Replay.BUFFER:
                for past in replay:
                    frames += await stream.handle(past)
            else:  # another process's id, or too old for the buffer: from the database
                missed = await event_replay.missed_since(factory, session_id, last.seq)
                if missed is None:  # deleted meanwhile
                    yield stream.frame(Event(position, "reset", payloads.empty()))
                    return
                for seq, data in missed.messages:
                    frames.append(stream.frame(Event(position, "message", data, seq)))
                frames.append(stream.frame(Event(position, "status", missed.status)))
            if frames:
                yield b"".join(frames)
        if live:  # answers being written: a page opened mid-answer shows the text so far
            yield b"".join(stream.frame(now) for now in live)
        while True:
            event = await sub.queue.get()
            # Send what is already queued in one write: one send (and one socket write)
            # for a burst instead of one per event, which matters when the loop is busy.
            frames = []
            while event is not None:
                frames += await stream.handle(event)
                if sub.queue.empty():
                    break
                event = sub.queue.get_nowait()
            if frames:
                yield b"".join(frames)
            if event is not None:
                continue
            if not sub.overflowed:
                return  # the session was deleted
            # This reader fell too far behind: start over from now, the client refetches.
            bus.unsubscribe(session_id, sub)
            sub, _, _ = bus.subscribe(session_id, None)
            await stream.stored()
            yield stream.frame(Event(bus.next_reset_id(session_id), "reset", payloads.empty()))
    finally:
        bus.unsubscribe(session_id, sub)


@router.get("/sessions/{session_id}/events", **event_stream_doc(SessionEventPayloads))
async def session_events(
    session_id: str,
    request: Request,
    db: SessionDep,
    bus: EventsDep,
    last_event_id: str | None = Header(default=None),
    last_event_id_query: str | None = Query(default=None, alias="lastEventId"),
) -> EventSourceResponse:
    await get_session_row(db, session_id)  # 404 for an unknown session
    await db.close()  # do not hold a connection for the life of the stream
    sent = last_event_id or last_event_id_query
    factory = get_runtime(request).sessionmaker
    return EventSourceResponse(
        _stream(bus, factory, session_id, sent),
        ping=PING_SECONDS,
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
