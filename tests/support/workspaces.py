"""A team server in process with two workspaces and four callers, for the workspace tests:
an admin; a researcher and a viewer of workspace A; a researcher of workspace B. The
server is seen from off loopback (a peer at 203.0.113.7), so sign-in is required; each
caller uses a personal read-write API token (no CSRF header needed)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from fastapi.testclient import TestClient

from colloquy.app import create_app
from colloquy.services.accounts.tokens import create_token
from colloquy.services.accounts.users import create_user
from colloquy.settings import Settings
from colloquy.store.tables import StudyRow, SynthesisRow
from support.accounts import PASSWORD, PERSONA
from support.sessions_helpers import session_body

OFF_LOOPBACK = ("203.0.113.7", 40000)
GROUP = """\
[T001] Moderator: What do you usually have for breakfast?
[T002] Maria: Toast and coffee. Nothing fancy.
[T003] Chidi: Porridge, every day, with honey.
[T004] Moderator: Would you pay more for an organic cereal?
[T005] Maria: Maybe, if it tastes good.
[T006] Chidi: No. Too pricey for me.
"""


@dataclass
class Team:
    client: TestClient
    tokens: dict[str, str] = field(default_factory=dict)  # caller -> bearer token
    workspaces: dict[str, str] = field(default_factory=dict)  # "A"/"B" -> id
    data: dict[str, dict[str, str]] = field(default_factory=dict)  # "A"/"B" -> kind -> id

    def headers(self, who: str, workspace: str | None = None) -> dict[str, str]:
        out = {"Authorization": f"Bearer {self.tokens[who]}"}
        if workspace is not None:
            out["X-Colloquy-Workspace"] = self.workspaces[workspace]
        return out

    def as_(self, who: str, method: str, url: str, workspace: str | None = None, **kw):
        return self.client.request(method, url, headers=self.headers(who, workspace), **kw)


async def _accounts(c: TestClient) -> tuple[dict[str, str], dict[str, str]]:
    """(caller -> token, caller -> user id)."""
    tokens: dict[str, str] = {}
    ids: dict[str, str] = {}
    async with c.app.state.runtime.sessionmaker() as db:
        for who in ("admin", "researcher_a", "viewer_a", "researcher_b"):
            user = await create_user(db, f"{who}@example.com", PASSWORD, is_admin=who == "admin")
            _row, secret = await create_token(db, user.id, who, can_write=True, days=None)
            tokens[who], ids[who] = secret, user.id
    return tokens, ids


def _fill(team: Team, ws: str) -> dict[str, str]:
    """A persona with evidence, a draft session, an imported (completed) session, a survey
    and a synthesis, all made by the admin inside workspace `ws`."""
    post = lambda url, **kw: team.as_("admin", "POST", url, ws, **kw)
    personas = []
    for name in ("Ana", "Bea", "Cai"):
        res = post("/api/personas", json={**PERSONA, "name": f"{name} {ws}"})
        assert res.status_code == 201, res.text
        personas.append(res.json()["id"])
    evidence = post(
        f"/api/personas/{personas[0]}/evidence",
        files={"file": ("notes.txt", io.BytesIO(b"Ana buys organic oats weekly."), "text/plain")},
    )
    assert evidence.status_code == 201, evidence.text
    session = post(
        "/api/sessions", json=session_body(name=f"Session {ws}", participantIds=personas)
    )
    assert session.status_code == 201, session.text
    imported = post(
        "/api/sessions/import",
        files={"file": ("group.txt", GROUP.encode(), "text/plain")},
        data={"name": f"Imported {ws}"},
    )
    assert imported.status_code == 201, imported.text
    survey = post(
        "/api/surveys",
        json={
            "name": f"Survey {ws}",
            "concepts": [{"type": "text", "title": "Oats", "content": "Organic oats"}],
            "questions": [{"text": "Would you buy it?"}],
            "respondentIds": personas,
            "samples": 1,
        },
    )
    assert survey.status_code == 201, survey.text
    synthesis_id = team.client.portal.call(_synthesis, team, ws, imported.json()["id"])
    study_id = team.client.portal.call(
        _study, team, ws, personas[0], imported.json()["id"], synthesis_id
    )
    link = post(f"/api/sessions/{imported.json()['id']}/share-links", json={"expiresInDays": 7})
    assert link.status_code == 201, link.text
    return {
        "persona": personas[0],
        "evidence": evidence.json()["id"],
        "session": session.json()["id"],
        "imported": imported.json()["id"],
        "survey": survey.json()["id"],
        "synthesis": synthesis_id,
        "study": study_id,
        "share_link": link.json()["id"],
    }


async def _synthesis(team: Team, ws: str, session_id: str) -> str:
    row = SynthesisRow(
        id=f"syn{ws}{team.workspaces[ws][:8]}",
        workspace_id=team.workspaces[ws],
        cache_key=f"key-{ws}",
        session_ids=[session_id],
        status="completed",
        done=1,
        total=1,
        themes=[],
        respondents=[],
        quotes=[],
        dropped={},
    )
    async with team.client.app.state.runtime.sessionmaker() as db:
        db.add(row)
        await db.commit()
    return row.id


async def _study(team: Team, ws: str, persona_id: str, session_id: str, synthesis_id: str) -> str:
    """A completed study of one interview (the imported session stands in for it)."""
    row = StudyRow(
        id=f"study{ws}{team.workspaces[ws][:8]}",
        workspace_id=team.workspaces[ws],
        name=f"Study {ws}",
        questions=["Why oats?"],
        settings={"moderator": "scripted", "maxProbes": 0, "responseLength": "brief"},
        persona_ids=[persona_id],
        session_ids=[session_id],
        status="completed",
        synthesis_id=synthesis_id,
    )
    async with team.client.app.state.runtime.sessionmaker() as db:
        db.add(row)
        await db.commit()
    return row.id


@contextmanager
def team_of_two_workspaces(settings: Settings) -> Iterator[Team]:
    settings.host = "0.0.0.0"
    with TestClient(create_app(settings), client=OFF_LOOPBACK) as c:
        tokens, user_ids = c.portal.call(_accounts, c)
        team = Team(c, tokens=tokens)
        c.app.state.accounts.mark()
        # Made while the server had one workspace, the accounts joined it: not here.
        for who in ("researcher_a", "viewer_a", "researcher_b"):
            url = f"/api/workspaces/default/members/{user_ids[who]}"
            assert team.as_("admin", "DELETE", url).status_code == 204
        for ws in ("A", "B"):
            res = team.as_("admin", "POST", "/api/workspaces", json={"name": f"Workspace {ws}"})
            assert res.status_code == 201, res.text
            team.workspaces[ws] = res.json()["id"]
        for who, ws, role in (
            ("researcher_a", "A", "researcher"),
            ("viewer_a", "A", "viewer"),
            ("researcher_b", "B", "researcher"),
        ):
            body = {"email": f"{who}@example.com", "role": role}
            url = f"/api/workspaces/{team.workspaces[ws]}/members"
            res = team.as_("admin", "POST", url, json=body)
            assert res.status_code == 201, res.text
        for ws in ("A", "B"):
            team.data[ws] = _fill(team, ws)
        yield team
