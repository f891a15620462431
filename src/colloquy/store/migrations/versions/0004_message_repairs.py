"""messages: the repairs answer cleaning made and the model's raw text

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("repairs", sa.JSON, nullable=True))
        batch.add_column(sa.Column("raw_content", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("raw_content")
        batch.drop_column("repairs")
