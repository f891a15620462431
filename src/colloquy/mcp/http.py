"""The streamable-HTTP transport at /mcp, inside the app: the tools use the app's own
runtime, runners and survey manager, and every request has passed the API's guard first
(api/security.py: access token, Host, cross-site Origin, body size), so the SDK's own
host checks are not repeated. Stateless: each POST is answered on its own (progress on
its event stream), so any process of a PostgreSQL deployment can answer any request."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from colloquy.mcp.context import ToolContext
from colloquy.mcp.server import build_server

PATH = "/mcp"


class _Endpoint:
    """The ASGI app at /mcp: the session manager of the running app (503 before start-up)."""

    def __init__(self) -> None:
        self.manager: StreamableHTTPSessionManager | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.manager is None:
            body = json.dumps({"error": "Starting up", "code": "unavailable"}).encode()
            headers = [(b"content-type", b"application/json")]
            await send({"type": "http.response.start", "status": 503, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.manager.handle_request(scope, receive, send)


def install_mcp(app: FastAPI) -> None:
    """Mount /mcp and run its session manager for as long as the app runs (after the
    app's own start-up, before its shutdown)."""

    @asynccontextmanager
    async def tools(_server: Any) -> AsyncIterator[ToolContext]:
        yield ToolContext.from_state(app.state)

    server = build_server(tools)
    endpoint = _Endpoint()
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: Any) -> AsyncIterator[Any]:
        async with inner(a) as state:
            manager = StreamableHTTPSessionManager(app=server, stateless=True)
            async with manager.run():
                endpoint.manager = manager
                try:
                    yield state
                finally:
                    endpoint.manager = None

    lifespan.core = inner  # type: ignore[attr-defined]
    app.router.lifespan_context = lifespan
    app.router.routes.append(Route(PATH, endpoint=endpoint, methods=["GET", "POST", "DELETE"]))


def core_lifespan(app: FastAPI) -> Any:
    """The app's start-up without the /mcp session manager (a process that serves the
    tools over stdio, or no HTTP at all, has no use for it)."""
    return getattr(app.router.lifespan_context, "core", app.router.lifespan_context)
