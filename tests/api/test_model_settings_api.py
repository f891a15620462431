"""The Settings screen's API: read, test, save and list models; bad input changes nothing.

Every model call goes to OpenAI-compatible fake servers on loopback, so the real SDK and
streaming code runs; the key's encryption at rest is checked in the database itself.
"""

from __future__ import annotations

import logging

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from colloquy.app import create_app
from support.fake_openai import FakeError, run_fake_openai
from support.sessions_helpers import session_body, wait_until

DEAD_URL = "http://127.0.0.1:9/v1"  # nothing listens there


@pytest.fixture
def fake():
    with run_fake_openai(model="saved-model") as server:
        yield server


@pytest.fixture
def other():
    with run_fake_openai(model="other-model") as server:
        yield server


def _put(client: TestClient, base_url: str, **extra) -> object:
    body = {"provider": "openai", "baseUrl": base_url, "model": "saved-model", **extra}
    return client.put("/api/settings/model", json=body)


def test_get_reports_the_environment_settings_without_the_key(client):
    got = client.get("/api/settings/model")
    assert got.status_code == 200
    assert got.json() == {
        "provider": "openai",
        "baseUrl": "http://127.0.0.1:9/v1",
        "model": "test-model",
        "apiKeySet": True,
        "source": "env",
    }


def test_save_switches_new_calls_at_once_and_survives_a_restart(settings, fake):
    with TestClient(create_app(settings)) as client:
        saved = _put(client, fake.base_url, apiKey="sk-secret-123")
        assert saved.status_code == 200, saved.text
        body = saved.json()
        assert body["source"] == "saved"
        assert body["apiKeySet"] is True
        assert body["test"]["ok"] is True
        assert "sk-secret-123" not in saved.text
        # The health endpoint (sidebar footer) names the new model without a restart.
        assert client.get("/api/health").json()["llm"] == {
            "provider": "openai",
            "model": "saved-model",
        }
        assert fake.headers[-1]["authorization"] == "Bearer sk-secret-123"

    # The key is stored encrypted, not as plain text.
    url = settings.resolved_database_url
    if url.startswith("sqlite"):
        with create_engine(url.replace("+aiosqlite", "")).connect() as conn:
            stored = conn.execute(text("SELECT api_key FROM model_profiles")).scalar_one()
        assert "sk-secret-123" not in str(stored)
        assert stored

    # A restart keeps the saved settings and can still use the key.
    with TestClient(create_app(settings)) as client:
        got = client.get("/api/settings/model").json()
        assert got["source"] == "saved"
        assert got["baseUrl"] == fake.base_url
        assert got["apiKeySet"] is True
        fake.reset()
        assert client.post("/api/settings/model/test").json()["ok"] is True
        assert fake.headers[-1]["authorization"] == "Bearer sk-secret-123"


def test_a_running_session_finishes_on_the_model_it_started_with(settings, fake, other):
    with TestClient(create_app(settings)) as client:
        assert _put(client, fake.base_url).status_code == 200
        fake.latency = 0.05
        sid = client.post("/api/sessions", json=session_body()).json()["id"]
        assert client.post(f"/api/sessions/{sid}/run").status_code == 200
        switched = client.put(
            "/api/settings/model",
            json={"provider": "openai", "baseUrl": other.base_url, "model": "other-model"},
        )
        assert switched.status_code == 200, switched.text
        other.reset()
        wait_until(client, sid, lambda v: v["status"] == "completed", timeout=60)
        assert other.requests == []  # every answer of that session came from the first model
        assert client.get("/api/health").json()["llm"]["model"] == "other-model"


@pytest.mark.parametrize(
    ("base_url", "reply", "message"),
    [
        (DEAD_URL, None, "Could not reach http://127.0.0.1:9/v1"),
        (None, FakeError(401, "Incorrect API key provided"), "refused the API key (401)"),
        (None, FakeError(404, "The model `nope` does not exist"), "does not know the model"),
    ],
)
def test_a_change_that_fails_its_test_is_not_saved(client, fake, base_url, reply, message):
    before = client.get("/api/settings/model").json()
    if reply is not None:
        fake.set_responder(lambda body: reply)
    bad = _put(client, base_url or fake.base_url, model="nope", apiKey="sk-wrong")
    assert bad.status_code == 422, bad.text
    body = bad.json()
    assert body["code"] == "model_unusable"
    assert body["error"].startswith("These settings were not saved:")
    assert message in body["error"], body["error"]
    assert body["test"]["ok"] is False
    assert "sk-wrong" not in bad.text
    assert client.get("/api/settings/model").json() == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"provider": "openai", "baseUrl": "ftp://example.com"}, "Base URL must be an http"),
        ({"provider": "openai", "baseUrl": "not a url"}, "Base URL must be an http"),
        ({"provider": "local", "model": "../../etc/passwd"}, "No GGUF model named"),
        ({"provider": "local", "model": "missing.gguf"}, "No GGUF model named"),
    ],
)
def test_invalid_settings_are_refused_with_the_reason(client, body, message):
    before = client.get("/api/settings/model").json()
    bad = client.put("/api/settings/model", json=body)
    assert bad.status_code == 422
    assert message in bad.json()["error"]
    assert client.get("/api/settings/model").json() == before


