"""The LISTEN/NOTIFY event relay between processes (engine/pg_relay.py), on PostgreSQL:
two event buses as two processes would have them."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from colloquy.engine.cluster import asyncpg_dsn
from colloquy.engine.events import EventBus, is_reference
from colloquy.engine.pg_relay import EventRelay

pytestmark = pytest.mark.timeout(60)


async def _next(queue: asyncio.Queue, timeout: float = 5.0):
    return await asyncio.wait_for(queue.get(), timeout)


def test_events_reach_the_other_process_in_order_and_large_ones_reset(postgres_database):
    async def main() -> None:
        dsn = asyncpg_dsn(postgres_database)
        one, two = EventBus(), EventBus()
        relay_one, relay_two = EventRelay(dsn, "one", one), EventRelay(dsn, "two", two)
        await relay_one.start()
        await relay_two.start()
        try:
            sub, _, _ = two.subscribe("s1", None)
            own, _, _ = one.subscribe("s1", None)
            for i in range(300):  # a burst: batched into few notifications, order kept
                one.publish("s1", "token", {"delta": str(i)})
            one.publish("s1", "message", {"id": "m1", "content": "x" * 9000})  # too large
            one.publish("s1", "status", {"status": "completed", "running": False})
            got = [await _next(sub.queue) for _ in range(302)]
            assert [e.data["delta"] for e in got[:300]] == [str(i) for i in range(300)]
            assert got[300].name == "reset"  # the client refetches the stored message
            assert got[301].name == "status" and got[301].data["running"] is False
            # The publishing process does not get its own events twice.
            assert own.queue.qsize() == 302
            await asyncio.sleep(0.3)
            assert own.queue.qsize() == 302 and sub.queue.empty()

            two.publish("s1", "status", {"status": "in-progress", "running": True})
            back = [await _next(own.queue) for _ in range(303)][-1]
            assert back.name == "status" and back.data["running"] is True
            assert (await _next(sub.queue)).data["running"] is True  # two's own subscriber

            # A message's seq (not in its payload) travels with it.
            one.publish("s1", "message", {"id": "m2", "content": "y"}, seq=7)
            relayed = await _next(sub.queue)
            assert (relayed.name, relayed.data["id"], relayed.seq) == ("message", "m2", 7)
            assert (await _next(own.queue)).seq == 7
            # A stored message too large for a notification goes as a reference to it.
            big = {"id": "m3", "content": "z" * 9000, "participantIndex": 1, "questionIndex": 0}
            one.publish("s1", "message", {**big, "round": 0, "kind": "response"}, seq=8)
            relayed = await _next(sub.queue)
            assert relayed.name == "message" and relayed.seq == 8 and is_reference(relayed)
            assert relayed.data["id"] == "m3" and "content" not in relayed.data
            assert relayed.data["participantIndex"] == 1
            assert (await _next(own.queue)).data["content"] == big["content"]

            one.close_session("s1")  # deleted on one: the streams on two end too
            assert await _next(sub.queue) is None
        finally:
            await relay_one.close()
            await relay_two.close()

    asyncio.run(main())


def test_a_lost_listening_connection_is_restored_and_subscribers_reset(postgres_database):
    async def main() -> None:
        dsn = asyncpg_dsn(postgres_database)
        one, two = EventBus(), EventBus()
        relay_one, relay_two = EventRelay(dsn, "one", one), EventRelay(dsn, "two", two)
        await relay_one.start()
        await relay_two.start()
        try:
            sub, _, _ = two.subscribe("s1", None)
            admin = await asyncpg.connect(dsn)
            try:
                pid = relay_two.listener.get_server_pid()
                await admin.execute("SELECT pg_terminate_backend($1)", pid)
            finally:
                await admin.close()
            for _ in range(50):
                if relay_two.listener.is_closed():
                    break
                await asyncio.sleep(0.05)
            await relay_two.check()  # the heartbeat does this every second
            assert (await _next(sub.queue)).name == "reset"
            one.publish("s1", "progress", {"responses": 1})
            assert (await _next(sub.queue)).name == "progress"

            # The sending connection dies: it is replaced, and what it could not send
            # reaches the other process as a reset.
            admin = await asyncpg.connect(dsn)
            try:
                pid = relay_one.sender.get_server_pid()
                await admin.execute("SELECT pg_terminate_backend($1)", pid)
            finally:
                await admin.close()
            await asyncio.sleep(0.2)
            one.publish("s1", "progress", {"responses": 2})
            one.publish("s1", "progress", {"responses": 3})
            seen = [await _next(sub.queue)]
            while seen[-1].data != {"responses": 3}:
                seen.append(await _next(sub.queue))
            assert {"responses": 2} in [e.data for e in seen] or "reset" in [e.name for e in seen]
        finally:
            await relay_one.close()
            await relay_two.close()

    asyncio.run(main())
