"""Accounts: one person on loopback sees no sign-in; the first admin only from loopback;
then sign-in everywhere: cookies, a new session at each sign-in, CSRF on cookie writes,
the rate limit, disabling, password change and reset (docs/teams.md)."""

from fastapi.testclient import TestClient

from colloquy.app import create_app
from support.accounts import ADMIN, PASSWORD, PERSONA, add_user, csrf, sign_in, team_client, use

TOKEN = "service-token-for-tests-0123456789"


def test_without_accounts_nothing_changes(client):
    assert client.get("/api/personas").status_code == 200
    assert client.post("/api/personas", json=PERSONA).status_code == 201  # no CSRF header
    assert client.get("/api/auth/status").json() == {"required": False, "signedIn": True}
    me = client.get("/api/auth/me").json()
    assert me["accounts"] is False and me["user"] is None
    assert me["firstRun"] is False  # the test client is not on loopback


def test_first_admin_only_from_loopback_and_only_once(client, settings):
    body = {"email": ADMIN, "password": PASSWORD}
    remote = client.post("/api/auth/first-admin", json=body)
    assert remote.status_code == 403 and "loopback" in remote.json()["error"]
    proxied = client.post(
        "/api/auth/first-admin", json=body, headers={"X-Forwarded-For": "203.0.113.5"}
    )
    assert proxied.status_code == 403
    with team_client(settings) as c:
        me = c.get("/api/auth/me").json()
        assert me["user"]["email"] == ADMIN and me["user"]["isAdmin"] is True
        again = c.post("/api/auth/first-admin", json={**body, "email": "second@example.com"})
        assert again.status_code == 409


def test_once_an_account_exists_loopback_needs_sign_in_too(settings):
    with team_client(settings) as c:
        c.cookies.clear()
        res = c.get("/api/personas")
        assert res.status_code == 401 and res.json()["error"] == "Sign-in required"
        assert c.get("/api/auth/status").json() == {"required": True, "signedIn": False}
        assert c.get("/api/auth/me").json()["firstRun"] is False
        sign_in(c, ADMIN, PASSWORD)
        assert c.get("/api/personas").status_code == 200


def test_sign_in_cookies_and_a_new_session_each_time(settings):
    with team_client(settings) as c:
        c.cookies.clear()
        res = c.post(
            "/api/auth/sign-in", json={"email": " Admin@Example.com ", "password": PASSWORD}
        )
        assert res.status_code == 200
        cookies = res.headers.get_list("set-cookie")
        session = next(h for h in cookies if h.startswith("colloquy_session="))
        token = next(h for h in cookies if h.startswith("colloquy_csrf="))
        assert "HttpOnly" in session and "SameSite=lax" in session and "Secure" not in session
        assert "HttpOnly" not in token and "SameSite=lax" in token
        first = c.cookies.get("colloquy_session")
        c.post("/api/auth/sign-in", json={"email": ADMIN, "password": PASSWORD})
        second = c.cookies.get("colloquy_session")
        assert first and second and first != second
        c.cookies.clear()
        c.cookies.set("colloquy_session", first)  # the session before the second sign-in
        assert c.get("/api/personas").status_code == 401


def test_cookies_are_secure_over_tls(settings):
    with team_client(settings, base_url="https://127.0.0.1") as c:
        c.cookies.clear()
        res = c.post("/api/auth/sign-in", json={"email": ADMIN, "password": PASSWORD})
        assert all("Secure" in h for h in res.headers.get_list("set-cookie"))


def test_wrong_password_and_unknown_email_say_the_same(settings):
    with team_client(settings) as c:
        for email, password in ((ADMIN, "wrong password!"), ("nobody@example.com", PASSWORD)):
            res = c.post("/api/auth/sign-in", json={"email": email, "password": password})
            assert res.status_code == 401
            assert res.json()["error"] == "Wrong email or password"


def test_sign_in_is_rate_limited_per_account(settings):
    with team_client(settings) as c:
        for _ in range(5):
            wrong = c.post("/api/auth/sign-in", json={"email": ADMIN, "password": "nope nope nope"})
            assert wrong.status_code == 401
        limited = c.post("/api/auth/sign-in", json={"email": ADMIN, "password": PASSWORD})
        assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
        wait = int(limited.headers["retry-after"])
        assert 890 <= wait <= 900  # 15 minutes after the first failure, seconds ago
        assert f"{wait} seconds" in limited.json()["error"]
        other = add_user(c, "bob@example.com")  # another account is not limited
        assert other
        ok = c.post("/api/auth/sign-in", json={"email": "bob@example.com", "password": PASSWORD})
        assert ok.status_code == 200


