"""studies: one interview guide run with many personas (docs/interviews.md#studies); each
interview is an ordinary session that names its study (`sessions.study_id`).

Revision ID: 0031_studies
Revises: 0030_follow_up
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0031_studies"
down_revision = "0030_follow_up"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "studies",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("description", sa.Text(), nullable=False, server_default=""),
        sa.Column("questions", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("persona_ids", sa.JSON(), nullable=False),
        sa.Column("session_ids", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("synthesis_id", sa.String(64), nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
        sa.Column("completed_at", UTCDateTime, nullable=True),
    )
    op.create_index("ix_studies_created_id", "studies", ["created_at", "id"])
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("study_id", sa.String(64), nullable=True))
    op.create_index("ix_sessions_study_id", "sessions", ["study_id"])


def downgrade() -> None:
    op.drop_index("ix_sessions_study_id", table_name="sessions")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("study_id")
    op.drop_index("ix_studies_created_id", table_name="studies")
    op.drop_table("studies")
