"""Which tables `colloquy copy` carries, which it leaves, and why (docs/moving-in.md).

Every table of store/tables.py is named here once: a test fails when a new table is
neither copied nor skipped with a reason. Tables are copied parents first
(`Base.metadata.sorted_tables`), with their ids kept.
"""

from sqlalchemy import Select, Table, select

from colloquy.services.library_copy.workspace_filter import in_workspace
from colloquy.store import team_tables  # noqa: F401  (registers the team's tables)
from colloquy.store.tables import Base

# Left behind: what belongs to one installation's processes or screens, not to its library.
SKIPPED: dict[str, str] = {
    "session_leases": "which process runs a session: means nothing on another server",
    "survey_leases": "which process runs a survey: means nothing on another server",
    "settings_version": "the target's own reload counter (raised when settings arrive)",
    "draft": "the unsaved form of the new-session screen on this installation",
    "users": "accounts belong to the target server: its admin creates them",
    "user_sessions": "browsers signed in to the source server",
    "api_tokens": "tokens for the source server (hashed: they cannot be moved anyway)",
    "audit_events": "the source server's own log; the target logs its own actions",
    "share_links": "links to the source server (hashed: they cannot be moved anyway)",
    "workspace_members": "who may use a workspace: the target's admin adds its own accounts",
}

# Carried with their ids: the workspaces (without --workspace), the library (personas with evidence, audits; sessions with their
# messages, health reports and webhook deliveries; surveys with answers and uploaded people's
# answers; syntheses; studies) and its configuration (model profiles, saved settings such as prices,
# budgets, embedder and webhooks).
COPIED: tuple[str, ...] = (
    "workspaces",
    "personas",
    "persona_evidence",
    "evidence_passages",
    "persona_audits",
    "sessions",
    "messages",
    "session_health",
    "webhook_deliveries",
    "surveys",
    "survey_answers",
    "survey_human_answers",
    "syntheses",
    "studies",
    "model_profiles",
    "app_settings",
)

# Whose arrival must make every running process of the target load its settings again.
SETTINGS_TABLES = frozenset({"model_profiles", "app_settings"})


def copied_tables() -> list[Table]:
    """The copied tables, each after the tables it refers to."""
    return [t for t in Base.metadata.sorted_tables if t.name in COPIED]


def unplanned_tables() -> list[str]:
    """Tables of the schema this plan does not name (none, while the plan is kept up)."""
    known = set(COPIED) | set(SKIPPED)
    return sorted(t.name for t in Base.metadata.sorted_tables if t.name not in known)


def key_column(table: Table) -> str:
    (column,) = table.primary_key.columns
    return column.name


def source_rows(table: Table, workspace_id: str | None = None) -> Select[tuple[object, ...]]:
    """The rows of `table` to carry: all of them, or those of one source workspace
    (workspace_filter.py; the target's workspace is set in secrets.Adjuster.adjust)."""
    query = select(table)
    return query if workspace_id is None else in_workspace(query, table, workspace_id)
