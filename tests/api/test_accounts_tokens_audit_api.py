"""Personal API tokens (shown once, read-only refused on writes, expiring, revocable, last
use shown) and the audit log (every write and export with its actor; admins read, filter
and export it)."""

import csv
import io
from datetime import timedelta

from sqlalchemy import select, update

from colloquy.store.team_tables import ApiTokenRow
from colloquy.store.types import utcnow
from support.accounts import ADMIN, PASSWORD, PERSONA, add_user, csrf, sign_in, team_client, use


def test_read_only_token_reads_but_cannot_write(settings):
    with team_client(settings) as c:
        res = c.post("/api/tokens", json={"name": "reports"}, headers=csrf(c))
        assert res.status_code == 201
        made = res.json()
        assert made["canWrite"] is False and made["token"].startswith("cq_")
        assert made["prefix"] == made["token"][:10]
        c.cookies.clear()
        bearer = {"Authorization": f"Bearer {made['token']}"}
        assert c.get("/api/personas", headers=bearer).status_code == 200
        refused = c.post("/api/personas", json=PERSONA, headers=bearer)
        assert (
            refused.status_code == 403 and refused.json()["error"] == "This API token is read-only"
        )
        assert c.delete("/api/sessions/x", headers=bearer).status_code == 403


def test_read_write_token_writes_without_csrf_and_is_shown_once(settings):
    with team_client(settings) as c:
        body = {"name": "cli", "canWrite": True, "expiresInDays": 30}
        made = c.post("/api/tokens", json=body, headers=csrf(c)).json()
        listed = c.get("/api/tokens").json()
        assert [t["id"] for t in listed] == [made["id"]] and "token" not in listed[0]
        assert listed[0]["lastUsedAt"] is None
        assert made["token"] not in c.get("/api/tokens").text
        admin = dict(c.cookies)
        c.cookies.clear()
        bearer = {"Authorization": f"Bearer {made['token']}"}
        assert c.post("/api/personas", json=PERSONA, headers=bearer).status_code == 201
        use(c, admin)
        used = c.get("/api/tokens").json()[0]
        assert used["lastUsedAt"] is not None
        revoked = c.delete(f"/api/tokens/{made['id']}", headers=csrf(c))
        assert revoked.status_code == 200 and revoked.json()["revoked"] is True
        c.cookies.clear()
        assert c.get("/api/personas", headers=bearer).status_code == 401


def test_tokens_are_stored_hashed_and_expire(settings):
    with team_client(settings) as c:
        made = c.post("/api/tokens", json={"name": "old"}, headers=csrf(c)).json()

        async def stored() -> ApiTokenRow:
            async with c.app.state.runtime.sessionmaker() as db:
                row = await db.scalar(select(ApiTokenRow))
                await db.execute(update(ApiTokenRow).values(expires_at=utcnow() - timedelta(1)))
                await db.commit()
                return row

        row = c.portal.call(stored)
        assert row.token_hash != made["token"] and made["token"] not in row.token_hash
        assert len(row.token_hash) == 64
        c.cookies.clear()
        bearer = {"Authorization": f"Bearer {made['token']}"}
        assert c.get("/api/personas", headers=bearer).status_code == 401


def test_a_token_can_be_made_only_by_an_account(client):
    res = client.post("/api/tokens", json={"name": "x"})
    assert res.status_code == 403  # the one person on loopback has no account to own it


def test_each_write_is_in_the_audit_log_with_its_actor(settings):
    with team_client(settings) as c:
        admin = dict(c.cookies)
        add_user(c, "bob@example.com")
        sign_in(c, "bob@example.com", PASSWORD)
        persona = c.post("/api/personas", json=PERSONA, headers=csrf(c)).json()
        assert c.delete(f"/api/personas/{persona['id']}", headers=csrf(c)).status_code == 204
        assert c.get("/api/personas/export.csv").status_code == 200
        assert c.get("/api/audit").status_code == 403  # admins only
        c.post("/api/auth/sign-in", json={"email": ADMIN, "password": "wrong password!!"})
        use(c, admin)
        items = c.get("/api/audit").json()["items"]
        seen = [
            (e["actor"], e["action"], e["method"], e["route"], e["resourceId"], e["status"])
            for e in reversed(items)
        ]
        assert seen == [
            (ADMIN, "create", "POST", "/api/auth/first-admin", items[-1]["resourceId"], 201),
            (ADMIN, "create", "POST", "/api/users", seen[1][4], 201),
            ("bob@example.com", "sign-in", "POST", "/api/auth/sign-in", "bob@example.com", 200),
            ("bob@example.com", "create", "POST", "/api/personas", persona["id"], 201),
            (
                "bob@example.com",
                "delete",
                "DELETE",
                "/api/personas/{persona_id}",
                persona["id"],
                204,
            ),
            ("bob@example.com", "export", "GET", "/api/personas/export.csv", None, 200),
            ("anonymous", "sign-in-failed", "POST", "/api/auth/sign-in", ADMIN, 401),
        ]
        assert all(e["address"] == "127.0.0.1" for e in items)
        deletes = c.get("/api/audit", params={"action": "delete"}).json()["items"]
        assert [e["resourceId"] for e in deletes] == [persona["id"]]
        failed = c.get("/api/audit", params={"failed": True}).json()["items"]
        assert [e["action"] for e in failed] == ["sign-in-failed"]
        bob = c.get("/api/audit", params={"actor": "BOB@example.com", "limit": 2}).json()
        assert [e["action"] for e in bob["items"]] == ["export", "delete"]
        more = c.get("/api/audit", params={"actor": "bob@example.com", "before": bob["nextCursor"]})
        assert [e["action"] for e in more.json()["items"]] == ["create", "sign-in"]
        assert more.json()["nextCursor"] is None


def test_the_audit_log_exports_and_cannot_be_changed(settings):
    with team_client(settings) as c:
        c.post("/api/personas", json=PERSONA, headers=csrf(c))
        as_csv = c.get("/api/audit/export.csv", params={"action": "create"})
        assert as_csv.status_code == 200 and as_csv.headers["content-type"].startswith("text/csv")
        rows = list(csv.reader(io.StringIO(as_csv.text)))
        assert rows[0][:6] == ["id", "at", "actor", "actorId", "address", "action"]
        assert [r[7] for r in rows[1:]] == ["/api/personas", "/api/auth/first-admin"]
        as_json = c.get("/api/audit/export.json").json()
        assert {e["route"] for e in as_json} >= {"/api/personas", "/api/auth/first-admin"}
        assert c.get("/api/audit/export.xml").status_code == 404
        for method in ("DELETE", "PUT", "PATCH"):
            assert c.request(method, "/api/audit", headers=csrf(c)).status_code == 405
