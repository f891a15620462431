"""The event relay over Redis pub/sub, when COLLOQUY_REDIS_URL is set (docs/deployment.md).

Same behaviour as the LISTEN/NOTIFY relay (engine/relay.py): one task publishes this
process's events in order, batched, on the deployment's channel; a subscribed
connection receives the others' and publishes them on this bus (its own filtered out by
origin). Redis has no small payload limit, so every event goes whole. The subscribed
connection is probed every heartbeat (PING, answered in the stream of messages); when it
is lost or stops answering it is replaced, and the subscribers here get `reset` (the
events missed meanwhile are unknown). Leases stay in PostgreSQL (engine/cluster.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import redis.asyncio as aioredis
from redis.asyncio.client import PubSub

from colloquy.engine.events import EventBus
from colloquy.engine.relay import Relay
from colloquy.waiting import wait_for

log = logging.getLogger(__name__)

PROBE_SECONDS = 5.0  # a subscribed connection that has not answered a PING for this long
RETRY_SECONDS = 0.5


class RedisEventRelay(Relay):
    def __init__(self, url: str, channel: str, origin: str, bus: EventBus) -> None:
        super().__init__(origin, bus)
        self.url = url
        self.channel = channel
        self.client: aioredis.Redis | None = None
        self.pubsub: PubSub | None = None
        self._sub_client: aioredis.Redis | None = None  # the subscription's own client
        self._reader: asyncio.Task[None] | None = None
        self._answered = 0.0  # loop time of the last message or PONG on the subscription
        self._lost = False

    def _new_client(self) -> aioredis.Redis:
        client: aioredis.Redis = aioredis.Redis.from_url(
            self.url,
            client_name=f"colloquy-relay-{self.origin.rsplit(':', 1)[-1]}",
            socket_connect_timeout=5,
            socket_keepalive=True,
        )
        return client

    async def start(self) -> None:
        self.client = self._new_client()
        await self.client.ping()  # fail at start-up, not later, when Redis is unreachable
        await self._subscribe()
        self.start_sending()

    async def _subscribe(self) -> None:
        client = self._new_client()
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.subscribe(self.channel)
        except BaseException:
            await _close(pubsub, client)
            raise
        self.pubsub, self._sub_client = pubsub, client
        self._answered = asyncio.get_running_loop().time()
        self._lost = False
        self._reader = asyncio.create_task(self._read_loop(pubsub), name="event-relay-redis")

    async def _read_loop(self, pubsub: PubSub) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("event relay: Redis subscription lost", exc_info=True)
                self._lost = True
                return
            if message is None:
                continue
            self._answered = loop.time()
            if message.get("type") == "message":
                self.receive(message["data"])

    async def check(self) -> None:
        """Probe the subscription; replace it when it is lost or silent, and tell every
        subscriber here to reset (the events missed meanwhile are unknown)."""
        pubsub = self.pubsub
        loop = asyncio.get_running_loop()
        if pubsub is not None and not self._lost:
            silent = loop.time() - self._answered > PROBE_SECONDS
            if not silent:
                try:
                    await wait_for(pubsub.ping(), 5)
                    return
                except (TimeoutError, OSError, aioredis.RedisError):
                    pass
        log.warning("event relay: Redis subscription lost; reconnecting")
        await self._drop_subscription()
        await self._subscribe()
        self.bus.reset_all()

    async def _drop_subscription(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            await asyncio.gather(self._reader, return_exceptions=True)
            self._reader = None
        if self.pubsub is not None and self._sub_client is not None:
            await _close(self.pubsub, self._sub_client)
        self.pubsub = self._sub_client = None

    async def close(self) -> None:
        await self.stop_sending()
        await self._drop_subscription()
        if self.client is not None:
            with contextlib.suppress(Exception):
                await wait_for(self.client.aclose(), 5)
            self.client = None

    async def publish(self, payload: str) -> None:
        if self.client is None:
            self.client = self._new_client()
        await self.client.publish(self.channel, payload)

    async def drop_sender(self) -> None:
        client, self.client = self.client, None
        if client is not None:
            with contextlib.suppress(Exception):
                await wait_for(client.aclose(), 5)


async def _close(pubsub: PubSub, client: aioredis.Redis) -> None:
    for closing in (pubsub.aclose, client.aclose):
        with contextlib.suppress(Exception):
            await wait_for(closing(), 5)
