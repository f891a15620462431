"""Over HTTP, the MCP tools act as the caller the API's guard identified, in their workspace
(the X-Colloquy-Workspace header, else their first): a viewer may call only the read-only
tools, and every tool call of a signed-in caller is written to the audit log."""

from __future__ import annotations

import logging
from typing import Any

from colloquy.domain.workspaces.roles import MSG_VIEWER
from colloquy.mcp.context import ToolContext
from colloquy.services.accounts.audit import AuditEntry, record_with
from colloquy.services.workspaces.caller import current_caller

log = logging.getLogger("colloquy.audit")
ACTION_PREFIX = "mcp:"
RESOURCE_ARGUMENTS = ("sessionId", "session_id", "surveyId", "survey_id", "persona_id", "id")


def refusal(read_only: bool) -> str | None:
    """Why the caller may not run this tool, else None (stdio has no caller: allowed)."""
    caller = current_caller()
    if caller is None or read_only or caller.can_write:
        return None
    return MSG_VIEWER


def resource_of(arguments: Any, result: Any) -> str | None:
    """The id the call names in its arguments, else the id of what it made."""
    for source in (arguments, result):
        if not isinstance(source, dict):
            continue
        for key in RESOURCE_ARGUMENTS:
            value = source.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return str(value)
    return None


async def record_call(
    ctx: ToolContext, name: str, arguments: Any, failed: str | None, result: Any = None
) -> None:
    caller = current_caller()
    if caller is None or not caller.audited:
        return
    resource = resource_of(arguments, result)
    detail: dict[str, Any] = {"tool": name, "workspace": caller.workspace_id}
    if failed is not None:
        detail["error"] = failed[:500]
    entry = AuditEntry(
        action=(ACTION_PREFIX + name)[:40],
        method="POST",
        route="/mcp",
        status=400 if failed is not None else 200,
        resource_id=resource[:200] if resource else None,
        address=caller.address,
        detail=detail,
    )
    try:
        await record_with(ctx.runtime.sessionmaker, caller.user, entry)
    except Exception:  # the tool's answer must not fail for a lost row: it is logged
        log.exception("audit event not recorded: MCP tool %s", name)
