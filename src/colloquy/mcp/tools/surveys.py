"""run_survey and get_survey_results: a concept test created from its definition (the
body of POST /api/surveys), run with progress, and its results within the size limits."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from colloquy.api.schemas.surveys import SurveyCreate
from colloquy.mcp.context import ToolContext
from colloquy.mcp.limits import (
    ANSWERS_DEFAULT,
    ANSWERS_MAX,
    MESSAGE_CHARS_DEFAULT,
    MESSAGE_CHARS_MAX,
    RESULT_MAX_CHARS,
    WAIT_DEFAULT,
    WAIT_MAX,
    clip,
    json_size,
    page,
)
from colloquy.mcp.progress import Report, read_survey, wait_for_survey
from colloquy.mcp.tools.base import ToolArgs, parse
from colloquy.services.surveys import surveys as service

RUN_DESCRIPTION = (
    "Run a concept-test survey: {name, concepts [{type: text|image|link, title, content}] "
    "(1-6), questions [{text, scale: purchase_intent|recommend|liking|relevance|"
    "believability|uniqueness or {label, anchors}}] (1-10), respondentIds (persona ids), "
    "samples, askDirect}. Waits for the end (reporting progress) up to timeout_seconds, "
    "then returns the survey id and the rating per concept and question."
)
RESULTS_DESCRIPTION = (
    "Read a survey's results: per concept and question the rating distribution, mean and "
    "top-2 box with confidence intervals, concept comparisons, and the answers (paged: "
    "pass nextOffset as offset for more; long answers are cut)."
)


class RunSurveyArgs(ToolArgs):
    survey: dict[str, Any] = Field(description="The survey (see the tool description)")
    wait: bool = Field(default=True, description="Wait for the run to end (else return at once)")
    timeout_seconds: int = Field(default=WAIT_DEFAULT, ge=1, le=WAIT_MAX)


class SurveyResultsArgs(ToolArgs):
    survey_id: str = Field(min_length=1, max_length=64)
    offset: int = Field(default=0, ge=0, description="First answer (0-based)")
    max_answers: int = Field(default=ANSWERS_DEFAULT, ge=0, le=ANSWERS_MAX)
    max_answer_chars: int = Field(default=MESSAGE_CHARS_DEFAULT, ge=100, le=MESSAGE_CHARS_MAX)
    include_cuts: bool = Field(default=False, description="Add the cuts by persona group")


def cells(results: dict[str, Any]) -> list[dict[str, Any]]:
    """One line per concept and question: n, mean, top-2 box (and the direct ratings)."""
    out = []
    for cell in results["results"]:
        ssr = cell["ssr"]
        line = {
            "conceptId": cell["conceptId"],
            "questionId": cell["questionId"],
            "n": cell["n"],
            "mean": ssr["mean"],
            "meanCi": ssr["ci"],
            "top2": ssr["top2"],
        }
        if cell.get("direct"):
            line["directMean"] = cell["direct"]["mean"]
        out.append(line)
    return out


def survey_outcome(survey: dict[str, Any]) -> dict[str, Any]:
    return {
        "surveyId": survey["id"],
        "name": survey["name"],
        "status": survey["status"],
        "finished": survey["status"] == "completed",
        "progress": survey["progress"],
        "error": survey["error"],
        "concepts": [{"id": c["id"], "title": c["title"]} for c in survey["concepts"]],
        "questions": [{"id": q["id"], "text": q["text"]} for q in survey["questions"]],
    }


async def run_survey(ctx: ToolContext, args: RunSurveyArgs, report: Report) -> dict:
    body = parse(SurveyCreate, args.survey, "survey")
    async with ctx.runtime.sessionmaker() as db:
        created = await service.create_survey(db, body.model_dump(by_alias=True, exclude_none=True))
        survey = await service.run_survey(db, ctx.surveys, created["id"])
    if args.wait:
        ended = await wait_for_survey(ctx, survey["id"], report, args.timeout_seconds)
        if ended is None:
            note = (
                f"Still running after {args.timeout_seconds} s; follow it with get_survey_results"
            )
            return {**survey_outcome(await read_survey(ctx, survey["id"])), "note": note}
        survey = ended
    out = survey_outcome(survey)
    if out["finished"]:
        async with ctx.runtime.sessionmaker() as db:
            out["results"] = cells(await service.get_results(db, ctx.runtime, survey["id"]))
    return out


async def get_survey_results(ctx: ToolContext, args: SurveyResultsArgs, report: Report) -> dict:
    async with ctx.runtime.sessionmaker() as db:
        results = await service.get_results(db, ctx.runtime, args.survey_id)
    answers = [
        {**a, "text": clip(a["text"], args.max_answer_chars)} for a in results.pop("answers")
    ]
    cuts = results.pop("cuts")
    out: dict[str, Any] = {**results, **({"cuts": cuts} if args.include_cuts else {})}
    budget = RESULT_MAX_CHARS - json_size(out)
    if args.max_answers:
        taken, next_offset = page(answers, args.offset, args.max_answers, budget)
    else:  # the figures only
        taken, next_offset = [], (args.offset if args.offset < len(answers) else None)
    out["answers"] = {
        "total": len(answers),
        "offset": args.offset,
        "nextOffset": next_offset,
        "items": taken,
    }
    return out
