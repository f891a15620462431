"""The API seen from the command line: a running server (URL and token), or the app
in-process on the local database (its start-up and shutdown around the run)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import httpx

from colloquy.settings import Settings

TIMEOUT = httpx.Timeout(60.0, connect=10.0)


class ApiFailed(Exception):
    """The API refused or failed: its message, and the body (problems of a guide)."""

    def __init__(self, status: int, message: str, body: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.body = body or {}


@dataclass
class Api:
    http: httpx.AsyncClient
    where: str  # "local database" or the server's URL

    async def call(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            res = await self.http.request(method, path, **kwargs)
        except httpx.HTTPError as exc:
            raise ApiFailed(0, f"Cannot reach {self.where}: {exc.__class__.__name__}") from exc
        if res.status_code >= 400:
            try:
                body = res.json()
            except ValueError:
                body = {}
            message = body.get("error") if isinstance(body, dict) else None
            raise ApiFailed(res.status_code, message or f"HTTP {res.status_code}", body)
        return res

    async def json(self, method: str, path: str, **kwargs: Any) -> Any:
        return (await self.call(method, path, **kwargs)).json()


@asynccontextmanager
async def server_api(url: str, token: str | None) -> AsyncIterator[Api]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    base = url.rstrip("/")
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=TIMEOUT) as http:
        yield Api(http, base)


@asynccontextmanager
async def local_api(settings: Settings) -> AsyncIterator[Api]:
    """The app in this process on the configured database, started as `serve` starts it;
    leaving stops its runs (a stopped run is resumed with --resume)."""
    from colloquy.app import create_app

    app = create_app(settings)
    headers = {"Authorization": f"Bearer {settings.access_token}"} if settings.access_token else {}
    transport = httpx.ASGITransport(app=app)
    try:
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(
                transport=transport, base_url="http://127.0.0.1", headers=headers, timeout=TIMEOUT
            ) as http,
        ):
            yield Api(http, "the local database")
    except BaseExceptionGroup as group:  # the app's task groups wrap what the run raised
        raise only_error(group) from None


def only_error(group: BaseExceptionGroup) -> BaseException:
    """The one error inside nested exception groups, or the group when there are several."""
    leaves: list[BaseException] = []
    todo: list[BaseException] = [group]
    while todo:
        exc = todo.pop()
        if isinstance(exc, BaseExceptionGroup):
            todo.extend(exc.exceptions)
        else:
            leaves.append(exc)
    return leaves[0] if len(leaves) == 1 else group
