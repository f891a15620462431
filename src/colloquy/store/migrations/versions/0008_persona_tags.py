"""personas: tags (segment labels such as "Gen Z")

Revision ID: 0008_persona_tags
Revises: 0004
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_persona_tags"
down_revision = "0006_session_model"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("personas") as batch:
        batch.add_column(sa.Column("tags", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("personas") as batch:
        batch.drop_column("tags")
