"""The event relay over PostgreSQL LISTEN/NOTIFY (docs/deployment.md), the default between processes
that share one PostgreSQL (engine/cluster.py starts it; Redis: engine/redis_relay.py).

Every event published on a process is also sent with `pg_notify` on one dedicated
connection (in publish order, batched up to the payload limit), and every process LISTENs
on another and publishes what other processes sent on its own bus (engine/relay.py). An
event too large for a notification reaches other processes as a reference (a stored
message: their streams read it from the database) or as `reset` (their clients refetch
the session).
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import asyncpg  # type: ignore[import-untyped]

from colloquy.engine.events import EventBus
from colloquy.engine.relay import Relay
from colloquy.waiting import wait_for

log = logging.getLogger(__name__)

CHANNEL = "colloquy_events"
PAYLOAD_LIMIT = 7000  # PostgreSQL refuses notifications of 8000 bytes or more

# pg_notify for each payload of an array, in array order, in one statement.
_NOTIFY_MANY = "SELECT pg_notify($1, payload) FROM unnest(CAST($2 AS text[])) AS payload"


class EventRelay(Relay):
    """Events to and from the other processes through LISTEN/NOTIFY."""

    batch_limit = PAYLOAD_LIMIT - 100
    event_limit = PAYLOAD_LIMIT - 100

    def __init__(self, dsn: str, origin: str, bus: EventBus) -> None:
        super().__init__(origin, bus)
        self.dsn = dsn
        self.listener: asyncpg.Connection | None = None
        self.sender: asyncpg.Connection | None = None

    async def start(self) -> None:
        await self._listen()
        self.sender = await asyncpg.connect(self.dsn)
        self.start_sending()

    async def _listen(self) -> None:
        self.listener = await asyncpg.connect(self.dsn)
        await self.listener.add_listener(CHANNEL, self._on_notify)

    async def check(self) -> None:
        """Reconnect a listening connection that was lost; the events missed meanwhile
        are unknown, so every subscriber here is told to reset (and refetches)."""
        if self.listener is not None and not self.listener.is_closed():
            try:  # a connection cut without a word (a network fault) looks open
                await wait_for(self.listener.fetchval("SELECT 1"), 5)
                return
            except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
                self.listener.terminate()
        log.warning("event relay: listening connection lost; reconnecting")
        await self._listen()
        self.bus.reset_all()

    async def close(self) -> None:
        await self.stop_sending()
        for conn in (self.listener, self.sender):
            if conn is not None:
                with contextlib.suppress(Exception):
                    await wait_for(conn.close(), 5)

    async def publish(self, payload: str) -> None:
        await self.publish_many([payload])

    async def publish_many(self, payloads: list[str]) -> None:
        if self.sender is None or self.sender.is_closed():
            self.sender = await asyncpg.connect(self.dsn)
        # The whole backlog in one statement (one transaction: delivered in order). One
        # round trip per notification fell behind under load: each await waits for a turn
        # of a busy event loop (bench/scenarios/multi_process.py).
        await self.sender.execute(_NOTIFY_MANY, CHANNEL, payloads)

    async def drop_sender(self) -> None:
        if self.sender is not None:
            self.sender.terminate()
            self.sender = None

    def _on_notify(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        self.receive(payload)
