"""`colloquy copy --workspace NAME` (docs/moving-in.md): which source rows belong to one
workspace. The four tables that carry `workspace_id` are filtered by it; the rows hanging
from them (evidence, audits, messages, health reports, answers, webhook deliveries) by
their parent's id."""

from __future__ import annotations

from sqlalchemy import Select, Table, false, or_, select

from colloquy.store import team_tables  # noqa: F401  (registers the team's tables)
from colloquy.store.tables import Base

SCOPED_TABLES = frozenset({"personas", "sessions", "surveys", "syntheses", "studies"})
# child table -> (its column naming the parent, the parent table)
CHILD_OF: dict[str, tuple[str, str]] = {
    "persona_evidence": ("persona_id", "personas"),
    "evidence_passages": ("persona_id", "personas"),
    "persona_audits": ("persona_id", "personas"),
    "messages": ("session_id", "sessions"),
    "session_health": ("session_id", "sessions"),
    "survey_answers": ("survey_id", "surveys"),
    "survey_human_answers": ("survey_id", "surveys"),
}


def _ids_in(parent: str, workspace_id: str) -> Select[tuple[object]]:
    table = Base.metadata.tables[parent]
    return select(table.c.id).where(table.c.workspace_id == workspace_id)


def in_workspace(
    query: Select[tuple[object, ...]], table: Table, workspace_id: str
) -> Select[tuple[object, ...]]:
    """`query` of `table`'s rows narrowed to those of `workspace_id`."""
    if table.name in SCOPED_TABLES:
        return query.where(table.c.workspace_id == workspace_id)
    if table.name in CHILD_OF:
        column, parent = CHILD_OF[table.name]
        return query.where(table.c[column].in_(_ids_in(parent, workspace_id)))
    if table.name == "webhook_deliveries":
        return query.where(
            or_(
                table.c.target_id.in_(_ids_in("sessions", workspace_id)),
                table.c.target_id.in_(_ids_in("surveys", workspace_id)),
            )
        )
    if table.name == "workspaces":
        return query.where(false())  # the target's workspace is made or found by name
    return query  # configuration (model profiles, saved settings): as in a whole copy
