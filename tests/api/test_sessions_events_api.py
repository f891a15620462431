"""GET /api/sessions/{id}/events on a real uvicorn server: live events during a run,
ids, resumption with Last-Event-ID, reset on a gap, 404 for an unknown session."""

from __future__ import annotations

import json
import socket
import threading
import time

import httpx
import pytest
import uvicorn

from colloquy.app import create_app
from support.fake_openai import FakeReply, default_responder
from support.sessions_helpers import session_body
from support.waiting import wait_for

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def server(settings, fake_llm):
    settings.llm_base_url = fake_llm.base_url
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        create_app(settings), lifespan="on", log_level="warning", timeout_graceful_shutdown=1
    )
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()

    def started() -> bool:
        assert thread.is_alive(), "the server's thread ended"
        return srv.started

    wait_for(started, timeout=20, interval=0.02, what="the server's start")
    yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    srv.should_exit = True
    thread.join(timeout=10)


def read_events(response, until, limit: float = 30):
    """Parse SSE frames until `until(event)` is true; returns [(id, name, data)]."""
    events, frame = [], {}
    deadline = time.monotonic() + limit
    for line in response.iter_lines():
        assert time.monotonic() < deadline, "no end event in time"
        if line.startswith(":"):
            continue
        if not line:
            if "event" in frame:
                event = (frame["id"], frame["event"], json.loads(frame.get("data", "{}")))
                events.append(event)
                if until(event):
                    return events
            frame = {}
            continue
        key, _, value = line.partition(":")
        frame[key] = value.removeprefix(" ")
    return events


def id_key(event_id: str) -> tuple[int, int]:
    """(bus id, position in the stored messages) of an id "<epoch>.<local>.<seq>"."""
    _, local, seq = event_id.split(".")
    return int(local), int(seq)


def completed(event):
    return event[1] == "status" and event[2]["status"] == "completed"


def test_live_events_during_a_run_and_resume_with_last_event_id(server, fake_llm):
    fake_llm.set_responder(lambda body: FakeReply(default_responder(body), delay=0.01))
    with httpx.Client(base_url=server, timeout=30) as client:
        s = client.post("/api/sessions", json=session_body()).json()
        url = f"/api/sessions/{s['id']}/events"
        with client.stream("GET", url) as res:
            assert res.status_code == 200
            assert res.headers["content-type"].startswith("text/event-stream")
            client.post(f"/api/sessions/{s['id']}/run")
            events = read_events(res, completed)
        names = [e[1] for e in events]
        assert names[0] == "ready"
        assert names.count("message") == 24
        assert {"token", "thinking", "progress", "status"} <= set(names)
        ids = [id_key(e[0]) for e in events]
        assert ids == sorted(ids) and len(set(ids)) == len(ids)
        assert len({e[0].split(".")[0] for e in events}) == 1  # one bus
        # The seq part counts the messages sent so far on the stream.
        assert [i[1] for i, e in zip(ids, events, strict=True) if e[1] == "message"] == list(
            range(1, 25)
        )
        first_message = next(e for e in events if e[1] == "message")[2]
        assert first_message["kind"] == "question" and first_message["speaker"] == "Moderator"
        token = next(e for e in events if e[1] == "token")[2]
        assert token["personaId"] in {p["id"] for p in s["participants"]} and token["delta"]
        progress = [e[2] for e in events if e[1] == "progress"][-1]
        assert progress["responses"] == progress["total"] == 18

        # Reconnect from the 10th event: what followed it is replayed, except token deltas
        # (live previews; the message event carries the whole answer).
        cut = events[9][0]
        with client.stream("GET", url, headers={"Last-Event-ID": str(cut)}) as res:
            replay = read_events(res, completed)
        assert [e[0] for e in replay] == [e[0] for e in events[10:] if e[1] != "token"]

        # An id the server cannot replay from: the client is told to reset (and refetch).
        with client.stream("GET", url, headers={"Last-Event-ID": "12"}) as res:
            first = read_events(res, lambda e: True)
        assert first[0][1] == "reset"


def test_an_id_from_another_process_replays_the_stored_messages(server, fake_llm):
    """Last-Event-ID from another process (or a restarted one): the stored messages after
    its position come from the database, with the live payloads, then the status; no
    reset."""
    fake_llm.set_responder(lambda body: FakeReply(default_responder(body), delay=0.005))
    with httpx.Client(base_url=server, timeout=30) as client:
        s = client.post("/api/sessions", json=session_body()).json()
        url = f"/api/sessions/{s['id']}/events"
        with client.stream("GET", url) as res:
            client.post(f"/api/sessions/{s['id']}/run")
            events = read_events(res, completed)
        live = [e[2] for e in events if e[1] == "message"]
        epoch = events[0][0].split(".")[0]
        for sent in (f"0ther{epoch[5:]}.12.10", f"{epoch}.1.10"):  # unknown bus; too old
            with client.stream("GET", url, headers={"Last-Event-ID": sent}) as res:
                replay = read_events(res, completed)
            assert [e[1] for e in replay] == ["message"] * 14 + ["status"]
            assert [e[2] for e in replay[:-1]] == live[10:]
            assert [id_key(e[0])[1] for e in replay] == [*range(11, 25), 24]
        # The query fallback (lastEventId) works the same way.
        with client.stream("GET", url, params={"lastEventId": "abc.1.23"}) as res:
            replay = read_events(res, completed)
        assert [e[2]["id"] for e in replay[:-1]] == [live[-1]["id"]]


def test_unknown_session_events_404(server):
    res = httpx.get(f"{server}/api/sessions/nope/events", timeout=10)
    assert res.status_code == 404 and res.json()["error"] == "Session not found"


def test_error_event_on_failure(server, fake_llm):
    from support.fake_openai import FakeError

    fake_llm.set_responder(lambda body: FakeError(402, "pay up"))
    with httpx.Client(base_url=server, timeout=30) as client:
        s = client.post("/api/sessions", json=session_body()).json()
        with client.stream("GET", f"/api/sessions/{s['id']}/events") as res:
            client.post(f"/api/sessions/{s['id']}/run")
            events = read_events(res, lambda e: e[1] == "status" and not e[2]["running"])
    error = next(e[2] for e in events if e[1] == "error")
    assert error["status"] == 402 and "402" in error["message"]
    assert events[-1][2]["error"] == error
