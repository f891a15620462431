"""GET /api/sessions/{id}/events: a stream opened mid-answer starts with the answers being
written (thinking, and the text streamed so far), then goes on from exactly there."""

import json

from colloquy.api.events import _stream
from colloquy.engine.events import EventBus


class _NoMessages:
    """A database session of a session with no stored messages (the stream's position)."""

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False

    async def scalar(self, _query):
        return None


def frames(chunk: bytes) -> list[tuple[str, str]]:
    out = []
    for block in chunk.decode().replace("\r\n", "\n").strip().split("\n\n"):
        fields = dict(line.split(": ", 1) for line in block.splitlines() if ": " in line)
        out.append((fields.get("event", ""), fields.get("data", "")))
    return out


async def test_stream_opened_mid_answer_shows_the_text_so_far():
    bus = EventBus()
    bus.publish(
        "s",
        "thinking",
        {
            "questionIndex": 0,
            "round": 0,
            "participants": [{"participantIndex": 2, "personaId": "p3", "name": "Cy"}],
        },
    )
    bus.publish(
        "s",
        "token",
        {
            "participantIndex": 2,
            "personaId": "p3",
            "questionIndex": 0,
            "round": 0,
            "delta": "Honestly, ",
        },
    )
    stream = _stream(bus, _NoMessages, "s", None)
    first = await anext(stream)
    assert [name for name, _ in frames(first)] == ["ready"]
    live = frames(await anext(stream))
    assert [name for name, _ in live] == ["thinking", "token"]
    assert '"delta": "Honestly, "' in live[1][1]
    # Later deltas continue the text; nothing is repeated.
    bus.publish(
        "s",
        "token",
        {
            "participantIndex": 2,
            "personaId": "p3",
            "questionIndex": 0,
            "round": 0,
            "delta": "it works.",
        },
    )
    after = frames(await anext(stream))
    assert [(name, json.loads(data)) for name, data in after] == [
        (
            "token",
            {
                "participantIndex": 2,
                "personaId": "p3",
                "questionIndex": 0,
                "round": 0,
                "delta": "it works.",
            },
        )
    ]
    await stream.aclose()


async def test_stream_of_an_idle_session_has_no_live_part():
    bus = EventBus()
    bus.publish("s", "status", {"status": "completed", "running": False, "error": None})
    stream = _stream(bus, _NoMessages, "s", None)
    assert [name for name, _ in frames(await anext(stream))] == ["ready"]
    bus.publish("s", "status", {"status": "completed", "running": False, "error": None})
    assert [name for name, _ in frames(await anext(stream))] == ["status"]
    await stream.aclose()
