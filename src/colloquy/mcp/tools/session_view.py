"""get_session: a session's setup, state, transcript (paged, long answers cut), stored
insights and health report, within the limits of limits.py."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from colloquy.domain.sessions.private_answers import public
from colloquy.errors import AppError
from colloquy.mcp.context import ToolContext
from colloquy.mcp.limits import (
    MESSAGE_CHARS_DEFAULT,
    MESSAGE_CHARS_MAX,
    MESSAGES_DEFAULT,
    MESSAGES_MAX,
    RESULT_MAX_CHARS,
    clip,
    json_size,
    page,
)
from colloquy.mcp.progress import Report, read_session
from colloquy.mcp.tools.base import ToolArgs
from colloquy.services.trust import session_health

DESCRIPTION = (
    "Read a focus-group session: setup, status and progress, the transcript (paged: pass "
    "transcript.nextOffset as offset for more; long answers are cut), the AI insights once "
    "written and the session health report once the session has completed."
)
Part = Literal["transcript", "insights", "health"]
PARTS: tuple[Part, ...] = ("transcript", "insights", "health")
SENTIMENTS = ("positive", "neutral", "negative")
HEALTH_MAX_CHARS = 40_000  # a larger report is reduced to its verdicts


class GetSessionArgs(ToolArgs):
    session_id: str = Field(min_length=1, max_length=64)
    include: list[Part] = Field(default_factory=lambda: list(PARTS), max_length=3)
    offset: int = Field(default=0, ge=0, description="First transcript message (0-based)")
    max_messages: int = Field(default=MESSAGES_DEFAULT, ge=1, le=MESSAGES_MAX)
    max_message_chars: int = Field(default=MESSAGE_CHARS_DEFAULT, ge=100, le=MESSAGE_CHARS_MAX)


def message_brief(m: dict[str, Any], max_chars: int) -> dict[str, Any]:
    return {
        "speaker": m["speaker"],
        "personaId": m.get("personaId"),
        "kind": m["kind"],
        "questionIndex": m["questionIndex"],
        "round": m["round"],
        "sentiment": m.get("sentiment"),
        "content": clip(m["content"], max_chars),
    }


def sentiment_counts(messages: list[dict[str, Any]]) -> dict[str, int]:
    answers = [m for m in messages if m.get("kind") == "response"]
    return {s: sum(1 for m in answers if m.get("sentiment") == s) for s in SENTIMENTS}


def session_brief(view: dict[str, Any]) -> dict[str, Any]:
    """The session without its messages: what it is, how far it got, what went wrong."""
    return {
        "id": view["id"],
        "name": view["name"],
        "description": clip(view["description"], 2000),
        "status": view["status"],
        "running": view["running"],
        "createdAt": view["createdAt"],
        "completedAt": view["completedAt"],
        "source": view["source"],
        "model": view["model"],
        "error": view["error"],
        "progress": {k: view["progress"][k] for k in ("responses", "total")},
        "participants": [
            {k: p.get(k) for k in ("id", "name", "age", "gender", "location")}
            for p in view["participants"]
        ],
        "moderatorStyle": view["moderatorStyle"],
        "settings": view["settings"],
        "questions": [clip(q, 1000) for q in view["questions"]],
        "stimuli": [
            {"type": s["type"], "title": s["title"], "content": clip(s["content"], 500)}
            for s in view["stimuli"]
        ],
        "messageCount": len(public(view["messages"])),
        "sentimentCounts": sentiment_counts(view["messages"]),
    }


async def health_of(ctx: ToolContext, view: dict[str, Any]) -> dict[str, Any]:
    if view["status"] != "completed":
        return {
            "available": False,
            "reason": "The health report is made once the session completes",
        }
    try:
        async with ctx.runtime.sessionmaker() as db:
            report = await session_health.get_health(db, ctx.runtime, view["id"])
    except AppError as exc:
        return {"available": False, "reason": exc.message}
    if json_size(report) > HEALTH_MAX_CHARS:
        keep = ("overall", "warnings", "sessionId", "computedAt", "embedder", "model")
        report = {k: report[k] for k in keep if k in report} | {"reduced": True}
    return {"available": True, **report}


async def get_session(ctx: ToolContext, args: GetSessionArgs, report: Report) -> dict[str, Any]:
    view = await read_session(ctx, args.session_id)
    out: dict[str, Any] = session_brief(view)
    if "insights" in args.include:
        out["insights"] = view["insights"]
    if "health" in args.include:
        out["health"] = await health_of(ctx, view)
    if "transcript" in args.include:
        # The transcript is the public discussion: private before/after answers are in
        # no transcript (docs/natural-mode.md), only in the exports' own section.
        briefs = [message_brief(m, args.max_message_chars) for m in public(view["messages"])]
        budget = RESULT_MAX_CHARS - json_size(out)
        messages, next_offset = page(briefs, args.offset, args.max_messages, budget)
        out["transcript"] = {
            "total": len(briefs),
            "offset": args.offset,
            "nextOffset": next_offset,
            "messages": messages,
        }
    return out
