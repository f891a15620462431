"""trust: stored session health reports and persona personality audits

Revision ID: 0005_trust
Revises: 0004
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0005_trust"
# The coordinator re-chains migrations at merge time; this branch sits on 0004.
down_revision = "0007_ai_moderator"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "session_health",
        sa.Column(
            "session_id",
            sa.String(64),
            sa.ForeignKey("sessions.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("overall", sa.String(10), nullable=False),
        sa.Column("report", sa.JSON, nullable=False),
        sa.Column("message_count", sa.Integer, nullable=False),
        sa.Column("computed_at", UTCDateTime, nullable=False),
    )
    op.create_table(
        "persona_audits",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "persona_id",
            sa.String(64),
            sa.ForeignKey("personas.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("assigned", sa.JSON, nullable=False),
        sa.Column("measured", sa.JSON, nullable=False),
        sa.Column("items", sa.JSON, nullable=False),
        sa.Column("engaging", sa.Boolean, nullable=False),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
    )
    op.create_index("ix_persona_audits_persona_id", "persona_audits", ["persona_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_persona_audits_persona_id", table_name="persona_audits")
    op.drop_table("persona_audits")
    op.drop_table("session_health")
