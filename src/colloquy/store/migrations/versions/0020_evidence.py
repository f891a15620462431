"""personas: evidence documents and their embedded passages (docs/evidence.md)

Revision ID: 0020_evidence
Revises: 0019_natural
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0020_evidence"
down_revision = "0019_natural"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "persona_evidence",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "persona_id",
            sa.String(64),
            sa.ForeignKey("personas.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("filename", sa.String(300), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("source", sa.String(40), nullable=False),
        sa.Column("stored_name", sa.String(100), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("words", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_index("ix_persona_evidence_persona_id", "persona_evidence", ["persona_id"])
    op.create_table(
        "evidence_passages",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "evidence_id",
            sa.String(64),
            sa.ForeignKey("persona_evidence.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("persona_id", sa.String(64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("vector", sa.JSON(), nullable=True),
        sa.Column("embedder", sa.String(300), nullable=True),
    )
    op.create_index("ix_evidence_passages_evidence_id", "evidence_passages", ["evidence_id"])
    op.create_index("ix_evidence_passages_persona_id", "evidence_passages", ["persona_id"])


def downgrade() -> None:
    op.drop_table("evidence_passages")
    op.drop_table("persona_evidence")
