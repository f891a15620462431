"""MCP tool calls are in the audit log (docs/teams.md#audit-log): through the official SDK's
client over streamable HTTP, each call with its caller, the tool's name as the action, the
id it names, and a failed call as failed."""

from __future__ import annotations

import httpx
import pytest

from support.accounts import ADMIN, PASSWORD
from support.mcp_clients import error_text, http_client, result_json
from support.thread_server import serve_in_thread

pytestmark = pytest.mark.timeout(120)


async def _audit(url: str, headers: dict[str, str]) -> list[dict]:
    async with httpx.AsyncClient() as raw:
        res = await raw.get(f"{url}/api/audit", params={"limit": 50}, headers=headers)
    assert res.status_code == 200, res.text
    return [e for e in res.json()["items"] if e["route"] == "/mcp"]


async def test_each_tool_call_is_recorded_with_its_account(settings):
    with serve_in_thread(settings) as (url, _app):
        async with httpx.AsyncClient(base_url=url) as raw:
            made = await raw.post(
                "/api/auth/first-admin", json={"email": ADMIN, "password": PASSWORD}
            )
            assert made.status_code == 201, made.text
            csrf = {"X-CSRF-Token": raw.cookies["colloquy_csrf"]}
            body = {"name": "assistant", "canWrite": True}
            token = (await raw.post("/api/tokens", json=body, headers=csrf)).json()["token"]
        async with http_client(url, token) as client:
            listed = result_json(await client.call_tool("list_personas", {"limit": 2}))
            assert len(listed["personas"]) == 2
            missing = await client.call_tool("get_session", {"session_id": "no-such-session"})
            assert "not found" in error_text(missing).lower()
        events = await _audit(url, {"Authorization": f"Bearer {token}"})
        newest_first = [
            (e["actor"], e["action"], e["method"], e["resourceId"], e["status"]) for e in events
        ]
        assert newest_first == [
            (ADMIN, "mcp:get_session", "POST", "no-such-session", 400),
            (ADMIN, "mcp:list_personas", "POST", None, 200),
        ]
        assert events[0]["detail"]["tool"] == "get_session"
        assert "not found" in events[0]["detail"]["error"].lower()
        assert events[1]["address"] == "127.0.0.1"
        async with httpx.AsyncClient() as raw:
            failed_only = await raw.get(
                f"{url}/api/audit",
                params={"action": "mcp:get_session", "failed": "true"},
                headers={"Authorization": f"Bearer {token}"},
            )
        assert [e["resourceId"] for e in failed_only.json()["items"]] == ["no-such-session"]


async def test_nothing_is_recorded_for_the_one_person_on_loopback(settings):
    """No account and no token: like the API's requests, tool calls are not recorded."""
    with serve_in_thread(settings) as (url, _app):
        async with http_client(url) as client:
            result_json(await client.call_tool("list_personas", {"limit": 1}))
        assert await _audit(url, {}) == []
