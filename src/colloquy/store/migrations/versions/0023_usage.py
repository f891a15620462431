"""usage and cost per message and survey answer, survey settings, webhook deliveries

Revision ID: 0023_usage
Revises: 0022_profiles
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0023_usage"
down_revision = "0022_profiles"
branch_labels = None
depends_on = None

_USAGE = ("prompt_tokens", "completion_tokens", "cached_tokens")


def upgrade() -> None:
    for table in ("messages", "survey_answers"):
        with op.batch_alter_table(table) as batch:
            for name in _USAGE:
                batch.add_column(sa.Column(name, sa.Integer(), nullable=True))
            batch.add_column(sa.Column("cost_usd", sa.Float(), nullable=True))
    with op.batch_alter_table("surveys") as batch:
        batch.add_column(sa.Column("settings", sa.JSON(), nullable=True))
    op.create_table(
        "webhook_deliveries",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("target_kind", sa.String(20), nullable=False),
        sa.Column("target_id", sa.String(64), nullable=False),
        sa.Column("event", sa.String(40), nullable=False),
        sa.Column("url", sa.String(2000), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )
    op.create_index("ix_webhook_deliveries_status", "webhook_deliveries", ["status"])
    op.create_index("ix_webhook_deliveries_created_at", "webhook_deliveries", ["created_at"])


def downgrade() -> None:
    op.drop_index("ix_webhook_deliveries_created_at", "webhook_deliveries")
    op.drop_index("ix_webhook_deliveries_status", "webhook_deliveries")
    op.drop_table("webhook_deliveries")
    with op.batch_alter_table("surveys") as batch:
        batch.drop_column("settings")
    for table in ("messages", "survey_answers"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("cost_usd")
            for name in reversed(_USAGE):
                batch.drop_column(name)
