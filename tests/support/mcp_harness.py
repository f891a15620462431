"""The MCP tools against a started app: a recorder of progress reports and a caller."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from colloquy.mcp.catalog import call_tool
from colloquy.mcp.context import ToolContext


@dataclass
class Recorder:
    """Progress reports as the SDK's Context.report_progress would receive them."""

    reports: list[tuple[float, float | None, str | None]] = field(default_factory=list)

    async def __call__(
        self, progress: float, total: float | None = None, message: str | None = None
    ) -> None:
        self.reports.append((progress, total, message))


@dataclass
class Harness:
    ctx: ToolContext
    fake: Any

    async def call(self, name: str, arguments: Any = None, report: Any = None) -> dict:
        if report is None:
            return await call_tool(self.ctx, name, arguments)
        return await call_tool(self.ctx, name, arguments, report)


def focus_group_guide(**overrides: Any) -> dict[str, Any]:
    """A focus-group guide (docs/guides.md) as the run_focus_group tool takes it: three
    seed personas, two questions; 18 answers and 24 messages when run."""
    guide: dict[str, Any] = {
        "name": "Eco packaging",
        "description": "First look at the new pouch",
        "participants": {"ids": ["p3", "p1", "p2"]},
        "moderator": {"style": "probing"},
        "stimuli": [
            {"type": "text", "title": "Claim", "text": "Fully compostable in 90 days."},
            {"type": "video", "title": "Spot", "url": "https://youtu.be/abc123"},
        ],
        "questions": ["What do you think of the pouch?", "Would you buy it?"],
        "settings": {"responseLength": "brief", "discussionMode": "sequential"},
    }
    return guide | overrides


def survey_guide(**overrides: Any) -> dict[str, Any]:
    """A survey guide: two concepts, one question, three respondents, one sample."""
    guide: dict[str, Any] = {
        "name": "Kettles",
        "concepts": [
            {"type": "text", "title": "Solar kettle", "text": "A kettle powered by sun."},
            {"type": "text", "title": "Brick phone", "text": "A phone made of brick."},
        ],
        "questions": [{"text": "Would you buy it?", "scale": "purchase_intent"}],
        "respondents": {"ids": ["p1", "p2", "p3"]},
        "samples": 1,
    }
    return guide | overrides
