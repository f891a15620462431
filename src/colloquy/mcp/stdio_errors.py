"""Over stdio, a line that is not a JSON-RPC message is answered, as over HTTP.

Why: the SDK's stdio transport hands such a line to the server as an exception, which the
server drops: the client waits forever for an answer. Here each one is logged and
answered with JSON-RPC's parse error (-32700: not JSON, e.g. a lone surrogate) or invalid
request (-32600: JSON, but not a message), with a null id (docs/mcp.md)."""

from __future__ import annotations

import logging
from typing import Any

import mcp_types as types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

log = logging.getLogger(__name__)


def error_for(exc: Exception) -> types.JSONRPCError:
    """The JSON-RPC error that answers a line the transport could not read."""
    not_json = not isinstance(exc, ValidationError) or any(
        e["type"] == "json_invalid" for e in exc.errors()
    )
    if not_json:
        code, text = types.PARSE_ERROR, "Parse error: the line is not valid JSON"
    else:
        code, text = types.INVALID_REQUEST, "Invalid request: not a JSON-RPC 2.0 message"
    return types.JSONRPCError(
        jsonrpc="2.0", id=None, error=types.ErrorData(code=code, message=text)
    )


async def answer_unreadable(source: Any, sink: Any, write: Any) -> None:
    """Pass what `source` reads on to `sink` (the server); answer each unreadable line on
    `write` instead. Closes `sink` when `source` ends."""
    async with sink:
        async for item in source:
            if isinstance(item, Exception):
                error = error_for(item)
                log.warning("MCP over stdio: unreadable line answered with %s", error.error.code)
                await write.send(SessionMessage(error))
                continue
            await sink.send(item)
