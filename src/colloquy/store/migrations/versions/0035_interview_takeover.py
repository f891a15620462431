"""interview take over: whether the researcher asks instead of the interviewer
(`taken_over`) and the typed question the run has not asked yet (`typed_question`);
docs/interviews.md.

Revision ID: 0035_interview_takeover
Revises: 0034_list_counts
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0035_interview_takeover"
down_revision = "0034_list_counts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(
            sa.Column("taken_over", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("typed_question", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("typed_question")
        batch.drop_column("taken_over")
