"""list counts: each session's public messages by sentiment (the dashboard's sentiment card
sums them instead of reading every message) and each survey's number of respondents (the
survey list no longer reads the persona snapshots to count them); docs/performance.md.
The `(sentiment, kind)` index on messages only served the card's old count: dropped.

Revision ID: 0034_list_counts
Revises: 0033_workspaces
Create Date: 2026-11-28
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0034_list_counts"
down_revision = "0033_workspaces"
branch_labels = None
depends_on = None

SENTIMENTS = ("positive", "neutral", "negative")
PRIVATE_KINDS = ("private_before", "private_after")  # domain/sessions/private_answers.py
BATCH = 500


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        for sentiment in SENTIMENTS:
            batch.add_column(
                sa.Column(f"{sentiment}_count", sa.Integer(), nullable=False, server_default="0")
            )
    with op.batch_alter_table("surveys") as batch:
        batch.add_column(
            sa.Column("respondent_count", sa.Integer(), nullable=False, server_default="0")
        )
    bind = op.get_bind()
    for sentiment in SENTIMENTS:
        bind.execute(
            sa.text(
                f"UPDATE sessions SET {sentiment}_count = (SELECT COUNT(*) FROM messages"
                " WHERE messages.session_id = sessions.id AND messages.sentiment = :sentiment"
                " AND messages.kind NOT IN (:before, :after))"
            ),
            {"sentiment": sentiment, "before": PRIVATE_KINDS[0], "after": PRIVATE_KINDS[1]},
        )
    _count_respondents(bind)
    op.drop_index("ix_messages_sentiment_kind", table_name="messages")


def _count_respondents(bind: sa.engine.Connection) -> None:
    """len(respondents) of every survey, read a batch at a time (the snapshots are large)."""
    last = ""
    while True:
        rows = bind.execute(
            sa.text("SELECT id, respondents FROM surveys WHERE id > :last ORDER BY id LIMIT :n"),
            {"last": last, "n": BATCH},
        ).all()
        if not rows:
            return
        for survey_id, respondents in rows:
            value = json.loads(respondents) if isinstance(respondents, str) else respondents
            bind.execute(
                sa.text("UPDATE surveys SET respondent_count = :n WHERE id = :id"),
                {"n": len(value or []), "id": survey_id},
            )
        last = rows[-1][0]


def downgrade() -> None:
    op.create_index("ix_messages_sentiment_kind", "messages", ["sentiment", "kind"])
    with op.batch_alter_table("surveys") as batch:
        batch.drop_column("respondent_count")
    with op.batch_alter_table("sessions") as batch:
        for sentiment in SENTIMENTS:
            batch.drop_column(f"{sentiment}_count")
