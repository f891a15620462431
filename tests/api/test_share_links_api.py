"""Share links (docs/teams.md#share-links): made for a session's or survey's results, the URL
shown once, listed with their creator, revocable; the link's secret opens its own results and
exports, read-only, and nothing else: the whole OpenAPI schema is walked with it."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from fastapi.testclient import TestClient
from sqlalchemy import inspect, select, update

from colloquy.store.team_tables import AuditEventRow, ShareLinkRow
from colloquy.store.types import utcnow
from support.accounts import csrf, team_client
from support.sessions_helpers import session_body

GONE = "This share link has expired or was revoked"
SCOPE = "A share link opens only its own results and exports, read-only"
SESSION_READS = (
    "/api/sessions/{session_id}",
    "/api/sessions/{session_id}/messages",
    "/api/sessions/{session_id}/analytics",
    "/api/sessions/{session_id}/health",
    "/api/sessions/{session_id}/export.csv",
    "/api/sessions/{session_id}/export.json",
    "/api/sessions/{session_id}/export.md",
    "/api/sessions/{session_id}/report.pdf",
    "/api/share",
)
SURVEY_READS = (
    "/api/surveys/{survey_id}",
    "/api/surveys/{survey_id}/results",
    "/api/surveys/{survey_id}/human-results",
    "/api/surveys/{survey_id}/export.csv",
    "/api/surveys/{survey_id}/export.json",
    "/api/share",
)
SURVEY = {
    "name": "Kettles",
    "concepts": [{"type": "text", "title": "Solar kettle", "content": "A kettle on sun."}],
    "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
    "respondentIds": [],
    "samples": 1,
}


def _share(c: TestClient, kind: str, rid: str, **body: object) -> dict:
    res = c.post(f"/api/{kind}s/{rid}/share-links", json=body, headers=csrf(c))
    assert res.status_code == 201, res.text
    return res.json()


def _secret(made: dict) -> str:
    return made["url"].rsplit("/share/", 1)[1]


def _bearer(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def _operations(c: TestClient) -> list[tuple[str, str]]:
    """Every (method, route template) the app's OpenAPI schema declares."""
    paths = c.app.openapi()["paths"]
    return [(m.upper(), p) for p, ops in paths.items() for m in ops if m != "parameters"]


def _walk(c: TestClient, secret: str, own_id: str, other_id: str, allowed: tuple[str, ...]):
    """Each operation with every path parameter set to the shared id, then to another id:
    only the allowed reads with the shared id get past the guard (and answer 200)."""
    ops = _operations(c)
    assert len(ops) > 100  # the whole API, new routes included without a change here
    reached = []
    for method, template in ops:
        for rid in (own_id, other_id) if "{" in template else (own_id,):
            path = re.sub(r"\{[^}]+\}", rid, template)
            body = None if method == "GET" else {}
            res = c.request(method, path, headers=_bearer(secret), json=body)
            if method == "GET" and template in allowed and rid == own_id:
                assert res.status_code == 200, (method, path, res.status_code, res.text[:200])
                reached.append(template)
            else:
                assert res.status_code == 403, (method, path, res.status_code, res.text[:200])
                assert res.json()["error"] == SCOPE
    assert sorted(set(reached)) == sorted(allowed)
    for method, path in [
        ("GET", f"/api/sessions/{own_id}/events"),  # no live stream
        ("GET", f"/api/sessions/{other_id}/events"),
        ("POST", "/mcp"),
        ("GET", "/mcp"),
        ("GET", "/uploads/x.png"),
        ("GET", "/api"),
        ("HEAD", f"/api/sessions/{other_id}"),
    ]:
        res = c.request(method, path, headers=_bearer(secret))
        assert res.status_code == 403, (method, path, res.status_code)


