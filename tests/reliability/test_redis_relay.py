"""The Redis pub/sub event relay (engine/redis_relay.py, COLLOQUY_REDIS_URL): two event
buses as two processes would have them, on a channel of this test's own."""

from __future__ import annotations

import asyncio
import uuid

import pytest
import redis.asyncio as aioredis

from colloquy.engine.events import EventBus, is_reference
from colloquy.engine.redis_relay import RedisEventRelay

pytestmark = pytest.mark.timeout(60)


async def _next(queue: asyncio.Queue, timeout: float = 5.0):
    return await asyncio.wait_for(queue.get(), timeout)


def _relays(redis_url: str) -> tuple[EventBus, EventBus, RedisEventRelay, RedisEventRelay]:
    channel = f"colloquy-test-{uuid.uuid4().hex}"
    tag = uuid.uuid4().hex[:8]
    one, two = EventBus(), EventBus()
    return (
        one,
        two,
        RedisEventRelay(redis_url, channel, f"one-{tag}", one),
        RedisEventRelay(redis_url, channel, f"two-{tag}", two),
    )


async def _kill(redis_url: str, name: str, subscribed: bool) -> int:
    """Kill the relay's connections named `name` (its subscription, or its sender)."""
    admin = aioredis.from_url(redis_url)
    killed = 0
    try:
        for client in await admin.client_list():
            if client.get("name") == name and (int(client.get("sub", 0)) > 0) == subscribed:
                await admin.client_kill_filter(_id=client["id"])
                killed += 1
    finally:
        await admin.aclose()
    return killed


def test_events_reach_the_other_process_in_order_whole_and_once(redis_url):
    async def main() -> None:
        one, two, relay_one, relay_two = _relays(redis_url)
        await relay_one.start()
        await relay_two.start()
        try:
            sub, _, _ = two.subscribe("s1", None)
            own, _, _ = one.subscribe("s1", None)
            for i in range(300):  # a burst: batched, order kept
                one.publish("s1", "token", {"delta": str(i)})
            # No payload limit: a large message goes whole, with its seq.
            one.publish("s1", "message", {"id": "m1", "content": "x" * 200_000}, seq=4)
            one.publish("s1", "status", {"status": "completed", "running": False})
            got = [await _next(sub.queue) for _ in range(302)]
            assert [e.data["delta"] for e in got[:300]] == [str(i) for i in range(300)]
            assert got[300].name == "message" and not is_reference(got[300])
            assert got[300].data["content"] == "x" * 200_000 and got[300].seq == 4
            assert got[301].name == "status" and got[301].data["running"] is False
            # The publishing process does not get its own events twice.
            await asyncio.sleep(0.3)
            assert own.queue.qsize() == 302 and sub.queue.empty()

            two.publish("s1", "status", {"status": "in-progress", "running": True})
            back = [await _next(own.queue) for _ in range(303)][-1]
            assert back.name == "status" and back.data["running"] is True
            assert (await _next(sub.queue)).data["running"] is True  # two's own subscriber

            one.close_session("s1")  # deleted on one: the streams on two end too
            assert await _next(sub.queue) is None
        finally:
            await relay_one.close()
            await relay_two.close()

    asyncio.run(main())


def test_a_lost_subscription_is_restored_and_subscribers_reset(redis_url):
    async def main() -> None:
        one, two, relay_one, relay_two = _relays(redis_url)
        await relay_one.start()
        await relay_two.start()
        try:
            sub, _, _ = two.subscribe("s1", None)
            name_two = f"colloquy-relay-{relay_two.origin}"
            assert await _kill(redis_url, name_two, subscribed=True) == 1
            for _ in range(50):  # the reader notices at once
                if relay_two._lost:
                    break
                await asyncio.sleep(0.05)
            await relay_two.check()  # the heartbeat does this every second
            assert (await _next(sub.queue)).name == "reset"
            one.publish("s1", "progress", {"responses": 1})
            assert (await _next(sub.queue)).data == {"responses": 1}

            # A subscription that stops answering PING is replaced too.
            relay_two._answered -= 60
            await relay_two.check()
            assert (await _next(sub.queue)).name == "reset"
            one.publish("s1", "progress", {"responses": 2})
            assert (await _next(sub.queue)).data == {"responses": 2}

            # The sending connection dies: the next events still arrive (resent on a new
            # connection), or as a reset when they could not be sent.
            name_one = f"colloquy-relay-{relay_one.origin}"
            assert await _kill(redis_url, name_one, subscribed=False) >= 1
            one.publish("s1", "progress", {"responses": 3})
            one.publish("s1", "progress", {"responses": 4})
            seen = [await _next(sub.queue)]
            while seen[-1].data != {"responses": 4}:
                seen.append(await _next(sub.queue))
            assert {"responses": 3} in [e.data for e in seen] or "reset" in [e.name for e in seen]
        finally:
            await relay_one.close()
            await relay_two.close()

    asyncio.run(main())


def test_the_relay_waits_for_redis_to_come_back(redis_url):
    """While the subscription cannot be made (Redis unreachable), check() fails and the
    next heartbeat tries again; once it works, subscribers reset and events flow."""

    async def main() -> None:
        one, two, relay_one, relay_two = _relays(redis_url)
        await relay_one.start()
        await relay_two.start()
        try:
            sub, _, _ = two.subscribe("s1", None)
            good = relay_two.url
            relay_two.url = "redis://127.0.0.1:9/0"  # nothing listens there
            relay_two._lost = True
            with pytest.raises(Exception):  # noqa: B017 - a connection error of any kind
                await relay_two.check()
            assert relay_two.pubsub is None
            relay_two.url = good
            await relay_two.check()
            assert (await _next(sub.queue)).name == "reset"
            one.publish("s1", "progress", {"responses": 1})
            assert (await _next(sub.queue)).data == {"responses": 1}
        finally:
            await relay_one.close()
            await relay_two.close()

    asyncio.run(main())
