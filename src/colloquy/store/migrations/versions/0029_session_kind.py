"""session kind: `group` (a focus group, every session so far) or `interview` (one
persona, a guide, an interviewer; docs/interviews.md), indexed for the dashboard's filter.

Revision ID: 0029_session_kind
Revises: 0028_accounts
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0029_session_kind"
down_revision = "0028_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("kind", sa.String(20), nullable=False, server_default="group"))
    op.create_index("ix_sessions_kind_created_id", "sessions", ["kind", "created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_sessions_kind_created_id", table_name="sessions")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("kind")
