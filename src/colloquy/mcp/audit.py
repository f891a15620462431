"""MCP tool calls in the audit log (docs/teams.md#audit-log): over HTTP, each call is
recorded with the caller the API's guard identified, the tool's name as the action and the
session's or survey's id when the call names or makes one. Like the API, nothing is
recorded for the one person on loopback before any account exists, nor over stdio (the
person who started `colloquy mcp` already has the database)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from colloquy.domain.accounts.current_user import CALLER_SCOPE_KEY, CurrentUser
from colloquy.mcp.context import ToolContext
from colloquy.services.accounts.audit import AuditEntry, record_with

log = logging.getLogger("colloquy.audit")
ROUTE = "/mcp"
ID_KEYS = ("session_id", "survey_id", "persona_id", "sessionId", "surveyId", "id")


def caller(request: Any) -> CurrentUser | None:
    """Whom the guard identified for this HTTP request; None over stdio or on a loopback
    server without accounts."""
    scope = getattr(request, "scope", None)
    user = scope.get(CALLER_SCOPE_KEY) if isinstance(scope, Mapping) else None
    if not isinstance(user, CurrentUser) or user.via == "local":
        return None
    return user


def resource_id(
    arguments: Mapping[str, Any] | None, result: Mapping[str, Any] | None
) -> str | None:
    """The id the call names in its arguments, else the id of what it made."""
    for source in (arguments, result):
        if not isinstance(source, Mapping):
            continue
        for key in ID_KEYS:
            value = source.get(key)
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return str(value)[:200]
    return None


async def record_tool_call(
    core: ToolContext,
    request: Any,
    tool: str,
    arguments: Mapping[str, Any] | None,
    result: Mapping[str, Any] | None,
    error: str | None,
) -> None:
    user = caller(request)
    if user is None:
        return
    client = getattr(request, "client", None)
    entry = AuditEntry(
        action=tool[:40],
        method="POST",
        route=ROUTE,
        status=400 if error is not None else 200,
        resource_id=resource_id(arguments, result),
        address=getattr(client, "host", None),
        detail={"tool": tool[:100], **({"error": error[:500]} if error is not None else {})},
    )
    try:
        await record_with(core.runtime.sessionmaker, user, entry)
    except Exception:  # the tool's answer stands: a lost row is logged, not raised
        log.exception("audit event not recorded: MCP tool %s", tool[:100])
