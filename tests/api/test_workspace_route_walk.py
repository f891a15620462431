"""The route walk: every route of the app's OpenAPI schema (so a new route is walked
without any change here), called by the callers of two workspaces with the ids of
workspace A's resources.

- a researcher of workspace B: every read and every write is refused as not found (404);
- a viewer of workspace A: every write is refused (403), every read is answered;
- a researcher of workspace A: every read is answered (neither 404 nor 403).

Lists (routes without an id) called by B's researcher must not show any id of A's
resources. Routes with another kind of id are exempt, each listed with its reason."""

from __future__ import annotations

import json
import re

import pytest

from colloquy.domain.workspaces.roles import MSG_VIEWER
from support.workspaces import Team, team_of_two_workspaces

pytestmark = pytest.mark.timeout(240)

# Path parameters that name a resource of a workspace, and the data key of its id.
RESOURCE_PARAMS = {
    "persona_id": "persona",
    "session_id": "imported",
    "survey_id": "survey",
    "synthesis_id": "synthesis",
    "evidence_id": "evidence",
    "study_id": "study",
    "link_id": "share_link",
}
# Path parameters that name no workspace's resource: the routes are exempt from the walk.
EXEMPT_PARAMS = {
    "id": "users (admin only: 403 for every other caller) and the caller's own API tokens",
    "profile_id": "model profiles: global, managed by admins (403 for others on writes)",
    "download_id": "model downloads: global, managed by admins (403 for others on writes)",
    "workspace_id": "workspace administration: admin only (403 for every other caller)",
    "user_id": "workspace members: admin only (403 for every other caller)",
    "fmt": "the audit log's export format: admin only (403 for every other caller)",
}
# Reads of workspace A that its researcher may see refused, with the reason.
READ_EXCEPTIONS = {
    ("GET", "/api/sessions/{session_id}/events"): "a stream: walked in test_streams below",
    ("GET", "/api/surveys/{survey_id}/events"): "a stream: walked in test_streams below",
    ("GET", "/api/sessions/{session_id}/replay-similarity"): "404 until a replay exists",
    ("GET", "/api/surveys/{survey_id}/human-results"): "404 until people's ratings are uploaded",
    ("GET", "/api/sessions/{session_id}/health"): "404 until the health report was made",
}
# Writes a viewer may make: their own account and tokens, and requests that change nothing.
VIEWER_WRITES = re.compile(
    r"^/api/(auth/|account/|tokens)|^/api/(sessions|surveys)/estimate$|^/api/guides/(check|read|from-setup)$"
)
STREAMS = {"/api/sessions/{session_id}/events", "/api/surveys/{survey_id}/events"}


def _operations(team: Team) -> list[tuple[str, str]]:
    schema = team.client.app.openapi()
    return [
        (method.upper(), path)
        for path, item in schema["paths"].items()
        for method in item
        if method in ("get", "post", "put", "patch", "delete")
    ]


def _params(path: str) -> list[str]:
    return re.findall(r"{(\w+)}", path)


def _url(path: str, ids: dict[str, str]) -> str:
    return re.sub(r"{(\w+)}", lambda m: ids[RESOURCE_PARAMS[m.group(1)]], path)


def _call(team: Team, who: str, ws: str, method: str, url: str):
    body = {} if method in ("POST", "PUT", "PATCH") else None
    return team.as_(who, method, url, ws, json=body)


@pytest.fixture
def team(settings):
    with team_of_two_workspaces(settings) as t:
        yield t


def test_every_route_is_walked_in_both_workspaces(team: Team) -> None:
    ops = _operations(team)
    unknown = (
        {p for _m, path in ops for p in _params(path)} - set(RESOURCE_PARAMS) - set(EXEMPT_PARAMS)
    )
    assert not unknown, f"classify these path parameters (resource or exempt): {unknown}"
    a = team.data["A"]
    a_ids = [v for k, v in a.items() if k != "evidence"]
    problems: list[str] = []
    walked = 0
    for method, path in ops:
        params = _params(path)
        if any(p in EXEMPT_PARAMS for p in params):
            continue
        if params:
            walked += 1
            url = _url(path, a)
            if path not in STREAMS:
                other = _call(team, "researcher_b", "B", method, url)
                if other.status_code != 404:
                    problems.append(f"researcher of B {method} {path}: {other.status_code}")
            if method != "GET" and not VIEWER_WRITES.search(path):
                viewer = _call(team, "viewer_a", "A", method, url)
                if viewer.status_code != 403:
                    problems.append(f"viewer of A {method} {path}: {viewer.status_code}")
            if method == "GET" and (method, path) not in READ_EXCEPTIONS:
                own = _call(team, "researcher_a", "A", method, url)
                if own.status_code in (403, 404):
                    problems.append(f"researcher of A {method} {path}: {own.status_code}")
                viewer = _call(team, "viewer_a", "A", method, url)
                if viewer.status_code in (403, 404):
                    problems.append(f"viewer of A {method} {path}: {viewer.status_code}")
        elif method == "GET":
            listed = _call(team, "researcher_b", "B", method, path)
            leaked = [i for i in a_ids if i in listed.text]
            if leaked:
                problems.append(f"researcher of B GET {path} shows A's {leaked}")
        elif not VIEWER_WRITES.search(path):
            viewer = _call(team, "viewer_a", "A", method, path)
            if viewer.status_code != 403:
                problems.append(f"viewer of A {method} {path}: {viewer.status_code}")
    assert walked > 40
    assert not problems, "\n".join(problems)


