"""Webhooks (docs/webhooks.md): a signed POST on completion or failure, retried with backoff,
never blocking the run, failures listed on Settings. A receiver in the test checks the
signature."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse
from starlette.routing import Route

from colloquy.domain.usage.webhook_sign import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    SIGNATURE_HEADER,
    signature,
    verify,
)
from colloquy.services.usage import webhooks
from support.loopback import LoopbackServer
from support.sessions_helpers import session_body, wait_until
from support.waiting import wait_for

SECRET = "wh-test-secret"


class Receiver:
    """Answers 500 to the first delivery on /flaky, always 503 on /down, 200 on /ok."""

    def __init__(self) -> None:
        self.received: list[dict] = []
        self.lock = threading.Lock()
        self.flaky_seen = 0
        self.server = LoopbackServer(
            Starlette(routes=[Route("/{path}", self.hook, methods=["POST"])])
        )

    async def hook(self, request: Request):
        body = await request.body()
        path = request.path_params["path"]
        with self.lock:
            self.received.append({"path": path, "headers": dict(request.headers), "body": body})
            if path == "flaky":
                self.flaky_seen += 1
                if self.flaky_seen == 1:
                    return JSONResponse({}, status_code=500)
            if path == "moved":  # another path on the same server
                return RedirectResponse("/ok", status_code=307)
        return JSONResponse({}, status_code=503 if path == "down" else 200)

    def on(self, path: str) -> list[dict]:
        with self.lock:
            return [r for r in self.received if r["path"] == path]


@pytest.fixture
def receiver():
    r = Receiver()
    r.server.start()
    yield r
    r.server.stop()


@pytest.fixture(autouse=True)
def fast_retries(monkeypatch):
    """Retries 0.01 s apart (autouse: set before the `api` fixture starts the app)."""
    monkeypatch.setattr(webhooks, "BACKOFF_BASE_S", 0.01)


def arrived(check, timeout: float = 20):
    """What `check` returns once it is something (the receiver saw it, a row was listed)."""
    return wait_for(check, timeout=timeout, what="the webhook delivery")


def test_signature_by_hand():
    body = b'{"event":"session.completed"}'
    header = signature("k", 1700000000, body)
    assert header.startswith("t=1700000000,v1=") and len(header.split("v1=")[1]) == 64
    assert verify("k", header, body, now=1700000100)
    assert not verify("other", header, body, now=1700000100)
    assert not verify("k", header, body + b" ", now=1700000100)
    assert not verify("k", header, body, now=1700000000 + 301)  # too old: a replay
    assert not verify("k", "garbage", body, now=1700000000)


def test_settings_refuse_bad_input(api):
    assert api.get("/api/settings/webhooks").json() == {
        "url": None,
        "hasSecret": False,
        "header": SIGNATURE_HEADER,
    }
    res = api.put("/api/settings/webhooks", json={"url": "http://x.test/hook"})
    assert res.status_code == 422
    assert res.json()["errors"] == ["A webhook needs a secret to sign its deliveries"]
    res = api.put("/api/settings/webhooks", json={"url": "ftp://x.test", "secret": "s"})
    assert res.json()["errors"] == ["Webhook URL must be an http:// or https:// address"]
    assert api.get("/api/settings/webhooks").json()["hasSecret"] is False  # nothing saved
    bad = api.post("/api/sessions", json=session_body(settings={"webhookUrl": "javascript:x"}))
    assert bad.status_code == 422


def test_completion_and_failure_are_posted_signed_and_retried(api, receiver):
    saved = api.put(
        "/api/settings/webhooks", json={"url": f"{receiver.server.url}/flaky", "secret": SECRET}
    )
    assert saved.json() == {
        "url": f"{receiver.server.url}/flaky",
        "hasSecret": True,
        "header": SIGNATURE_HEADER,
    }
    # The default webhook: the session completes; the receiver fails once, then accepts.
    sid = api.post("/api/sessions", json=session_body()).json()["id"]
    api.post(f"/api/sessions/{sid}/run")
    wait_until(api, sid, lambda v: v["status"] == "completed")
    calls = arrived(lambda: len(receiver.on("flaky")) >= 2 and receiver.on("flaky"))
    first, second = calls[:2]
    assert first["body"] == second["body"]  # the same delivery, tried again
    for call in (first, second):
        headers = call["headers"]
        assert verify(SECRET, headers[SIGNATURE_HEADER.lower()], call["body"], int(time.time()))
        assert headers[EVENT_HEADER.lower()] == "session.completed"
    payload = json.loads(second["body"])
    assert payload["event"] == "session.completed" and payload["id"] == sid
    assert payload["workspaceId"] == "default"  # the first workspace: no accounts here
    assert payload["status"] == "completed" and payload["usage"]["promptTokens"] > 0
    assert payload["deliveryId"] == second["headers"][DELIVERY_HEADER.lower()]
    delivered = arrived(
        lambda: [
            d
            for d in api.get("/api/settings/webhooks/deliveries").json()
            if d["status"] == "delivered"
        ]
    )
    assert delivered[0]["attempts"] == 2 and delivered[0]["targetId"] == sid

    # A session's own webhook that is down: 5 attempts, then listed as failed.
    down = session_body(settings={"webhookUrl": f"{receiver.server.url}/down"})
    sid2 = api.post("/api/sessions", json=down).json()["id"]
    api.post(f"/api/sessions/{sid2}/run")
    wait_until(api, sid2, lambda v: v["status"] == "completed")
    failed = arrived(lambda: api.get("/api/settings/webhooks/deliveries?status=failed").json())
    assert failed[0]["targetId"] == sid2 and failed[0]["attempts"] == 5
    assert failed[0]["lastError"] == "HTTP 503"
    assert len(receiver.on("down")) == 5

    # A run that turns it off ("") sends nothing.
    off = session_body(settings={"webhookUrl": ""})
    sid3 = api.post("/api/sessions", json=off).json()["id"]
    api.post(f"/api/sessions/{sid3}/run")
    wait_until(api, sid3, lambda v: v["status"] == "completed")
    time.sleep(0.3)
    assert sid3 not in {d["targetId"] for d in api.get("/api/settings/webhooks/deliveries").json()}


def test_a_failed_run_posts_its_failure(api, receiver):
    api.put("/api/settings/webhooks", json={"url": f"{receiver.server.url}/ok", "secret": SECRET})
    api.put("/api/settings/prices", json={"test-model": {"input": 0, "output": 1000}})
    body = session_body(settings={"budgetUsd": 0})  # stops before its first call
    sid = api.post("/api/sessions", json=body).json()["id"]
    api.post(f"/api/sessions/{sid}/run")
    view = wait_until(api, sid, lambda v: v["error"] is not None and not v["running"])
    assert view["error"]["message"] == "Budget reached: $0.00 of $0.00 spent"
    (call,) = arrived(lambda: receiver.on("ok"))
    payload = json.loads(call["body"])
    assert payload["event"] == "session.failed"
    assert payload["error"]["message"] == "Budget reached: $0.00 of $0.00 spent"
    assert verify(SECRET, call["headers"][SIGNATURE_HEADER.lower()], call["body"], int(time.time()))


def test_a_completed_survey_is_posted(api, receiver):
    api.put("/api/settings/webhooks", json={"url": f"{receiver.server.url}/ok", "secret": SECRET})
    ids = [p["id"] for p in api.get("/api/personas").json()[:2]]
    survey = api.post(
        "/api/surveys",
        json={
            "name": "Kettles",
            "concepts": [{"type": "text", "title": "Kettle", "content": "A solar kettle."}],
            "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
            "respondentIds": ids,
            "samples": 1,
        },
    ).json()
    api.post(f"/api/surveys/{survey['id']}/run")
    (call,) = arrived(lambda: receiver.on("ok"), timeout=60)
    payload = json.loads(call["body"])
    assert payload["event"] == "survey.completed" and payload["id"] == survey["id"]
    assert payload["kind"] == "survey" and payload["usage"]["completionTokens"] > 0
    assert payload["workspaceId"] == "default"
    assert verify(SECRET, call["headers"][SIGNATURE_HEADER.lower()], call["body"], int(time.time()))


MALFORMED = [
    "t=1700000000,v1=é",  # non-ASCII signature: compare_digest raised TypeError
    "t=1700000000,v1=\ud800",  # a lone surrogate
    "t=abc,v1=00",  # the documented snippet raised ValueError on int("abc")
    "t=,v1=00",
    "t=١٧٠٠٠٠٠٠٠٠,v1=00",  # Arabic-Indic digits: int() reads them, a header must not
    "t= 1700000000,v1=00",
    "t=1_700_000_000,v1=00",
    "v1=00",
    "",
]


@pytest.mark.parametrize("header", MALFORMED)
def test_a_malformed_signature_is_not_valid_and_raises_nothing(header):
    assert verify("k", header, b"{}", now=1700000000) is False


def documented_verify():
    """The verify function as docs/webhooks.md shows it, run as a receiver would."""
    docs = (Path(__file__).parents[2] / "docs" / "webhooks.md").read_text()
    code = re.search(r"```python\n(.*?)```", docs, re.DOTALL).group(1)
    scope: dict = {}
    exec(code, scope)  # noqa: S102 - the documentation's own snippet, from this repository
    return scope["verify"]


@pytest.mark.parametrize("header", MALFORMED)
def test_the_documented_snippet_refuses_malformed_headers(header):
    assert documented_verify()("k", header, b"{}") is False


def test_the_documented_snippet_accepts_a_real_signature():
    check = documented_verify()
    body = b'{"event": "session.completed"}'
    header = signature("k", int(time.time()), body)
    assert check("k", header, body) and not check("other", header, body)


def test_a_redirect_is_a_failed_delivery_not_followed(api, receiver):
    saved = api.put(
        "/api/settings/webhooks", json={"url": f"{receiver.server.url}/moved", "secret": SECRET}
    )
    assert saved.status_code == 200
    sid = api.post("/api/sessions", json=session_body()).json()["id"]
    api.post(f"/api/sessions/{sid}/run")
    wait_until(api, sid, lambda v: v["status"] == "completed")
    failed = arrived(lambda: api.get("/api/settings/webhooks/deliveries?status=failed").json())
    assert failed[0]["targetId"] == sid and failed[0]["attempts"] == 5
    assert failed[0]["lastError"] == "HTTP 307 (a redirect: not followed; give the final URL)"
    assert failed[0]["url"] == f"{receiver.server.url}/moved"
    assert len(receiver.on("moved")) == 5 and receiver.on("ok") == []
