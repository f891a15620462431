"""run_survey and get_survey_results through the tool dispatch, on the loopback fake model
and the offline embedder (as tests/api/test_surveys_api.py)."""

import pytest
from sqlalchemy import func, select

from colloquy.mcp.errors import ToolFailure
from colloquy.store.tables import SurveyRow
from support.mcp_harness import Recorder, survey_guide

pytestmark = pytest.mark.timeout(180)

YES = "I would definitely buy this, I love it."
NO = "I would never buy this, it is useless."


def scripted(body):
    last = body["messages"][-1]["content"]
    last = last if isinstance(last, str) else " ".join(p.get("text", "") for p in last)
    return YES if "Solar kettle" in last else NO


def survey(**overrides):
    return survey_guide(**overrides)


async def test_run_survey_reports_progress_and_returns_the_ratings(harness):
    harness.fake.set_responder(scripted)
    progress = Recorder()
    out = await harness.call("run_survey", {"survey": survey()}, progress)
    assert out["status"] == "completed" and out["finished"] and out["error"] is None
    # 3 respondents x 2 concepts x 1 question x 1 sample
    assert out["progress"] == {"done": 6, "total": 6, "errors": 0}
    assert [c["title"] for c in out["concepts"]] == ["Solar kettle", "Brick phone"]
    kettle, phone = out["results"]
    assert (kettle["conceptId"], phone["conceptId"]) == ("c1", "c2")
    assert kettle["n"] == phone["n"] == 3 and kettle["mean"] > phone["mean"]
    assert progress.reports[-1] == (6, 6, "6 of 6 answers")
    done = [p for p, _, _ in progress.reports]
    assert done == sorted(done)

    results = await harness.call(
        "get_survey_results",
        {"survey_id": out["surveyId"], "max_answers": 4, "max_answer_chars": 100},
    )
    assert results["status"] == "completed" and len(results["results"]) == 2
    answers = results["answers"]
    assert answers["total"] == 6 and len(answers["items"]) == 4 and answers["nextOffset"] == 4
    assert {a["text"] for a in answers["items"]} <= {YES, NO} and "cuts" not in results
    rest = await harness.call(
        "get_survey_results", {"survey_id": out["surveyId"], "offset": 4, "include_cuts": True}
    )
    assert len(rest["answers"]["items"]) == 2 and rest["answers"]["nextOffset"] is None
    assert isinstance(rest["cuts"], list)
    figures = await harness.call(
        "get_survey_results", {"survey_id": out["surveyId"], "max_answers": 0}
    )
    assert figures["answers"]["items"] == [] and figures["answers"]["nextOffset"] == 0


async def test_run_survey_without_waiting(harness):
    harness.fake.set_responder(scripted)
    out = await harness.call("run_survey", {"survey": survey(), "wait": False})
    assert out["status"] == "running" and out["finished"] is False and "results" not in out


async def test_bad_surveys_are_tool_errors_and_create_nothing(harness):
    for guide, errors in [
        (
            survey(concepts=[], name=""),
            [
                "name: String should have at least 1 character",
                "concepts: List should have at least 1 item after validation, not 0",
            ],
        ),
        (survey(samples="many"), ["samples: Input should be a valid integer"]),
        (survey(respondents={"ids": ["zz"]}), ["respondents.ids[0]: No persona with id zz"]),
        (
            survey(kind="focus-group"),
            ["kind: run_survey runs survey guides (a focus-group guide goes to run_focus_group)"],
        ),
    ]:
        with pytest.raises(ToolFailure) as caught:
            await harness.call("run_survey", {"survey": guide})
        assert caught.value.errors == errors
    with pytest.raises(ToolFailure, match="^Survey not found$"):
        await harness.call("get_survey_results", {"survey_id": "sv-none"})
    async with harness.ctx.runtime.sessionmaker() as db:
        assert await db.scalar(select(func.count()).select_from(SurveyRow)) == 0
    assert harness.fake.requests == []
