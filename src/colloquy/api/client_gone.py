"""Long work for one request stops when its client goes away.

Why: Starlette runs a route to its end even after the client has disconnected; a PDF of
a long session drew for minutes for nobody. The work runs as a task, the request is
watched meanwhile, and the task is cancelled (its child process killed, see
services/bounded.py) when the client is gone."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from fastapi import Response
from starlette.requests import Request

T = TypeVar("T")
CHECK_SECONDS = 0.5
CLIENT_CLOSED = 499  # the client closed the request (nginx's code): nobody reads it


async def unless_client_leaves(request: Request, work: Awaitable[T]) -> T | Response:
    """`work`'s result, or an empty 499 once the client has disconnected."""
    task = asyncio.ensure_future(work)
    try:
        while True:
            done, _ = await asyncio.wait({task}, timeout=CHECK_SECONDS)
            if done:
                return task.result()
            if await request.is_disconnected():
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
                return Response(status_code=CLIENT_CLOSED)
    finally:
        if not task.done():  # we were cancelled ourselves
            task.cancel()
