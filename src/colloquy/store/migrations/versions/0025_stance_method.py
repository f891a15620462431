"""messages: how a private answer's stance was known: "stated" by the participant, or
inferred from the answer's wording (e.g. "ssr-agreement") when none was stated

Revision ID: 0025_stance_method
Revises: 0024_survey_leases
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0025_stance_method"
down_revision = "0024_survey_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("stance_method", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("stance_method")
