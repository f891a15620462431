"""What every event relay between processes does, whatever carries the events (PostgreSQL
LISTEN/NOTIFY in engine/pg_relay.py, Redis pub/sub in engine/redis_relay.py).

Every event published on this process's bus is queued (forward) and sent by one task, in
publish order, batched as few messages as fit; what other processes sent is published on
this bus (receive), except this process's own (origin). Events that could not be sent
reach the other processes as `reset` of their sessions once the transport works again.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
from typing import Any

from colloquy.engine.events import EventBus, stored_reference

log = logging.getLogger(__name__)

CLOSE = "__close"  # a pseudo-event: the session was deleted
Item = tuple[str, str, dict[str, Any], int | None]  # session, event, data, message seq


class Relay:
    """Subclasses send a payload (publish) and replace a broken sending link (drop_sender)."""

    # Most bytes in one message, and in one event (None: no limit; a larger event goes as a
    # reference to its stored message, or as `reset`).
    batch_limit = 1_000_000
    event_limit: int | None = None

    def __init__(self, origin: str, bus: EventBus) -> None:
        self.origin = origin
        self.bus = bus
        self.queue: asyncio.Queue[Item] = asyncio.Queue()
        self._send_task: asyncio.Task[None] | None = None
        self._numbers = itertools.count()

    # -- to override ---------------------------------------------------------------------

    async def publish(self, payload: str) -> None:
        raise NotImplementedError

    async def publish_many(self, payloads: list[str]) -> None:
        """Send payloads in order; a transport that sends several at once overrides it."""
        for payload in payloads:
            await self.publish(payload)

    async def drop_sender(self) -> None:
        """The sending link failed: forget it (the next publish makes a new one)."""

    # -- sending -------------------------------------------------------------------------

    def start_sending(self) -> None:
        self.bus.forward = self.forward
        self._send_task = asyncio.create_task(self._send_loop(), name="event-relay")

    async def stop_sending(self) -> None:
        self.bus.forward = None
        if self._send_task is not None:
            self._send_task.cancel()
            await asyncio.gather(self._send_task, return_exceptions=True)
            self._send_task = None

    def forward(self, session_id: str, name: str, data: dict[str, Any], seq: int | None) -> None:
        self.queue.put_nowait((session_id, name, data, seq))

    def _one(self, item: Item) -> str:
        sid, name, data, seq = item
        one = json.dumps([sid, name, data, seq], default=str)
        if self.event_limit is not None and len(one.encode()) > self.event_limit:
            # Too large: a stored message goes as a reference (the streams that send it
            # read it from the database), anything else as `reset` (clients refetch).
            small = stored_reference(data) if name == "message" and seq else None
            one = json.dumps([sid, "message", small, seq] if small else [sid, "reset", {}, None])
        return one

    def batch(self, first: Item) -> list[tuple[str, set[str]]]:
        """`first` and the events queued behind it, as few payloads as fit (in order),
        each with the sessions it concerns."""
        payloads: list[tuple[str, set[str]]] = []
        events: list[str] = []
        sessions: set[str] = set()
        size = 0
        item: Item | None = first
        while item is not None:
            one = self._one(item)
            sid = item[0]
            item = None if self.queue.empty() else self.queue.get_nowait()
            if events and size + len(one.encode()) > self.batch_limit:
                payloads.append((self._wrap(events), sessions))
                events, size, sessions = [], 0, set()
            events.append(one)
            sessions.add(sid)
            size += len(one.encode()) + 1
        if events:
            payloads.append((self._wrap(events), sessions))
        return payloads

    def _wrap(self, events: list[str]) -> str:
        # "n" keeps every payload distinct: PostgreSQL delivers identical notifications of
        # one transaction only once.
        number = next(self._numbers)
        return f'{{"o": {json.dumps(self.origin)}, "n": {number}, "e": [' + ",".join(events) + "]}"

    async def _send_loop(self) -> None:
        while True:
            first = await self.queue.get()
            batch = self.batch(first)
            try:
                await self.publish_many([payload for payload, _ in batch])
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("event relay: could not send events", exc_info=True)
                await self.drop_sender()
                await asyncio.sleep(0.5)
                # Those events may be lost to the other processes: their subscribers of
                # these sessions refetch instead (sent once the link is back).
                for sid in sorted(set().union(*(sessions for _, sessions in batch))):
                    self.queue.put_nowait((sid, "reset", {}, None))

    # -- receiving -----------------------------------------------------------------------

    def receive(self, payload: str | bytes) -> None:
        """Publish on this bus what another process sent."""
        try:
            message = json.loads(payload)
            if message.get("o") == self.origin:
                return
            for session_id, name, data, seq in message.get("e", []):
                if name == CLOSE:
                    self.bus.close_local(session_id)
                else:
                    self.bus.publish_local(session_id, name, data, seq)
        except Exception:
            log.warning("event relay: a message could not be read", exc_info=True)
