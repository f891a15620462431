"""list indexes: every sort and filter of the paged lists reads an index
(docs/performance.md#lists-that-page): sessions by time, status and name, personas and
surveys by time and name (each with the id that breaks ties in a cursor), and messages by
sentiment and kind for the dashboard's sentiment card.

Revision ID: 0026_list_indexes
Revises: 0024_survey_leases
Create Date: 2026-11-27
"""

from alembic import op

revision = "0026_list_indexes"
down_revision = "0025_stance_method"
branch_labels = None
depends_on = None

INDEXES = (
    ("ix_sessions_created_id", "sessions", ["created_at", "id"]),
    ("ix_sessions_status_created_id", "sessions", ["status", "created_at", "id"]),
    ("ix_sessions_name_id", "sessions", ["name", "id"]),
    ("ix_personas_created_id", "personas", ["created_at", "id"]),
    ("ix_personas_name_id", "personas", ["name", "id"]),
    ("ix_surveys_created_id", "surveys", ["created_at", "id"]),
    ("ix_surveys_name_id", "surveys", ["name", "id"]),
    ("ix_messages_sentiment_kind", "messages", ["sentiment", "kind"]),
)


def upgrade() -> None:
    for name, table, columns in INDEXES:
        op.create_index(name, table, columns)


def downgrade() -> None:
    for name, table, _columns in reversed(INDEXES):
        op.drop_index(name, table_name=table)
