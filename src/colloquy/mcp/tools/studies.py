"""run_study and get_study: one interview guide run with many personas, then the synthesis
of their interviews (docs/interviews.md#studies, docs/mcp.md).

run_study takes a study guide (the guide file format of docs/guides.md, `kind: study`, as
JSON), checked and created by the guides service as `colloquy run` and the API do; it waits
(reporting the answers done of the most there can be) for the interviews and then for the
synthesis. get_study reads the progress and, once made, the synthesis' themes with their
counts and a few verbatim quotes each."""

from __future__ import annotations

import asyncio
from typing import Any

from pydantic import Field

from colloquy.mcp.context import ToolContext
from colloquy.mcp.errors import ToolFailure
from colloquy.mcp.limits import WAIT_DEFAULT, WAIT_MAX, clip
from colloquy.mcp.progress import Report
from colloquy.mcp.tools.base import ToolArgs
from colloquy.mcp.tools.guide_schema import with_guide
from colloquy.services.guides.guide_format import StudyGuide
from colloquy.services.guides.study_guide import create_study_from_guide
from colloquy.services.studies import study_runs
from colloquy.services.studies.synthesis import get_synthesis

RUN_DESCRIPTION = (
    "Run a study: one interview guide with many personas, one in-depth interview each, in "
    "parallel, then the synthesis across them (themes with how many respondents support "
    "each, verbatim quotes, contradictions). Guide: {name, participants: {ids, tags} (1-50 "
    "personas, ids from list_personas), moderator: {kind: ai|scripted}, questions: [1-30 "
    "topics], settings: {maxProbes 0-5, responseLength, budgetUsd}, model: {profile}}. "
    "Waits up to timeout_seconds, then returns the study id, its progress and the synthesis."
)
GET_DESCRIPTION = (
    "Read a study: its status, progress (interviews done, running, failed; answers done of "
    "the most there can be), each interview's session id and state, its usage, and its "
    "synthesis once made: themes with count and share of respondents and up to "
    "quotes_per_theme verbatim quotes each (read an interview in full with get_session)."
)
GUIDE = "A study guide (docs/guides.md#a-study); kind may be left out"
MSG_KIND = "kind: run_study runs study guides (a focus group goes to run_focus_group)"
POLL_SECONDS = 0.5


class RunStudyArgs(ToolArgs):
    guide: dict[str, Any] = Field(description=GUIDE)
    wait: bool = Field(default=True, description="Wait for the interviews and the synthesis")
    timeout_seconds: int = Field(default=WAIT_DEFAULT, ge=1, le=WAIT_MAX)

    @classmethod
    def input_schema(cls) -> dict[str, Any]:
        return with_guide(super().input_schema(), "guide", StudyGuide, GUIDE)


class GetStudyArgs(ToolArgs):
    study_id: str = Field(min_length=1, max_length=64)
    quotes_per_theme: int = Field(default=3, ge=0, le=20)


def _brief(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "studyId": view["id"],
        "name": view["name"],
        "status": view["status"],
        "error": view["error"],
        "progress": view["progress"],
        "interviews": [
            {k: i[k] for k in ("sessionId", "personaName", "state", "answers", "error")}
            for i in view["interviews"]
        ],
        "usage": view["usage"],
        "synthesisId": view["synthesisId"],
    }


def _synthesis_brief(s: dict[str, Any], quotes: int) -> dict[str, Any]:
    return {
        "status": s["status"],
        "error": s["error"],
        "progress": s["progress"],
        "respondentCount": s["respondentCount"],
        "themes": [
            {
                "label": t["label"],
                "description": t["description"],
                "count": t["count"],
                "share": t["share"],
                "quotes": [
                    {
                        "text": clip(q["text"], 500),
                        "sessionId": q["sessionId"],
                        "stance": q["stance"],
                    }
                    for q in t["quotes"][:quotes]
                ],
            }
            for t in s["themes"]
        ],
        "contradictions": len(s["contradictions"]),
    }


async def _read(ctx: ToolContext, study_id: str, quotes: int) -> dict[str, Any]:
    async with ctx.runtime.sessionmaker() as db:
        view = await study_runs.get_study(db, ctx.runtime, study_id)
        out = _brief(view)
        if view["synthesisId"]:
            made = await get_synthesis(db, view["synthesisId"])
            out["synthesis"] = _synthesis_brief(made, quotes)
    return out


def _steps(out: dict[str, Any]) -> tuple[int, int]:
    """Progress in steps: the answers (of the most there can be), then the synthesis' own
    steps (one for the themes, one per respondent)."""
    answers = out["progress"]["answers"]
    synthesis = out.get("synthesis")
    made = synthesis["progress"]["done"] if synthesis else 0
    return answers["done"] + made, answers["total"] + 1 + len(out["interviews"])


def _finished(out: dict[str, Any]) -> bool:
    if out["status"] == "running":
        return False
    if out["status"] != "completed":
        return True
    synthesis = out.get("synthesis")
    return synthesis is not None and synthesis["status"] != "running"


async def run_study(ctx: ToolContext, args: RunStudyArgs, report: Report) -> dict[str, Any]:
    if args.guide.get("kind", "study") != "study":
        raise ToolFailure(MSG_KIND)
    await report(0, None, "Creating the study")
    async with ctx.runtime.sessionmaker() as db:
        view = await create_study_from_guide(
            db, ctx.runtime, ctx.runners, ctx.events, {**args.guide, "kind": "study"}
        )
    out = await _read(ctx, view["id"], 3)
    if not args.wait:
        return out
    loop = asyncio.get_running_loop()
    deadline = loop.time() + args.timeout_seconds
    while not _finished(out):
        n = out["progress"]["interviews"]
        message = f"{n['done']} of {n['total']} interviews done"
        if out["status"] == "completed":
            message = "Synthesising the interviews"
        await report(*_steps(out), message)
        if loop.time() >= deadline:
            note = f"Still running after {args.timeout_seconds} s; follow it with get_study"
            return {**out, "note": note}
        await asyncio.sleep(POLL_SECONDS)
        out = await _read(ctx, view["id"], 3)
    await report(*_steps(out), f"Study {out['status']}")
    return out


async def get_study(ctx: ToolContext, args: GetStudyArgs, report: Report) -> dict[str, Any]:
    return await _read(ctx, args.study_id, args.quotes_per_theme)
