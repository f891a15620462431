"""Waiting for a run while telling the client how far it is: `Report` has the signature of
the SDK's Context.report_progress (progress, total, message), which sends an MCP progress
notification when the call carried a progress token.

A session wakes the wait through the event bus (a `progress` event per stored answer,
relayed between processes on PostgreSQL) and is re-read from the database on every status
change and at least every POLL_SECONDS, so nothing depends on an event arriving. A survey
wakes on its `progress` events on the same bus (services/surveys/progress.py) and is
re-read likewise."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

from colloquy.engine.events import Subscription
from colloquy.mcp.context import ToolContext
from colloquy.services.sessions import crud as sessions
from colloquy.services.surveys import progress as survey_progress
from colloquy.services.surveys import surveys
from colloquy.waiting import wait_for

Report = Callable[[float, float | None, str | None], Awaitable[None]]
POLL_SECONDS = 2.0
WAKE_ON = frozenset({"status", "error", "deleted"})  # re-read the session


async def no_report(
    progress: float, total: float | None = None, message: str | None = None
) -> None:
    """For a call that asked for no progress."""


def increasing(report: Report) -> Report:
    """`report`, passed only values above the last one sent (MCP: progress must increase
    with each notification); the first is always sent."""
    last: list[float] = []

    async def forward(
        progress: float, total: float | None = None, message: str | None = None
    ) -> None:
        if last and progress <= last[0]:
            return
        last[:] = [progress]
        await report(progress, total, message)

    return forward


def session_message(progress: dict[str, Any]) -> str:
    """'7 of 24 answers (question 2, round 1)' from a session's progress payload."""
    done, total = progress.get("responses", 0), progress.get("total", 0)
    where = ""
    if progress.get("participantIndex") is not None:
        q, r = progress.get("questionIndex", 0) + 1, progress.get("round", 0) + 1
        where = f" (question {q}, round {r})"
    return f"{done} of {total} answers{where}"


def survey_message(progress: dict[str, Any]) -> str:
    text = f"{progress['done']} of {progress['total']} answers"
    errors = progress.get("errors") or 0
    return text + (f", {errors} failed call{'s' if errors != 1 else ''}" if errors else "")


async def read_session(ctx: ToolContext, session_id: str) -> dict[str, Any]:
    async with ctx.runtime.sessionmaker() as db:
        return await sessions.get_session(db, session_id, ctx.runners)


async def wait_for_session(
    ctx: ToolContext, session_id: str, report: Report, timeout: float
) -> dict[str, Any] | None:
    """The session's view once its run has ended (completed, stopped or failed), or None
    when `timeout` seconds pass first. NotFound when it is deleted meanwhile."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    sub, _, _ = ctx.events.subscribe(session_id, None)
    try:
        while True:
            view = await read_session(ctx, session_id)
            progress = view["progress"]
            await report(progress["responses"], progress["total"], session_message(progress))
            if not view["running"]:
                return view
            sub = await _until_change(ctx, session_id, sub, report, deadline)
            if loop.time() >= deadline:
                return None
    finally:
        ctx.events.unsubscribe(session_id, sub)


async def _until_change(
    ctx: ToolContext, session_id: str, sub: Subscription, report: Report, deadline: float
) -> Subscription:
    """Report `progress` events until one that may end the run, POLL_SECONDS or the deadline."""
    loop = asyncio.get_running_loop()
    poll_end = min(deadline, loop.time() + POLL_SECONDS)
    while (left := poll_end - loop.time()) > 0:
        try:
            event = await wait_for(sub.queue.get(), left)
        except TimeoutError:
            break
        if event is None:  # overflowed or closed: a fresh subscription, then re-read
            ctx.events.unsubscribe(session_id, sub)
            return ctx.events.subscribe(session_id, None)[0]
        if event.name == "progress":
            data = event.data
            await report(data.get("responses", 0), data.get("total"), session_message(data))
        elif event.name in WAKE_ON:
            break
    return sub


async def read_survey(ctx: ToolContext, survey_id: str) -> dict[str, Any]:
    async with ctx.runtime.sessionmaker() as db:
        return await surveys.get_survey(db, ctx.surveys, survey_id)


async def wait_for_survey(
    ctx: ToolContext, survey_id: str, report: Report, timeout: float
) -> dict[str, Any] | None:
    """The survey once it is no longer running, or None when `timeout` passes first."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    name = survey_progress.channel(survey_id)
    sub, _, _ = ctx.events.subscribe(name, None)  # its progress, from any process
    try:
        while True:
            survey = await read_survey(ctx, survey_id)
            p = survey["progress"]
            await report(p["done"], p["total"], survey_message(p))
            if survey["status"] != "running":
                return survey
            left = deadline - loop.time()
            if left <= 0:
                return None
            with contextlib.suppress(TimeoutError):
                await wait_for(sub.queue.get(), min(left, POLL_SECONDS))
            await asyncio.sleep(min(0.25, max(0.0, deadline - loop.time())))  # coalesce bursts
            # Re-read below whatever came; overflowed or closed: a fresh subscription.
            if sub.overflowed or not sub.queue.empty():
                ctx.events.unsubscribe(name, sub)
                sub, _, _ = ctx.events.subscribe(name, None)
    finally:
        ctx.events.unsubscribe(name, sub)
