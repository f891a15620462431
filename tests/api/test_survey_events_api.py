"""A survey's progress stream on the event bus: every event has an id in
the sessions' format (engine/positions.py), and a client that reconnects with it
(Last-Event-ID) goes on where it was, until the run ends; an id from another process or an
unreadable one starts from the stored state."""

from __future__ import annotations

import json
import time

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.engine.positions import parse_id
from support.fake_openai import FakeReply, run_fake_openai


def _create(api, samples: int) -> str:
    body = {
        "name": "Kettles",
        "concepts": [{"type": "text", "title": "Solar kettle", "content": "Sun powered."}],
        "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
        "respondentIds": [p["id"] for p in api.get("/api/personas").json()[:2]],
        "samples": samples,
        "askDirect": False,
    }
    res = api.post("/api/surveys", json=body)
    assert res.status_code == 201, res.text
    return res.json()["id"]


def _read(api, sid: str, last_event_id: str | None = None, stop_after: int | None = None):
    """(id, data) of the stream's progress events, all of them or the first few."""
    headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
    out: list[tuple[str, dict]] = []
    event_id = ""
    with api.stream("GET", f"/api/surveys/{sid}/events", headers=headers) as stream:
        for line in stream.iter_lines():
            if line.startswith("id:"):
                event_id = line[3:].strip()
            elif line.startswith("data:"):
                out.append((event_id, json.loads(line[5:])))
                if stop_after is not None and len(out) >= stop_after:
                    break
    return out


def test_a_client_that_reconnects_with_its_last_event_id_follows_the_run_to_its_end(settings):
    with run_fake_openai(lambda body: FakeReply("I would buy it.", delay=0.1)) as fake:
        settings.llm_base_url = fake.base_url
        settings.survey_concurrency = 1
        with TestClient(create_app(settings)) as api:
            sid = _create(api, samples=4)
            api.post(f"/api/surveys/{sid}/run")
            first = _read(api, sid, stop_after=1)
            ((last_id, state),) = first
            assert state["status"] == "running"
            epoch = api.app.state.events.epoch
            parsed = parse_id(last_id)
            assert parsed is not None and parsed.epoch == epoch and parsed.seq == state["done"]
            time.sleep(0.3)  # progress goes on while the client is away
            rest = _read(api, sid, last_event_id=last_id)
    events = [data for _, data in first + rest]
    dones = [e["done"] for e in events]
    assert dones == sorted(dones)
    assert events[-1] == {"status": "completed", "done": 8, "total": 8, "errors": 0}
    assert all(parse_id(event_id) is not None for event_id, _ in rest)


def test_an_id_from_another_process_or_an_unreadable_one_starts_from_the_stored_state(
    settings,
):
    with run_fake_openai(lambda body: "I would buy it.") as fake:
        settings.llm_base_url = fake.base_url
        with TestClient(create_app(settings)) as api:
            sid = _create(api, samples=1)
            api.post(f"/api/surveys/{sid}/run")
            deadline = time.monotonic() + 60
            while api.get(f"/api/surveys/{sid}").json()["status"] != "completed":
                assert time.monotonic() < deadline
                time.sleep(0.05)
            final = {"status": "completed", "done": 2, "total": 2, "errors": 0}
            for sent in (None, "otherprocess.12.1", "not an id"):
                ((event_id, data),) = _read(api, sid, last_event_id=sent)
                assert data == final
                assert parse_id(event_id) is not None
            assert api.get("/api/surveys/nope/events").status_code == 404
