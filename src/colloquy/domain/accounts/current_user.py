"""Who made a request, as every route and the audit log see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from colloquy.domain.accounts.share_scope import ShareKind

# Where the security middleware leaves the caller in the ASGI scope (the API's routes and the
# MCP endpoint both read it there).
CALLER_SCOPE_KEY = "colloquy.user"

# How the caller proved who they are.
Via = Literal["local", "service", "session", "token", "share"]


@dataclass(frozen=True)
class Membership:
    """A role in one workspace. The request's workspace and role are resolved per request
    (services/workspaces/access.py, api/workspace_context.py); this list stays empty."""

    workspace_id: str
    role: str


@dataclass(frozen=True)
class ShareGrant:
    """What a share link opens: one session's or one survey's results (share_scope.py)."""

    link_id: str
    kind: ShareKind
    resource_id: str


@dataclass(frozen=True)
class CurrentUser:
    """`id` is None for the two callers without an account: the one person on loopback
    before any account exists (`local`) and COLLOQUY_ACCESS_TOKEN (`service`); both act as
    admins. `can_write` is False for a read-only API token."""

    id: str | None
    email: str | None
    is_admin: bool
    via: Via
    can_write: bool = True
    memberships: tuple[Membership, ...] = field(default_factory=tuple)
    share: ShareGrant | None = None  # set for a share link's viewer (`via` "share")

    @property
    def label(self) -> str:
        """The actor's name in the audit log."""
        if self.email is not None:
            return self.email
        if self.share is not None:
            return f"share link {self.share.link_id[:8]}"
        return "service token" if self.via == "service" else "local"


LOCAL_USER = CurrentUser(id=None, email=None, is_admin=True, via="local")
SERVICE_USER = CurrentUser(id=None, email=None, is_admin=True, via="service")


def share_viewer(grant: ShareGrant) -> CurrentUser:
    """A share link's viewer: no account, no admin, no writes; only `grant`'s results."""
    return CurrentUser(
        id=None, email=None, is_admin=False, via="share", can_write=False, share=grant
    )
