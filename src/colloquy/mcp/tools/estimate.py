"""estimate_cost: what a focus-group or survey guide would cost before it runs: planned model
calls, tokens and dollars at the price table's rate for the model it would run on. The guide
is checked as run_focus_group / run_survey check it; nothing is created."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from colloquy.mcp.context import ToolContext
from colloquy.mcp.progress import Report
from colloquy.mcp.tools.base import ToolArgs
from colloquy.services.guides.estimate import estimate_guide_cost

DESCRIPTION = (
    "Estimate what a guide would cost before running it: pass the same guide as to "
    "run_focus_group (kind focus-group, the default) or run_survey (kind survey). Returns "
    "the planned model calls, prompt and completion tokens and the cost in USD at the "
    "saved price table (the local model is free); nothing is created."
)


class EstimateCostArgs(ToolArgs):
    guide: dict[str, Any] = Field(
        description="A focus-group or survey guide (docs/guides.md); kind may be left out"
    )


async def estimate_cost(ctx: ToolContext, args: EstimateCostArgs, report: Report) -> dict[str, Any]:
    guide = {"kind": "focus-group", **args.guide}
    async with ctx.runtime.sessionmaker() as db:
        return await estimate_guide_cost(db, ctx.runtime, guide)
