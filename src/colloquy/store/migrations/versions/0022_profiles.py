"""model profiles (docs/models.md): several saved models, one the default; the profile and model
that wrote each message and survey answer; a settings version every process watches

The model saved from the Settings screen (app_settings `model`) becomes the default
profile; its key stays encrypted as it was.

Revision ID: 0022_profiles
Revises: 0020_evidence
Create Date: 2026-11-26
"""

import secrets
from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from colloquy.store.types import UTCDateTime

revision = "0022_profiles"
down_revision = "0020_evidence"
branch_labels = None
depends_on = None

_WROTE = (
    ("profile_id", sa.String(64)),
    ("profile_name", sa.String(100)),
    ("profile_model", sa.String(300)),
)


def upgrade() -> None:
    profiles = op.create_table(
        "model_profiles",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("provider", sa.String(20), nullable=False),
        sa.Column("base_url", sa.String(500), nullable=True),
        sa.Column("model", sa.String(300), nullable=True),
        sa.Column("api_key", sa.Text, nullable=True),
        sa.Column("is_default", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", UTCDateTime, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )
    versions = op.create_table(
        "settings_version",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("updated_at", UTCDateTime, nullable=False),
    )
    now = datetime.now(UTC)
    op.bulk_insert(versions, [{"id": 1, "version": 1, "updated_at": now}])
    for table in ("messages", "survey_answers"):
        with op.batch_alter_table(table) as batch:
            for name, kind in _WROTE:
                batch.add_column(sa.Column(name, kind, nullable=True))
    _saved_model_to_profile(profiles, now)


def _saved_model_to_profile(profiles: sa.Table, now: datetime) -> None:
    conn = op.get_bind()
    settings = sa.table("app_settings", sa.column("key", sa.String), sa.column("data", sa.JSON))
    row = conn.execute(sa.select(settings.c.data).where(settings.c.key == "model")).first()
    if row is None or not isinstance(row[0], dict) or not row[0].get("provider"):
        return
    data = row[0]
    model = data.get("model") or None
    name = (str(model).rsplit("/", 1)[-1] if model else str(data["provider"]))[:100]
    op.bulk_insert(
        profiles,
        [
            {
                "id": f"mp{secrets.token_hex(8)}",
                "name": name or "Default",
                "provider": str(data["provider"])[:20],
                "base_url": data.get("baseUrl") or None,
                "model": model,
                "api_key": data.get("apiKey") or None,
                "is_default": True,
                "created_at": now,
                "updated_at": now,
            }
        ],
    )
    conn.execute(sa.delete(settings).where(settings.c.key == "model"))


def downgrade() -> None:
    conn = op.get_bind()
    profiles = sa.table(
        "model_profiles",
        sa.column("provider", sa.String),
        sa.column("base_url", sa.String),
        sa.column("model", sa.String),
        sa.column("api_key", sa.Text),
        sa.column("is_default", sa.Boolean),
    )
    row = conn.execute(
        sa.select(
            profiles.c.provider, profiles.c.base_url, profiles.c.model, profiles.c.api_key
        ).where(profiles.c.is_default.is_(True))
    ).first()
    if row is not None:
        settings = sa.table(
            "app_settings",
            sa.column("key", sa.String),
            sa.column("data", sa.JSON),
            sa.column("updated_at", UTCDateTime),
        )
        data = {"provider": row[0], "baseUrl": row[1], "model": row[2], "apiKey": row[3]}
        conn.execute(sa.delete(settings).where(settings.c.key == "model"))
        conn.execute(
            sa.insert(settings).values(key="model", data=data, updated_at=datetime.now(UTC))
        )
    for table in ("survey_answers", "messages"):
        with op.batch_alter_table(table) as batch:
            for name, _ in reversed(_WROTE):
                batch.drop_column(name)
    op.drop_table("settings_version")
    op.drop_table("model_profiles")
