"""messages: a stance (1-5) on private answers, and the turn index per kind (docs/natural-mode.md)

A participant's private answers before and after a question (kinds private_before and
private_after) share the question, round and participant of a public answer, so the
"one message per turn" index now includes the kind: still one answer per slot.

Revision ID: 0019_natural
Revises: 0018_survey_human
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0019_natural"
down_revision = "0018_survey_human"
branch_labels = None
depends_on = None

_OLD = ["session_id", "question_index", "round_index", "participant_index"]


def upgrade() -> None:
    with op.batch_alter_table("messages") as batch:
        batch.add_column(sa.Column("stance", sa.Integer, nullable=True))
    op.drop_index("uq_messages_turn", table_name="messages")
    op.create_index("uq_messages_turn", "messages", [*_OLD, "kind"], unique=True)


def downgrade() -> None:
    op.execute("DELETE FROM messages WHERE kind IN ('private_before', 'private_after')")
    op.drop_index("uq_messages_turn", table_name="messages")
    op.create_index("uq_messages_turn", "messages", _OLD, unique=True)
    with op.batch_alter_table("messages") as batch:
        batch.drop_column("stance")