def test_unknown_provider_is_a_422(client):
    bad = client.put("/api/settings/model", json={"provider": "llamafile"})
    assert bad.status_code == 422
    assert client.get("/api/settings/model").json()["provider"] == "openai"


def test_a_gguf_that_is_not_a_model_is_refused_and_nothing_changes(client, settings):
    folder = settings.data_dir / "models"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.gguf").write_bytes(b"GGUF" + b"\0" * 64)
    before = client.get("/api/settings/model").json()
    bad = client.put("/api/settings/model", json={"provider": "local", "model": "broken.gguf"})
    assert bad.status_code == 422, bad.text
    assert "The model file could not be loaded" in bad.json()["error"]
    assert client.get("/api/settings/model").json() == before


def test_test_reports_capabilities(client, fake):
    got = client.post(
        "/api/settings/model/test",
        json={"provider": "openai", "baseUrl": fake.base_url, "model": "saved-model"},
    )
    assert got.status_code == 200
    body = got.json()
    assert body["ok"] is True
    assert body["streaming"] is True
    assert body["structuredOutput"] == "json_schema"
    assert body["vision"] is True
    assert isinstance(body["latencyMs"], int)
    assert body["error"] is None
    # The structured request really asked for a schema; the image request sent an image.
    assert any(r.get("response_format", {}).get("type") == "json_schema" for r in fake.requests)
    assert any(isinstance(m.get("content"), list) for r in fake.requests for m in r["messages"])


def test_structured_output_falls_back_when_json_schema_is_refused(client, fake):
    def refuse_schema(body):
        fmt = body.get("response_format") or {}
        if fmt.get("type") == "json_schema":
            return FakeError(400, "response_format json_schema is not supported")
        return '{"ok": true}' if fmt else "OK"

    fake.set_responder(refuse_schema)
    got = client.post(
        "/api/settings/model/test", json={"provider": "openai", "baseUrl": fake.base_url}
    ).json()
    assert got["ok"] is True
    assert got["structuredOutput"] == "json_object"


def test_test_of_an_unreachable_endpoint_says_so(client):
    got = client.post("/api/settings/model/test", json={"provider": "openai", "baseUrl": DEAD_URL})
    assert got.status_code == 200
    body = got.json()
    assert body["ok"] is False
    assert body["error"].startswith("Could not reach http://127.0.0.1:9/v1")


def test_models_lists_the_endpoint_and_the_local_files(client, fake, settings):
    listed = client.get(
        "/api/settings/models", params={"provider": "openai", "baseUrl": fake.base_url}
    )
    assert listed.status_code == 200
    assert listed.json()["models"] == [
        {"id": "saved-model", "name": "saved-model", "sizeBytes": None}
    ]

    folder = settings.data_dir / "models"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "qwen.gguf").write_bytes(b"GGUF")
    local = client.get("/api/settings/models", params={"provider": "local"}).json()["models"]
    assert local[0]["id"] == "SmolLM2-135M-Instruct"
    assert {"id": "qwen.gguf", "name": "qwen.gguf", "sizeBytes": 4} in local

    dead = client.get("/api/settings/models", params={"provider": "openai", "baseUrl": DEAD_URL})
    assert dead.status_code == 502
    assert dead.json()["error"] == "Could not list models: could not reach http://127.0.0.1:9/v1"


def test_reset_goes_back_to_the_environment(client, fake):
    assert _put(client, fake.base_url).json()["source"] == "saved"
    reset = client.delete("/api/settings/model")
    assert reset.status_code == 200
    assert reset.json()["source"] == "env"
    assert reset.json()["baseUrl"] == "http://127.0.0.1:9/v1"


def test_the_key_is_never_logged(client, fake, caplog):
    caplog.set_level(logging.DEBUG)
    assert _put(client, fake.base_url, apiKey="sk-never-logged-42").status_code == 200
    client.post("/api/settings/model/test")
    assert "sk-never-logged-42" not in caplog.text
