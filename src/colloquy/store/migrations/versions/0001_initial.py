"""initial tables: personas, sessions, messages, draft

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "personas",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("age", sa.Integer, nullable=False),
        sa.Column("gender", sa.String(40), nullable=False),
        sa.Column("location", sa.String(200), nullable=False),
        sa.Column("income", sa.String(40), nullable=False),
        sa.Column("traits", sa.JSON, nullable=False),
        sa.Column("interests", sa.JSON, nullable=False),
        sa.Column("generated_from", sa.Text, nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("completed_at", UTCDateTime, nullable=True),
        sa.Column("updated_at", UTCDateTime, nullable=False),
        sa.Column("participants", sa.JSON, nullable=False),
        sa.Column("moderator_style", sa.String(20), nullable=False),
        sa.Column("stimuli", sa.JSON, nullable=False),
        sa.Column("questions", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("tokens_used", sa.Integer, nullable=False),
        sa.Column("insights", sa.JSON, nullable=True),
        sa.Column("error", sa.JSON, nullable=True),
        sa.Column("running", sa.Boolean, nullable=False),
        sa.Column("stop_requested", sa.Boolean, nullable=False),
        sa.Column("request_count", sa.Integer, nullable=False),
        sa.Column("iteration_count", sa.Integer, nullable=False),
    )
    op.create_index("ix_sessions_status", "sessions", ["status"])
    op.create_index("ix_sessions_created_at", "sessions", ["created_at"])
    op.create_index("ix_sessions_running", "sessions", ["running"])
    op.create_table(
        "messages",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "session_id",
            sa.String(64),
            sa.ForeignKey("sessions.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("speaker", sa.String(200), nullable=False),
        sa.Column("content", sa.Text, nullable=False),
        sa.Column("timestamp", UTCDateTime, nullable=False),
        sa.Column("sentiment", sa.String(10), nullable=True),
        sa.Column("persona_id", sa.String(64), nullable=True),
        sa.Column("question_index", sa.Integer, nullable=False),
        sa.Column("round_index", sa.Integer, nullable=False),
        sa.Column("participant_index", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("tokens", sa.Integer, nullable=False),
        sa.UniqueConstraint("session_id", "seq", name="uq_messages_session_seq"),
    )
    op.create_index("ix_messages_session_id", "messages", ["session_id"])
    op.create_index(
        "uq_messages_turn",
        "messages",
        ["session_id", "question_index", "round_index", "participant_index"],
        unique=True,
    )
    op.create_table(
        "draft",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("draft")
    op.drop_table("messages")
    op.drop_table("sessions")
    op.drop_table("personas")
