"""normalise sessions: every stored status is one of draft / in-progress / completed

The services branch on the stored status (run, compare, rerun) while the API shows it
through the tolerant reader of domain/session_record.py; older spellings (`in_progress`,
`complete`, ...) are rewritten once so both agree. The JSON columns need no rewrite: the
session mapper reads any older shape with defaults. The rule is copied here on purpose (a
migration must not change when the app's code does).

Revision ID: 0011_normalise
Revises: 0010_leases
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0011_normalise"
down_revision = "0010_leases"
branch_labels = None
depends_on = None

STATUSES = ("draft", "in-progress", "completed")
ALIASES = {
    "new": "draft",
    "created": "draft",
    "inprogress": "in-progress",
    "running": "in-progress",
    "started": "in-progress",
    "active": "in-progress",
    "paused": "in-progress",
    "stopped": "in-progress",
    "complete": "completed",
    "done": "completed",
    "finished": "completed",
    "ended": "completed",
}

sessions = sa.table(
    "sessions",
    sa.column("id", sa.String),
    sa.column("status", sa.String),
    sa.column("completed_at", sa.DateTime),
)


def canonical(status: str | None, completed: bool) -> str:
    text = (status or "").strip().lower().replace("_", "-").replace(" ", "-")
    if text in STATUSES:
        return text
    return ALIASES.get(text.replace("-", "")) or ("completed" if completed else "in-progress")


def upgrade() -> None:
    bind = op.get_bind()
    odd = bind.execute(
        sa.select(sessions.c.id, sessions.c.status, sessions.c.completed_at).where(
            sa.or_(sessions.c.status.is_(None), sessions.c.status.not_in(STATUSES))
        )
    ).all()
    for session_id, status, completed_at in odd:
        bind.execute(
            sessions.update()
            .where(sessions.c.id == session_id)
            .values(status=canonical(status, completed_at is not None))
        )


def downgrade() -> None:
    pass  # the older spellings are not kept; the canonical ones read in every version
