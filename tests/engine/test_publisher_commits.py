"""engine/publisher.py: a stored message is announced once its commit succeeds, and what
the runner sends meanwhile waits behind it, in order."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from colloquy.engine.events import EventBus
from colloquy.engine.publisher import Publisher

SETUP = SimpleNamespace(
    participants=[{"id": "p1", "name": "Ann"}, {"id": "p2", "name": "Bo"}], questions=["Q1?"]
)


def message(seq: int, participant: int | None) -> dict:
    return {
        "id": f"m{seq}",
        "seq": seq,
        "speaker": "x",
        "content": "y",
        "timestamp": None,
        "sentiment": None,
        "personaId": None,
        "questionIndex": 0,
        "round": 0,
        "participantIndex": participant,
        "kind": "question" if participant is None else "response",
        "tokens": 3,
    }


def names(sub) -> list[str]:
    out = []
    while not sub.queue.empty():
        out.append(sub.queue.get_nowait().name)
    return out


async def settle() -> None:
    for _ in range(3):
        await asyncio.sleep(0)


async def test_events_wait_for_the_commit_before_them():
    bus = EventBus()
    sub, _, _ = bus.subscribe("s", None)
    pub = Publisher(bus, "s")
    loop = asyncio.get_running_loop()
    first, second = loop.create_future(), loop.create_future()
    stored = [message(1, None)]
    pub.committed(first, stored[0], SETUP, stored, [])
    pub.thinking(SETUP.participants, [0], 0, 0)
    pub.token({"id": "p1"}, 0, 0, 0, "Hi")
    stored.append(message(2, 0))
    pub.committed(second, stored[1], SETUP, stored, [])
    pub.status("in-progress", running=True)
    assert names(sub) == []  # nothing is announced before its commit
    second.set_result(None)  # commits resolve in order, but even out of order:
    await settle()
    assert names(sub) == []
    stored[0]["timestamp"] = "set in the transaction"
    first.set_result(None)
    await settle()
    events = []
    while not sub.queue.empty():
        events.append(sub.queue.get_nowait())
    assert [e.name for e in events] == [
        "message",
        "progress",
        "thinking",
        "token",
        "message",
        "progress",
        "status",
    ]
    assert events[0].data["timestamp"] == "set in the transaction"  # built after commit
    assert events[1].data["responses"] == 0 and events[5].data["responses"] == 1
    pub.status("completed", running=False)  # nothing held: straight through
    assert names(sub) == ["status"]


async def test_a_failed_commit_is_never_announced():
    bus = EventBus()
    sub, _, _ = bus.subscribe("s", None)
    pub = Publisher(bus, "s")
    commit = asyncio.get_running_loop().create_future()
    stored = [message(1, None)]
    pub.committed(commit, stored[0], SETUP, stored, [])
    pub.error({"status": None, "message": "Session was stopped"})
    commit.set_exception(RuntimeError("slot taken"))
    await settle()
    assert names(sub) == ["error"]
    commit.exception()  # retrieved (the runner does this)
