"""messages: a note on a message that is not what was planned (AI moderator fallback)

The AI moderator itself is a session setting (settings.moderator, JSON): no column.

Revision ID: 0007_ai_moderator
Revises: 0004
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_ai_moderator"
down_revision = "0008_persona_tags"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("note", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("note")
