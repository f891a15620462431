"""The tools an assistant sees, and one way to call them: arguments checked against the
tool's model, every failure turned into a ToolFailure (the transport answers it as a tool
error), results as plain JSON values. Transport-free, so the stdio and HTTP servers share
it and it is tested without either."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError
from pydantic_core import to_jsonable_python

from colloquy.errors import AppError
from colloquy.mcp.context import ToolContext
from colloquy.mcp.errors import MSG_INTERNAL, ToolFailure, from_app_error, invalid
from colloquy.mcp.progress import Report, increasing, no_report
from colloquy.mcp.tools import estimate, focus_group, personas, session_view, studies, surveys
from colloquy.mcp.tools.base import ToolArgs

log = logging.getLogger("colloquy.mcp")


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    args: type[ToolArgs]
    run: Callable[[ToolContext, Any, Report], Awaitable[dict[str, Any]]]
    read_only: bool = False  # only reads: a client may call it without asking

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema of the arguments (MCP's inputSchema)."""
        return self.args.input_schema()


TOOLS: tuple[Tool, ...] = (
    Tool(
        "list_personas",
        personas.LIST_DESCRIPTION,
        personas.ListPersonasArgs,
        personas.list_personas,
        read_only=True,
    ),
    Tool(
        "create_personas",
        personas.CREATE_DESCRIPTION,
        personas.CreatePersonasArgs,
        personas.create_personas,
    ),
    Tool(
        "run_focus_group",
        focus_group.DESCRIPTION,
        focus_group.RunFocusGroupArgs,
        focus_group.run_focus_group,
    ),
    Tool(
        "get_session",
        session_view.DESCRIPTION,
        session_view.GetSessionArgs,
        session_view.get_session,
        read_only=True,
    ),
    Tool("run_survey", surveys.RUN_DESCRIPTION, surveys.RunSurveyArgs, surveys.run_survey),
    Tool(
        "get_survey_results",
        surveys.RESULTS_DESCRIPTION,
        surveys.SurveyResultsArgs,
        surveys.get_survey_results,
        read_only=True,
    ),
    Tool("run_study", studies.RUN_DESCRIPTION, studies.RunStudyArgs, studies.run_study),
    Tool(
        "get_study",
        studies.GET_DESCRIPTION,
        studies.GetStudyArgs,
        studies.get_study,
        read_only=True,
    ),
    Tool(
        "estimate_cost",
        estimate.DESCRIPTION,
        estimate.EstimateCostArgs,
        estimate.estimate_cost,
        read_only=True,
    ),
)
BY_NAME = {tool.name: tool for tool in TOOLS}


async def call_tool(
    ctx: ToolContext, name: str, arguments: Any, report: Report = no_report
) -> dict[str, Any]:
    """Run tool `name`; a ToolFailure (never another exception) when it cannot."""
    tool = BY_NAME.get(name)
    if tool is None:
        raise ToolFailure(f"Unknown tool: {name}. The tools: {', '.join(BY_NAME)}")
    if arguments is None:
        arguments = {}
    if not isinstance(arguments, dict):
        raise ToolFailure("The arguments must be a JSON object")
    try:
        args = tool.args.model_validate(arguments)
    except ValidationError as exc:
        raise invalid(exc) from None
    try:
        result = await tool.run(ctx, args, increasing(report))
    except (ToolFailure, asyncio.CancelledError):
        raise
    except AppError as exc:
        raise from_app_error(exc) from exc
    except Exception as exc:
        log.exception("MCP tool %s failed", name)
        raise ToolFailure(MSG_INTERNAL) from exc
    jsonable: dict[str, Any] = to_jsonable_python(result)
    return jsonable