def test_sign_in_is_rate_limited_per_address(settings):
    with team_client(settings) as c:
        for i in range(20):
            body = {"email": f"guess{i}@example.com", "password": "nope nope nope"}
            assert c.post("/api/auth/sign-in", json=body).status_code == 401
        limited = c.post("/api/auth/sign-in", json={"email": ADMIN, "password": PASSWORD})
        assert limited.status_code == 429 and int(limited.headers["retry-after"]) > 0


def test_cookie_writes_need_the_csrf_header(settings):
    with team_client(settings) as c:
        res = c.post("/api/personas", json=PERSONA)
        assert res.status_code == 403 and res.json()["code"] == "csrf_failed"
        wrong = c.post("/api/personas", json=PERSONA, headers={"X-CSRF-Token": "0" * 64})
        assert wrong.status_code == 403
        assert c.post("/api/personas", json=PERSONA, headers=csrf(c)).status_code == 201
        assert c.get("/api/personas").status_code == 200  # reads need no header


def test_disabling_a_user_ends_their_session_at_once(settings):
    with team_client(settings) as c:
        admin = dict(c.cookies)
        bob = add_user(c, "bob@example.com")
        bob_jar = sign_in(c, "bob@example.com", PASSWORD)
        token = c.post("/api/tokens", json={"name": "cli", "canWrite": True}, headers=csrf(c))
        secret = token.json()["token"]
        assert c.get("/api/users").status_code == 403  # not an admin
        use(c, admin)
        res = c.patch(f"/api/users/{bob}", json={"disabled": True}, headers=csrf(c))
        assert res.status_code == 200 and res.json()["disabled"] is True
        use(c, bob_jar)
        assert c.get("/api/personas").status_code == 401
        c.cookies.clear()
        bearer = {"Authorization": f"Bearer {secret}"}
        assert c.get("/api/personas", headers=bearer).status_code == 401
        again = c.post("/api/auth/sign-in", json={"email": "bob@example.com", "password": PASSWORD})
        assert again.status_code == 401


def test_password_change_and_admin_reset(settings):
    with team_client(settings) as c:
        admin = dict(c.cookies)
        bob = add_user(c, "bob@example.com")
        sign_in(c, "bob@example.com", PASSWORD)
        other_device = sign_in(c, "bob@example.com", PASSWORD)
        here = sign_in(c, "bob@example.com", PASSWORD)
        body = {"currentPassword": "not it at all", "newPassword": "a brand new secret"}
        assert c.put("/api/account/password", json=body, headers=csrf(c)).status_code == 403
        short = {"currentPassword": PASSWORD, "newPassword": "short"}
        res = c.put("/api/account/password", json=short, headers=csrf(c))
        assert res.status_code == 422 and "at least 12" in res.json()["error"]
        body["currentPassword"] = PASSWORD
        assert c.put("/api/account/password", json=body, headers=csrf(c)).status_code == 204
        assert c.get("/api/personas").status_code == 200  # this session stays
        use(c, other_device)
        assert c.get("/api/personas").status_code == 401  # the others end
        use(c, admin)
        reset = {"password": "reset by the admin"}
        assert c.put(f"/api/users/{bob}/password", json=reset, headers=csrf(c)).status_code == 204
        use(c, here)
        assert c.get("/api/personas").status_code == 401
        sign_in(c, "bob@example.com", "reset by the admin")


def test_the_access_token_is_a_service_token_with_the_admin_role(settings):
    settings.access_token = TOKEN
    with team_client(settings) as c:
        c.cookies.clear()
        bearer = {"Authorization": f"Bearer {TOKEN}"}
        users = c.get("/api/users", headers=bearer)
        assert users.status_code == 200 and [u["email"] for u in users.json()] == [ADMIN]
        assert c.post("/api/personas", json=PERSONA, headers=bearer).status_code == 201
        assert c.post("/api/auth/sign-in", json={"token": TOKEN}).status_code == 200
        assert c.get("/api/users").status_code == 200  # the token's sign-in cookie


def test_a_second_app_sees_an_account_made_elsewhere(settings):
    with team_client(settings):
        pass
    with TestClient(create_app(settings)) as other:
        assert other.get("/api/personas").status_code == 401
