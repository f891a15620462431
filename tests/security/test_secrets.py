"""API keys never reach the browser or the logs: not in /api/health, the OpenAPI schema,
the settings' repr, nor anything logged (at DEBUG) while a session runs with a key set."""

import logging

import pytest

from support.fake_openai import run_fake_openai
from support.sessions_helpers import app_client, session_body, wait_idle

KEY = "sk-test-NEVER-SHOW-THIS-9f8e7d6c"
TOKEN = "access-token-NEVER-SHOW-1a2b3c"

pytestmark = pytest.mark.timeout(60)


def test_settings_repr_hides_secrets(settings):
    settings.llm_api_key, settings.access_token = KEY, TOKEN
    for text in (repr(settings), str(settings)):
        assert KEY not in text and TOKEN not in text


def test_no_key_in_responses_or_logs_during_a_run(settings, caplog):
    settings.llm_api_key = KEY
    caplog.set_level(logging.DEBUG)  # every logger, the SDK's and httpx's included
    with run_fake_openai() as fake, app_client(settings, fake) as api:
        seen = [api.get("/api/health"), api.get("/openapi.json"), api.get("/api/personas")]
        s = api.post("/api/sessions", json=session_body()).json()
        api.post(f"/api/sessions/{s['id']}/run")
        view = wait_idle(api, s["id"])
        seen += [
            api.get(f"/api/sessions/{s['id']}"),
            api.get(f"/api/sessions/{s['id']}/export.json"),
        ]
        sent = fake.headers[-1].get("authorization", "")
    assert view["status"] == "completed"
    assert sent == f"Bearer {KEY}"  # the key was in use...
    for res in seen:  # ...and never came back to the browser
        assert KEY not in res.text and KEY not in str(res.headers)
    assert caplog.records  # something was logged, and none of it holds the key
    assert KEY not in caplog.text
    assert all(KEY not in str(r.args) for r in caplog.records)
