"""sessions: where the answers come from (simulated, or a human group imported)

Revision ID: 0017_human_sessions
Revises: 0011_normalise
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0017_human_sessions"
down_revision = "0013_surveyfix"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(
            sa.Column("source", sa.String(20), nullable=False, server_default="simulated")
        )


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("source")
