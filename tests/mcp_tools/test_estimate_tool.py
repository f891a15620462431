"""estimate_cost through the tool dispatch: a focus-group and a survey guide are priced as
they would run (calls counted by hand), a model missing from the price table is said to be
unpriced, generated personas are noted, and a bad guide is a tool error with nothing
created."""

import pytest
from sqlalchemy import func, select

from colloquy.mcp.errors import ToolFailure
from colloquy.services.usage.prices import save_prices
from colloquy.store.tables import SessionRow, SurveyRow
from support.mcp_harness import focus_group_guide, survey_guide

pytestmark = pytest.mark.timeout(60)


async def test_a_focus_group_guide_is_priced_as_it_would_run(harness):
    unpriced = await harness.call("estimate_cost", {"guide": focus_group_guide()})
    # 3 participants x 2 questions x 3 rounds, the scripted moderator makes no call.
    assert unpriced["kind"] == "focus-group" and unpriced["calls"] == 18
    assert unpriced["promptTokens"] > 0 and unpriced["completionTokens"] > 0
    assert unpriced["priced"] is False and unpriced["costUsd"] == 0
    model = unpriced["model"]
    async with harness.ctx.runtime.sessionmaker() as db:
        await save_prices(db, {model: {"input": 2.0, "output": 8.0, "cachedInput": 1.0}})
    priced = await harness.call("estimate_cost", {"guide": focus_group_guide()})
    assert priced["priced"] is True
    by_hand = (priced["promptTokens"] * 2.0 + priced["completionTokens"] * 8.0) / 1_000_000
    assert priced["costUsd"] == pytest.approx(by_hand, rel=1e-6, abs=1e-6)


async def test_a_survey_guide_and_generated_personas(harness):
    out = await harness.call("estimate_cost", {"guide": survey_guide(kind="survey")})
    # 3 respondents x 2 concepts x 1 question x 1 sample.
    assert out["kind"] == "survey" and out["calls"] == 6
    generated = focus_group_guide(
        participants={"ids": ["p1"], "generate": {"description": "Young parents", "count": 2}}
    )
    out = await harness.call("estimate_cost", {"guide": generated})
    assert out["calls"] == 3 * 2 * 3 and "2 persona(s) the guide generates" in out["notes"][0]


async def test_a_bad_guide_is_a_tool_error_and_creates_nothing(harness):
    with pytest.raises(ToolFailure) as failed:
        await harness.call(
            "estimate_cost", {"guide": focus_group_guide(participants={"ids": ["nobody"]})}
        )
    assert "nobody" in str(failed.value) or any("nobody" in e for e in failed.value.errors)
    with pytest.raises(ToolFailure):
        await harness.call("estimate_cost", {"guide": focus_group_guide(), "extra": 1})
    async with harness.ctx.runtime.sessionmaker() as db:
        assert await db.scalar(select(func.count()).select_from(SessionRow)) == 0
        assert await db.scalar(select(func.count()).select_from(SurveyRow)) == 0
