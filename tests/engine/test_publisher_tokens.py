"""Coalesced token events (engine/publisher.py) and the once-per-event SSE frame
(bench/CHANGES.md). A connection dropped mid-stream: tests/llm/test_openai_stream_transport.py."""

from __future__ import annotations

import asyncio

from colloquy.api.events import _sse
from colloquy.engine import publisher as publisher_module
from colloquy.engine.events import EventBus
from colloquy.engine.publisher import Publisher

PERSONA = {"id": "p1", "name": "Ann"}


def drain(sub) -> list:
    out = []
    while not sub.queue.empty():
        out.append(sub.queue.get_nowait())
    return out


async def test_deltas_are_coalesced_and_flushed_before_the_message():
    bus = EventBus()
    sub, _, _ = bus.subscribe("s", None)
    pub = Publisher(bus, "s")
    for word in ("I ", "like ", "it"):
        pub.token(PERSONA, 0, 1, 2, word)
    pub.token({"id": "p2"}, 1, 1, 2, "No")
    assert drain(sub) == []  # buffered, not yet sent
    pub.status("in-progress", running=True)
    events = drain(sub)
    assert [e.name for e in events] == ["token", "token", "status"]
    assert events[0].data == {
        "participantIndex": 0,
        "personaId": "p1",
        "questionIndex": 1,
        "round": 2,
        "delta": "I like it",
    }
    assert events[1].data["delta"] == "No" and events[1].data["participantIndex"] == 1


async def test_buffered_deltas_go_out_after_the_flush_interval(monkeypatch):
    monkeypatch.setattr(publisher_module, "TOKEN_FLUSH_SECONDS", 0.01)
    bus = EventBus()
    sub, _, _ = bus.subscribe("s", None)
    pub = Publisher(bus, "s")
    pub.token(PERSONA, 0, 0, 0, "Hel")
    pub.token(PERSONA, 0, 0, 0, "lo")
    await asyncio.sleep(0.05)
    assert [e.data["delta"] for e in drain(sub)] == ["Hello"]
    pub.token(PERSONA, 0, 0, 0, " there")
    pub.drop_tokens()  # the run ended: an unstored answer's preview is not sent later
    await asyncio.sleep(0.05)
    assert drain(sub) == []


async def test_an_event_is_serialised_once_for_all_subscribers():
    bus = EventBus()
    event = bus.publish("s", "progress", {"responses": 1})
    frame = _sse(event)  # without the id, which each stream adds (its position)
    assert frame.startswith(b"event: progress") and b"id:" not in frame
    assert _sse(event) is frame
