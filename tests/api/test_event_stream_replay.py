"""The SSE stream's position in the stored messages (api/events.py, engine/positions.py),
driven directly on a bus: replay from the database for an id of another process, the
messages a stream did not get filled in from the database, references to messages too
large to relay, and `reset` only for an unreadable id."""

from __future__ import annotations

import asyncio
import json

from sqlalchemy import insert

from colloquy.api.events import _stream
from colloquy.engine.events import EventBus, stored_reference
from colloquy.engine.publisher import message_payload
from colloquy.store.db import make_engine, make_sessionmaker
from colloquy.store.messages import message_columns
from colloquy.store.tables import MessageRow
from colloquy.store.types import utcnow
from support.sessions_helpers import session_body


def _message(seq: int) -> dict:
    return {
        "id": f"m{seq}",
        "seq": seq,
        "speaker": "Moderator" if seq == 1 else "Ana",
        "content": f"text {seq}",
        "timestamp": utcnow(),
        "sentiment": None,
        "personaId": None,
        "questionIndex": 0,
        "round": 0,
        "participantIndex": None if seq == 1 else seq - 2,
        "kind": "question" if seq == 1 else "response",
        "tokens": 3,
        "repairs": [],
        "rawContent": None,
        "note": None,
        # What later features store with a message: its usage and its model profile.
        "usage": None,
        "profileId": None,
        "profileName": None,
        "model": None,
    }


def _frames(chunks: list[bytes]) -> list[tuple[str, str, dict]]:
    out = []
    for block in b"".join(chunks).decode().split("\r\n\r\n"):
        fields = dict(line.split(": ", 1) for line in block.split("\r\n") if ": " in line)
        if "event" in fields:
            out.append((fields["id"], fields["event"], json.loads(fields["data"])))
    return out


async def _take(stream, n: int) -> list[tuple[str, str, dict]]:
    chunks: list[bytes] = []
    while len(_frames(chunks)) < n:
        chunks.append(await asyncio.wait_for(anext(stream), 5))
    return _frames(chunks)


def test_positions_replay_fill_and_references(client, settings):
    sid = client.post("/api/sessions", json=session_body()).json()["id"]
    stored = [_message(seq) for seq in range(1, 7)]

    async def main() -> None:
        engine = make_engine(settings.resolved_database_url)  # on this test's loop
        try:
            await scenario(make_sessionmaker(engine))
        finally:
            await engine.dispose()

    async def scenario(factory) -> None:
        async with factory() as db, db.begin():
            await db.execute(insert(MessageRow), [message_columns(m, sid) for m in stored])
        bus = EventBus()
        payloads = [message_payload(m) for m in stored]

        # An id of another process at position 2: messages 3..6 from the database, the
        # status, then live events (a stream of this bus continues from its events).
        stream = _stream(bus, factory, sid, "feedface.99.2")
        got = await _take(stream, 5)
        assert [e[1] for e in got] == ["message"] * 4 + ["status"]
        assert [e[2] for e in got[:4]] == payloads[2:]
        assert [e[0].split(".")[2] for e in got] == ["3", "4", "5", "6", "6"]
        view = client.get(f"/api/sessions/{sid}").json()  # the status is the row's
        assert got[4][2] == {"status": view["status"], "running": False, "error": None}
        assert all(e[0].startswith(bus.epoch + ".") for e in got)

        # A message this stream already has (sent twice: harmless), then seq 8 while 7 was
        # never announced here (lost between processes): 7 comes from the database first.
        async with factory() as db, db.begin():
            await db.execute(insert(MessageRow), [message_columns(_message(7), sid)])
        bus.publish(sid, "message", payloads[5], seq=6)
        eighth = _message(8)
        async with factory() as db, db.begin():
            await db.execute(insert(MessageRow), [message_columns(eighth, sid)])
        bus.publish(sid, "message", message_payload(eighth), seq=8)
        got = await _take(stream, 3)
        assert [(e[2]["id"], e[0].split(".")[2]) for e in got] == [
            ("m6", "6"),
            ("m7", "7"),
            ("m8", "8"),
        ]
        # A reference to a message too large to relay: read from the database.
        ninth = _message(9)
        async with factory() as db, db.begin():
            await db.execute(insert(MessageRow), [message_columns(ninth, sid)])
        ref = stored_reference(message_payload(ninth))
        bus.publish_local(sid, "message", ref, seq=9)
        bus.publish(sid, "progress", {"responses": 8})
        got = await _take(stream, 2)
        assert got[0][1] == "message" and got[0][2] == message_payload(ninth)
        assert got[1][1] == "progress" and got[1][0].endswith(".9")
        last = got[1][0]
        await stream.aclose()

        # The same bus still holds what followed `last`: replayed from its buffer.
        bus.publish(sid, "progress", {"responses": 9})
        again = _stream(bus, factory, sid, last)
        got = await _take(again, 1)
        assert got[0][1] == "progress" and got[0][2] == {"responses": 9}
        await again.aclose()

        # A new stream: `ready` at the stored position (the client fetches after it).
        fresh = _stream(bus, factory, sid, None)
        got = await _take(fresh, 1)
        assert got[0][1] == "ready" and got[0][0].endswith(".9")
        await fresh.aclose()

        # An unreadable id (an integer id of an older version): reset.
        old = _stream(bus, factory, sid, "12345")
        got = await _take(old, 1)
        assert got[0][1] == "reset" and got[0][0].endswith(".9")
        await old.aclose()

        # A superscript digit passes str.isdigit() but not int(): reset, not a traceback.
        for sent in ("x.1.\u00b2", "x.\u00b2.1", "\u00b2.1.1"):
            odd = _stream(bus, factory, sid, sent)
            got = await _take(odd, 1)
            assert got[0][1] == "reset", sent
            await odd.aclose()

    asyncio.run(main())
