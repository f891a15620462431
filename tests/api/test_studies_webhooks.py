"""A study's webhooks (docs/webhooks.md) to a receiver on loopback: each interview posts
`interview.completed` with its study's id, then the study posts `study.completed` with its
synthesis and usage, all signed."""

from __future__ import annotations

import json
import time

import pytest

from api.test_webhooks import SECRET, arrived, fast_retries, receiver  # noqa: F401 (fixtures)
from colloquy.domain.usage.webhook_sign import SIGNATURE_HEADER, verify
from support.study_script import responder, study_body

pytestmark = [pytest.mark.timeout(120), pytest.mark.fake_llm(responder=responder)]


def test_interviews_and_their_study_post_their_events(api, receiver):  # noqa: F811
    api.put("/api/settings/webhooks", json={"url": f"{receiver.server.url}/ok", "secret": SECRET})
    study = api.post("/api/studies", json=study_body(moderator="scripted")).json()
    calls = arrived(lambda: [c for c in receiver.on("ok") if b'"study.' in c["body"]] or None)
    payload = json.loads(calls[0]["body"])
    assert payload["event"] == "study.completed" and payload["kind"] == "study"
    assert payload["id"] == study["id"] and payload["interviews"] == 3
    assert payload["synthesisId"] and payload["usage"]["promptTokens"] > 0
    header = calls[0]["headers"][SIGNATURE_HEADER.lower()]
    assert verify(SECRET, header, calls[0]["body"], int(time.time()))
    interviews = arrived(
        lambda: (
            [json.loads(c["body"]) for c in receiver.on("ok") if b'"interview.' in c["body"]]
            if len([c for c in receiver.on("ok") if b'"interview.' in c["body"]]) == 3
            else None
        )
    )
    assert sorted(p["id"] for p in interviews) == sorted(
        i["sessionId"] for i in study["interviews"]
    )
    assert {(p["event"], p["studyId"]) for p in interviews} == {
        ("interview.completed", study["id"])
    }
