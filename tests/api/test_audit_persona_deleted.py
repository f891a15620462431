"""A persona deleted while its audit runs ends the audit with a
clear message (no 500, no foreign-key error, nothing stored); the library audit's job lists
messages for users, never a database error. Both databases."""

from __future__ import annotations

import threading
import time

import pytest

from colloquy.services.trust.persona_audit import MSG_DELETED
from support.fake_openai import default_responder
from support.sessions_helpers import app_client, fake_model

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def fake_llm():
    with fake_model() as fake:
        yield fake


def _deleting(api, persona_ids: list[str]):
    """A model that answers every item 3, deleting the given personas on its first call."""
    once = threading.Lock()
    done: list[int] = []

    def respond(body):
        schema = (body.get("response_format") or {}).get("json_schema", {}).get("schema")
        if not schema or "answers" not in schema.get("properties", {}):
            return default_responder(body)
        with once:
            if not done:
                done.append(1)
                for pid in persona_ids:
                    assert api.delete(f"/api/personas/{pid}").status_code == 204
        keys = schema["properties"]["answers"]["required"]
        return {"answers": dict.fromkeys(keys, 3)}

    return respond


def test_deleting_a_persona_during_its_audit_ends_it_clearly(settings, fake_llm):
    with app_client(settings, fake_llm) as api:
        fake_llm.set_responder(_deleting(api, ["p1"]))
        res = api.post("/api/personas/p1/audit")
        assert res.status_code == 409, res.text
        assert res.json()["error"] == MSG_DELETED
        assert api.get("/api/personas/p1").status_code == 404
        report = api.get("/api/personas/audit").json()
        assert report["audits"] == []


def test_the_library_audit_reports_a_deleted_persona_in_words(settings, fake_llm):
    with app_client(settings, fake_llm) as api:
        ids = [p["id"] for p in api.get("/api/personas").json()]
        fake_llm.set_responder(_deleting(api, ids))
        assert api.post("/api/personas/audit").status_code == 202
        deadline = time.monotonic() + 60
        while (job := api.get("/api/personas/audit").json()["job"])["running"]:
            assert time.monotonic() < deadline, job
            time.sleep(0.1)
        assert job["failed"] >= 1
        assert job["errors"] and set(job["errors"]) <= {
            MSG_DELETED,
            "Persona not found",
        }, job["errors"]
        assert api.get("/api/personas/audit").json()["audits"] == []
