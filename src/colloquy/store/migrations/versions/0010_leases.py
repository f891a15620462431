"""leases: which process runs a session (PostgreSQL scale-out)

Revision ID: 0010_leases
Revises: 0009_surveys
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0010_leases"
down_revision = "0009_surveys"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Used only on PostgreSQL (several processes); harmless and empty on SQLite.
    op.create_table(
        "session_leases",
        sa.Column(
            "session_id",
            sa.String(64),
            sa.ForeignKey("sessions.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("owner", sa.String(100), nullable=False),
        sa.Column("expires_at", UTCDateTime, nullable=False),
        # 'stop' or 'end': another process asks the owner to stop this session's runner.
        sa.Column("stop_request", sa.String(10), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("session_leases")
