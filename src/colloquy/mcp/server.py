"""The MCP server on the official SDK (its low-level Server): the catalogue's tools, their
argument schemas, tool errors as results with isError, progress through the request's
progress token. Served over stdio here (`colloquy mcp`) and over streamable HTTP at /mcp
(http.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from colloquy import __version__
from colloquy.mcp import catalog, tool_audit
from colloquy.mcp.context import ToolContext, started
from colloquy.mcp.errors import ToolFailure
from colloquy.mcp.stdio_errors import answer_unreadable
from colloquy.settings import Settings

INSTRUCTIONS = (
    "Colloquy runs AI focus groups and concept-test surveys with synthetic personas. "
    "list_personas or create_personas for participant ids; run_focus_group with a guide, "
    "then get_session for the transcript; run_survey, then get_survey_results."
)
Lifespan = Callable[[Server[ToolContext]], AbstractAsyncContextManager[ToolContext]]


def _schema(name: str) -> dict[str, Any] | None:
    tool = catalog.BY_NAME.get(name)
    return tool.input_schema() if tool else None


async def list_tools(
    ctx: ServerRequestContext[ToolContext], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(
        tools=[
            types.Tool(
                name=t.name,
                description=t.description,
                input_schema=t.input_schema(),
                annotations=types.ToolAnnotations(
                    read_only_hint=t.read_only, destructive_hint=False
                ),
            )
            for t in catalog.TOOLS
        ]
    )


async def call_tool(
    ctx: ServerRequestContext[ToolContext], params: types.CallToolRequestParams
) -> types.CallToolResult:
    """A tool's JSON result (as text and as structured content), or a tool error."""
    tool = catalog.BY_NAME.get(params.name)
    try:
        refused = tool_audit.refusal(tool.read_only) if tool is not None else None
        if refused is not None:
            raise ToolFailure(refused)
        result = await catalog.call_tool(
            ctx.lifespan_context, params.name, params.arguments, ctx.session.report_progress
        )
    except ToolFailure as failure:
        await tool_audit.record_call(
            ctx.lifespan_context, params.name, params.arguments, failure.message
        )
        return types.CallToolResult(
            content=[types.TextContent(text=failure.message)], is_error=True
        )
    await tool_audit.record_call(
        ctx.lifespan_context, params.name, params.arguments, None, result=result
    )
    text = json.dumps(result, ensure_ascii=False)
    return types.CallToolResult(content=[types.TextContent(text=text)], structured_content=result)


def build_server(lifespan: Lifespan) -> Server[ToolContext]:
    """`lifespan` yields the ToolContext the tools run with."""
    return Server(
        "colloquy",
        version=__version__,
        title="Colloquy",
        instructions=INSTRUCTIONS,
        lifespan=lifespan,
        get_tool_input_schema=_schema,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


async def serve_stdio(settings: Settings) -> None:
    """`colloquy mcp`: the server's own start-up (database, model, runs), then the tools
    over stdin/stdout until the client closes them."""
    server = build_server(lambda _server: started(settings))
    async with stdio_server() as (read, write):
        sink, checked = anyio.create_memory_object_stream[SessionMessage | Exception](0)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(answer_unreadable, read, sink, write)
            await server.run(checked, write, server.create_initialization_options())
            tasks.cancel_scope.cancel()
