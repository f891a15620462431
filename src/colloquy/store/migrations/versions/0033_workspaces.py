"""workspaces: the `workspaces` table with a first workspace (`default`, "Default"), the
`workspace_members` table (a user's role in a workspace; every existing non-admin account
becomes a researcher of the first workspace), and `workspace_id` on personas, sessions,
surveys, syntheses and studies: every existing row moves into the first workspace. The
lists' paging indexes lead with the workspace (docs/teams.md).

Revision ID: 0033_workspaces
Revises: 0032_share_links
Create Date: 2026-11-28
"""

import uuid
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0033_workspaces"
down_revision = "0032_share_links"
branch_labels = None
depends_on = None

DEFAULT_ID = "default"
SCOPED = ("personas", "sessions", "surveys", "syntheses", "studies")

# table -> the list indexes before (0026, 0029) and after, each (name, columns).
LIST_INDEXES: dict[str, tuple[list[tuple[str, list[str]]], list[tuple[str, list[str]]]]] = {
    "personas": (
        [("ix_personas_created_id", ["created_at", "id"]), ("ix_personas_name_id", ["name", "id"])],
        [
            ("ix_personas_ws_created_id", ["workspace_id", "created_at", "id"]),
            ("ix_personas_ws_name_id", ["workspace_id", "name", "id"]),
        ],
    ),
    "sessions": (
        [
            ("ix_sessions_created_id", ["created_at", "id"]),
            ("ix_sessions_status_created_id", ["status", "created_at", "id"]),
            ("ix_sessions_name_id", ["name", "id"]),
            ("ix_sessions_kind_created_id", ["kind", "created_at", "id"]),
        ],
        [
            ("ix_sessions_ws_created_id", ["workspace_id", "created_at", "id"]),
            ("ix_sessions_ws_status_created_id", ["workspace_id", "status", "created_at", "id"]),
            ("ix_sessions_ws_name_id", ["workspace_id", "name", "id"]),
            ("ix_sessions_ws_kind_created_id", ["workspace_id", "kind", "created_at", "id"]),
        ],
    ),
    "surveys": (
        [("ix_surveys_created_id", ["created_at", "id"]), ("ix_surveys_name_id", ["name", "id"])],
        [
            ("ix_surveys_ws_created_id", ["workspace_id", "created_at", "id"]),
            ("ix_surveys_ws_name_id", ["workspace_id", "name", "id"]),
        ],
    ),
    "syntheses": ([], []),
    "studies": (
        [("ix_studies_created_id", ["created_at", "id"])],
        [("ix_studies_ws_created_id", ["workspace_id", "created_at", "id"])],
    ),
}


def upgrade() -> None:
    workspaces = op.create_table(
        "workspaces",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("created_at", UTCDateTime, nullable=False),
    )
    op.bulk_insert(
        workspaces, [{"id": DEFAULT_ID, "name": "Default", "created_at": datetime.now(UTC)}]
    )
    op.create_table(
        "workspace_members",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "workspace_id",
            sa.String(64),
            sa.ForeignKey("workspaces.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "user_id", sa.String(64), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.UniqueConstraint("workspace_id", "user_id", name="uq_workspace_members"),
    )
    op.create_index("ix_workspace_members_workspace_id", "workspace_members", ["workspace_id"])
    op.create_index("ix_workspace_members_user_id", "workspace_members", ["user_id"])
    # Every account could use the whole library before: the non-admins stay researchers of it.
    users = op.get_bind().execute(
        sa.text("SELECT id FROM users WHERE is_admin = :no"), {"no": False}
    )
    now = datetime.now(UTC)
    members = sa.table(
        "workspace_members",
        sa.column("id", sa.String),
        sa.column("workspace_id", sa.String),
        sa.column("user_id", sa.String),
        sa.column("role", sa.String),
        sa.column("created_at", UTCDateTime),
    )
    rows = [
        {
            "id": uuid.uuid4().hex,
            "workspace_id": DEFAULT_ID,
            "user_id": user_id,
            "role": "researcher",
            "created_at": now,
        }
        for (user_id,) in users
    ]
    if rows:
        op.bulk_insert(members, rows)
    for table in SCOPED:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("workspace_id", sa.String(64), nullable=True))
        op.execute(sa.text(f"UPDATE {table} SET workspace_id = :ws").bindparams(ws=DEFAULT_ID))
        with op.batch_alter_table(table) as batch:
            batch.alter_column("workspace_id", existing_type=sa.String(64), nullable=False)
            batch.create_foreign_key(
                f"fk_{table}_workspace_id", "workspaces", ["workspace_id"], ["id"]
            )
        op.create_index(f"ix_{table}_workspace_id", table, ["workspace_id"])
        before, after = LIST_INDEXES[table]
        for name, _columns in before:
            op.drop_index(name, table_name=table)
        for name, columns in after:
            op.create_index(name, table, columns)


def downgrade() -> None:
    for table in SCOPED:
        before, after = LIST_INDEXES[table]
        for name, _columns in after:
            op.drop_index(name, table_name=table)
        for name, columns in before:
            op.create_index(name, table, columns)
        op.drop_index(f"ix_{table}_workspace_id", table_name=table)
        with op.batch_alter_table(table) as batch:
            batch.drop_constraint(f"fk_{table}_workspace_id", type_="foreignkey")
            batch.drop_column("workspace_id")
    op.drop_table("workspace_members")
    op.drop_table("workspaces")
