"""GET /api/sessions/{id}/events: the live events of a session as Server-Sent Events.

Every event has an `id:`; a client that reconnects with Last-Event-ID (EventSource does it
by itself) gets what it missed, or a `reset` event when that is no longer available, after
which it refetches the session. The first event of a stream is `ready` (or `reset`): fetch
the session after it and apply later events on top (dedupe messages by id). Then, while
answers are being written, a `thinking` event and a `token` event per answer carrying
the text streamed so far, so that a page opened or reconnected mid-answer shows it.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

from fastapi import APIRouter, Header, Query, Request
from sse_starlette import EventSourceResponse, ServerSentEvent

from colloquy.api.deps import SessionDep
from colloquy.api.engine_deps import EventsDep
from colloquy.api.schemas.events import SessionEventPayloads
from colloquy.engine.events import Event, EventBus
from colloquy.services.results import get_session_row

router = APIRouter(tags=["sessions"])
PING_SECONDS = 15
RETRY_MS = 2000


def _encode(event: Event) -> bytes:
    return ServerSentEvent(
        data=json.dumps(event.data, default=str), event=event.name, id=str(event.id), retry=RETRY_MS
    ).encode()


def _sse(event: Event) -> bytes:
    """The event's SSE frame, encoded once per event however many streams send it."""
    return event.wire(_encode)


def _parse_id(value: str | None) -> int | None:
    value = (value or "").strip()
    return int(value) if value.isdigit() and len(value) < 20 else None


async def _stream(bus: EventBus, session_id: str, last_id: int | None) -> AsyncIterator[bytes]:
    sub, replay, reset = bus.subscribe(session_id, last_id)
    live = bus.live(session_id)  # now, before any await: later events go on from here
    try:
        position = bus.next_reset_id(session_id)
        if reset:
            yield _sse(Event(position, "reset", {}))
        elif last_id is None:
            yield _sse(Event(position, "ready", {}))
        if replay:
            yield b"".join(_sse(event) for event in replay)
        if live:  # answers being written: a page opened mid-answer shows the text so far
            yield b"".join(_encode(event) for event in live)
        while True:
            event = await sub.queue.get()
            # Send what is already queued in one write: one send (and one socket write)
            # for a burst instead of one per event, which matters when the loop is busy.
            frames: list[bytes] = []
            while event is not None:
                frames.append(_sse(event))
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
            yield _sse(Event(bus.next_reset_id(session_id), "reset", {}))
    finally:
        bus.unsubscribe(session_id, sub)


class _EventStream(EventSourceResponse):
    """For the OpenAPI schema only: names the stream's media type (set per instance)."""

    media_type = "text/event-stream"


@router.get(
    "/sessions/{session_id}/events",
    response_class=_EventStream,
    responses={
        200: {
            "model": SessionEventPayloads,
            "description": "Server-sent events; each event's data is the JSON of the field of "
            "SessionEventPayloads named after the event.",
        }
    },
)
async def session_events(
    session_id: str,
    request: Request,
    db: SessionDep,
    bus: EventsDep,
    last_event_id: str | None = Header(default=None),
    last_event_id_query: str | None = Query(default=None, alias="lastEventId"),
):
    await get_session_row(db, session_id)  # 404 for an unknown session
    await db.close()  # do not hold a connection for the life of the stream
    last_id = _parse_id(last_event_id) if last_event_id else _parse_id(last_event_id_query)
    return EventSourceResponse(
        _stream(bus, session_id, last_id),
        ping=PING_SECONDS,
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
