"""survey_human_answers: people's own ratings of a survey's concepts, beside the simulation's

Revision ID: 0018_survey_human
Revises: 0017_human_sessions
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0018_survey_human"
down_revision = "0017_human_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "survey_human_answers",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "survey_id",
            sa.String(64),
            sa.ForeignKey("surveys.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("concept_id", sa.String(64), nullable=False),
        sa.Column("question_id", sa.String(64), nullable=False),
        sa.Column("respondent", sa.String(200), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("line", sa.Integer(), nullable=False),
        sa.Column("file_name", sa.String(255), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_index("ix_survey_human_answers_survey_id", "survey_human_answers", ["survey_id"])


def downgrade() -> None:
    op.drop_index("ix_survey_human_answers_survey_id", table_name="survey_human_answers")
    op.drop_table("survey_human_answers")
