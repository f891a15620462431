"""Who made a request, as every route and the audit log see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

# How the caller proved who they are.
Via = Literal["local", "service", "session", "token"]


@dataclass(frozen=True)
class Membership:
    """A role in one workspace. The request's workspace and role are resolved per request
    (services/workspaces/access.py, api/workspace_context.py); this list stays empty."""

    workspace_id: str
    role: str


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

    @property
    def label(self) -> str:
        """The actor's name in the audit log."""
        if self.email is not None:
            return self.email
        return "service token" if self.via == "service" else "local"


LOCAL_USER = CurrentUser(id=None, email=None, is_admin=True, via="local")
SERVICE_USER = CurrentUser(id=None, email=None, is_admin=True, via="service")
