"""/mcp goes through the API's guard: the access token (bearer), the Host check against
DNS rebinding and the cross-site Origin refusal (api/security.py, api/request_policy.py)."""

import pytest
from fastapi.testclient import TestClient

from colloquy.api.security import needs_token
from colloquy.app import create_app

TOKEN = "mcp-test-token-0123456789abcdef"
BODY = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
REFUSALS = (401, 403, 421)


@pytest.fixture
def guarded(settings):
    settings.access_token = TOKEN
    settings.public_hosts = []
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8000") as c:
        yield c


def test_mcp_paths_need_the_token():
    assert needs_token("/mcp") and needs_token("/mcp/") and needs_token("/mcp/x")
    assert not needs_token("/mcpx") and not needs_token("/api/health")


@pytest.mark.parametrize("path", ["/mcp", "/mcp/"])
def test_without_or_with_a_wrong_token_it_is_refused(guarded, path):
    res = guarded.post(path, json=BODY)
    assert res.status_code == 401 and res.json()["code"] == "unauthorized"
    assert res.headers["www-authenticate"] == "Bearer"
    wrong = guarded.post(path, json=BODY, headers={"Authorization": f"Bearer {TOKEN}x"})
    assert wrong.status_code == 401
    assert guarded.get(path).status_code == 401


def test_foreign_host_and_cross_site_origin_are_refused_even_with_the_token(guarded):
    auth = {"Authorization": f"Bearer {TOKEN}"}
    res = guarded.post("/mcp", json=BODY, headers={**auth, "host": "evil.example"})
    assert res.status_code == 421
    res = guarded.post("/mcp", json=BODY, headers={**auth, "origin": "http://evil.example"})
    assert res.status_code == 403
    res = guarded.post("/mcp", json=BODY, headers={**auth, "sec-fetch-site": "cross-site"})
    assert res.status_code == 403


def test_with_the_token_the_guard_lets_it_through(guarded):
    auth = {"Authorization": f"Bearer {TOKEN}"}
    assert guarded.post("/mcp", json=BODY, headers=auth).status_code not in REFUSALS
    same_origin = {**auth, "origin": "http://127.0.0.1:8000"}
    assert guarded.post("/mcp", json=BODY, headers=same_origin).status_code not in REFUSALS
