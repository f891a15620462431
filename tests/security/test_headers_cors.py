"""Security headers on every kind of response, and CORS closed: no cross-origin reads."""

import pytest
from fastapi.testclient import TestClient

from colloquy.api.deps import get_db
from colloquy.app import create_app

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
}
CSP_PARTS = [
    "default-src 'self'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    ("frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com"),
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
]


def assert_secure(res) -> None:
    for name, value in EXPECTED.items():
        assert res.headers.get(name) == value, (res.request.url, name)
    csp = res.headers["content-security-policy"]
    for part in CSP_PARTS:
        assert part in csp.split("; "), (res.request.url, part)


@pytest.mark.parametrize(
    "method,path,status",
    [
        ("GET", "/api/health", 200),
        ("GET", "/api/personas", 200),
        ("GET", "/", 200),
        ("GET", "/dashboard", 200),
        ("GET", "/api/nope", 404),
        ("GET", "/api/sessions/x", 404),
        ("POST", "/api/personas", 422),
        ("GET", "/openapi.json", 200),
    ],
)
def test_every_response_has_the_headers(client, method, path, status):
    res = client.request(method, path, json={} if method == "POST" else None)
    assert res.status_code == status
    assert_secure(res)


def test_even_a_500_has_the_headers(settings):
    app = create_app(settings)

    async def broken():
        raise RuntimeError("boom")
        yield  # pragma: no cover

    app.dependency_overrides[get_db] = broken
    with TestClient(app, raise_server_exceptions=False) as c:
        res = c.get("/api/personas")
    assert res.status_code == 500 and res.json()["code"] == "internal"
    assert_secure(res)


def test_uploads_keep_their_stricter_policy(client, settings):
    settings.uploads_dir.mkdir(parents=True, exist_ok=True)
    (settings.uploads_dir / "x.svg").write_text("<svg/>")
    res = client.get("/uploads/x.svg")
    assert res.headers["content-security-policy"] == "default-src 'none'; sandbox"
    assert res.headers["x-content-type-options"] == "nosniff"
    assert res.headers["x-frame-options"] == "DENY"


def test_cross_origin_preflight_and_reads_get_no_cors_grant(client):
    pre = client.options(
        "/api/personas",
        headers={
            "Origin": "https://evil.example",
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )
    assert pre.status_code in (404, 405)  # no CORS middleware answers it
    assert not any(h.startswith("access-control-") for h in pre.headers)
    read = client.get("/api/personas", headers={"Origin": "https://evil.example"})
    assert "access-control-allow-origin" not in read.headers
