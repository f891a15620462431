"""run_survey and get_survey_results: a concept test created from a survey guide (the
guide file format of docs/guides.md, as JSON) by the guides service, run with progress,
and its results within the size limits."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from colloquy.mcp.context import ToolContext
from colloquy.mcp.errors import ToolFailure
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
from colloquy.mcp.tools.base import ToolArgs
from colloquy.mcp.tools.guide_schema import with_guide
from colloquy.services.guides.guide_format import SurveyGuide
from colloquy.services.guides.run import create_survey_from_guide
from colloquy.services.surveys import surveys as service

RUN_DESCRIPTION = (
    "Run a concept-test survey from a survey guide: {name, concepts: [{type, title, "
    "text|url}] (1-20), questions: [{text, scale: purchase_intent|recommend|liking|relevance|"
    "believability|uniqueness or {label, anchors}}], respondents: {ids, tags, generate}, "
    "samples (1-5), askDirect, seed}. Waits for the end (reporting progress) up to "
    "timeout_seconds, then returns the survey id and the rating per concept and question."
)
GUIDE = "A survey guide (docs/guides.md); kind may be left out"
MSG_KIND = "kind: run_survey runs survey guides (a focus-group guide goes to run_focus_group)"
RESULTS_DESCRIPTION = (
    "Read a survey's results: per concept and question the rating distribution, mean and "
    "top-2 box with confidence intervals, concept comparisons, and the answers (paged: "
    "pass nextOffset as offset for more; long answers are cut)."
)


class RunSurveyArgs(ToolArgs):
    survey: dict[str, Any] = Field(description=GUIDE)
    wait: bool = Field(default=True, description="Wait for the run to end (else return at once)")
    timeout_seconds: int = Field(default=WAIT_DEFAULT, ge=1, le=WAIT_MAX)

    @classmethod
    def input_schema(cls) -> dict[str, Any]:
        return with_guide(super().input_schema(), "survey", SurveyGuide, GUIDE)


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


async def run_survey(ctx: ToolContext, args: RunSurveyArgs, report: Report) -> dict[str, Any]:
    await report(0, None, "Creating the survey")
    if args.survey.get("kind", "survey") != "survey":
        raise ToolFailure(MSG_KIND)
    async with ctx.runtime.sessionmaker() as db:
        survey = await create_survey_from_guide(
            db, ctx.runtime, ctx.surveys, {**args.survey, "kind": "survey"}
        )
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


async def get_survey_results(
    ctx: ToolContext, args: SurveyResultsArgs, report: Report
) -> dict[str, Any]:
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
