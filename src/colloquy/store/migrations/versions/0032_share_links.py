"""share links: a read-only link to one session's or survey's results, kept as the SHA-256
of its secret, expiring and revocable (docs/teams.md#share-links).

Revision ID: 0032_share_links
Revises: 0031_studies
Create Date: 2026-11-28
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0032_share_links"
down_revision = "0031_studies"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "share_links",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("resource_kind", sa.String(20), nullable=False),
        sa.Column("resource_id", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column(
            "created_by_id",
            sa.String(64),
            sa.ForeignKey("users.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("created_by", sa.String(254), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("expires_at", UTCDateTime, nullable=False),
        sa.Column("revoked_at", UTCDateTime, nullable=True),
    )
    op.create_index("ix_share_links_resource", "share_links", ["resource_kind", "resource_id"])


def downgrade() -> None:
    op.drop_index("ix_share_links_resource", table_name="share_links")
    op.drop_table("share_links")
