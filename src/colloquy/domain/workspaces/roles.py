"""Workspaces and roles (docs/teams.md): which workspace a request works in, and which
writes a role may make. Pure rules: the API's guard and the services apply them.

- `researcher`: reads, exports, creates, runs, changes and deletes in the workspace.
- `viewer`: reads and exports; every write is refused.
- `admin` (an account with is_admin, the service token, the one person on loopback with
  no accounts): a member of every workspace; alone manages users, workspaces and members,
  models, prices and settings.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from colloquy.domain.accounts.rules import SAFE_METHODS

RESEARCHER = "researcher"
VIEWER = "viewer"
ADMIN = "admin"
MEMBER_ROLES = (RESEARCHER, VIEWER)  # the roles a membership row may hold
WORKSPACE_NAME_MAX = 100

MSG_VIEWER = "Your role in this workspace is viewer: you can read and export, not change it"
MSG_NO_WORKSPACE = "You are not a member of any workspace yet: ask an admin to add you"
MSG_ADMIN_ONLY = "Only an admin can change models, prices and settings"
MSG_WORKSPACE_NOT_FOUND = "Workspace not found"

# Writes every caller may make whatever their role: their own account and tokens.
OWN_ACCOUNT_PREFIXES = ("/api/auth/", "/api/account/", "/api/tokens")
# Admin-managed: the model, its profiles and downloads, prices, budgets, webhooks.
ADMIN_PREFIXES = ("/api/settings/", "/api/model-profiles", "/api/models/")
# Requests sent as POST that change nothing: estimates and guide checks (viewers may).
READ_ONLY_POSTS = frozenset(
    {
        "/api/sessions/estimate",
        "/api/surveys/estimate",
        "/api/guides/check",
        "/api/guides/read",
        "/api/guides/from-setup",
    }
)
MCP_PATH = "/mcp"
_WORKSPACE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass(frozen=True)
class WorkspaceAccess:
    """The workspace a request works in and the caller's role there (researcher, viewer
    or admin). `workspace_id` is None for a caller who belongs to no workspace."""

    workspace_id: str | None
    role: str | None

    @property
    def can_write(self) -> bool:
        return self.workspace_id is not None and self.role in (RESEARCHER, ADMIN)


def choose_workspace(
    requested: str | None, available: Sequence[tuple[str, str]]
) -> WorkspaceAccess | None:
    """`available`: (workspace id, role) in the caller's order (oldest workspace first).
    The requested one if the caller may use it; none requested: the first; a requested one
    the caller may not use: None (the guard answers 404, as for a workspace that does not
    exist, so that its existence is not given away)."""
    if requested:
        for workspace_id, role in available:
            if workspace_id == requested:
                return WorkspaceAccess(workspace_id, role)
        return None
    if not available:
        return WorkspaceAccess(None, None)
    first_id, first_role = available[0]
    return WorkspaceAccess(first_id, first_role)


def is_workspace_id(value: str) -> bool:
    return bool(_WORKSPACE_ID.match(value))


def write_refusal(
    method: str, path: str, access: WorkspaceAccess, is_admin: bool
) -> tuple[int, str, str] | None:
    """Why this role may not make this request, as (status, message, code); else None."""
    if method.upper() in SAFE_METHODS or path.startswith(OWN_ACCOUNT_PREFIXES):
        return None
    if path in READ_ONLY_POSTS or path == MCP_PATH or path.startswith(MCP_PATH + "/"):
        return None  # the MCP endpoint refuses a viewer's writing tools itself
    if path.startswith(ADMIN_PREFIXES):
        return None if is_admin else (403, MSG_ADMIN_ONLY, "forbidden")
    if is_admin:
        return None
    if access.workspace_id is None:
        return 403, MSG_NO_WORKSPACE, "forbidden"
    if not access.can_write:
        return 403, MSG_VIEWER, "forbidden"
    return None


def workspace_name_problem(name: str) -> str | None:
    """The message for an unusable workspace name, else None (expects it stripped)."""
    if not name:
        return "Workspace name is required"
    if len(name) > WORKSPACE_NAME_MAX:
        return f"Workspace name must be at most {WORKSPACE_NAME_MAX} characters"
    return None


def role_problem(role: str) -> str | None:
    if role not in MEMBER_ROLES:
        return f"Role must be one of: {', '.join(MEMBER_ROLES)}"
    return None
