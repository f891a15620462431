"""A model profile named by a guide or a copied session is checked as the create checks it
(docs/models.md, mixed panels): a guide check naming a profile that does not exist is
refused like the create; duplicating a session whose profile was deleted since is refused
(422) instead of making a copy whose run fails with 503. SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio

from sqlalchemy import update
from sqlalchemy.ext.asyncio import create_async_engine

from colloquy.store.tables import SessionRow
from support.sessions_helpers import app_client, fake_model

GUIDE = {
    "kind": "focus-group",
    "name": "Eco packaging",
    "participants": {"ids": ["p3", "p1", "p2"]},
    "questions": ["What do you think of the pouch?", "Would you buy it?"],
    "settings": {"participantProfiles": {"p1": "no-such-profile"}},
}
MESSAGE = "No model profile with id 'no-such-profile' (participantProfiles)"


def test_guide_check_refuses_a_missing_profile_as_the_create_does(client):
    checked = client.post("/api/guides/check", json=GUIDE)
    created = client.post("/api/guides/sessions?start=false", json=GUIDE)
    assert checked.status_code == 422, checked.text
    assert created.status_code == 422, created.text
    assert checked.json()["errors"] == [f"settings.participantProfiles: {MESSAGE}"]
    assert created.json()["errors"] == checked.json()["errors"]


def _finish(database_url: str, session_id: str) -> None:
    async def run() -> None:
        engine = create_async_engine(database_url)
        try:
            async with engine.begin() as conn:
                await conn.execute(
                    update(SessionRow).where(SessionRow.id == session_id).values(status="completed")
                )
        finally:
            await engine.dispose()

    asyncio.run(run())


def test_duplicating_a_session_whose_profile_was_deleted_is_refused(settings):
    with fake_model() as fake, app_client(settings, fake) as client:
        _duplicate_after_delete(client, settings, fake.base_url)


def _duplicate_after_delete(client, settings, base_url: str) -> None:
    profile = client.post(
        "/api/model-profiles",
        json={"name": "Beta", "provider": "openai", "baseUrl": base_url, "model": "m"},
    )
    assert profile.status_code == 201, profile.text
    pid = profile.json()["id"]
    body = {
        "name": "Mixed",
        "participantIds": ["p1", "p2", "p3"],
        "questions": ["A?", "B?"],
        "settings": {"participantProfiles": {"p1": pid}},
    }
    sid = client.post("/api/sessions", json=body).json()["id"]
    assert client.post(f"/api/sessions/{sid}/duplicate").status_code == 201  # profile exists
    copies = [s["id"] for s in client.get("/api/sessions").json() if s["id"] != sid]
    for copy in copies:
        assert client.delete(f"/api/sessions/{copy}").status_code == 204
    _finish(settings.resolved_database_url, sid)  # finished: its profile may now be deleted
    assert client.delete(f"/api/model-profiles/{pid}").status_code == 204
    before = len(client.get("/api/sessions").json())
    res = client.post(f"/api/sessions/{sid}/duplicate")
    assert res.status_code == 422, res.text
    assert res.json()["errors"] == [f"No model profile with id {pid!r} (participantProfiles)"]
    assert len(client.get("/api/sessions").json()) == before
