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
