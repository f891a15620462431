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


class McpEndpoint:
    """The ASGI app at /mcp: the MCP session manager while the app's core runs (503 before
    start-up). The app mounts it and runs `serving` inside its lifespan."""

    def __init__(self) -> None:
        self.manager: StreamableHTTPSessionManager | None = None
        self.core: ToolContext | None = None
        self.server = build_server(self._tools)

    @asynccontextmanager
    async def _tools(self, _server: Any) -> AsyncIterator[ToolContext]:
        assert self.core is not None  # set by `serving` before the manager starts
        yield self.core

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.manager is None:
            body = json.dumps({"error": "Starting up", "code": "unavailable"}).encode()
            headers = [(b"content-type", b"application/json")]
            await send({"type": "http.response.start", "status": 503, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await self.manager.handle_request(scope, receive, send)

    def mount(self, app: FastAPI) -> None:
        app.router.routes.append(Route(PATH, endpoint=self, methods=["GET", "POST", "DELETE"]))

    @asynccontextmanager
    async def serving(self, core: ToolContext) -> AsyncIterator[None]:
        """Answer /mcp with the tools on `core` until the block ends."""
        manager = StreamableHTTPSessionManager(app=self.server, stateless=True)
        self.core = core  # the server's lifespan (_tools) reads it as the manager starts
        try:
            async with manager.run():
                self.manager = manager
                try:
                    yield
                finally:
                    self.manager = None
        finally:
            self.core = None
