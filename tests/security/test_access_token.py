"""COLLOQUY_ACCESS_TOKEN: every /api call (but health and auth), /uploads and the event
stream need it, as a bearer header or the HttpOnly, SameSite=Strict sign-in cookie."""

import pytest
from fastapi.testclient import TestClient

from colloquy.api.security import COOKIE_NAME
from colloquy.app import create_app

TOKEN = "s3cret-token-for-tests-0123456789"
PROTECTED = [
    ("GET", "/api/personas"),
    ("POST", "/api/personas"),
    ("GET", "/api/sessions"),
    ("GET", "/api/sessions/x/events"),
    ("PUT", "/api/draft"),
    ("GET", "/api"),
    ("GET", "/api/sessions/x/export.csv"),
    ("POST", "/api/uploads"),
    ("GET", "/uploads/1700000000000-0123456789abcdef.png"),
    ("GET", "/api/nope"),
]


@pytest.fixture
def guarded(settings):
    settings.access_token = TOKEN
    with TestClient(create_app(settings)) as c:
        yield c


@pytest.mark.parametrize("method,path", PROTECTED)
def test_protected_paths_need_the_token(guarded, method, path):
    res = guarded.request(method, path)
    assert res.status_code == 401
    assert res.json() == {
        "error": "Sign-in required",
        "errors": ["Sign-in required"],
        "code": "unauthorized",
    }
    assert res.headers["www-authenticate"] == "Bearer"
    wrong = guarded.request(method, path, headers={"Authorization": f"Bearer {TOKEN}x"})
    assert wrong.status_code == 401


def test_bearer_token_lets_in(guarded):
    auth = {"Authorization": f"Bearer {TOKEN}"}
    assert guarded.get("/api/personas", headers=auth).status_code == 200
    assert guarded.get("/api/sessions/x/events", headers=auth).status_code == 404
    assert (
        guarded.get("/api/personas", headers={"Authorization": f"bearer {TOKEN}"}).status_code
        == 200
    )


def test_public_paths_stay_open_and_reveal_nothing(guarded):
    health = guarded.get("/api/health")
    assert health.status_code == 200 and TOKEN not in health.text
    assert "test" not in health.text.replace("test-model", "")  # the API key is 'test'
    for path in ("/", "/dashboard", "/sign-in", "/personas"):
        assert guarded.get(path).status_code == 200  # the SPA shell
    assert guarded.get("/api/auth/status").json() == {"required": True, "signedIn": False}


def test_sign_in_sets_a_strict_httponly_cookie_then_sign_out_clears_it(guarded):
    bad = guarded.post("/api/auth/sign-in", json={"token": "guess"})
    assert bad.status_code == 401 and bad.json()["error"] == "Invalid access token"
    assert "set-cookie" not in bad.headers
    res = guarded.post("/api/auth/sign-in", json={"token": TOKEN})
    assert res.status_code == 200 and res.json() == {"required": True, "signedIn": True}
    cookie = res.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE_NAME}=") and TOKEN not in cookie
    assert "HttpOnly" in cookie and "SameSite=strict" in cookie and "Path=/" in cookie
    assert guarded.get("/api/personas").status_code == 200
    assert guarded.get("/api/auth/status").json()["signedIn"] is True
    out = guarded.post("/api/auth/sign-out")
    assert out.status_code == 200 and "Max-Age=0" in out.headers["set-cookie"]
    assert guarded.get("/api/personas").status_code == 401


def test_forged_cookie_is_refused(guarded):
    guarded.cookies.set(COOKIE_NAME, TOKEN)  # the raw token is not the cookie's value
    assert guarded.get("/api/personas").status_code == 401
    guarded.cookies.set(COOKIE_NAME, "x" * 64)
    assert guarded.get("/api/personas").status_code == 401


def test_without_a_token_nothing_asks_for_sign_in(client):
    assert client.get("/api/personas").status_code == 200
    assert client.get("/api/auth/status").json() == {"required": False, "signedIn": True}
    assert client.post("/api/auth/sign-in", json={"token": "x"}).json()["signedIn"] is True
