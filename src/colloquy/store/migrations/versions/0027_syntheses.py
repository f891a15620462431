"""syntheses: themes and coded quotes across a set of sessions (docs/synthesis.md)

Revision ID: 0027_syntheses
Revises: 0026_list_indexes
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

from colloquy.domain.constants import MODEL_NAME_MAX_LENGTH
from colloquy.store.types import UTCDateTime

revision = "0027_syntheses"
down_revision = "0026_list_indexes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "syntheses",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("cache_key", sa.String(64), nullable=False),
        sa.Column("session_ids", sa.JSON(), nullable=False),
        sa.Column("segment_by", sa.String(120), nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("themes", sa.JSON(), nullable=False),
        sa.Column("respondents", sa.JSON(), nullable=False),
        sa.Column("quotes", sa.JSON(), nullable=False),
        sa.Column("dropped", sa.JSON(), nullable=False),
        sa.Column("model", sa.String(MODEL_NAME_MAX_LENGTH), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
        sa.Column("completed_at", UTCDateTime, nullable=True),
    )
    op.create_index("ix_syntheses_cache_key", "syntheses", ["cache_key"])


def downgrade() -> None:
    op.drop_index("ix_syntheses_cache_key", "syntheses")
    op.drop_table("syntheses")
