"""The current workspace, applied to every ORM statement in one place.

A request's workspace is set once (`in_workspace`, by the API's guard and the MCP
endpoint); from then on, in that task and the tasks it starts, every ORM SELECT, UPDATE
and DELETE of a workspace's rows (personas, sessions, surveys, syntheses, studies) sees only that
workspace's rows, and every new such row is stamped with it. A lookup by id of another
workspace's row therefore finds nothing and answers the resource's own "not found"; a list
never shows another workspace's rows.

Outside a request (start-up, resumed runs, the command line, the stdio MCP server) no
workspace is set: statements are not filtered, and new rows go to the first workspace
(`DEFAULT_WORKSPACE_ID`) unless the caller stamped one. Rows in child tables (messages,
evidence, answers, health reports) are reached through their parent, whose id the API's
guard checks (api/workspace_guard.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any, Protocol

from sqlalchemy import event
from sqlalchemy.orm import ORMExecuteState, Session, with_loader_criteria

from colloquy.store.tables import PersonaRow, SessionRow, StudyRow, SurveyRow, SynthesisRow

DEFAULT_WORKSPACE_ID = "default"  # made by migration 0033_workspaces
# The scope of a caller who belongs to no workspace: it matches no row.
NO_WORKSPACE = ""
SCOPED_ROWS: tuple[type[Any], ...] = (PersonaRow, SessionRow, SurveyRow, SynthesisRow, StudyRow)

_current: ContextVar[str | None] = ContextVar("colloquy_workspace", default=None)


def current_workspace() -> str | None:
    """The workspace of this request or task; None outside any (no filtering)."""
    return _current.get()


class WorkspaceAccessLike(Protocol):
    workspace_id: str | None


def scoped_id(access: WorkspaceAccessLike) -> str:
    """The scope of a caller's workspace access: its id, or NO_WORKSPACE."""
    return access.workspace_id if access.workspace_id is not None else NO_WORKSPACE


@contextmanager
def in_workspace(workspace_id: str | None) -> Iterator[None]:
    """Run the block, and the tasks it starts, inside `workspace_id` (None: unfiltered)."""
    token = _current.set(workspace_id)
    try:
        yield
    finally:
        _current.reset(token)


def set_workspace(workspace_id: str | None) -> None:
    """Set the workspace for the rest of this task (an async dependency of a route, whose
    context the endpoint shares)."""
    _current.set(workspace_id)


@event.listens_for(Session, "do_orm_execute")
def _filter_by_workspace(state: ORMExecuteState) -> None:
    workspace_id = _current.get()
    if workspace_id is None or not (state.is_select or state.is_update or state.is_delete):
        return
    if state.is_column_load or state.is_relationship_load:
        return  # the parent row was already filtered
    state.statement = state.statement.options(*_options(workspace_id))


@lru_cache(maxsize=1024)
def _options(workspace_id: str) -> tuple[Any, ...]:
    """The workspace's filter, built once per workspace: building its five criteria for
    every statement cost about 0.3 ms of CPU each time, and a statement that reuses them
    finds its cache key already computed (docs/performance.md)."""
    return tuple(
        with_loader_criteria(row, _criteria(row, workspace_id), include_aliases=True)
        for row in SCOPED_ROWS
    )


def _criteria(row: type[Any], workspace_id: str) -> Any:
    return row.workspace_id == workspace_id


@event.listens_for(Session, "before_flush")
def _stamp_workspace(session: Session, _context: Any, _instances: Any) -> None:
    workspace_id = _current.get()
    for obj in session.new:
        if isinstance(obj, SCOPED_ROWS) and getattr(obj, "workspace_id", None) is None:
            if workspace_id == NO_WORKSPACE:
                raise RuntimeError("A row was written by a caller who belongs to no workspace")
            obj.workspace_id = workspace_id or DEFAULT_WORKSPACE_ID
