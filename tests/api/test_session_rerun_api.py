"""Provenance and "Run again on another model": the session records the model that
produced it, shows it in the view, the dashboard and the exports; a completed session can
be duplicated and run on another model (two loopback fake servers prove which one ran)."""

from __future__ import annotations

import csv
import io
import json

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from colloquy.app import create_app
from support.fake_openai import run_fake_openai
from support.sessions_helpers import session_body, wait_until


@pytest.fixture
def first():
    with run_fake_openai(model="first-model") as server:
        yield server


@pytest.fixture
def second():
    with run_fake_openai(model="second-model") as server:
        yield server


def _done(view: dict) -> bool:
    return view["status"] == "completed" and not view["running"]


def _completed_session(client: TestClient) -> str:
    sid = client.post("/api/sessions", json=session_body()).json()["id"]
    assert client.post(f"/api/sessions/{sid}/run").status_code == 200
    wait_until(client, sid, _done, timeout=60)
    return sid


def test_a_session_records_its_model_and_shows_it_everywhere(settings, first):
    settings.llm_base_url = first.base_url
    settings.llm_model = "first-model"
    with TestClient(create_app(settings)) as client:
        sid = _completed_session(client)
        view = client.get(f"/api/sessions/{sid}").json()
        assert view["model"] == {"provider": "openai", "name": "first-model"}
        row = next(s for s in client.get("/api/sessions").json() if s["id"] == sid)
        assert row["model"] == {"provider": "openai", "name": "first-model"}

        exported = client.get(f"/api/sessions/{sid}/export.json")
        assert json.loads(exported.text)["model"] == {"provider": "openai", "name": "first-model"}
        rows = list(csv.reader(io.StringIO(client.get(f"/api/sessions/{sid}/export.csv").text)))
        assert ["Model", "openai / first-model"] in rows
        markdown = client.get(f"/api/sessions/{sid}/export.md").text
        assert "| Model | openai / first-model |" in markdown

        # A draft has no model until it runs.
        draft = client.post(f"/api/sessions/{sid}/duplicate").json()
        assert draft["model"] is None


def test_run_again_on_another_model(settings, first, second):
    settings.llm_base_url = first.base_url
    settings.llm_model = "first-model"
    settings.llm_api_key = "sk-first-key"
    with TestClient(create_app(settings)) as client:
        sid = _completed_session(client)
        answered_by_first = len(first.requests)

        got = client.post(
            f"/api/sessions/{sid}/rerun",
            json={"provider": "openai", "baseUrl": second.base_url, "model": "second-model"},
        )
        assert got.status_code == 201, got.text
        copy = got.json()
        assert copy["id"] != sid
        assert copy["name"] == "Eco packaging (second-model)"
        assert copy["status"] == "in-progress"
        done = wait_until(client, copy["id"], _done, timeout=60)

        # Every answer of the copy came from the second server; the first saw nothing new.
        assert len(first.requests) == answered_by_first
        answers = [m for m in done["messages"] if m["kind"] == "response"]
        assert answers and len(second.requests) >= len(answers)
        assert {r["model"] for r in second.requests} == {"second-model"}
        # Another endpoint: the first endpoint's key is not sent to it.
        assert all(h.get("authorization") != "Bearer sk-first-key" for h in second.headers)
        assert done["model"] == {"provider": "openai", "name": "second-model"}
        # The original keeps its own provenance, and the global model did not change.
        original = client.get(f"/api/sessions/{sid}").json()
        assert original["model"] == {"provider": "openai", "name": "first-model"}
        assert client.get("/api/settings/model").json()["baseUrl"] == first.base_url


def test_rerun_on_the_same_endpoint_reuses_the_saved_key_encrypted(settings, first):
    settings.llm_base_url = first.base_url
    settings.llm_model = "first-model"
    settings.llm_api_key = "sk-first-key"
    with TestClient(create_app(settings)) as client:
        sid = _completed_session(client)
        before = len(first.requests)
        got = client.post(
            f"/api/sessions/{sid}/rerun",
            json={"provider": "openai", "baseUrl": first.base_url, "model": "another-model"},
        )
        assert got.status_code == 201, got.text
        done = wait_until(client, got.json()["id"], _done, timeout=60)
        assert done["model"] == {"provider": "openai", "name": "another-model"}
        assert {r["model"] for r in first.requests[before:]} == {"another-model"}
        assert {h["authorization"] for h in first.headers[before:]} == {"Bearer sk-first-key"}
        assert "sk-first-key" not in got.text

    url = settings.resolved_database_url
    if url.startswith("sqlite"):
        with create_engine(url.replace("+aiosqlite", "")).connect() as conn:
            stored = conn.execute(
                text("SELECT model_override FROM sessions WHERE model_override IS NOT NULL")
            ).scalar_one()
        assert "sk-first-key" not in str(stored)
        assert '"apiKey"' in str(stored)


def test_rerun_without_a_body_uses_the_current_model(settings, first):
    settings.llm_base_url = first.base_url
    settings.llm_model = "first-model"
    with TestClient(create_app(settings)) as client:
        sid = _completed_session(client)
        got = client.post(f"/api/sessions/{sid}/rerun")
        assert got.status_code == 201, got.text
        done = wait_until(client, got.json()["id"], _done, timeout=60)
        assert done["model"] == {"provider": "openai", "name": "first-model"}


def test_rerun_refuses_bad_input_and_creates_nothing(settings, first):
    settings.llm_base_url = first.base_url
    with TestClient(create_app(settings)) as client:
        unfinished = client.post("/api/sessions", json=session_body()).json()["id"]
        not_done = client.post(f"/api/sessions/{unfinished}/rerun", json={"provider": "openai"})
        assert not_done.status_code == 409
        assert "completed" in not_done.json()["error"]

        sid = _completed_session(client)
        count = len(client.get("/api/sessions").json())
        bad_url = client.post(
            f"/api/sessions/{sid}/rerun", json={"provider": "openai", "baseUrl": "ftp://x"}
        )
        assert bad_url.status_code == 422
        missing = client.post(
            f"/api/sessions/{sid}/rerun", json={"provider": "local", "model": "nope.gguf"}
        )
        assert missing.status_code == 422
        assert "No GGUF model named 'nope.gguf'" in missing.json()["error"]
        assert client.post("/api/sessions/nope/rerun").status_code == 404
        # An endpoint that does not answer is reported before anything is created.
        dead = client.post(
            f"/api/sessions/{sid}/rerun",
            json={"provider": "openai", "baseUrl": "http://127.0.0.1:9/v1", "model": "m"},
        )
        assert dead.status_code == 422
        assert dead.json()["error"].startswith("Not run: Could not reach http://127.0.0.1:9/v1")
        assert dead.json()["code"] == "model_unusable"
        assert len(client.get("/api/sessions").json()) == count