def test_a_session_link_opens_its_results_and_nothing_else(settings):
    with team_client(settings) as c:
        assert c.post("/api/sessions/demo/complete", headers=csrf(c)).status_code == 200
        other = c.post("/api/sessions", json=session_body(), headers=csrf(c)).json()["id"]
        made = _share(c, "session", "demo")
        secret = _secret(made)
        assert made["url"] == f"http://127.0.0.1/share/{secret}" and secret.startswith("cqs_")
        assert len(secret) == 4 + 43  # 32 random bytes in URL-safe base64, unpadded
        c.cookies.clear()  # the viewer has no account
        _walk(c, secret, "demo", other, SESSION_READS)
        info = c.get("/api/share", headers=_bearer(secret)).json()
        assert (info["kind"], info["resourceId"]) == ("session", "demo")


def test_a_survey_link_opens_its_results_and_nothing_else(settings):
    with team_client(settings) as c:
        body = {**SURVEY, "respondentIds": [c.get("/api/personas").json()[0]["id"]]}
        survey = c.post("/api/surveys", json=body, headers=csrf(c))
        assert survey.status_code == 201, survey.text
        other = c.post("/api/surveys", json=body, headers=csrf(c)).json()["id"]
        sid = survey.json()["id"]
        secret = _secret(_share(c, "survey", sid, expiresInDays=1))
        c.cookies.clear()
        _walk(c, secret, sid, other, SURVEY_READS)


def test_links_expire_default_14_days_are_listed_and_revoked(settings):
    with team_client(settings) as c:
        c.post("/api/sessions/demo/complete", headers=csrf(c))
        first = _share(c, "session", "demo")
        second = _share(c, "session", "demo", expiresInDays=90)
        assert first["createdBy"] == "admin@example.com" and first["kind"] == "session"
        made_at = utcnow()
        # 14 and 90 days from now, to within the seconds the test takes
        for link, days in ((first, 14), (second, 90)):
            lasts = datetime.fromisoformat(link["expiresAt"]) - made_at
            assert timedelta(days=days, seconds=-30) < lasts <= timedelta(days=days)
        listed = c.get("/api/sessions/demo/share-links").json()
        assert {row["id"] for row in listed} == {first["id"], second["id"]}
        assert all("url" not in row and _secret(first) not in str(row) for row in listed)
        for bad in (0, 91):
            res = c.post(
                "/api/sessions/demo/share-links", json={"expiresInDays": bad}, headers=csrf(c)
            )
            assert res.status_code == 422
        missing = c.post("/api/sessions/nope/share-links", json={}, headers=csrf(c))
        assert missing.status_code == 404 and missing.json()["error"] == "Session not found"
        revoked = c.delete(f"/api/share-links/{first['id']}", headers=csrf(c))
        assert revoked.status_code == 200 and revoked.json()["revoked"] is True
        assert c.delete("/api/share-links/nope", headers=csrf(c)).status_code == 404

        async def expire_second() -> None:
            async with c.app.state.runtime.sessionmaker() as db:
                await db.execute(
                    update(ShareLinkRow)
                    .where(ShareLinkRow.id == second["id"])
                    .values(expires_at=utcnow() - timedelta(seconds=1))
                )
                await db.commit()

        c.portal.call(expire_second)
        jar = dict(c.cookies)
        c.cookies.clear()
        for link in (first, second):
            res = c.get("/api/sessions/demo", headers=_bearer(_secret(link)))
            assert res.status_code == 404 and res.json()["error"] == GONE
        wrong = c.get("/api/sessions/demo", headers=_bearer("cqs_" + "x" * 43))
        assert wrong.status_code == 404 and wrong.json()["error"] == GONE
        for name, value in jar.items():
            c.cookies.set(name, value)
        states = {
            r["id"]: (r["revoked"], r["expired"])
            for r in c.get("/api/sessions/demo/share-links").json()
        }
        assert states == {first["id"]: (True, False), second["id"]: (False, True)}


