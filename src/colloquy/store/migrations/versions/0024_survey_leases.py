"""survey leases: which process runs a survey, as session_leases for sessions
(surveys on the sessions' lease strategy instead of advisory locks)

Revision ID: 0024_survey_leases
Revises: 0023_usage
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0024_survey_leases"
down_revision = "0023_usage"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Used only on PostgreSQL (several processes); harmless and empty on SQLite.
    op.create_table(
        "survey_leases",
        sa.Column(
            "survey_id",
            sa.String(64),
            sa.ForeignKey("surveys.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("expires_at", UTCDateTime, nullable=False),
        # 'stop': another process asks the owner to stop this survey's run.
        sa.Column("stop_request", sa.String(10), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("survey_leases")
