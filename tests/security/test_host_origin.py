"""Only this server's own host names are served (no DNS rebinding), a
state-changing request from another origin is refused, and API bodies must be JSON or a
multipart upload (a cross-site 'simple' request cannot be)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from colloquy.api.request_policy import RequestPolicy, host_name
from colloquy.app import create_app


@pytest.fixture
def local(settings):
    settings.public_hosts = []
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as c:
        yield c


def test_foreign_host_is_refused_on_every_path(local):
    for path in ("/api/health", "/api/personas", "/", "/dashboard"):
        res = local.get(path, headers={"host": "evil.example"})
        assert res.status_code == 421, path
        assert "Unknown host" in res.json()["error"]
    assert local.get("/api/personas", headers={"host": "localhost:8000"}).status_code == 200
    assert local.get("/api/personas", headers={"host": "[::1]:8000"}).status_code == 200
    assert local.get("/api/personas").status_code == 200


def test_rebinding_upload_and_demo_are_refused(local):
    foreign = {"origin": "http://evil.example", "sec-fetch-site": "cross-site"}
    res = local.post(
        "/api/uploads",
        files={"file": ("a.png", b"\x89PNG\r\n\x1a\n" + b"0" * 64, "image/png")},
        headers=foreign,
    )
    assert res.status_code == 403
    res = local.post(
        "/api/sessions/demo/complete",
        content=b"{}",
        headers={"content-type": "text/plain", "origin": "http://evil.example"},
    )
    assert res.status_code == 403
    assert local.get("/api/sessions/demo").status_code == 404


def test_cross_site_fetch_metadata_alone_is_refused(local):
    res = local.post("/api/personas", json={}, headers={"sec-fetch-site": "cross-site"})
    assert res.status_code == 403


def test_same_origin_writes_pass(local):
    res = local.post(
        "/api/sessions/demo/complete",
        json={},
        headers={"origin": "http://127.0.0.1:8000", "sec-fetch-site": "same-origin"},
    )
    assert res.status_code == 200


def test_text_plain_and_form_bodies_are_415(local):
    for kind in ("text/plain", "application/x-www-form-urlencoded", ""):
        res = local.post(
            "/api/sessions/demo/complete", content=b"{}", headers={"content-type": kind}
        )
        assert res.status_code == 415, kind
        assert res.json()["error"] == "Content-Type must be application/json"
    # No body at all needs no content type (Run, Stop, ...).
    assert local.post("/api/sessions/demo/complete").status_code == 200


def test_public_hosts_setting(settings):
    settings.public_hosts = ["colloquy.example.com"]
    with TestClient(create_app(settings), base_url="https://colloquy.example.com") as c:
        assert c.get("/api/personas").status_code == 200
        assert c.get("/api/personas", headers={"host": "other.example.com"}).status_code == 421


def test_policy_rules():
    policy = RequestPolicy("0.0.0.0", ["Team.Example"])
    assert policy.host_allowed("team.example:8443")
    assert policy.host_allowed("127.0.0.5") and policy.host_allowed("app.localhost")
    assert not policy.host_allowed("0.0.0.0:8000") and not policy.host_allowed(None)
    assert RequestPolicy("192.168.1.20").host_allowed("192.168.1.20:8000")
    assert host_name("[::1]:80") == "::1" and host_name("example.com:1") == "example.com"
    headers = {"host": "127.0.0.1:8000", "origin": "null"}
    assert policy.refusal("POST", "/api/x", headers)[0] == 403
    assert policy.refusal("GET", "/api/x", headers) is None
