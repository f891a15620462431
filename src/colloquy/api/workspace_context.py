"""The workspace of a request: the `X-Colloquy-Workspace` header (the switcher's choice),
else the `colloquy_workspace` cookie (the same choice), else the caller's first workspace; then what the caller's role there refuses
(domain/workspaces/roles.py). The security middleware runs the request inside it
(store/workspace_scope.py), so that every route, stream and MCP tool call is scoped."""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from colloquy.api.authn import cookies
from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.domain.workspaces.roles import (
    MSG_WORKSPACE_NOT_FOUND,
    WorkspaceAccess,
    is_workspace_id,
    write_refusal,
)
from colloquy.services.workspaces.access import workspace_access
from colloquy.services.workspaces.caller import Caller

WORKSPACE_HEADER = "x-colloquy-workspace"
# The same choice for what a browser requests without the app's script: event streams,
# downloads, images. The header wins when both are sent.
WORKSPACE_COOKIE = "colloquy_workspace"
WORKSPACE_SCOPE_KEY = "colloquy.workspace"
WORKSPACE_LIST = "/api/workspaces"
Refusal = tuple[int, str, str]


async def request_workspace(
    app: Any, method: str, path: str, headers: dict[str, str], user: CurrentUser
) -> WorkspaceAccess | Refusal | None:
    """The caller's workspace and role, or why the request is refused (404 for a workspace
    they may not use, 403 for a write their role does not allow). None before start-up."""
    runtime = getattr(getattr(app, "state", None), "runtime", None)
    if runtime is None:
        return None
    requested = headers.get(WORKSPACE_HEADER, "").strip() or cookies(headers).get(WORKSPACE_COOKIE)
    if path == WORKSPACE_LIST and method.upper() == "GET":
        requested = None  # the caller's own list: answered whatever workspace was chosen
    if requested is not None and not is_workspace_id(requested):
        return 404, MSG_WORKSPACE_NOT_FOUND, "workspace_not_found"
    async with runtime.sessionmaker() as db:
        access = await workspace_access(db, user, requested)
    if access is None:
        return 404, MSG_WORKSPACE_NOT_FOUND, "workspace_not_found"
    refused = write_refusal(method, path, access, user.is_admin)
    return refused if refused is not None else access


def acting_caller(
    scope: MutableMapping[str, Any],
    user: CurrentUser | None,
    access: WorkspaceAccess | None,
    *,
    audited: bool,
) -> Caller | None:
    """The caller as the code under the request sees it (the MCP tools), else None."""
    if user is None or access is None:
        return None
    client = scope.get("client")
    return Caller(
        user=user,
        workspace_id=access.workspace_id,
        can_write=access.can_write,
        audited=audited,
        address=str(client[0]) if client else None,
    )
