"""Who is acting, in which workspace, for the code under a request that has no route of
its own to ask: the MCP tools (their role check and their audit log rows). The security
middleware sets it beside the workspace scope (store/workspace_scope.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from colloquy.domain.accounts.current_user import CurrentUser


@dataclass(frozen=True)
class Caller:
    user: CurrentUser
    workspace_id: str | None
    can_write: bool  # the role in the workspace allows writes (researcher, admin)
    audited: bool  # sign-in is required on this server: what they do is recorded
    address: str | None = None


_caller: ContextVar[Caller | None] = ContextVar("colloquy_caller", default=None)


def current_caller() -> Caller | None:
    return _caller.get()


@contextmanager
def acting_as(caller: Caller | None) -> Iterator[None]:
    token = _caller.set(caller)
    try:
        yield
    finally:
        _caller.reset(token)
