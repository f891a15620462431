"""follow-up interviews: the focus group an interview follows up (its id, indexed so the
group's results list its follow-ups) and what the participant remembers of it
(docs/interviews.md "Follow-up interviews").

Revision ID: 0030_follow_up
Revises: 0029_session_kind
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

revision = "0030_follow_up"
down_revision = "0029_session_kind"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("follow_up_of_id", sa.String(64), nullable=True))
        batch.add_column(sa.Column("follow_up", sa.JSON(), nullable=True))
    op.create_index("ix_sessions_follow_up_of_id", "sessions", ["follow_up_of_id"])


def downgrade() -> None:
    op.drop_index("ix_sessions_follow_up_of_id", table_name="sessions")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("follow_up")
        batch.drop_column("follow_up_of_id")
