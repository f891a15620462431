"""The in-memory event bus: ids, replay after Last-Event-ID, gaps, closing."""

from colloquy.engine import events
from colloquy.engine.events import EventBus


async def test_ids_are_monotonic_and_replay_resumes_after_last_id():
    bus = EventBus()
    first = bus.publish("s1", "message", {"n": 1})
    second = bus.publish("s1", "message", {"n": 2})
    third = bus.publish("s1", "progress", {"n": 3})
    assert first.id < second.id < third.id
    sub, replay, reset = bus.subscribe("s1", first.id)
    assert not reset and [e.id for e in replay] == [second.id, third.id]
    bus.publish("s1", "status", {"x": 1})
    assert (await sub.queue.get()).name == "status"
    _, replay, reset = bus.subscribe("s1", third.id + 1)
    assert not reset and [e.name for e in replay] == []


async def test_unknown_or_stale_ids_ask_for_a_reset(monkeypatch):
    monkeypatch.setattr(events, "REPLAY_BUFFER", 3)
    bus = EventBus()
    ids = [bus.publish("s1", "message", {"i": i}).id for i in range(10)]
    _, replay, reset = bus.subscribe("s1", ids[1])  # fell out of the buffer
    assert reset and replay == []
    _, _, reset = bus.subscribe("s1", ids[-1] + 50)  # from the future (a restarted server)
    assert reset
    _, replay, reset = bus.subscribe("s1", ids[-3] - 1)
    assert not reset and len(replay) == 3
    # A fresh bus (after a restart) issues larger ids and treats an old id as a gap.
    restarted = EventBus()
    assert restarted.publish("s1", "message", {}).id > ids[-1]
    _, _, reset = restarted.subscribe("s1", ids[-1])
    assert reset


async def test_slow_subscriber_overflows_and_close_ends_streams(monkeypatch):
    monkeypatch.setattr(events, "SUBSCRIBER_QUEUE", 2)
    bus = EventBus()
    slow, _, _ = bus.subscribe("s1", None)
    for i in range(3):
        bus.publish("s1", "token", {"i": i})
    assert slow.overflowed and await slow.queue.get() is None
    other, _, _ = bus.subscribe("s1", None)
    bus.close_session("s1")
    assert await other.queue.get() is None


async def test_tokens_are_live_only_and_idle_channels_are_dropped(monkeypatch):
    bus = EventBus()
    start = bus.publish("s1", "message", {}).id
    bus.publish("s1", "token", {"delta": "Hi"})
    last = bus.publish("s1", "progress", {})
    _, replay, reset = bus.subscribe("s1", start)
    assert not reset and [e.name for e in replay] == ["progress"] and replay[0].id == last.id
    monkeypatch.setattr(events, "IDLE_CHANNELS", 2)
    listened, _, _ = bus.subscribe("kept", None)
    seen_in_a = bus.publish("a", "message", {}).id
    for sid in ("b", "c", "d"):
        bus.publish(sid, "message", {})
    _, _, reset = bus.subscribe("a", seen_in_a)
    assert reset  # "a" was dropped: its history is gone, the client refetches
    bus.publish("kept", "status", {})
    assert (await listened.queue.get()).name == "status"


def token(p: int, delta: str, q: int = 0, r: int = 1) -> dict:
    return {
        "participantIndex": p,
        "personaId": f"p{p}",
        "questionIndex": q,
        "round": r,
        "delta": delta,
    }


async def test_a_late_subscriber_gets_the_answers_being_written():
    bus = EventBus()
    thinking = {
        "questionIndex": 0,
        "round": 1,
        "participants": [
            {"participantIndex": 0, "personaId": "p0", "name": "Ann"},
            {"participantIndex": 1, "personaId": "p1", "name": "Bo"},
        ],
    }
    bus.publish("s", "thinking", thinking)
    for part in ("I ", "like "):
        bus.publish("s", "token", token(0, part))
    bus.publish("s", "token", token(1, "No"))
    bus.subscribe("s", None)
    live = bus.live("s")
    assert [e.name for e in live] == ["thinking", "token", "token"]
    assert live[0].data == thinking
    assert [(e.data["participantIndex"], e.data["delta"]) for e in live[1:]] == [
        (0, "I like "),
        (1, "No"),
    ]
    assert {e.id for e in live} == {bus.next_reset_id("s")}  # the current position
    # Ann's answer is stored: only Bo's is still being written.
    bus.publish(
        "s",
        "message",
        {"id": "m1", "participantIndex": 0, "questionIndex": 0, "round": 1, "kind": "response"},
    )
    assert [(e.name, e.data.get("delta")) for e in bus.live("s")][1:] == [("token", "No")]


async def test_nothing_is_being_written_once_the_run_ends():
    bus = EventBus()
    bus.publish(
        "s",
        "thinking",
        {
            "questionIndex": 0,
            "round": 0,
            "participants": [{"participantIndex": 0, "personaId": "p0", "name": "Ann"}],
        },
    )
    bus.publish("s", "token", token(0, "Half an ans"))
    bus.publish("s", "status", {"status": "in-progress", "running": True, "error": None})
    assert len(bus.live("s")) == 2
    bus.publish(
        "s",
        "status",
        {
            "status": "in-progress",
            "running": False,
            "error": {"status": None, "message": "Session was stopped"},
        },
    )
    assert bus.live("s") == []
    bus.publish("s", "token", token(0, "x"))
    bus.publish("s", "error", {"status": 429, "message": "Rate limit exceeded (429)"})
    assert bus.live("s") == []
