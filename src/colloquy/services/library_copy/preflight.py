"""Checks before a copy: two different databases, a source at this code's schema, and the
target migrated to it (docs/moving-in.md)."""

import os
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from colloquy.errors import ValidationFailed
from colloquy.store.migrate import alembic_config, upgrade_async


def database_identity(url: str) -> tuple[str, ...]:
    """What names one database: the resolved file of SQLite, host, port and name otherwise."""
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise ValidationFailed([f"Not a database URL: {url!r}"]) from exc
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        name = parsed.database or ""
        if name in ("", ":memory:"):
            raise ValidationFailed([f"An SQLite database in memory cannot be copied: {url!r}"])
        return ("sqlite", os.path.realpath(Path(name).expanduser()))
    if backend != "postgresql":
        raise ValidationFailed([f"Only SQLite and PostgreSQL databases are supported: {url!r}"])
    return (
        "postgresql",
        parsed.host or "localhost",
        str(parsed.port or 5432),
        parsed.database or "",
    )


def check_distinct(source_url: str, target_url: str) -> None:
    if database_identity(source_url) == database_identity(target_url):
        raise ValidationFailed(["--from and --to name the same database: nothing to copy"])


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    assert head is not None  # the migrations are shipped with the code
    return head


async def check_source_revision(source: AsyncEngine) -> None:
    """Refuses a source at another schema than this code's: its rows would not fit."""
    if source.url.get_backend_name() == "sqlite":
        path = Path(source.url.database or "")
        if not path.is_file():
            raise ValidationFailed([f"The source database {path} does not exist"])
    try:
        async with source.connect() as conn:
            found = (await conn.execute(text("SELECT version_num FROM alembic_version"))).all()
    except DBAPIError as exc:
        raise ValidationFailed(
            ["The source is not a Colloquy database (it has no schema revision)"]
        ) from exc
    revision = found[0][0] if len(found) == 1 else None
    head = head_revision()
    if revision != head:
        message = (
            f"The source database is at schema revision {revision!r}, this Colloquy at "
            f"{head!r}: bring the source to this version first (start this Colloquy on it "
            "once: it migrates at start-up), or copy with the Colloquy version of the source"
        )
        raise ValidationFailed([message])


async def migrate_target(target_url: str) -> None:
    await upgrade_async(target_url)
