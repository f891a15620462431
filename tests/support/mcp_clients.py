"""The official MCP SDK's client against our server: a live `colloquy serve` on loopback
(streamable HTTP at /mcp) or a `colloquy mcp` subprocess (stdio)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from .live_server import ROOT, server_env, start, stop


@contextmanager
def live_server(settings, llm_url: str, log: Path, **extra: str) -> Iterator[str]:
    """A real `colloquy serve` on loopback; its URL."""
    proc, url = start(server_env(settings, llm_url, **extra), log)
    try:
        yield url
    finally:
        stop(proc)


def http_client(url: str, token: str | None = None) -> Client:
    headers = {"Authorization": f"Bearer {token}"} if token else None
    transport = streamable_http_client(
        f"{url}/mcp", http_client=create_mcp_http_client(headers=headers)
    )
    return Client(transport, read_timeout_seconds=120)


def stdio_client(settings, llm_url: str, **extra: str) -> Client:
    """`colloquy mcp` as the client's subprocess, with the server's COLLOQUY_* settings."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "colloquy.cli", "mcp"],
        env=server_env(settings, llm_url, **extra),
        cwd=str(ROOT),
    )
    return Client(params, read_timeout_seconds=120)


def result_json(result: Any) -> dict:
    """A successful tool result's JSON (its text and its structured content agree)."""
    assert result.is_error is False, result.content[0].text
    data = json.loads(result.content[0].text)
    assert result.structured_content == data
    return data


def error_text(result: Any) -> str:
    assert result.is_error is True
    return result.content[0].text
