"""The one way a test waits for something that happens in the background: read a value again
and again until it is what the test waits for, or fail after a timeout with the last value.

    view = wait_for(lambda: api.get(url).json(), until=lambda v: v["status"] == "completed")
    job = wait_for(lambda: api.get("/api/personas/audit").json()["job"],
                   until=lambda j: not j["running"], timeout=60, interval=0.1)
    wait_for(lambda: len(receiver.on("ok")) == 1, what="the delivery")

Without `until` the value itself must be truthy. A check may assert on what it reads (a
status that must not appear, a process that must still live): the assertion fails at once.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

T = TypeVar("T")


def wait_for(
    read: Callable[[], T],
    until: Callable[[T], Any] = bool,
    *,
    timeout: float = 30,
    interval: float = 0.05,
    what: str = "",
) -> T:
    """`read()` every `interval` s until `until(value)` holds; returns that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if until(value):
            return value
        assert time.monotonic() < deadline, _timed_out(timeout, what, value)
        time.sleep(interval)


async def wait_for_async(
    read: Callable[[], T | Awaitable[T]],
    until: Callable[[T], Any] = bool,
    *,
    timeout: float = 30,
    interval: float = 0.02,
    what: str = "",
) -> T:
    """The same inside an event loop (`read` may be a coroutine function); sleeps with
    asyncio, so the tasks being waited for keep running."""
    deadline = time.monotonic() + timeout
    while True:
        value = read()
        if inspect.isawaitable(value):
            value = await value
        if until(value):
            return value  # type: ignore[return-value]
        assert time.monotonic() < deadline, _timed_out(timeout, what, value)
        await asyncio.sleep(interval)


def wait_survey(
    client, survey_id: str, *statuses: str, timeout: float = 60, interval: float = 0.05
) -> dict:
    """The survey (GET /api/surveys/{id}), read until its status is one of `statuses`
    (completed if none given); meanwhile it may only be a draft or running. `client`: the
    in-process TestClient, or an httpx.Client on a server process's URL."""
    wanted = statuses or ("completed",)

    def reached(survey: dict) -> bool:
        if survey["status"] in wanted:
            return True
        assert survey["status"] in ("draft", "running"), survey
        return False

    return wait_for(
        lambda: client.get(f"/api/surveys/{survey_id}").json(),
        until=reached,
        timeout=timeout,
        interval=interval,
        what=f"survey {survey_id} {' or '.join(wanted)}",
    )


def wait_download(client, download_id: str | None = None, timeout: float = 60) -> dict:
    """A model download (the first listed when no id is given), read until it has ended
    (done, failed or cancelled)."""

    def job() -> dict:
        listed = client.get("/api/models/downloads").json()["downloads"]
        return next(d for d in listed if download_id in (None, d["id"]))

    return wait_for(
        job,
        until=lambda d: d["state"] not in ("queued", "downloading", "verifying"),
        timeout=timeout,
        what=f"download {download_id or ''} to end",
    )


def wait_audit(client, timeout: float = 60) -> dict:
    """The personality audit's report (GET /api/personas/audit), read until its job has
    stopped running."""
    return wait_for(
        lambda: client.get("/api/personas/audit").json(),
        until=lambda report: not report["job"]["running"],
        timeout=timeout,
        interval=0.1,
        what="the library audit",
    )


def _timed_out(timeout: float, what: str, value: object) -> str:
    last = repr(value)
    if len(last) > 300:  # a whole session view says nothing more than its start
        last = last[:300] + "..."
    return f"{what or 'condition'}: not reached in {timeout:g} s; last value read: {last}"
