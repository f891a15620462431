"""survey answers record their embedder (docs/reliability.md)

Each answer names the embedder that rated it, so results name every embedder used (the
configured endpoint, and the offline fallback when it failed for some answers).

Revision ID: 0013_surveyfix
Revises: 0011_normalise
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_surveyfix"
down_revision = "0011_normalise"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("survey_answers") as batch:
        batch.add_column(sa.Column("embedder", sa.String(200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("survey_answers") as batch:
        batch.drop_column("embedder")