def test_creating_revoking_and_viewing_are_in_the_audit_log(settings):
    with team_client(settings) as c:
        c.post("/api/sessions/demo/complete", headers=csrf(c))
        made = _share(c, "session", "demo")
        jar = dict(c.cookies)
        c.cookies.clear()
        bearer = _bearer(_secret(made))
        assert c.get("/api/share", headers=bearer).status_code == 200
        assert c.get("/api/sessions/demo/export.csv", headers=bearer).status_code == 200
        for name, value in jar.items():
            c.cookies.set(name, value)
        c.delete(f"/api/share-links/{made['id']}", headers=csrf(c))

        async def events() -> list[tuple[str, str, str, str | None]]:
            async with c.app.state.runtime.sessionmaker() as db:
                rows = await db.scalars(select(AuditEventRow).order_by(AuditEventRow.id))
                return [(r.action, r.actor, r.route, r.resource_id) for r in rows]

        viewer = f"share link {made['id'][:8]}"
        logged = [e for e in c.portal.call(events) if e[0].startswith(("share", "export"))]
        assert logged == [
            ("share-create", "admin@example.com", "/api/sessions/{session_id}/share-links", "demo"),
            ("share-view", viewer, "/api/share", "demo"),
            ("export", viewer, "/api/sessions/{session_id}/export.csv", "demo"),
            ("share-revoke", "admin@example.com", "/api/share-links/{link_id}", made["id"]),
        ]


def test_a_link_is_read_only_on_a_loopback_server_without_accounts(client):
    """No sign-in is required here, yet the link's bearer still opens only its results."""
    client.post("/api/sessions/demo/complete")
    made = client.post("/api/sessions/demo/share-links", json={}).json()
    assert made["createdBy"] == "local"
    bearer = _bearer(_secret(made))
    assert client.get("/api/sessions/demo/messages", headers=bearer).status_code == 200
    assert client.get("/api/personas", headers=bearer).status_code == 403
    assert client.delete("/api/sessions/demo", headers=bearer).status_code == 403
    assert client.get("/api/health", headers=bearer).status_code == 403
    assert client.get("/api/sessions/demo").status_code == 200  # the owner, unaffected


def test_a_read_only_token_cannot_make_a_link(settings):
    with team_client(settings) as c:
        c.post("/api/sessions/demo/complete", headers=csrf(c))
        token = c.post("/api/tokens", json={"name": "r"}, headers=csrf(c)).json()["token"]
        c.cookies.clear()
        res = c.post("/api/sessions/demo/share-links", json={}, headers=_bearer(token))
        assert res.status_code == 403


def test_migration_adds_and_drops_the_table(blank_database_url):
    """0032_share_links on SQLite and PostgreSQL: a link row written after upgrading, the
    table gone after downgrading."""
    import asyncio

    from alembic import command
    from sqlalchemy import text
    from sqlalchemy.ext.asyncio import create_async_engine

    from colloquy.store.migrate import alembic_config, upgrade

    url = blank_database_url

    async def tables() -> set[str]:
        engine = create_async_engine(url)
        try:
            async with engine.connect() as conn:
                return set(await conn.run_sync(lambda sync: inspect(sync).get_table_names()))
        finally:
            await engine.dispose()

    async def write_and_read() -> list[tuple[str, str]]:
        engine = create_async_engine(url)
        now = utcnow()
        try:
            async with engine.begin() as conn:
                await conn.execute(
                    text(
                        "INSERT INTO users (id, email, password_hash, is_admin, created_at,"
                        " updated_at) VALUES ('u1', 'a@example.com', 'h', true, :t, :t)"
                    ),
                    {"t": now},
                )
                await conn.execute(
                    text(
                        "INSERT INTO share_links (id, resource_kind, resource_id, token_hash,"
                        " created_by_id, created_by, created_at, expires_at) VALUES"
                        " ('l1', 'session', 's1', 'h1', 'u1', 'a@example.com', :t, :t)"
                    ),
                    {"t": now},
                )
            async with engine.connect() as conn:
                got = await conn.execute(
                    text("SELECT resource_kind, created_by_id FROM share_links")
                )
                return [tuple(row) for row in got.all()]
        finally:
            await engine.dispose()

    upgrade(url, "0031_studies")
    assert "share_links" not in asyncio.run(tables())
    upgrade(url, "0032_share_links")
    assert asyncio.run(write_and_read()) == [("session", "u1")]
    command.downgrade(alembic_config(url), "0031_studies")
    assert "share_links" not in asyncio.run(tables())
