"""sessions: the model that produced them, and the model a re-run must use

Revision ID: 0006_session_model
Revises: 0004
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_session_model"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("model_provider", sa.String(60), nullable=True))
        batch.add_column(sa.Column("model_name", sa.String(300), nullable=True))
        batch.add_column(sa.Column("model_override", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("model_override")
        batch.drop_column("model_name")
        batch.drop_column("model_provider")
