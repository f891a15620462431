"""surveys: survey mode (docs/surveys.md) — surveys and their answers

Revision ID: 0009_surveys
Revises: 0005_trust
Create Date: 2026-11-23
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0009_surveys"
# The coordinator re-chains migrations at merge time; this branch sits on 0005_trust.
down_revision = "0005_trust"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "surveys",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("concepts", sa.JSON, nullable=False),
        sa.Column("questions", sa.JSON, nullable=False),
        sa.Column("respondents", sa.JSON, nullable=False),
        sa.Column("samples", sa.Integer, nullable=False),
        sa.Column("ask_direct", sa.Boolean, nullable=False),
        sa.Column("model", sa.String(200), nullable=False),
        sa.Column("embedder", sa.String(300), nullable=False),
        sa.Column("error", sa.JSON, nullable=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
        sa.Column("completed_at", UTCDateTime, nullable=True),
    )
    op.create_index("ix_surveys_status", "surveys", ["status"])
    op.create_index("ix_surveys_created_at", "surveys", ["created_at"])
    op.create_table(
        "survey_answers",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "survey_id",
            sa.String(64),
            sa.ForeignKey("surveys.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("respondent_id", sa.String(64), nullable=False),
        sa.Column("concept_id", sa.String(64), nullable=False),
        sa.Column("question_id", sa.String(64), nullable=False),
        sa.Column("sample", sa.Integer, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("pmf", sa.JSON, nullable=True),
        sa.Column("direct", sa.Integer, nullable=True),
        sa.Column("direct_text", sa.Text, nullable=True),
        sa.Column("tokens", sa.Integer, nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.UniqueConstraint(
            "survey_id",
            "respondent_id",
            "concept_id",
            "question_id",
            "sample",
            name="uq_survey_answers_cell",
        ),
    )
    op.create_index("ix_survey_answers_survey_id", "survey_answers", ["survey_id"])


def downgrade() -> None:
    op.drop_index("ix_survey_answers_survey_id", table_name="survey_answers")
    op.drop_table("survey_answers")
    op.drop_index("ix_surveys_created_at", table_name="surveys")
    op.drop_index("ix_surveys_status", table_name="surveys")
    op.drop_table("surveys")
