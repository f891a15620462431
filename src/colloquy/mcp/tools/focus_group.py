"""run_focus_group: create a session from a guide, run it, wait for the end while
reporting progress, and answer with the session id and, when it finished, a summary
(the AI insights: summary, themes, recommendations).

The guide is the session setup as POST /api/sessions takes it (api/schemas/sessions.py
SessionCreate), checked by the same service with the same messages; nothing is created
when it is refused."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from colloquy.api.schemas.sessions import SessionCreate
from colloquy.errors import AppError
from colloquy.mcp.context import ToolContext
from colloquy.mcp.limits import WAIT_DEFAULT, WAIT_MAX
from colloquy.mcp.progress import Report, wait_for_session
from colloquy.mcp.tools.base import ToolArgs, parse
from colloquy.mcp.tools.session_view import sentiment_counts
from colloquy.services.results.insights import generate_insights
from colloquy.services.sessions import control, crud

DESCRIPTION = (
    "Run a focus group from a guide: {name, description, participantIds (persona ids from "
    "list_personas or create_personas), moderatorStyle (formal|casual|probing), stimuli "
    "[{type: text|image|video|link, title, content}], questions [text], settings "
    "{responseLength: brief|moderate|detailed, discussionMode: sequential|parallel, "
    "moderator: scripted|ai}}. Waits for the end (reporting progress) up to timeout_seconds, "
    "then returns the session id and a summary; read it in full with get_session."
)


class RunFocusGroupArgs(ToolArgs):
    guide: dict[str, Any] = Field(description="The session setup (see the tool description)")
    wait: bool = Field(default=True, description="Wait for the run to end (else return at once)")
    timeout_seconds: int = Field(default=WAIT_DEFAULT, ge=1, le=WAIT_MAX)
    insights: bool = Field(
        default=True, description="Once completed, write the AI insights for the summary"
    )


async def create_from_guide(ctx: ToolContext, guide: dict[str, Any]) -> str:
    """The new session's id; a tool error naming each problem, nothing stored, if refused."""
    setup = parse(SessionCreate, guide, "guide")
    async with ctx.runtime.sessionmaker() as db:
        created = await crud.create_session(db, setup.model_dump(by_alias=True))
    return created["id"]


async def summary(ctx: ToolContext, session_id: str) -> dict[str, Any]:
    """The insights the Results page would show, written now and stored with the session."""
    try:
        async with ctx.runtime.sessionmaker() as db:
            return {"insights": await generate_insights(db, ctx.runtime.get_provider(), session_id)}
    except AppError as exc:  # the session itself is fine: say why there is no summary
        return {"insights": None, "insightsError": exc.message}


def outcome(session_id: str, view: dict[str, Any]) -> dict[str, Any]:
    return {
        "sessionId": session_id,
        "name": view["name"],
        "status": view["status"],
        "running": view["running"],
        "finished": view["status"] == "completed",
        "progress": {k: view["progress"][k] for k in ("responses", "total")},
        "error": view["error"],
        "messageCount": len(view["messages"]),
        "sentimentCounts": sentiment_counts(view["messages"]),
    }


async def run_focus_group(ctx: ToolContext, args: RunFocusGroupArgs, report: Report) -> dict:
    session_id = await create_from_guide(ctx, args.guide)
    async with ctx.runtime.sessionmaker() as db:
        started = await control.run_session(db, session_id, ctx.runners, ctx.events)
    if not args.wait:
        return outcome(session_id, started)
    view = await wait_for_session(ctx, session_id, report, args.timeout_seconds)
    if view is None:  # still running: it goes on on the server
        async with ctx.runtime.sessionmaker() as db:
            view = await crud.get_session(db, session_id, ctx.runners)
        note = f"Still running after {args.timeout_seconds} s; follow it with get_session"
        return {**outcome(session_id, view), "note": note}
    out = outcome(session_id, view)
    if out["finished"] and args.insights:
        out.update(await summary(ctx, session_id))
    return out