def test_ids_in_queries_and_bodies_stay_in_their_workspace(team: Team) -> None:
    a = team.data["A"]
    b = team.data["B"]
    asked = [
        ("GET", f"/api/sessions/compare?ids={a['imported']},{b['imported']}", None),
        ("GET", f"/api/personas/export.csv?ids={a['persona']}", None),
        ("GET", f"/api/personas/export.json?ids={a['persona']}", None),
        ("POST", "/api/syntheses", {"sessionIds": [a["imported"], b["imported"]]}),
        ("POST", "/api/sessions", {"name": "x", "participantIds": [a["persona"]]}),
        (
            "POST",
            "/api/surveys",
            {
                "name": "x",
                "concepts": [{"type": "text", "title": "t", "content": "c"}],
                "questions": [{"text": "q"}],
                "respondentIds": [a["persona"]],
            },
        ),
    ]
    for method, url, body in asked:
        res = team.as_("researcher_b", method, url, "B", json=body)
        assert res.status_code in (404, 422), (method, url, res.status_code, res.text)
        assert "Ana A" not in res.text


def test_the_workspace_header_names_only_a_workspace_of_the_caller(team: Team) -> None:
    a_persona = team.data["A"]["persona"]
    res = team.as_("researcher_b", "GET", f"/api/personas/{a_persona}", "A")
    assert res.status_code == 404 and res.json()["error"] == "Workspace not found"
    admin = team.as_("admin", "GET", f"/api/personas/{a_persona}", "A")
    assert admin.status_code == 200 and admin.json()["name"] == "Ana A"
    in_b = team.as_("admin", "GET", f"/api/personas/{a_persona}", "B")
    assert in_b.status_code == 404 and in_b.json()["error"] == "Persona not found"
    listed = team.as_("researcher_b", "GET", "/api/workspaces").json()
    assert [(w["name"], w["role"]) for w in listed] == [("Workspace B", "researcher")]


def test_streams_check_the_workspace_of_their_resource(team: Team) -> None:
    a = team.data["A"]
    for url in (f"/api/sessions/{a['imported']}/events", f"/api/surveys/{a['survey']}/events"):
        res = team.as_("researcher_b", "GET", url, "B")
        assert res.status_code == 404, (url, res.status_code)


def _tool(team: Team, who: str, ws: str, name: str, arguments: dict) -> tuple[bool, str]:
    """(is_error, text) of one MCP tool call over /mcp."""
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments},
    }
    headers = {**team.headers(who, ws), "Accept": "application/json, text/event-stream"}
    res = team.client.post("/mcp", json=body, headers=headers)
    assert res.status_code == 200, res.text
    payload = res.text
    if "text/event-stream" in res.headers.get("content-type", ""):
        payload = next(line[5:] for line in res.text.splitlines() if line.startswith("data:"))
    result = json.loads(payload)["result"]
    return bool(result.get("isError")), result["content"][0]["text"]


def test_mcp_acts_in_the_callers_workspace_and_is_audited(team: Team) -> None:
    a = team.data["A"]
    failed, text = _tool(team, "researcher_b", "B", "get_session", {"session_id": a["imported"]})
    assert failed and "Session not found" in text
    failed, text = _tool(team, "researcher_b", "B", "list_personas", {"limit": 50})
    assert not failed and "Ana B" in text and "Ana A" not in text
    failed, text = _tool(team, "researcher_a", "A", "get_session", {"session_id": a["imported"]})
    assert not failed and "Imported A" in text
    failed, text = _tool(team, "viewer_a", "A", "create_personas", {"description": "bakers"})
    assert failed and text == MSG_VIEWER
    log = team.as_("admin", "GET", "/api/audit?action=mcp:get_session").json()["items"]
    calls = {(e["actor"], e["status"], e["resourceId"]) for e in log}
    assert ("researcher_b@example.com", 400, a["imported"]) in calls
    assert ("researcher_a@example.com", 200, a["imported"]) in calls
