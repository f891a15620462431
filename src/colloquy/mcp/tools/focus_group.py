"""run_focus_group: create a session from a discussion guide (the guide file format of
docs/guides.md, as JSON), run it, wait for the end while reporting progress, and answer with
the session id and, when it finished, a summary (the AI insights: summary, themes,
recommendations).

The guide is checked and turned into a session by the guides service, the one way in for
the API, the command line and this server; nothing is created when it is refused."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from colloquy.errors import AppError
from colloquy.mcp.context import ToolContext
from colloquy.mcp.errors import ToolFailure
from colloquy.mcp.limits import WAIT_DEFAULT, WAIT_MAX
from colloquy.mcp.progress import Report, wait_for_session
from colloquy.mcp.tools.base import ToolArgs
from colloquy.mcp.tools.guide_schema import with_guide
from colloquy.mcp.tools.session_view import sentiment_counts
from colloquy.services.guides.guide_format import FocusGroupGuide
from colloquy.services.guides.run import create_session_from_guide
from colloquy.services.results.insights import generate_insights
from colloquy.services.sessions import crud

DESCRIPTION = (
    "Run a focus group from a discussion guide: {name, description, participants: {ids, "
    "tags, generate: {description, count, diversity}}, moderator: {style: formal|casual|"
    "probing, kind: scripted|ai}, stimuli: [{type, title, text|url}], questions: [text], "
    "settings: {responseLength, discussionMode}, model, seed} (persona ids from "
    "list_personas). Waits for the end (reporting progress) up to timeout_seconds, then "
    "returns the session id and a summary; read it in full with get_session."
)
GUIDE = "A focus-group guide (docs/guides.md); kind may be left out"
MSG_KIND = "kind: run_focus_group runs focus-group guides (a survey guide goes to run_survey)"


class RunFocusGroupArgs(ToolArgs):
    guide: dict[str, Any] = Field(description=GUIDE)
    wait: bool = Field(default=True, description="Wait for the run to end (else return at once)")
    timeout_seconds: int = Field(default=WAIT_DEFAULT, ge=1, le=WAIT_MAX)
    insights: bool = Field(
        default=True, description="Once completed, write the AI insights for the summary"
    )

    @classmethod
    def input_schema(cls) -> dict[str, Any]:
        return with_guide(super().input_schema(), "guide", FocusGroupGuide, GUIDE)


async def start_from_guide(ctx: ToolContext, guide: dict[str, Any]) -> dict[str, Any]:
    """The new session, started; a tool error naming the field of each problem (and
    nothing stored) when the guide is refused."""
    if guide.get("kind", "focus-group") != "focus-group":
        raise ToolFailure(MSG_KIND)
    async with ctx.runtime.sessionmaker() as db:
        return await create_session_from_guide(
            db, ctx.runtime, ctx.runners, ctx.events, {**guide, "kind": "focus-group"}
        )


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


async def run_focus_group(
    ctx: ToolContext, args: RunFocusGroupArgs, report: Report
) -> dict[str, Any]:
    await report(0, None, "Creating the session")
    started = await start_from_guide(ctx, args.guide)
    session_id = started["id"]
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
