"""The MCP server through the official SDK's client, over both transports: streamable HTTP
against a live `colloquy serve` on loopback (with and without the access token) and stdio
against a `colloquy mcp` subprocess; the model is the loopback fake server."""

from __future__ import annotations

import httpx
import pytest
from mcp.shared.exceptions import MCPError

from support.fake_openai import FakeReply, default_responder, run_fake_openai
from support.mcp_clients import error_text, http_client, live_server, result_json, stdio_client
from support.mcp_harness import focus_group_guide

pytestmark = [pytest.mark.slow, pytest.mark.timeout(240)]
TOKEN = "mcp-sdk-test-token-0123456789abcdef"
ACCEPT = {"Accept": "application/json, text/event-stream"}
INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    },
}
TOOLS = [
    "list_personas",
    "create_personas",
    "run_focus_group",
    "get_session",
    "run_survey",
    "get_survey_results",
    "run_study",
    "get_study",
    "estimate_cost",
]


@pytest.fixture
def fake():
    with run_fake_openai() as server:
        yield server


async def _exercise(client, fake) -> None:
    """What every transport must do: list, call, progress, read back, refuse bad input."""
    listed = await client.list_tools()
    assert [t.name for t in listed.tools] == TOOLS
    schema = next(t for t in listed.tools if t.name == "get_session").input_schema
    assert schema["required"] == ["session_id"]
    reads = {t.name for t in listed.tools if t.annotations and t.annotations.read_only_hint}
    assert reads == {
        "list_personas",
        "get_session",
        "get_survey_results",
        "get_study",
        "estimate_cost",
    }

    personas = result_json(await client.call_tool("list_personas", {"limit": 3}))
    assert len(personas["personas"]) == 3 and personas["nextOffset"] == 3

    fake.set_responder(lambda body: FakeReply(default_responder(body), delay=0.02))
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress, total, message):
        seen.append((progress, total, message))

    out = result_json(
        await client.call_tool(
            "run_focus_group", {"guide": focus_group_guide()}, progress_callback=on_progress
        )
    )
    assert out["status"] == "completed" and out["insights"]["summary"]
    assert seen and seen[-1] == (18, 18, "18 of 18 answers")
    assert [p for p, _, _ in seen] == sorted(p for p, _, _ in seen)

    view = result_json(
        await client.call_tool("get_session", {"session_id": out["sessionId"], "max_messages": 5})
    )
    assert view["transcript"]["total"] == 24 and len(view["transcript"]["messages"]) == 5

    bad = await client.call_tool("get_session", {"session_id": 3, "colour": "red"})
    assert error_text(bad) == (
        "Invalid arguments: session_id: Input should be a valid string; colour: Unknown argument"
    )
    refused = await client.call_tool(
        "run_focus_group", {"guide": focus_group_guide(participants={"ids": ["p1"]})}
    )
    assert error_text(refused) == "participants: Please select 3-8 personas"
    assert error_text(await client.call_tool("nope", {})).startswith("Unknown tool: nope")
    # The connection survives the errors.
    assert result_json(await client.call_tool("list_personas", {"limit": 1}))["total"] >= 3


async def test_http_on_loopback_without_a_token(settings, fake, tmp_path):
    with live_server(settings, fake.base_url, tmp_path / "serve.log") as url:
        async with http_client(url) as client:
            await _exercise(client, fake)


async def test_http_with_the_access_token(settings, fake, tmp_path):
    log = tmp_path / "serve.log"
    with live_server(settings, fake.base_url, log, COLLOQUY_ACCESS_TOKEN=TOKEN) as url:
        async with http_client(url, TOKEN) as client:
            await _exercise(client, fake)
        for token in (None, TOKEN + "x"):
            with pytest.raises(ExceptionGroup) as refused:
                async with http_client(url, token) as client:
                    await client.list_tools()
            assert refused.group_contains(MCPError)
            # What the client was told: the API's 401, before the MCP server saw anything.
            auth = {"Authorization": f"Bearer {token}"} if token else {}
            async with httpx.AsyncClient() as raw:
                res = await raw.post(f"{url}/mcp", json=INITIALIZE, headers={**auth, **ACCEPT})
            assert res.status_code == 401 and res.json()["error"] == "Sign-in required"
            assert res.headers["www-authenticate"] == "Bearer"
        good = {"Authorization": f"Bearer {TOKEN}", **ACCEPT}
        async with httpx.AsyncClient() as raw:
            res = await raw.post(f"{url}/mcp", json=INITIALIZE, headers=good)
        assert res.status_code == 200 and '"serverInfo":{"name":"colloquy"' in res.text


async def test_stdio_subprocess(settings, fake):
    async with stdio_client(settings, fake.base_url) as client:
        await _exercise(client, fake)


async def test_stdio_ignores_the_http_access_token(settings, fake):
    """The client started the process itself: the token guards HTTP only."""
    async with stdio_client(settings, fake.base_url, COLLOQUY_ACCESS_TOKEN=TOKEN) as client:
        assert result_json(await client.call_tool("list_personas", {}))["total"] >= 3
