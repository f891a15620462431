"""Driving sessions through the API: run, stop, Retry, save, end, errors, restart."""

import time

import pytest
from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.fake_openai import FakeError, FakeReply, default_responder
from support.sessions_helpers import app_client, fake_model, session_body, wait_idle, wait_until

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def fake_llm():
    with fake_model() as fake:
        yield fake


@pytest.fixture
def api(settings, fake_llm):
    with app_client(settings, fake_llm) as client:
        yield client


def slow(delay):
    return lambda body: FakeReply(default_responder(body), delay=delay)


def layout(view):
    return [
        (m["kind"], m["questionIndex"], m["round"], m["participantIndex"]) for m in view["messages"]
    ]


def test_run_completes_with_the_product_structure(api):
    s = api.post("/api/sessions", json=session_body()).json()
    res = api.post(f"/api/sessions/{s['id']}/run")
    assert res.status_code == 200 and res.json()["running"] is True
    view = wait_idle(api, s["id"])
    assert view["status"] == "completed" and view["completedAt"]
    assert len(view["messages"]) == 24
    assert view["messages"][4]["content"] == "[Round 2] Please respond to what others have shared."
    first = view["messages"][1]
    assert set(first) >= {
        "id",
        "speaker",
        "content",
        "timestamp",
        "sentiment",
        "personaId",
        "questionIndex",
        "round",
        "kind",
    }
    assert first["speaker"] == view["participants"][0]["name"] and first["kind"] == "response"
    assert api.post(f"/api/sessions/{s['id']}/run").status_code == 409


def test_stop_then_retry(api, fake_llm):
    fake_llm.set_responder(slow(0.05))
    s = api.post("/api/sessions", json=session_body()).json()
    api.post(f"/api/sessions/{s['id']}/run")
    wait_until(api, s["id"], lambda v: len(v["messages"]) >= 3)
    stopped = api.post(f"/api/sessions/{s['id']}/stop").json()
    assert stopped["error"] == {"status": None, "message": "Session stopped by user"}
    assert stopped["running"] is False and stopped["status"] == "in-progress"
    api.post(f"/api/sessions/{s['id']}/run")
    view = wait_idle(api, s["id"])
    assert view["status"] == "completed" and len(view["messages"]) == 24
    assert (
        len(
            {
                (m["questionIndex"], m["round"], m["participantIndex"], m["kind"])
                for m in view["messages"]
            }
        )
        == 24
    )


def test_persistent_429_then_retry(api, fake_llm):
    fake_llm.set_responder(lambda body: FakeError(429, "Too many requests"))
    s = api.post("/api/sessions", json=session_body()).json()
    api.post(f"/api/sessions/{s['id']}/run")
    view = wait_idle(api, s["id"])
    assert view["error"]["status"] == 429 and "429" in view["error"]["message"]
    fake_llm.set_responder(None)
    assert api.post(f"/api/sessions/{s['id']}/run").json()["error"] is None
    assert wait_idle(api, s["id"])["status"] == "completed"


def test_save_and_end(api, fake_llm):
    fake_llm.set_responder(slow(0.05))
    s = api.post("/api/sessions", json=session_body()).json()
    api.post(f"/api/sessions/{s['id']}/run")
    wait_until(api, s["id"], lambda v: v["progress"]["responses"] >= 3)
    saved = api.post(f"/api/sessions/{s['id']}/save").json()
    assert saved["status"] == "in-progress" and saved["tokensUsed"] > 0
    ended = api.post(f"/api/sessions/{s['id']}/end").json()
    assert ended["status"] == "completed" and ended["completedAt"] and not ended["running"]
    assert ended["error"] is None
    count = len(ended["messages"])
    time.sleep(0.3)
    again = api.get(f"/api/sessions/{s['id']}").json()
    assert len(again["messages"]) == count and again["status"] == "completed"


def test_concurrent_runs_start_one_runner(api, fake_llm):
    from concurrent.futures import ThreadPoolExecutor

    fake_llm.set_responder(slow(0.02))
    s = api.post("/api/sessions", json=session_body()).json()
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda _: api.post(f"/api/sessions/{s['id']}/run"), range(4)))
    assert all(r.status_code == 200 for r in results)
    view = wait_idle(api, s["id"])
    assert len(view["messages"]) == 24 and len(fake_llm.requests) == 18


def test_restart_resumes_running_sessions(settings, fake_llm):
    """The server stops mid-run (runners cancelled, nothing written); a new server on the
    same database finishes the session with nothing lost or repeated."""
    settings.llm_base_url = fake_llm.base_url
    fake_llm.set_responder(slow(0.05))
    with TestClient(create_app(settings)) as first:
        s = first.post("/api/sessions", json=session_body()).json()
        first.post(f"/api/sessions/{s['id']}/run")
        before = wait_until(first, s["id"], lambda v: len(v["messages"]) >= 6)
    assert len(before["messages"]) < 24
    fake_llm.set_responder(None)
    with TestClient(create_app(settings)) as second:
        view = wait_until(second, s["id"], lambda v: v["status"] == "completed")
    assert len(view["messages"]) == 24
    ids = [m["id"] for m in view["messages"]]
    assert ids[: len(before["messages"])] == [m["id"] for m in before["messages"]]
    assert len(set(layout(view))) == 24
